/**
 * The neighbour grid's rules one at a time: a query's cells and their edges, cells that hash to
 * one bucket, the span past which every item is visited, the radius's edge, stamps shared by
 * `query` and `near`, and the capacity of `found` as the crowd grows.
 */
import { describe, expect, it } from "vitest";
import { SpatialGrid } from "../../src/motion/spatialGrid.js";

type Point = { x: number; z: number };

/** The indices `query` visits around (x, z), in visiting order, repeats kept. */
function visits(grid: SpatialGrid, x: number, z: number, radius: number): number[] {
  grid.at.x = x;
  grid.at.z = z;
  grid.at.radius = radius;
  const out: number[] = [];
  grid.query((i) => out.push(i));
  return out;
}

/** The indices `near` finds around (x, z), sorted (it promises no order), repeats kept. */
function near(grid: SpatialGrid, x: number, z: number, radius: number): number[] {
  grid.at.x = x;
  grid.at.z = z;
  grid.at.radius = radius;
  const count = grid.near(); // first: a query may grow `found`
  return [...grid.found.subarray(0, count)].sort((a, b) => a - b);
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** `count` points in a row along x from (x, z), `step` apart. */
function row(count: number, x: number, z: number, step: number): Point[] {
  return Array.from({ length: count }, (_, i) => ({ x: x + i * step, z }));
}

describe("SpatialGrid rules", () => {
  it("visits and finds each item once when two cells of one query hash to one bucket", () => {
    // Cells (-15, 0) and (-13, -10) of a 1 m grid share a bucket; the query covers both.
    const items = [
      { x: -14.5, z: 0.5 },
      { x: -12.5, z: -9.5 },
    ];
    const grid = new SpatialGrid(1);
    grid.rebuild(items);
    expect(sorted(visits(grid, -13.5, -4.5, 6))).toEqual([0, 1]);
    expect(near(grid, -13.5, -4.5, 6)).toEqual([0, 1]);
  });

  it("visits only its own cells' items up to 32 × 32 cells, and every item once past that", () => {
    const grid = new SpatialGrid(1);
    grid.rebuild(row(5, -3, 7, 1)); // a bigger crowd first: its items stay behind the count
    const items = [
      { x: 0.5, z: 0.5 },
      { x: 100.5, z: 100.5 }, // its cell's bucket is none of the 33 × 32 cells' around the origin
    ];
    grid.rebuild(items);
    expect(visits(grid, 0, 0, 15.75)).toEqual([0]); // cells -16..15 on both axes: 32 × 32
    expect(sorted(visits(grid, 0.5, 0, 15.75))).toEqual([0, 1]); // x cells -16..16: 33 × 32
    expect(sorted(visits(grid, 0, 0.5, 15.75))).toEqual([0, 1]); // z cells -16..16: 32 × 33
    expect(sorted(visits(grid, 0, 0, Number.POSITIVE_INFINITY))).toEqual([0, 1]);
  });

  it("reads a bucket up to its end: an item alone in its cell is visited alone", () => {
    const items = [
      { x: 0.5, z: 0.5 },
      { x: 100.5, z: 100.5 },
    ];
    const grid = new SpatialGrid(1);
    grid.rebuild(items);
    expect(visits(grid, 0.5, 0.5, 0.25)).toEqual([0]);
    expect(visits(grid, 100.5, 100.5, 0.25)).toEqual([1]);
    expect(near(grid, 0.5, 0.5, 0.25)).toEqual([0]);
    expect(near(grid, 100.5, 100.5, 0.25)).toEqual([1]);
  });

  it("starts each query afresh, whether `query` or `near` ran before it", () => {
    const items = [
      { x: 0.5, z: 0.5 },
      { x: 100.5, z: 100.5 },
    ];
    const first = new SpatialGrid(1);
    first.rebuild(items);
    expect(visits(first, 100.5, 100.5, 0.25)).toEqual([1]);
    expect(near(first, 0.5, 0.5, 0.25)).toEqual([0]);
    const second = new SpatialGrid(1);
    second.rebuild(items);
    expect(near(second, 100.5, 100.5, 0.25)).toEqual([1]);
    expect(visits(second, 0.5, 0.5, 0.25)).toEqual([0]);
  });

  it("finds every item once for an endless radius, none of an earlier, bigger rebuild", () => {
    const grid = new SpatialGrid(2);
    grid.rebuild(row(5, -3, 7, 1));
    grid.rebuild(row(3, 40, -40, 3));
    expect(near(grid, 0, 0, Number.POSITIVE_INFINITY)).toEqual([0, 1, 2]);
    expect(near(grid, 1e6, -1e6, Number.POSITIVE_INFINITY)).toEqual([0, 1, 2]);
  });

  it("counts an item at exactly the radius, at positive and negative coordinates", () => {
    const items = [
      { x: 3, z: 4 },
      { x: -3, z: -4 },
      { x: 5, z: 0.001 },
    ];
    const grid = new SpatialGrid(2);
    grid.rebuild(items);
    expect(near(grid, 0, 0, 5)).toEqual([0, 1]);
    expect(near(grid, 0, 0, 4.999)).toEqual([]);
    expect(near(grid, -6, -8, 5)).toEqual([1]);
  });

  it("finds neighbours across cell edges at negative coordinates", () => {
    // Four items around the corner (-2, -4) of four 2 m cells, 0.01 m from it on each axis.
    const items = [
      { x: -2.01, z: -3.99 },
      { x: -1.99, z: -4.01 },
      { x: -2.01, z: -4.01 },
      { x: -1.99, z: -3.99 },
      { x: -2, z: -4.5 },
    ];
    const grid = new SpatialGrid(2);
    grid.rebuild(items);
    expect(near(grid, -2, -4, 0.015)).toEqual([0, 1, 2, 3]);
    expect(sorted(visits(grid, -2, -4, 0.015)).filter((i) => i < 4)).toEqual([0, 1, 2, 3]);
    expect(near(grid, -2.5, -4.5, 0.5)).toEqual([4]);
  });

  it("finds each of many items in one cell once, the first of them too", () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      x: -1.9 + (i % 20) * 0.09,
      z: -1.9 + Math.floor(i / 20) * 0.18,
    }));
    items.push({ x: 30, z: 30 });
    const grid = new SpatialGrid(2);
    grid.rebuild(row(300, 10, 10, 0.01)); // the first item of this crowd sits elsewhere
    grid.rebuild(items);
    const all = Array.from({ length: 200 }, (_, i) => i);
    expect(near(grid, -1, -1, 2)).toEqual(all);
    expect(sorted(visits(grid, -1, -1, 0.5))).toEqual(all);
    expect(near(grid, 30, 30, 0.1)).toEqual([200]);
  });

  it("grows `found` with the count, doubling, and keeps its array while the count fits", () => {
    const grid = new SpatialGrid(1);
    const first = grid.found;
    const endless = Number.POSITIVE_INFINITY;
    grid.rebuild(row(64, 0, 0, 1)); // exactly the first capacity
    expect(near(grid, 0, 0, endless)).toHaveLength(64);
    expect(grid.found).toBe(first);
    grid.rebuild(row(128, 0, 0, 1)); // twice it: grown once, to the count
    expect(near(grid, 0, 0, endless)).toHaveLength(128);
    expect(grid.found.length).toBe(128);
    grid.rebuild(row(129, 0, 0, 1)); // one more: doubled
    expect(near(grid, 0, 0, endless)).toHaveLength(129);
    expect(grid.found.length).toBe(256);
    const grown = grid.found;
    for (let step = 0; step < 3; step++) {
      grid.rebuild(row(129, 0, 0, 1)); // the same crowd again: nothing grows
      expect(near(grid, 0, 0, endless)).toHaveLength(129);
    }
    expect(grid.found).toBe(grown);
    grid.rebuild(row(1000, 0, 0, 0.1)); // more than double: grown to the count
    expect(near(grid, 0, 0, endless)).toHaveLength(1000);
    expect(grid.found.length).toBe(1000);
  });
});
