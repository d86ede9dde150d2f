/**
 * Ways by walks and jumps, on a made-up surface: two floors (y 0 and y 1) split at x = 0, walked
 * in straight lines within a floor, never between them. Counts the walks each search asks.
 */
import { describe, expect, it } from "vitest";
import type { Vec3 } from "../../src/motion/jumpArc.js";
import { type JumpLink, routeByJumps, usableLegs, wayLength } from "../../src/motion/jumpRoutes.js";

/** Floor of a point: the upper one west of x = 0. */
const floor = (p: Vec3) => (p.x < 0 ? 1 : 0);
function walker() {
  const asked: [Vec3, Vec3][] = [];
  const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
    asked.push([a, b]);
    return floor(a) === floor(b) && a.y === floor(a) && b.y === floor(b) ? [a, b] : undefined;
  };
  return { asked, walk };
}
const drop = (z: number): JumpLink => ({ from: { x: -0.5, y: 1, z }, to: { x: 0.5, y: 0, z }, twoWay: true });
const reach = { height: 1.5, length: 2 };

describe("routeByJumps", () => {
  it("walks when the way is clear, asking one walk", () => {
    const { asked, walk } = walker();
    const way = routeByJumps({ x: 1, y: 0, z: 0 }, { x: 5, y: 0, z: 0 }, usableLegs([drop(0)], reach), walk);
    expect(way).toEqual([{ x: 5, y: 0, z: 0 }]);
    expect(asked.length).toBe(1);
  });

  it("drops down by the nearest link, marking the take-off with its jump and landing after it", () => {
    const { walk } = walker();
    const links = [drop(-10), drop(0), drop(10)];
    const way = routeByJumps({ x: -5, y: 1, z: 1 }, { x: 5, y: 0, z: 1 }, usableLegs(links, reach), walk)!;
    expect(way.map((p) => [p.x, p.y, p.z])).toEqual([
      [-0.5, 1, 0],
      [0.5, 0, 0],
      [5, 0, 1],
    ]);
    expect(way[0]!.jump).toEqual({ from: links[1]!.from, to: links[1]!.to });
    expect(way[1]!.jump).toBeUndefined();
  });

  it("jumps up a two-way link, takes no one-way link backwards, and finds no way without a link", () => {
    const { walk } = walker();
    const up = routeByJumps({ x: 5, y: 0, z: 0 }, { x: -5, y: 1, z: 0 }, usableLegs([drop(0)], reach), walk);
    expect(up?.[0]?.jump?.to).toEqual({ x: -0.5, y: 1, z: 0 });
    const oneWay = { ...drop(0), twoWay: false };
    expect(
      routeByJumps({ x: 5, y: 0, z: 0 }, { x: -5, y: 1, z: 0 }, usableLegs([oneWay], reach), walk),
    ).toBeUndefined();
    expect(routeByJumps({ x: 5, y: 0, z: 0 }, { x: -5, y: 1, z: 0 }, [], walk)).toBeUndefined();
  });

  it("leaves out links beyond the creature's jump, in height or across", () => {
    expect(usableLegs([drop(0)], { height: 0.9, length: 2 })).toEqual([]);
    expect(usableLegs([drop(0)], { height: 2, length: 0.9 })).toEqual([]);
    expect(usableLegs([drop(0)], reach).length).toBe(2);
  });

  it("asks few walks on a level of many links: only those whose straight-line bound can still win", () => {
    const { asked, walk } = walker();
    const links = Array.from({ length: 200 }, (_, i) => drop(i - 100));
    const way = routeByJumps({ x: -5, y: 1, z: 0 }, { x: 5, y: 0, z: 0 }, usableLegs(links, reach), walk)!;
    expect(way[0]!.jump?.from.z).toBe(0);
    expect(asked.length).toBeLessThan(10);
    expect(wayLength([{ x: -5, y: 1, z: 0 }, ...way])).toBeCloseTo(9 + Math.SQRT2, 6);
  });
});
