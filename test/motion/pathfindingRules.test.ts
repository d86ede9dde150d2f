/**
 * findPath and isClear on scenes built to their edges: a path turning round a box's corner on
 * a coarse grid (where a diagonal step between cells would cross the corner), walks that pass
 * an obstacle at exactly the clearance or just inside it, the shortest way round, obstacles
 * that just touch the grid's edge, and a wall across a grid with no margin.
 */
import { describe, expect, it } from "vitest";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath, isClear, type PathOptions, type PathStats } from "../../src/motion/pathfinding.js";
import type { Obstacle, Vec2 } from "../../src/motion/types.js";
import { boxArea } from "../helpers/areas.js";

/** findPath with its stats. */
function plan(from: Vec2, to: Vec2, obstacles: readonly Obstacle[], options: PathOptions = {}) {
  const stats: PathStats = { cells: 0, expanded: 0 };
  const path = findPath(from, to, obstacles, options, stats);
  return { path, stats };
}

/** The legs of a path from `from` that come within `clearance` of an obstacle. */
function blockedLegs(from: Vec2, path: readonly Vec2[], obstacles: readonly Obstacle[], clearance: number): string[] {
  const bad: string[] = [];
  let at = from;
  for (const p of path) {
    if (!isClear(at, p, obstacles, clearance)) bad.push(`${at.x},${at.z} -> ${p.x},${p.z}`);
    at = p;
  }
  return bad;
}

function circle(x: number, z: number, radius: number): Obstacle {
  return createObstacle({ center: { x, z }, radius });
}

describe("findPath round a box's corner on a coarse grid", () => {
  // Cells of 1 m, their edges on whole metres (the grid starts 6 m before the points' least
  // x and z, both whole), a box on whole metres: its corner (5, 5) is the corner of four cells.
  const box = [createObstacle(boxArea(2, 2, 5, 5))];
  const options = { clearance: 0.1, cellSize: 1, margin: 6 };

  it("turns round the corner on cells that never step across it", () => {
    // East of the box to north of it (the straight line x + z = 9.5 passes 0.35 m off the corner).
    // The cheapest cells run diagonally, but the step from the cell east of the corner cell to
    // the one north of it crosses (5, 5): the search goes round by the open cell at (5.5, 5.5).
    const cases: [Vec2, Vec2][] = [
      [
        { x: 6.5, z: 3 },
        { x: 3, z: 6.5 },
      ],
      [
        { x: 3, z: 6.5 },
        { x: 6.5, z: 3 },
      ],
    ];
    for (const [from, to] of cases) {
      const { path } = plan(from, to, box, options);
      expect(path?.at(-1), `${from.x},${from.z}`).toEqual(to);
      expect(blockedLegs(from, path!, box, 0.05), `${from.x},${from.z}`).toEqual([]);
    }
  });
});

describe("isClear at the clearance's edge", () => {
  // A post 0.02 m wide at (5, 3).
  const post = [createObstacle(boxArea(4.99, 2.99, 5.01, 3.01))];

  it("catches a walk that passes within the clearance between two points far apart (it samples every half clearance)", () => {
    // 0.4 m off the post at a 0.5 m clearance: within it for 0.6 m of the walk (x 4.69..5.31).
    // Sampled every metre from x 0.5, the walk would step over that stretch (4.5, then 5.5).
    expect(isClear({ x: 0.5, z: 3.41 }, { x: 9.5, z: 3.41 }, post, 0.5)).toBe(false);
    expect(isClear({ x: 9.5, z: 2.59 }, { x: 0.5, z: 2.59 }, post, 0.5)).toBe(false);
    expect(isClear({ x: 5, z: -1.5 }, { x: 5, z: 7.5 }, [createObstacle(boxArea(5.4, 2.99, 5.42, 3.01))], 0.5)).toBe(
      false,
    );
    // 0.6 m off: clear.
    expect(isClear({ x: 0.5, z: 3.61 }, { x: 9.5, z: 3.61 }, post, 0.5)).toBe(true);
  });

  it("lets a walk pass at exactly the clearance from an edge, and a goal stand there", () => {
    const wall = [createObstacle(boxArea(4, 2, 6, 3))];
    expect(isClear({ x: 0, z: 3.5 }, { x: 10, z: 3.5 }, wall, 0.5)).toBe(true);
    expect(isClear({ x: 0, z: 1.5 }, { x: 10, z: 1.5 }, wall, 0.5)).toBe(true);
    expect(isClear({ x: 0, z: 3.25 }, { x: 10, z: 3.25 }, wall, 0.5)).toBe(false);
    expect(findPath({ x: 0, z: 0 }, { x: 5, z: 3.5 }, wall, { clearance: 0.5 })?.at(-1)).toEqual({ x: 5, z: 3.5 });
    expect(findPath({ x: 0, z: 0 }, { x: 6.5, z: 2.5 }, wall, { clearance: 0.5 })?.at(-1)).toEqual({ x: 6.5, z: 2.5 });
    expect(findPath({ x: 0, z: 0 }, { x: 6.25, z: 2.5 }, wall, { clearance: 0.5 })).toBeUndefined();
  });
});

