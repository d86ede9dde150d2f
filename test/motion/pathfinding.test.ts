import { describe, expect, it } from "vitest";
import { type Area, containsPoint } from "../../src/motion/area.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath, isClear, type PathStats } from "../../src/motion/pathfinding.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const box = (x0: number, z0: number, x1: number, z1: number): Area => ({
  points: [
    { x: x0, z: z0 },
    { x: x1, z: z0 },
    { x: x1, z: z1 },
    { x: x0, z: z1 },
  ],
});
/** A U of walls 0.4 m thick, open toward +Z: its cup spans x -3..3, z -2..4. */
const U = [box(-3.4, -2.4, -3, 4), box(3, -2.4, 3.4, 4), box(-3.4, -2.4, 3.4, -2)];
const inside = { x: 0, z: 1 }; // in the cup
const outside = { x: 0, z: -8 }; // behind the bottom wall

describe("paths around obstacles", () => {
  it("findPath goes round the U into its cup, every leg clear of the walls", () => {
    const obstacles = U.map(createObstacle);
    expect(isClear(outside, inside, obstacles, 0.5)).toBe(false);
    const stats: PathStats = { cells: 0, expanded: 0 };
    const path = findPath(outside, inside, obstacles, { clearance: 0.5 }, stats)!;
    expect(path.at(-1)).toEqual(inside);
    expect(path.length).toBeGreaterThanOrEqual(3); // out round a corner, in by the opening
    expect(path.length).toBeLessThanOrEqual(6); // string-pulled, not one point per cell
    let at = outside;
    for (const p of path) {
      expect(isClear(at, p, obstacles, 0.4), `${at.x},${at.z} -> ${p.x},${p.z}`).toBe(true);
      at = p;
    }
    // A* expands a share of the grid, not all of it.
    expect(stats.expanded).toBeGreaterThan(0);
    expect(stats.expanded).toBeLessThan(stats.cells);
    // No way into a closed box, nor to a goal inside a wall.
    const closed = [...U, box(-3.4, 4, 3.4, 4.4)].map(createObstacle);
    expect(findPath(outside, inside, closed, { clearance: 0.5 })).toBeUndefined();
    expect(findPath(outside, { x: 3.2, z: 0 }, obstacles, { clearance: 0.5 })).toBeUndefined();
  });

  it("moveTo reaches a point behind a U-shaped wall without entering the wall; steering alone stays stuck", () => {
    const world = new MotionWorld({ seed: 2 });
    for (const wall of U) world.addObstacle(wall);
    const lion = world.createAgent({
      roles: quadrupedRoles(1.1),
      behaviour: "walk",
      bodyType: "quadruped",
      ...outside,
    });
    let arrived: boolean | undefined;
    lion.moveTo(inside, { onArrive: (ok) => (arrived = ok) });
    let entered = 0;
    for (let i = 0; i < 30 * 60 && arrived === undefined; i++) {
      world.step(1 / 30);
      if (U.some((wall) => containsPoint(wall, lion.x, lion.z))) entered++;
    }
    expect([arrived, entered]).toEqual([true, 0]);
    expect(Math.hypot(lion.x - inside.x, lion.z - inside.z)).toBeLessThan(0.5);

    // Without the path (steering alone), the same walk stays stuck behind the bottom wall.
    const plain = new MotionWorld({ seed: 2 });
    const rock = plain.createAgent({
      roles: quadrupedRoles(1.1),
      behaviour: "walk",
      bodyType: "quadruped",
      ...outside,
    });
    let done: boolean | undefined;
    rock.moveTo(inside, { onArrive: (ok) => (done = ok) });
    for (const wall of U) plain.addObstacle(wall); // added after the order: not planned around
    for (let i = 0; i < 30 * 60 && done === undefined; i++) plain.step(1 / 30);
    expect(done).toBeUndefined();
  });
});
