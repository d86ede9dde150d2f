/**
 * GRID_PLANNER plans no waypoints when the straight way keeps the walker's clearance, even with
 * obstacles close beside it, where the grid's own path would bend round cell centres.
 */
import { describe, expect, it } from "vitest";
import { GRID_PLANNER } from "../../src/motion/gridPlanner.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath } from "../../src/motion/pathfinding.js";
import type { PlannedAgent, SteeringWorld, Vec2 } from "../../src/motion/types.js";

/** Distance from (x, z) to the segment from `a` to `b`. */
function toSegment(x: number, z: number, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dz = b.z - a.z;
  const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (z - a.z) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(a.x + t * dx - x, a.z + t * dz - z);
}

describe("GRID_PLANNER on a straight way that keeps the clearance", () => {
  // Three posts beside the way from (-1, 1.6) to (11, -2.6); a walker of radius 0.2 keeps 0.5 m.
  const posts: [number, number, number][] = [
    [3.3, 1.8, 0.9],
    [8.3, 2, 1],
    [0.5, -2.8, 0.5],
  ];
  const obstacles = posts.map(([x, z, radius]) => createObstacle({ center: { x, z }, radius }));
  const from: Vec2 = { x: -1, z: 1.6 };
  const to: Vec2 = { x: 11, z: -2.6 };
  const walker: PlannedAgent = {
    x: from.x,
    y: 0,
    z: from.z,
    radius: 0.2,
    altitude: 0,
    realm: "ground",
    world: { obstacles, waters: [] } as unknown as SteeringWorld,
  };

  it("heads straight, where the grid's path would bend", () => {
    for (const [x, z, radius] of posts) expect(toSegment(x, z, from, to) - radius).toBeGreaterThan(0.55);
    expect(findPath(from, to, obstacles, { clearance: 0.5 })!.length).toBeGreaterThan(1);
    expect(GRID_PLANNER.plan(walker, from, to)).toEqual([]);
  });
});
