/**
 * The obstacle index's rules one at a time: the cells an obstacle and a query cover and their
 * edges, the obstacles kept apart (too wide for the grid, or not finite), the cell size drawn
 * from the obstacles, ascending finds, `found` growing past its first size, and a rebuild for
 * every change: added, removed, replaced, moved or grown, through the version or in place.
 */
import { describe, expect, it } from "vitest";
import { type ObstacleCircle, ObstacleIndex } from "../../src/motion/obstacleIndex.js";

type Circle = { x: number; z: number; reach: number };

/** The indices `near` offers around (x, z), in the order of `found`. */
function near(
  index: ObstacleIndex,
  list: readonly ObstacleCircle[],
  version: number,
  x: number,
  z: number,
  reach: number,
) {
  index.at.x = x;
  index.at.z = z;
  index.at.reach = reach;
  const count = index.near(list, version); // first: a query may grow `found`
  return [...index.found.subarray(0, count)];
}

const endless = Number.POSITIVE_INFINITY;

/** `count` obstacles of no reach in a row far out at x = 1000 (they keep the cells 1 m). */
function specks(count: number): Circle[] {
  return Array.from({ length: count }, (_, i) => ({ x: 1000 + i * 3, z: 1000, reach: 0 }));
}

describe("ObstacleIndex rules", () => {
  it("offers an obstacle to queries reaching it across a cell edge, from every side", () => {
    // Cells of 4 m (four times the reach): the obstacle covers x 7..9 and z -9..-7, cells 1..2
    // and -3..-2; each query covers one cell beside it and reaches it exactly.
    const list = [{ x: 8, z: -8, reach: 1 }];
    const index = new ObstacleIndex();
    for (const [x, z, reach] of [
      [8.5, -8, 0], // cell 2 of the obstacle's x cells
      [7.5, -8, 0], // cell 1
      [8, -7.5, 0],
      [8, -8.5, 0],
      [13.5, -8, 3.5], // from cell 3, reaching back to x = 10 (cell 2)
      [2.5, -8, 3.5], // from cell 0, reaching to x = 6 (cell 1)
      [8, -2.5, 3.5],
      [8, -13.5, 3.5],
    ] as const) {
      expect(near(index, list, 0, x, z, reach), `${x}, ${z}`).toEqual([0]);
    }
    expect(near(index, list, 0, 100, 100, 1)).toEqual([]);
  });

  it("lists its finds ascending, whatever order their cells come in, and keeps none of an earlier query", () => {
    // Cells of 4 m: obstacle 0 in x cell 2, 1 in cell 1, 2 in cell 0; 3 is kept apart.
    const list = [
      { x: 9, z: 0, reach: 1 },
      { x: 5, z: 0, reach: 1 },
      { x: 1, z: 0, reach: 1 },
      { x: Number.NaN, z: 0, reach: 1 },
    ];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 5, 0, 6)).toEqual([0, 1, 2, 3]);
    expect(near(index, list, 0, 9, 0, 0)).toEqual([0, 3]);
    expect(near(index, list, 0, 1, 0, 0)).toEqual([2, 3]);
  });

  it("offers each obstacle once, however many cells it shares with the query", () => {
    const list = [
      { x: 8, z: -8, reach: 1 },
      { x: 0, z: 0, reach: 1 },
    ];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 4, -4, 12)).toEqual([0, 1]);
  });

  it("keeps an obstacle over more than 8 × 8 cells apart, offered to every query", () => {
    // Sixteen specks keep the cells 1 m; a reach of 3.75 covers 8 cells, or 9 off the grid's lines.
    for (const [x, z, wide] of [
      [0, 0, false], // 8 × 8 cells
      [0.5, 0, true], // 9 × 8
      [0, 0.5, true], // 8 × 9
    ] as const) {
      const list = [{ x, z, reach: 3.75 }, ...specks(16)];
      const index = new ObstacleIndex();
      expect(near(index, list, 0, -500, 300, 0.5), `${x}, ${z}`).toEqual(wide ? [0] : []);
      expect(near(index, list, 0, x, z, 0)).toEqual([0]);
    }
  });

  it("reads its cells for a query of up to 32 × 32 cells, and offers every obstacle past that", () => {
    // Obstacles of no reach keep the cells 1 m; the far one's bucket is none of the query's.
    const list = [
      { x: 0.5, z: 0.5, reach: 0 },
      { x: 100.5, z: 100.5, reach: 0 },
    ];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 0, 0, 15.75)).toEqual([0]); // cells -16..15 on both axes
    expect(near(index, list, 0, 0.5, 0, 15.75)).toEqual([0, 1]); // x cells -16..16: 33 × 32
    expect(near(index, list, 0, 0, 0.5, 15.75)).toEqual([0, 1]); // z cells -16..16: 32 × 33
  });

  it("keeps an obstacle that is not finite apart, offered to every query", () => {
    const list = [
      { x: 0, z: 0, reach: 1 },
      { x: Number.NaN, z: 0, reach: 1 },
      { x: endless, z: 5, reach: 1 },
      ...specks(3),
    ];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 0, 0, 0.5)).toEqual([0, 1, 2]);
    expect(near(index, list, 0, -300, 40, 0.5)).toEqual([1, 2]);
  });

  it("sizes its cells by the obstacles: a lone big one stays in the grid, spread ones apart", () => {
    const index = new ObstacleIndex();
    const big = [{ x: 0, z: 0, reach: 20 }];
    expect(near(index, big, 0, 500, 500, 1)).toEqual([]);
    expect(near(index, big, 0, 15, 15, 1)).toEqual([0]);
    // Ten obstacles of 1 m, 20 m apart: 4 m cells tell each from the others.
    const spread = Array.from({ length: 10 }, (_, i) => ({ x: i * 20, z: -i * 20, reach: 1 }));
    for (let i = 0; i < spread.length; i++) {
      expect(near(index, spread, 1, i * 20, -i * 20, 0.5)).toEqual([i]);
    }
  });

  it("offers every obstacle, in order and each once, to an endless reach, past the first size of `found`", () => {
    const list = Array.from({ length: 40 }, (_, i) => ({
      x: (i % 7) * 9,
      z: Math.floor(i / 7) * 9,
      reach: 1 + (i % 3),
    }));
    const index = new ObstacleIndex();
    const all = list.map((_, i) => i);
    expect(near(index, list, 0, 0, 0, endless)).toEqual(all);
    expect(near(index, list, 0, 20, 20, 60)).toEqual(all);
    expect(near(index, [], 1, 0, 0, endless)).toEqual([]);
  });

  it("builds on its first query, whatever version it is given", () => {
    const list = [{ x: 0, z: 0, reach: 1 }];
    expect(near(new ObstacleIndex(), list, -1, 0, 0, 0.5)).toEqual([0]);
    expect(near(new ObstacleIndex(), list, 7, 0, 0, 0.5)).toEqual([0]);
  });

  it("sees an obstacle replaced through a new version, the count unchanged", () => {
    const list: Circle[] = [{ x: 0, z: 0, reach: 1 }];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 0, 0, 0.5)).toEqual([0]);
    list[0] = { x: 50, z: 0, reach: 1 };
    expect(near(index, list, 1, 50, 0, 0.5)).toEqual([0]);
    expect(near(index, list, 1, 0, 0, 0.5)).toEqual([]);
  });

  it("sees a list that grew or shrank at its next query, the version unchanged", () => {
    const list: Circle[] = [{ x: 0, z: 0, reach: 1 }];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 50, 0, 0.5)).toEqual([]);
    list.push({ x: 50, z: 0, reach: 1 });
    expect(near(index, list, 0, 50, 0, 0.5)).toEqual([1]);
    list.pop();
    expect(near(index, list, 0, 50, 0, 0.5)).toEqual([]);
    expect(near(index, list, 0, 0, 0, 0.5)).toEqual([0]);
  });

  it("sees an obstacle moved along x or z, or its reach changed, in place at the next refresh", () => {
    const list: Circle[] = [
      { x: 30, z: 30, reach: 1 },
      { x: -30, z: 30, reach: 1 },
    ];
    const index = new ObstacleIndex();
    index.refresh(list, 0);
    index.refresh(list, 0); // nothing changed
    expect(near(index, list, 0, 30, 30, 0.5)).toEqual([0]);
    list[1]!.z = -30;
    index.refresh(list, 0);
    expect(near(index, list, 0, -30, -30, 0.5)).toEqual([1]);
    list[1]!.x = 30;
    index.refresh(list, 0);
    expect(near(index, list, 0, 30, -30, 0.5)).toEqual([1]);
    list[1]!.z = 0; // onto the axes: the values a fresh array of circles holds
    index.refresh(list, 0);
    expect(near(index, list, 0, 30, 0, 0.5)).toEqual([1]);
    list[1]!.x = 0;
    index.refresh(list, 0);
    expect(near(index, list, 0, 0, 0, 0.5)).toEqual([1]);
    list[0]!.reach = 10;
    index.refresh(list, 0);
    expect(near(index, list, 0, 30, 20, 0.5)).toEqual([0]);
  });

  it("sees a lone obstacle moved onto the origin, or grown, in place", () => {
    const list: Circle[] = [{ x: 30, z: 30, reach: 1 }];
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 30, 30, 0.5)).toEqual([0]);
    list[0]!.z = 0;
    index.refresh(list, 0);
    expect(near(index, list, 0, 30, 0, 0.5)).toEqual([0]);
    list[0]!.x = 0;
    index.refresh(list, 0);
    expect(near(index, list, 0, 0, 0, 0.5)).toEqual([0]);
    list[0]!.reach = 10;
    index.refresh(list, 0);
    expect(near(index, list, 0, 0, 9.5, 0.5)).toEqual([0]);
  });
});
