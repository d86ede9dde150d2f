/**
 * FollowBehavior engine-free: within `distance` of its target it stands (brakes); behind it, it
 * heads for the target at the target's own speed plus a catch-up that walks a little behind,
 * runs far behind (from 1 to 5 m beyond the distance, walk to run), and eases off as it closes
 * in (never more than twice its walk speed per metre behind, nor faster than it can brake).
 */
import { describe, expect, it } from "vitest";
import { FollowBehavior } from "../../src/motion/behaviors/follow.js";
import { WorldBody } from "../../src/motion/obstacles.js";
import type { SteeringTarget } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";
import { type AgentFields, forceOf, steeringAgent } from "../helpers/steeringAgent.js";

/** A dog at the origin walking at 1 m/s, running at 5, with force enough never to be held back by braking. */
function dog(fields: AgentFields = {}) {
  return steeringAgent({ walkSpeed: 1, runSpeed: 5, maxForce: 100, speedLimit: 1, ...fields });
}

/** The speed a standing dog at the origin is sent east at, for a target `gap` metres east (force / GAIN). */
function paceFor(gap: number, fields: AgentFields = {}, target: Partial<SteeringTarget> = {}, options = {}): number {
  const f = forceOf(new FollowBehavior({ x: gap, z: 0, ...target }, options), dog(fields));
  expect(f.z).toBeCloseTo(0, 9);
  return f.x / 3;
}

describe("close enough", () => {
  it("stands within its distance, and at it", () => {
    for (const gap of [0.5, 1.9, 2]) {
      const f = forceOf(new FollowBehavior({ x: gap, z: 0 }), dog({ vx: 0.5, vz: 0.25 }));
      expect(f).toEqual({ x: -2, z: -1 }); // brake: four times the velocity, back
    }
  });
});

describe("behind", () => {
  it("walks up a little behind, slower the closer (at most twice its walk speed a metre)", () => {
    expect(paceFor(2.25)).toBeCloseTo(0.5, 9);
    expect(paceFor(2.4)).toBeCloseTo(0.8, 9);
    expect(paceFor(3)).toBeCloseTo(1, 9); // a metre behind: its walk
  });

  it("hurries from walk to run between 1 and 5 m behind, running past that", () => {
    expect(paceFor(4)).toBeCloseTo(2, 9); // 2 m behind: a quarter of the way from walk (1) to run (5)
    expect(paceFor(5)).toBeCloseTo(3, 9); // 3 m behind: half way
    expect(paceFor(6)).toBeCloseTo(4, 9);
    expect(paceFor(7)).toBeCloseTo(5, 9);
    expect(paceFor(20)).toBeCloseTo(5, 9);
  });

  it("runs no faster than it could brake in the metres left", () => {
    expect(paceFor(5, { maxForce: 2 })).toBeCloseTo(Math.sqrt(2 * 3), 9);
  });

  it("runs at the speed it is given instead of its run speed", () => {
    expect(paceFor(20, {}, {}, { speed: 4 })).toBeCloseTo(4, 9);
    expect(paceFor(5, {}, {}, { speed: 4 })).toBeCloseTo(2.5, 9); // half way from walk to 4
  });

  it("keeps pace with a moving target: its speed plus the catch-up, at most its top", () => {
    expect(paceFor(5, {}, { vx: 0, vz: 1 })).toBeCloseTo(4, 9);
    expect(paceFor(5, {}, { vx: -1, vz: 0 })).toBeCloseTo(4, 9);
    expect(paceFor(5, {}, { vx: 3, vz: 4 })).toBeCloseTo(5, 9);
  });

  it("raises the step's speed cap to its pace", () => {
    const d = dog();
    forceOf(new FollowBehavior({ x: 20, z: 0 }), d);
    expect(d.speedLimit).toBe(5);
  });
});

describe("in a world", () => {
  it("follows a walking owner at its distance, at the owner's pace", () => {
    const world = new MotionWorld({ seed: 2 });
    const pup = world.createAgent({ roles: quadrupedRoles(0.6), behaviour: "walk", x: -8, z: 0 });
    const owner = new WorldBody(0, 0, 0.3);
    pup.follow(owner, { distance: 3 });
    const pace = pup.walkSpeed * 0.8;
    const dt = 1 / 30;
    for (let i = 0; i < 30 * 20; i++) {
      owner.moveTo(owner.x, owner.z + pace * dt, dt);
      world.step(dt);
    }
    const gap = Math.hypot(pup.x - owner.x, pup.z - owner.z);
    expect(gap).toBeGreaterThan(2.8);
    expect(gap).toBeLessThan(3.4);
    expect(pup.speed).toBeCloseTo(pace, 1);
    expect(pup.state).toBe("follow");
  });
});
