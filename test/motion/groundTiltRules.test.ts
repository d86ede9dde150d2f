/**
 * What a game relies on from GroundTilt, engine-free: a walker standing still away from the
 * origin samples nothing (navmesh queries cost), one that moved the measure distance is measured
 * again, a downhill cliff tips it at most maxTilt nose down, and a body with legs only at its
 * hind end (a type not listed) leans fully like one on four legs.
 */
import { describe, expect, it } from "vitest";
import {
  BODY_TILT,
  GROUND_TILT_DEFAULTS,
  GroundTilt,
  type TiltedBody,
  tiltFollowFor,
} from "../../src/motion/groundTilt.js";
import type { HeightFunction } from "../../src/motion/types.js";

const FULL = { pitch: 1, roll: 1 };

function body(ground: HeightFunction, x: number, z: number): TiltedBody & { x: number; z: number } {
  return { x, y: 0, z, heading: 0, dt: 1 / 30, ground, world: undefined };
}

/** A plane rising `sx` per metre along x and `sz` along z, counting its samples. */
function plane(sx: number, sz: number): { ground: HeightFunction; samples: () => number } {
  let n = 0;
  return {
    ground: (x, z) => {
      n++;
      return x * sx + z * sz;
    },
    samples: () => n,
  };
}

/** A ramp along z that counts the heights it is asked for. */
function countingRamp(): { ground: HeightFunction; samples: () => number } {
  return plane(0, 0.5);
}

describe("GroundTilt measures only when it moved", () => {
  it("samples nothing while a walker stands still away from the origin", () => {
    const ramp = countingRamp();
    const tilt = new GroundTilt(FULL, 1);
    const b = body(ramp.ground, 5, 3);
    for (let i = 0; i < 30; i++) tilt.update(b, true);
    expect(ramp.samples()).toBe(4);
  });

  it("samples nothing after a move of a few centimetres away from the origin", () => {
    const ramp = countingRamp();
    const tilt = new GroundTilt(FULL, 1);
    const b = body(ramp.ground, 5, 3);
    tilt.update(b, true);
    b.x = 5.03;
    b.z = 3.03;
    tilt.update(b, true);
    expect(ramp.samples()).toBe(4);
  });

  it("measures again once it moved the measure distance (0.08 m), not only beyond it", () => {
    const ramp = countingRamp();
    const tilt = new GroundTilt(FULL, 1);
    const b = body(ramp.ground, 0, 0);
    tilt.update(b, true);
    expect(ramp.samples()).toBe(4);
    b.x = 0.08;
    tilt.update(b, true);
    expect(ramp.samples()).toBe(8);
  });
});

describe("GroundTilt's limit", () => {
  it("tips a walker facing down a cliff at most maxTilt nose down", () => {
    const cliff: HeightFunction = (_x, z) => -z * 10;
    const tilt = new GroundTilt(FULL, 1);
    const b = body(cliff, 0, 0);
    for (let i = 0; i < 90; i++) tilt.update(b, true);
    expect(tilt.pitch).toBeCloseTo(-GROUND_TILT_DEFAULTS.maxTilt, 6);
  });

  it("rolls at most maxTilt on a cliff falling to its +X side", () => {
    const cliff: HeightFunction = (x) => x * 10;
    const tilt = new GroundTilt(FULL, 1);
    const b = body(cliff, 0, 0);
    for (let i = 0; i < 90; i++) tilt.update(b, true);
    expect(Math.abs(tilt.roll)).toBeCloseTo(GROUND_TILT_DEFAULTS.maxTilt, 6);
  });
});

describe("tiltFollowFor a type not listed, from its legs", () => {
  it("leans fully with legs at its hind end only, or at its front end only", () => {
    expect(tiltFollowFor("alien", [{ end: "hind" }, { end: "hind" }])).toEqual(FULL);
    expect(tiltFollowFor("alien", [{ end: "front" }])).toEqual(FULL);
    expect(tiltFollowFor(undefined, [{ end: "hind" }])).toEqual(FULL);
  });

  it("stands upright on legs at neither end", () => {
    expect(tiltFollowFor("alien", [{ end: "left" }, { end: "right" }])).toEqual(BODY_TILT.biped);
  });
});

