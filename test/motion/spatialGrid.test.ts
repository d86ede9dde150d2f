import { describe, expect, it } from "vitest";
import { SpatialGrid } from "../../src/motion/spatialGrid.js";
import { SeededRandom } from "../../src/util/seededRandom.js";

/** Seeded points spread over a square of side `span` centred on the origin. */
function points(seed: number, count: number, span: number): { x: number; z: number }[] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: count }, () => ({
    x: rng.range(-span / 2, span / 2),
    z: rng.range(-span / 2, span / 2),
  }));
}

/** The indices the grid visits around (x, z), and those of them within `radius`. */
function query(grid: SpatialGrid, items: readonly { x: number; z: number }[], x: number, z: number, radius: number) {
  const visited = new Set<number>();
  grid.at.x = x;
  grid.at.z = z;
  grid.at.radius = radius;
  grid.query((i) => visited.add(i));
  const within = [...visited].filter((i) => Math.hypot(items[i]!.x - x, items[i]!.z - z) <= radius);
  return { visited, within: within.sort((a, b) => a - b) };
}

function bruteForce(items: readonly { x: number; z: number }[], x: number, z: number, radius: number): number[] {
  return items.flatMap((p, i) => (Math.hypot(p.x - x, p.z - z) <= radius ? [i] : []));
}

describe("SpatialGrid", () => {
  it.each([
    [1, 200, 40, 2, 1.5],
    [2, 500, 20, 1, 0.3],
    [3, 300, 400, 4, 9],
    [4, 50, 10, 0.5, 6],
  ])("finds exactly the points within the radius, as brute force does (seed %i)", (seed, count, span, cell, radius) => {
    const items = points(seed, count, span);
    const grid = new SpatialGrid(cell);
    grid.rebuild(items);
    const rng = new SeededRandom(seed + 100);
    let found = 0;
    for (let q = 0; q < 200; q++) {
      const x = rng.range(-span / 2, span / 2);
      const z = rng.range(-span / 2, span / 2);
      const want = bruteForce(items, x, z, radius);
      expect(query(grid, items, x, z, radius).within).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it("visits only the cells near the query, not every point", () => {
    const items = points(5, 1000, 100);
    const grid = new SpatialGrid(2);
    grid.rebuild(items);
    const { visited } = query(grid, items, 0, 0, 1);
    expect(visited.size).toBeLessThan(50);
  });

  it("visits every point when the query spans more cells than it has buckets to tell apart", () => {
    const items = points(6, 300, 1000);
    const grid = new SpatialGrid(1);
    grid.rebuild(items);
    const { visited, within } = query(grid, items, 0, 0, 40);
    expect(visited.size).toBe(300);
    expect(within).toEqual(bruteForce(items, 0, 0, 40));
  });

  it("grows past its first capacity, and forgets the points of an earlier rebuild", () => {
    const many = points(7, 3000, 50);
    const grid = new SpatialGrid();
    grid.rebuild(many);
    expect(query(grid, many, 3, -4, 2.5).within).toEqual(bruteForce(many, 3, -4, 2.5));
    const few = [
      { x: 0.5, z: 0.5 },
      { x: 10, z: 10 },
    ];
    grid.rebuild(few);
    expect([...query(grid, few, 0, 0, 1).visited]).toEqual([0]);
    grid.rebuild([]);
    expect(query(grid, few, 0, 0, 1).visited.size).toBe(0);
  });

  it("takes a new cell size on rebuild, and keeps it", () => {
    const grid = new SpatialGrid(3);
    expect(grid.cellSize).toBe(3);
    grid.rebuild([{ x: 0, z: 0 }], 0.5);
    expect(grid.cellSize).toBe(0.5);
    grid.rebuild([{ x: 0, z: 0 }]);
    expect(grid.cellSize).toBe(0.5);
  });

  it("handles points on cell borders and at negative coordinates", () => {
    const items = [
      { x: -2, z: -2 },
      { x: 0, z: 0 },
      { x: 2, z: -0 },
      { x: -1e-9, z: 1.999999 },
    ];
    const grid = new SpatialGrid(2);
    grid.rebuild(items);
    expect(query(grid, items, 0, 0, 2).within).toEqual([1, 2, 3]);
    expect(query(grid, items, -1, -1, 1.5).within).toEqual([0, 1]);
  });
});
