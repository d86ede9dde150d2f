/**
 * FleeBehavior and EvadeBehavior engine-free, by direct calls: a creature bolts when the target
 * comes within `radius` (6 m), keeps running until it is beyond `calmRadius` (1.5 × radius), at
 * its run speed or the option's, straight away from the target (flee) or from where the target
 * will be (evade); calm, it writes no force.
 */
import { describe, expect, it } from "vitest";
import { EvadeBehavior } from "../../src/motion/behaviors/evade.js";
import { FLEE_DEFAULTS, FleeBehavior } from "../../src/motion/behaviors/flee.js";
import { WorldBody } from "../../src/motion/obstacles.js";
import type { SteeringTarget } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";
import { forceOf, steeringAgent } from "../helpers/steeringAgent.js";

/** A sheep at the origin running at 3 m/s, its step's speed cap below that. */
const sheep = () => steeringAgent({ runSpeed: 3, speedLimit: 1 });

describe("when it bolts and calms", () => {
  it("defaults to bolting at 6 m and calming past 9 m; a calm radius is at least the radius", () => {
    expect(FLEE_DEFAULTS).toEqual({ radius: 6, calmOverRadius: 1.5 });
    const target = { x: 0, z: 0 };
    expect(new FleeBehavior(target)).toMatchObject({
      radius: 6,
      calmRadius: 9,
      speed: 0,
      engaged: false,
      state: "flee",
    });
    expect(new FleeBehavior(target, { radius: 4 }).calmRadius).toBe(6);
    expect(new FleeBehavior(target, { radius: 4, calmRadius: 2 }).calmRadius).toBe(4);
    expect(new FleeBehavior(target, { radius: 4, calmRadius: 7 }).calmRadius).toBe(7);
  });

  it("bolts inside its radius, not at it", () => {
    const at = { x: 6, z: 0 };
    const fear = new FleeBehavior(at);
    expect(forceOf(fear, sheep())).toEqual({ x: 0, z: 0 });
    expect(fear.engaged).toBe(false);
    at.x = 5.99;
    forceOf(fear, sheep());
    expect(fear.engaged).toBe(true);
  });

  it("once running, runs on out to its calm radius, and calms past it", () => {
    const at = { x: 0, z: 5 };
    const fear = new FleeBehavior(at);
    forceOf(fear, sheep());
    at.z = 9; // at the calm radius: still running
    const f = forceOf(fear, sheep());
    expect(fear.engaged).toBe(true);
    expect(f.z).toBeCloseTo(-3 * 3, 9);
    at.z = 9.01;
    expect(forceOf(fear, sheep())).toEqual({ x: 0, z: 0 });
    expect(fear.engaged).toBe(false);
    at.z = 8; // calm again, it needs the target inside its radius to bolt
    forceOf(fear, sheep());
    expect(fear.engaged).toBe(false);
  });
});

describe("how it runs", () => {
  it("straight away at its run speed, or the speed given, raising the step's cap to it", () => {
    const agent = sheep();
    const f = forceOf(new FleeBehavior({ x: 3, z: 0 }), agent);
    expect(f.x).toBeCloseTo(-3 * 3, 9);
    expect(f.z).toBeCloseTo(0, 9);
    expect(agent.speedLimit).toBe(3);
    const g = forceOf(new FleeBehavior({ x: 3, z: 0 }, { speed: 5 }), agent);
    expect(g.x).toBeCloseTo(-5 * 3, 9);
    expect(agent.speedLimit).toBe(5);
  });

  /** The force of fleeing and of evading a car 3 m east driving north at 4 m/s (at 3/7 s, 12/7 m on). */
  function fromCar(): { flee: { x: number; z: number }; evade: { x: number; z: number } } {
    const car: SteeringTarget = { x: 3, z: 0, vx: 0, vz: 4 };
    return { flee: forceOf(new FleeBehavior(car), sheep()), evade: forceOf(new EvadeBehavior(car), sheep()) };
  }

  it("flee runs from where the target is; evade from where it will be, by the time to close on it", () => {
    const { flee, evade } = fromCar();
    expect(flee.x).toBeCloseTo(-9, 9);
    expect(flee.z).toBeCloseTo(0, 9);
    const len = Math.hypot(3, 12 / 7);
    expect(evade.x).toBeCloseTo((-3 / len) * 9, 9);
    expect(evade.z).toBeCloseTo((-12 / 7 / len) * 9, 9); // south: the car is heading north
    expect(new EvadeBehavior({ x: 0, z: 0 }).state).toBe("evade");
  });

  it("evade reads the target's motion along x too", () => {
    const f = forceOf(new EvadeBehavior({ x: 0, z: 3, vx: -4, vz: 0 }), sheep());
    const len = Math.hypot(12 / 7, 3);
    expect(f.x).toBeCloseTo((12 / 7 / len) * 9, 9); // east: the car is heading west
    expect(f.z).toBeCloseTo((-3 / len) * 9, 9);
  });
});

describe("in a world", () => {
  it("a reaction switched off does not take over; switched on again, it does", () => {
    const world = new MotionWorld({ seed: 6 });
    const deer = world.createAgent({ roles: quadrupedRoles(1), behaviour: "walk" });
    const hunter = new WorldBody(3, 0, 0.4);
    const fear = deer.flee(hunter);
    fear.active = false;
    for (let i = 0; i < 30; i++) world.step(1 / 30);
    expect([deer.state, deer.speed]).toEqual(["idle", 0]);
    fear.active = true;
    for (let i = 0; i < 30; i++) world.step(1 / 30);
    expect([deer.state, fear.engaged]).toEqual(["flee", true]);
    expect(deer.x).toBeLessThan(-0.5); // west, away from the hunter
  });
});
