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

/** A ramp along z that counts the heights it is asked for. */
function countingRamp(): { ground: HeightFunction; samples: () => number } {
  let n = 0;
  return {
    ground: (_x, z) => {
      n++;
      return z * 0.5;
    },
    samples: () => n,
  };
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
