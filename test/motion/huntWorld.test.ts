/**
 * HuntBehavior in a MotionWorld, where a flier's flight reads the hunt's stoop: an eagle dives to
 * a crab on the ground and catches it there, and over a fish deep in a lake comes down to the
 * surface and no lower, then gives the stoop up before its chase's time runs out. The rules
 * themselves, call by call, are in huntRules.test.ts.
 */
import { describe, expect, it } from "vitest";
import { HUNT_DEFAULTS, HuntBehavior } from "../../src/motion/behaviors/hunt.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import { DEPTH_BANDS } from "../../src/motion/swimKinds.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";

describe("an eagle hunting in a MotionWorld", () => {
  const STEP = 1 / 30;

  /** An eagle at its cruising height at (x, z), hunting `prey` (taken out of the world once caught). */
  function eagleHunting(world: MotionWorld, x: number, z: number, prey: MotionAgent) {
    const eagle = world.createAgent({ roles: flyerRoles(), behaviour: "fly", x, z });
    eagle.stop();
    eagle.flight.place(eagle);
    const caught: { y: number; preyY: number }[] = [];
    const lost: number[] = [];
    const hunt = eagle.addBehaviour(
      new HuntBehavior((o) => o === prey, {
        onCatch: () => {
          caught.push({ y: eagle.y, preyY: prey.y });
          world.remove(prey);
        },
        onGiveUp: () => lost.push(world.time),
      }),
    );
    return { eagle, hunt, caught, lost };
  }

  it("stoops to a crab on the ground, catches it there, and climbs back to its band", () => {
    const world = new MotionWorld({ seed: 1 });
    const crab = world.createAgent({ roles: quadrupedRoles(0.3), behaviour: "walk", bodyType: "quadruped", x: 14 });
    crab.stop();
    const s = eagleHunting(world, 12, -8, crab);
    const cruise = s.eagle.y;
    expect(cruise).toBeGreaterThan(s.eagle.flight.band.min);
    for (let i = 0; i < 10 / STEP && s.caught.length === 0; i++) world.step(STEP);
    expect(s.caught).toHaveLength(1);
    expect(s.caught[0]!.y - s.caught[0]!.preyY).toBeLessThan(HUNT_DEFAULTS.catchDistance);
    expect(s.lost).toEqual([]);
    for (let i = 0; i < 8 / STEP; i++) world.step(STEP);
    expect(s.eagle.y).toBeGreaterThan(s.eagle.flight.band.min);
  });

  it("over a fish deep in a lake comes down to the surface, no lower, and gives the stoop up", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-50, -50, 50, 50), 0);
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -6, x: 2, z: 3 });
    fish.ground = () => -10;
    fish.depthBand = DEPTH_BANDS.bottom;
    fish.stop();
    const s = eagleHunting(world, 0, -3, fish);
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 8 / STEP && s.lost.length === 0; i++) {
      world.step(STEP);
      lowest = Math.min(lowest, s.eagle.y);
    }
    expect(fish.y).toBeLessThan(-8);
    expect(lowest).toBeCloseTo(0, 6); // down to the water, not into it
    expect(s.caught).toEqual([]);
    expect(s.lost).toHaveLength(1);
    expect(s.lost[0]!).toBeLessThan(s.hunt.chaseSeconds); // the stoop, not the chase's time, ran out
    expect(s.hunt.phase).toBe("rest");
  });
});
