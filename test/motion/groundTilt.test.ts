/**
 * GroundTilt, engine-free: the lean a body takes from the heights under its feet (a height
 * function, or a planner's surface), its exponential easing, its limit, and the lean per body type.
 */
import { describe, expect, it } from "vitest";
import {
  BODY_TILT,
  GROUND_TILT_DEFAULTS,
  GroundTilt,
  type TiltedBody,
  tiltFollowFor,
} from "../../src/motion/groundTilt.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import type { HeightFunction, PathPlanner } from "../../src/motion/types.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";

const DEG = Math.PI / 180;
const FULL = { pitch: 1, roll: 1 };

function body(
  ground: HeightFunction,
  heading = 0,
  planner?: PathPlanner,
): TiltedBody & { dt: number; x: number; z: number } {
  return { x: 0, y: 0, z: 0, heading, dt: 1 / 30, ground, world: planner ? { pathPlanner: planner } : undefined };
}
/** Steps `tilt` for `seconds`. */
function settle(tilt: GroundTilt, b: TiltedBody, seconds: number, grounded = true): void {
  for (let t = 0; t < seconds - 1e-9; t += b.dt) tilt.update(b, grounded);
}

describe("GroundTilt", () => {
  it("pitches by the slope along its heading and rolls by the slope across it", () => {
    const ramp = (_x: number, z: number) => z * Math.tan(20 * DEG);
    const tilt = new GroundTilt(FULL, 1);
    settle(tilt, body(ramp), 2);
    expect([tilt.pitch / DEG, tilt.roll / DEG].map((v) => Math.round(v * 100) / 100)).toEqual([20, 0]);
    // Facing along +X on the same ramp, +Z is on its -X side (its side axis is (cos h, -sin h)):
    // its +X side is lower, so it rolls negative and does not pitch.
    const across = new GroundTilt(FULL, 1);
    settle(across, body(ramp, Math.PI / 2), 2);
    expect([across.pitch / DEG, across.roll / DEG].map((v) => Math.round(v * 100) / 100)).toEqual([0, -20]);
    // Downhill: nose down.
    const down = new GroundTilt(FULL, 1);
    settle(down, body(ramp, Math.PI), 2);
    expect(Math.round(down.pitch / DEG)).toBe(-20);
  });

  it("eases exponentially: 63% of the way in one time constant, no jump at a step's edge", () => {
    const step = (_x: number, z: number) => (z > 0 ? 0.2 : 0);
    const tilt = new GroundTilt(FULL, 1);
    const b = body(step);
    b.dt = 0.001;
    settle(tilt, b, GROUND_TILT_DEFAULTS.timeConstant);
    const target = Math.atan2(0.2, tilt.length);
    expect(tilt.pitch / target).toBeCloseTo(1 - Math.exp(-1), 2);
    settle(tilt, b, 3);
    expect(tilt.pitch).toBeCloseTo(target, 6);
  });

  it("leans at most maxTilt, by its body's share of the slope", () => {
    const cliff = (_x: number, z: number) => z * 10;
    const tilt = new GroundTilt(FULL, 1);
    settle(tilt, body(cliff), 3);
    expect(tilt.pitch).toBeCloseTo(GROUND_TILT_DEFAULTS.maxTilt, 6);
    const side = (x: number) => x * Math.tan(20 * DEG);
    const upright = new GroundTilt(BODY_TILT.biped!, 1);
    settle(upright, body(side), 3);
    expect(upright.roll).toBe(0);
    expect([
      tiltFollowFor("quadruped", []),
      tiltFollowFor(undefined, []),
      tiltFollowFor("alien", [{ end: "" }]),
    ]).toEqual([FULL, FULL, BODY_TILT.biped]);
  });

  it("levels out when not on its feet, and samples nothing while it stands still", () => {
    let samples = 0;
    const ramp = (_x: number, z: number) => {
      samples++;
      return z * 0.5;
    };
    const tilt = new GroundTilt(FULL, 1);
    const b = body(ramp);
    settle(tilt, b, 1);
    expect(samples).toBe(4);
    expect(tilt.pitch).toBeGreaterThan(0.4);
    b.z = 0.05; // a few centimetres: the lean it has is still right
    tilt.update(b, true);
    expect(samples).toBe(4);
    b.z = 1;
    tilt.update(b, true);
    expect(samples).toBe(8);
    settle(tilt, b, 3, false);
    expect(Math.abs(tilt.pitch)).toBeLessThan(1e-6);
  });

  it("reads a planner's surface (a navmesh: a bridge over a river bed) before the ground function", () => {
    const bed = () => -2;
    const deck: PathPlanner = { plan: () => [], heightNear: (_x, _y, z) => z * Math.tan(10 * DEG) };
    const tilt = new GroundTilt(FULL, 1);
    settle(tilt, body(bed, 0, deck), 2);
    expect(Math.round(tilt.pitch / DEG)).toBe(10);
    const off: PathPlanner = { plan: () => [], heightNear: () => undefined };
    const fallback = new GroundTilt(FULL, 1);
    settle(
      fallback,
      body((_x, z) => z * Math.tan(5 * DEG), 0, off),
      2,
    );
    expect(Math.round(fallback.pitch / DEG)).toBe(5);
  });

  it("fits its feet to a model's box", () => {
    const tilt = new GroundTilt(FULL, 1);
    tilt.fitTo({ min: { x: -1, y: 0, z: -2 }, max: { x: 1, y: 1, z: 2 } }, -0.5);
    expect([tilt.length, tilt.width].map((v) => Math.round(v * 1000) / 1000)).toEqual([1.4, 0.7]);
  });
});

describe("a MotionAgent's tilt", () => {
  it("follows the ground while it walks; a flier in the air stays level", () => {
    const ramp = (_x: number, z: number) => z * Math.tan(15 * DEG);
    const walker = new MotionAgent({
      roles: quadrupedRoles(0.5),
      rng: new SeededRandom(1),
      behaviour: "walk",
      bodyType: "quadruped",
    });
    const flier = new MotionAgent({ roles: flyerRoles(), rng: new SeededRandom(1), behaviour: "fly" });
    for (const a of [walker, flier]) {
      a.ground = ramp;
      a.moveTo({ x: 0, z: 5 });
      for (let i = 0; i < 60; i++) a.step(1 / 30);
    }
    expect(Math.round(walker.tilt.pitch / DEG)).toBe(15);
    expect([flier.tilt.pitch, flier.tilt.roll]).toEqual([0, 0]);
  });
});
