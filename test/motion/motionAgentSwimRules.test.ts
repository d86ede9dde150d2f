/**
 * A MotionAgent's height and hold in water beyond the basics, engine-free at fixed steps: a
 * swimmer with a band follows its target's moves over a sloping bed exactly, a swimmer's own
 * water level over a navmesh keeps it above the navmesh's bed, and a depth band holds only a
 * creature whose realm is the water.
 */
import { describe, expect, it } from "vitest";
import { DEPTH_BANDS } from "../../src/motion/swimKinds.js";
import type { PathPlanner } from "../../src/motion/types.js";
import { swimTargetY } from "../../src/motion/waterColumn.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { bodyOnlyRoles } from "../helpers/motionRig.js";
import { Push } from "../helpers/push.js";

const DT = 1 / 30;

describe("a swimmer's height", () => {
  it("with a band, once on its band's depth, follows the depth as the bed under it slopes", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-50, -50, 50, 50), 0);
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -6, x: -20 });
    fish.ground = (x) => -8 + 0.1 * x;
    fish.depthBand = DEPTH_BANDS.bottom;
    fish.keepRealm.active = false;
    for (let i = 0; i < 300; i++) world.step(DT); // settles on its band, standing
    fish.addBehavior(new Push(3, 0));
    let moving = 0;
    for (let i = 0; i < 90; i++) {
      const time = world.time;
      const y = fish.y;
      world.step(DT);
      if (Math.abs(fish.vx) < 0.1) continue;
      moving++;
      expect(fish.y).not.toBe(y);
      expect(fish.y).toBeCloseTo(swimTargetY(fish as never, 0, time), 6);
    }
    expect(moving).toBeGreaterThan(30);
  });

  it("with its own water level over a navmesh, swims swimDepth under that level but not under the navmesh's bed", () => {
    const world = new MotionWorld({ seed: 1 });
    const planner: PathPlanner = { plan: () => [], standOn: () => 9.95 };
    (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim" });
    fish.waterLevel = 10;
    expect(10 - fish.swimDepth).toBeLessThan(9.95);
    world.step(DT);
    expect(fish.y).toBe(9.95);
    planner.standOn = () => -3;
    world.step(DT);
    expect(fish.y).toBe(10 - fish.swimDepth);
  });
});

describe("a depth band", () => {
  it("holds only a creature of the water: a swimmer made a walker goes on into the shallows", () => {
    const world = new MotionWorld({ seed: 1 });
    // Water up to z = 3; deep for z < 0, a bed 0.05 under the surface beyond.
    world.addWater(boxArea(-20, -20, 20, 3), 0);
    const wader = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -1, z: -1 });
    wader.ground = (_x, z) => (z < 0 ? -2 : -0.05);
    wader.depthBand = DEPTH_BANDS.mid;
    wader.realm = "ground";
    wader.keepRealm.active = false;
    wader.addBehavior(new Push(0, 20));
    for (let i = 0; i < 120 && wader.z < 1; i++) world.step(DT);
    expect(wader.z).toBeGreaterThan(1);
    expect(world.isInWater(wader.x, wader.z)).toBe(true);
  });
});
