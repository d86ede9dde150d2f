/**
 * reachablePoint for a swimmer whose body needs depth, at the edges of its water rules: one
 * keeping no margin from the shore gets the shore point nearest its target (not a point metres
 * away), and one in a world without water gets its target as sent, out of the obstacles only.
 */
import { describe, expect, it } from "vitest";
import { type Reacher, reachablePoint } from "../../src/motion/reach.js";
import type { DepthBand } from "../../src/motion/swimKinds.js";
import type { HeightFunction, Obstacle, SteeringWorld } from "../../src/motion/types.js";

function circle(x: number, z: number, radius: number): Obstacle {
  return { area: { center: { x, z }, radius }, x, z, reach: radius };
}

// A bowl round (10, 0): 3 m deep at the centre, 0.8 m shallower each metre out; a fish 1 m tall.
const ground: HeightFunction = (x, z) => -3 + 0.8 * Math.hypot(x - 10, z);
const band: DepthBand = { top: 0, bottom: 1, submerged: 1 };

function fish(world: SteeringWorld, margin: number, more: object = {}): Reacher {
  return {
    x: 0,
    z: -10,
    world,
    realm: "water",
    altitude: 0,
    clearance: 0.45,
    keepRealm: { margin },
    id: 1,
    bodyHeight: 1,
    depthBand: band,
    ground,
    ...more,
  } as Reacher;
}

describe("reachablePoint for a swimmer at the edges of its water rules", () => {
  it("gives one keeping no margin from the shore the shore point nearest a target on land", () => {
    const world = { obstacles: [], waters: [circle(10, 0, 3)] } as unknown as SteeringWorld;
    const p = reachablePoint(fish(world, 0), 20, 0);
    expect(p.x).toBeCloseTo(13, 9);
    expect(p.z).toBeCloseTo(0, 9);
  });

  it("leaves the target of one in a world without water where it is, out of the obstacles", () => {
    const rock = circle(0, 0, 1);
    const dry = { obstacles: [rock] } as unknown as SteeringWorld;
    expect(reachablePoint(fish(dry, 0.5), 5, 2)).toEqual({ x: 5, z: 2 });
    const p = reachablePoint(fish(dry, 0.5), 1, 0);
    expect(p.x).toBeCloseTo(1.5, 9); // the rock's edge, its clearance and 5 cm
    expect(p.z).toBeCloseTo(0, 9);
    // With a level of its own (a water the game keeps elsewhere) and no water round it.
    const none = { obstacles: [rock], waters: [] } as unknown as SteeringWorld;
    expect(reachablePoint(fish(none, 0.5, { waterLevel: 0 }), 5, 2)).toEqual({ x: 5, z: 2 });
  });
});