describe("findPath finds the shortest way", () => {
  const length = (from: Vec2, path: readonly Vec2[]) => {
    let total = 0;
    let at = from;
    for (const p of path) {
      total += Math.hypot(p.x - at.x, p.z - at.z);
      at = p;
    }
    return total;
  };

  it("round the near end of a long wall, within 1% of the way round its corners widened by the clearance", () => {
    // The wall x 4.8..5.2, z -1..8 widened by 0.5: round (4.3, -1.5) and (5.7, -1.5), 10.51 m.
    const wall = [createObstacle(boxArea(4.8, -1, 5.2, 8))];
    const shortest = 2 * Math.hypot(4.3, 1.5) + 1.4;
    for (const [from, to] of [
      [
        { x: 0, z: 0 },
        { x: 10, z: 0 },
      ],
      [
        { x: 10, z: 0 },
        { x: 0, z: 0 },
      ],
    ] as const) {
      const { path } = plan(from, to, wall);
      expect(length(from, path!)).toBeGreaterThanOrEqual(shortest - 1e-6);
      expect(length(from, path!)).toBeLessThan(shortest * 1.01);
      expect(blockedLegs(from, path!, wall, 0.45)).toEqual([]);
    }
  });

  it("between boxes that barely reach into the straight way, within 1% of its length", () => {
    const boxes = [boxArea(2, -3, 6, -1), boxArea(1.5, -2.5, 2, -1), boxArea(4.5, 1.5, 5.5, 2.5)].map(createObstacle);
    const from = { x: -1, z: 1 };
    const to = { x: 11, z: 1.5 };
    expect(isClear(from, to, boxes, 0.5)).toBe(false);
    const { path } = plan(from, to, boxes);
    expect(length(from, path!)).toBeLessThan(Math.hypot(12, 0.5) * 1.01);
    expect(blockedLegs(from, path!, boxes, 0.45)).toEqual([]);
  });

  it("round a cluster of boxes by the shorter side", () => {
    const boxes = [boxArea(0.5, -2, 3, 0.5), boxArea(3.5, -2.5, 7.5, -2), boxArea(3, -1, 6, 3)].map(createObstacle);
    const from = { x: -1, z: 0 };
    const to = { x: 11, z: -1.5 };
    const { path } = plan(from, to, boxes);
    // Over the top of the cluster (z 3 + 0.5) is 14.1 m; a way under it would be longer.
    expect(length(from, path!)).toBeLessThan(14.3);
    expect(blockedLegs(from, path!, boxes, 0.45)).toEqual([]);
  });
});

describe("findPath's grid", () => {
  const origin = { x: 0, z: 0 };
  const east = { x: 10, z: 0 };

  it("grows round an obstacle that just touches its edge (the points' box and the margin)", () => {
    // Without obstacles the grid spans x -10..20, z -10..10: 120 × 80 cells of 0.25 m.
    expect(plan(origin, east, []).stats.cells).toBe(9600);
    // A circle of radius 2 touching each side from outside: the grid takes it and half the margin more (9 m).
    const wider = (120 + 36) * 80;
    const deeper = 120 * (80 + 36);
    expect(plan(origin, east, [circle(-12, 0, 2)]).stats.cells).toBe(wider);
    expect(plan(origin, east, [circle(22, 0, 2)]).stats.cells).toBe(wider);
    expect(plan(origin, east, [circle(5, -12, 2)]).stats.cells).toBe(deeper);
    expect(plan(origin, east, [circle(5, 12, 2)]).stats.cells).toBe(deeper);
    // A hair further: left out.
    for (const far of [circle(-12.01, 0, 2), circle(22.01, 0, 2), circle(5, -12.01, 2), circle(5, 12.01, 2)]) {
      expect(plan(origin, east, [far]).stats.cells).toBe(9600);
    }
  });

  it("has edges a search never steps across: a wall from edge to edge (margin 0) leaves no way", () => {
    // The grid is the wall's box and the two points; stepping off one side must not come back on the other.
    const across = [createObstacle(boxArea(4.8, 0, 5.2, 10))];
    expect(findPath({ x: 0, z: 5 }, { x: 10, z: 5 }, across, { margin: 0 })).toBeUndefined();
    expect(findPath({ x: 10, z: 5 }, { x: 0, z: 5 }, across, { margin: 0 })).toBeUndefined();
    const along = [createObstacle(boxArea(0, 4.8, 10, 5.2))];
    expect(findPath({ x: 5, z: 0 }, { x: 5, z: 10 }, along, { margin: 0 })).toBeUndefined();
    expect(findPath({ x: 5, z: 10 }, { x: 5, z: 0 }, along, { margin: 0 })).toBeUndefined();
    // With room round the wall's ends, there is a way.
    expect(findPath({ x: 0, z: 5 }, { x: 10, z: 5 }, across, { margin: 4 })?.at(-1)).toEqual({ x: 10, z: 5 });
  });
});
