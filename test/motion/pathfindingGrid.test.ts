import { describe, expect, it } from "vitest";
import type { Area } from "../../src/motion/area.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { findPath, isClear, type PathOptions, type PathStats } from "../../src/motion/pathfinding.js";
import type { Vec2 } from "../../src/motion/types.js";
import { boxArea } from "../helpers/areas.js";

const box = boxArea;
const origin = { x: 0, z: 0 };
const east = { x: 10, z: 0 };

/** findPath with its stats. */
function plan(from: Vec2, to: Vec2, areas: readonly Area[], options: PathOptions = {}) {
  const stats: PathStats = { cells: 0, expanded: 0 };
  const path = findPath(from, to, areas.map(createObstacle), options, stats);
  return { path, stats };
}

function length(from: Vec2, path: readonly Vec2[]): number {
  let total = 0;
  let at = from;
  for (const p of path) {
    total += Math.hypot(p.x - at.x, p.z - at.z);
    at = p;
  }
  return total;
}

describe("findPath keeps its promises", () => {
  it("on open ground the path is the goal alone, found by expanding one cell per step of the way", () => {
    // Cells of 0.25 m (half the default clearance): 40 steps east, 40 diagonal steps north-east.
    expect(plan(origin, east, [])).toEqual({ path: [east], stats: { cells: 9600, expanded: 41 } });
    expect(plan(origin, { x: 10, z: 10 }, [])).toEqual({
      path: [{ x: 10, z: 10 }],
      stats: { cells: 14400, expanded: 41 },
    });
    // The same westward and off the axes: the grid spans both points whichever is smaller.
    const west = plan({ x: 3, z: 2 }, { x: -4, z: -1 }, []);
    expect(west.path).toEqual([{ x: -4, z: -1 }]);
    expect(west.stats.cells).toBe(Math.ceil(27 / 0.25) * Math.ceil(23 / 0.25));
    expect(west.stats.expanded).toBeLessThanOrEqual(111); // ties of equal estimate, not the whole grid
  });

  it("the goal comes back as a copy, not the caller's object", () => {
    const goal = { x: 4, z: 1 };
    const path = findPath(origin, goal, [])!;
    expect(path).toEqual([goal]);
    expect(path[0]).not.toBe(goal);
  });

  it("the grid grows round an obstacle near the way by half the margin, and ignores one beyond it", () => {
    // The box's reach is √2 (its corners); the grid spans x -10..20, z -10..10 without it.
    const grow = (Math.ceil((20 + Math.SQRT2 + 5 + 10) / 0.25) - 120) * 80;
    expect(plan(origin, east, [box(19, -1, 21, 1)]).stats.cells).toBe(9600 + grow);
    expect(plan(origin, east, [box(-11, -1, -9, 1)]).stats.cells).toBe(9600 + grow);
    const growZ = (Math.ceil((10 + Math.SQRT2 + 5 + 10) / 0.25) - 80) * 120;
    expect(plan(origin, east, [box(4, 9, 6, 11)]).stats.cells).toBe(9600 + growZ);
    expect(plan(origin, east, [box(4, -11, 6, -9)]).stats.cells).toBe(9600 + growZ);
    for (const far of [
      box(21.5, -1, 23.5, 1),
      box(-13.5, -1, -11.5, 1),
      box(4, 11.5, 6, 13.5),
      box(4, -13.5, 6, -11.5),
    ]) {
      expect(plan(origin, east, [far]).stats.cells).toBe(9600);
    }
    expect(plan(origin, east, [box(100, 100, 101, 101)]).stats.cells).toBe(9600);
  });

  it("the cell size follows the clearance (half of it, at least 0.25 m) and grows past maxCells", () => {
    expect(plan(origin, east, [], { clearance: 2 }).stats.cells).toBe(30 * 20);
    expect(plan(origin, east, [], { clearance: 0.2 }).stats.cells).toBe(9600);
    expect(plan(origin, east, [], { cellSize: 0.5 }).stats.cells).toBe(60 * 40);
    expect(plan(origin, east, [], { maxCells: 9600 }).stats.cells).toBe(9600);
    const capped = plan(origin, east, [], { maxCells: 9599 });
    expect(capped.path).toEqual([east]);
    expect(capped.stats.cells).toBe(Math.ceil(30 / 0.375) * Math.ceil(20 / 0.375));
    expect(capped.stats.cells).toBeLessThanOrEqual(9599);
  });

  it("goes round a wall across the way by a near-shortest route, every leg clear", () => {
    const wall = [box(4.8, -3, 5.2, 3)];
    const { path, stats } = plan(origin, east, wall);
    expect(path!.at(-1)).toEqual(east);
    // Round a corner of the wall widened by the clearance: 2·hypot(5, 3.5) ≈ 12.2 m.
    const walked = length(origin, path!);
    expect(walked).toBeGreaterThan(12.2);
    expect(walked).toBeLessThan(12.6);
    let at = origin;
    for (const p of path!) {
      expect(isClear(at, p, wall.map(createObstacle), 0.45), `${at.x},${at.z} -> ${p.x},${p.z}`).toBe(true);
      at = p;
    }
    // A* with an exact heuristic spends a share of the grid.
    expect(stats.expanded).toBeLessThan(600);
  });

  it("never slips diagonally between two blocked cells that touch at a corner", () => {
    // A thin diagonal wall blocks only a chain of corner-to-corner cells: the way is round its ends.
    const diagonal: Area = {
      points: [
        { x: -5, z: -5.03 },
        { x: 5.03, z: 5 },
        { x: 5, z: 5.03 },
        { x: -5.03, z: -5 },
      ],
    };
    const from = { x: -2, z: 2 };
    const { path } = plan(from, { x: 2, z: -2 }, [diagonal]);
    let at = from;
    for (const p of path!) {
      const a = at.z - at.x;
      const b = p.z - p.x;
      if (a * b < 0) {
        // Where this leg crosses the line z = x, it is past an end of the wall.
        const t = a / (a - b);
        expect(Math.abs(at.x + (p.x - at.x) * t)).toBeGreaterThan(5);
      }
      at = p;
    }
    expect(length(from, path!)).toBeGreaterThan(14);
  });

  it("refuses a goal within the clearance of an obstacle, and walks a start out of it", () => {
    const wall = [box(4.8, -3, 5.2, 3)];
    expect(findPath(origin, { x: 5.5, z: 0 }, wall.map(createObstacle), { clearance: 0.5 })).toBeUndefined();
    // 0.3 m from the wall is outside a 0.2 m clearance: reached, round the wall's end.
    expect(findPath(origin, { x: 5.5, z: 0 }, wall.map(createObstacle), { clearance: 0.2 })?.at(-1)).toEqual({
      x: 5.5,
      z: 0,
    });
    const out = findPath({ x: 5.5, z: 0 }, { x: 8, z: 0 }, wall.map(createObstacle), { clearance: 0.5 });
    expect(out?.at(-1)).toEqual({ x: 8, z: 0 });
    expect(out!.length).toBeLessThanOrEqual(2); // out of the clearance, then straight there
  });

  it("a goal on the grid's far corner is reached (the search runs to the grid's last row and column)", () => {
    // margin 0: the grid is the two points' box, both of them in edge cells.
    for (const [from, to] of [
      [origin, { x: 5, z: 5 }],
      [{ x: 5, z: 5 }, origin],
      [
        { x: 5, z: 0 },
        { x: 0, z: 5 },
      ],
      [
        { x: 0, z: 5 },
        { x: 5, z: 0 },
      ],
    ] as const) {
      const wall = [box(2, 2, 3, 3)];
      const path = findPath(from, to, wall.map(createObstacle), { margin: 0, clearance: 0.25 });
      expect(path?.at(-1), `${from.x},${from.z} -> ${to.x},${to.z}`).toEqual(to);
    }
  });
});

