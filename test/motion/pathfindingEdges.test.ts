/**
 * findPath and isClear for a walker of no size (clearance 0): the walk is still sampled in
 * finite steps, a way through an obstacle is not clear, one beside it is, and a path is found
 * round it.
 */
import { describe, expect, it } from "vitest";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath, isClear } from "../../src/motion/pathfinding.js";
import type { Vec2 } from "../../src/motion/types.js";

describe("isClear and findPath with no clearance", () => {
  const post = [createObstacle({ center: { x: 5, z: 0 }, radius: 1 })];

  it("answers for a walk through an obstacle and one just beside it", () => {
    expect(isClear({ x: 0, z: 0 }, { x: 10, z: 0 }, post, 0)).toBe(false);
    expect(isClear({ x: 0, z: 0.9 }, { x: 10, z: 0.9 }, post, 0)).toBe(false);
    expect(isClear({ x: 0, z: 1.05 }, { x: 10, z: 1.05 }, post, 0)).toBe(true);
    expect(isClear({ x: 0, z: 0 }, { x: 0, z: 0 }, post, 0)).toBe(true);
  });

  it("finds a way round the obstacle whose every leg stays out of it", () => {
    const from: Vec2 = { x: 0, z: 0 };
    const path = findPath(from, { x: 10, z: 0 }, post, { clearance: 0 });
    expect(path?.at(-1)).toEqual({ x: 10, z: 0 });
    let at = from;
    for (const p of path!) {
      expect(isClear(at, p, post, 0), `${at.x},${at.z} -> ${p.x},${p.z}`).toBe(true);
      at = p;
    }
  });
});
