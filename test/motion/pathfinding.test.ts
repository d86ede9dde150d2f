import { describe, expect, it } from "vitest";
import { containsPoint } from "../../src/motion/area.js";
import type { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath, isClear, type PathStats } from "../../src/motion/pathfinding.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const box = boxArea;
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

    // Without a path (steering alone: seek heads straight there), it stays stuck behind the bottom wall.
    const plain = new MotionWorld({ seed: 2 });
    for (const wall of U) plain.addObstacle(wall);
    const rock = plain.createAgent({
      roles: quadrupedRoles(1.1),
      behaviour: "walk",
      bodyType: "quadruped",
      ...outside,
    });
    rock.seek(inside);
    let nearest = Infinity;
    for (let i = 0; i < 30 * 60; i++) {
      plain.step(1 / 30);
      nearest = Math.min(nearest, Math.hypot(rock.x - inside.x, rock.z - inside.z));
    }
    expect(nearest).toBeGreaterThan(2);
  });

  it("a path is planned again when the world's obstacles change: walls put up after the order, a wall taken down", () => {
    const world = new MotionWorld({ seed: 2 });
    const lion = world.createAgent({
      roles: quadrupedRoles(1.1),
      behaviour: "walk",
      bodyType: "quadruped",
      ...outside,
    });
    let arrived: boolean | undefined;
    lion.moveTo(inside, { onArrive: (ok) => (arrived = ok) });
    world.step(1 / 30);
    const route = lion.orderBehaviours[0] as RouteBehavior;
    expect([route.plans, route.remaining]).toEqual([1, 0]); // nothing in the way: straight there
    const before = world.obstacleVersion;
    const walls = U.map((wall) => world.addObstacle(wall)); // the U goes up in its way
    expect(world.obstacleVersion).toBe(before + 3);
    let entered = 0;
    for (let i = 0; i < 30 * 60 && arrived === undefined; i++) {
      world.step(1 / 30);
      if (U.some((wall) => containsPoint(wall, lion.x, lion.z))) entered++;
    }
    // Planned once more (three walls added between two steps: one new plan), round the U, in.
    expect([arrived, entered, route.plans]).toEqual([true, 0, 2]);

    // Behind the bottom wall again, it plans round it; the wall comes down: it goes straight in.
    lion.x = outside.x;
    lion.z = outside.z;
    arrived = undefined;
    lion.moveTo(inside, { onArrive: (ok) => (arrived = ok) });
    world.step(1 / 30);
    const again = lion.orderBehaviours[0] as RouteBehavior;
    expect(again.plans).toBe(1);
    expect(again.remaining).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) world.step(1 / 30);
    expect(again.plans).toBe(1); // nothing changed: no new plan
    expect(world.removeObstacle(walls[2]!)).toBe(true);
    expect(world.removeObstacle(walls[2]!)).toBe(false);
    expect(world.obstacleVersion).toBe(before + 4); // a removal that removed nothing is no change
    world.step(1 / 30);
    expect([again.plans, again.remaining]).toEqual([2, 0]);
    let steps = 0;
    for (; steps < 30 * 60 && arrived === undefined; steps++) world.step(1 / 30);
    expect(arrived).toBe(true);
    // Straight through where the wall stood: 9 m at about 1.3 m/s, not the way round the U.
    expect(steps / 30).toBeLessThan(9 / lion.walkSpeed + 3);
  });
});