describe("isClear", () => {
  const post = [box(4.9, 2.9, 5.1, 3.1)].map(createObstacle);

  it("tells a walk that passes an obstacle within the clearance from one that keeps it", () => {
    // From (2, 1) to (8, 5): the line passes (5, 3), right through the post.
    expect(isClear({ x: 2, z: 1 }, { x: 8, z: 5 }, post, 0.1)).toBe(false);
    expect(isClear({ x: 8, z: 5 }, { x: 2, z: 1 }, post, 0.1)).toBe(false);
    // Beside it by 0.3 m: clear at a 0.1 m clearance, blocked at 0.5.
    expect(isClear({ x: 2, z: 3.4 }, { x: 8, z: 3.4 }, post, 0.1)).toBe(true);
    expect(isClear({ x: 2, z: 3.4 }, { x: 8, z: 3.4 }, post, 0.5)).toBe(false);
  });

  it("samples finely enough to catch a thin post far along a long walk, and checks the end point", () => {
    expect(isClear({ x: -95, z: 3 }, { x: 5, z: 3 }, post, 0.02)).toBe(false);
    expect(isClear({ x: -95, z: 3 }, { x: 105, z: 3 }, post, 0.02)).toBe(false);
    // Walks whose ends sum to nearly nothing: the length is their difference.
    expect(isClear({ x: -100, z: 3 }, { x: 106.7, z: 3 }, post, 0.02)).toBe(false);
    expect(isClear({ x: 5, z: -100 }, { x: 5, z: 106.7 }, post, 0.02)).toBe(false);
    // The end alone within the clearance (0.18 m from the post, the sample before it 0.27 m).
    expect(isClear({ x: 4, z: 3 }, { x: 4.72, z: 3 }, post, 0.2)).toBe(false);
    expect(isClear({ x: 0, z: 3 }, { x: 4.95, z: 3 }, post, 0.01)).toBe(false);
    expect(isClear({ x: 0, z: 3 }, { x: 4.85, z: 3 }, post, 0.01)).toBe(true);
  });
});