describe("GroundTilt's lean on a plane, at any heading", () => {
  /** The lean a body takes after `seconds` of standing on `ground` at `heading`. */
  function settled(
    ground: HeightFunction,
    heading: number,
    follow = FULL,
    height = 1,
  ): { pitch: number; roll: number } {
    const tilt = new GroundTilt(follow, height);
    const b = { ...body(ground, 2, -3), heading };
    for (let i = 0; i < 60; i++) tilt.update(b, true);
    return { pitch: tilt.pitch, roll: tilt.roll };
  }

  it("pitches by the slope along its heading, facing along x as along z (feet spans other than 2 m)", () => {
    const slope = 0.2;
    for (const height of [0.5, 3]) {
      // Facing +z up a ramp along z, and facing +x up the same ramp turned along x: the same lean.
      const alongZ = settled(plane(0, slope).ground, 0, FULL, height);
      const alongX = settled(plane(slope, 0).ground, Math.PI / 2, FULL, height);
      expect(Math.abs(alongZ.pitch), `height ${height}`).toBeCloseTo(Math.atan(slope), 3);
      expect(alongX.pitch, `height ${height}`).toBeCloseTo(alongZ.pitch, 6);
      expect(Math.abs(alongX.roll), `height ${height}`).toBeLessThan(1e-6);
    }
  });

  it("rolls by the slope across it, whatever its feet's width", () => {
    const slope = 0.15;
    for (const height of [0.5, 3]) {
      const across = settled(plane(slope, 0).ground, 0, FULL, height);
      expect(Math.abs(across.roll), `height ${height}`).toBeCloseTo(Math.atan(slope), 3);
      expect(Math.abs(across.pitch), `height ${height}`).toBeLessThan(1e-6);
    }
  });

  it("an upright body takes only its share of the slope (a biped's fifth)", () => {
    const slope = 0.3;
    const full = settled(plane(0, slope).ground, 0);
    const biped = settled(plane(0, slope).ground, 0, BODY_TILT.biped!);
    expect(biped.pitch).toBeCloseTo(full.pitch * BODY_TILT.biped!.pitch, 6);
    expect(Math.abs(biped.pitch)).toBeGreaterThan(0);
  });
});

describe("GroundTilt's easing", () => {
  it("closes 1 - e^(-dt/tau) of its gap each step: no overshoot, 63% in one time constant", () => {
    const ramp = plane(0, 0.3);
    const tilt = new GroundTilt(FULL, 1);
    const b = body(ramp.ground, 0, 0);
    const dt = b.dt;
    tilt.update(b, true);
    const target = Math.atan(0.3);
    const k = 1 - Math.exp(-dt / GROUND_TILT_DEFAULTS.timeConstant);
    expect(Math.abs(tilt.pitch)).toBeCloseTo(target * k, 9);
    let last = Math.abs(tilt.pitch);
    for (let t = dt; t < GROUND_TILT_DEFAULTS.timeConstant - 1e-9; t += dt) {
      tilt.update(b, true);
      const now = Math.abs(tilt.pitch);
      expect(now).toBeGreaterThan(last); // closing in, from one side
      expect(now).toBeLessThan(target);
      last = now;
    }
  });

  it("with no easing (a time constant of 0) takes the slope at once, even on a step of no time", () => {
    const ramp = plane(0, 0.3);
    const tilt = new GroundTilt(FULL, 1, { timeConstant: 0 });
    const b = { ...body(ramp.ground, 0, 0), dt: 0 };
    tilt.update(b, true);
    expect(Math.abs(tilt.pitch)).toBeCloseTo(Math.atan(0.3), 9);
  });
});

describe("GroundTilt measures again when it turned", () => {
  it("samples nothing while it stands still at a heading other than north", () => {
    for (const heading of [1, -2.5, Math.PI / 2]) {
      const ramp = plane(0.1, 0.2);
      const tilt = new GroundTilt(FULL, 1);
      const b = { ...body(ramp.ground, 4, -1), heading };
      for (let i = 0; i < 20; i++) tilt.update(b, true);
      expect(ramp.samples(), `heading ${heading}`).toBe(4);
    }
  });

  it("measures again once it turned in place more than a small angle, and leans the new way", () => {
    const ramp = plane(0, 0.2);
    const tilt = new GroundTilt(FULL, 1, { timeConstant: 0 });
    const b = { ...body(ramp.ground, 1, 1), heading: 0 };
    tilt.update(b, true);
    expect(ramp.samples()).toBe(4);
    const up = tilt.pitch;
    b.heading = 0.05; // under the turn it waits for
    tilt.update(b, true);
    expect(ramp.samples()).toBe(4);
    b.heading = Math.PI / 2; // a quarter turn: the ramp is now across it
    tilt.update(b, true);
    expect(ramp.samples()).toBe(8);
    expect(Math.abs(tilt.pitch)).toBeLessThan(1e-6);
    expect(Math.abs(tilt.roll)).toBeCloseTo(Math.abs(up), 6);
  });
});
