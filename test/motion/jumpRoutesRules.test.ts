/**
 * Ways by jumps, rule by rule, on a made-up level: flat ground split by a gap between x = -1 and
 * x = 1, walked straight within a side and, when the test gives one, round the gap by a detour
 * through a point beside it. The links a creature may take (both edges of its reach, both ways
 * of a two-way link), a way's length, what a jump costs against a detour (shorter, longer, as
 * long), the walks a search asks and in what order, its cap of 48 walks, and jumps in a row.
 */
import { describe, expect, it } from "vitest";
import type { JumpLeg, Vec3 } from "../../src/motion/jumpArc.js";
import { type JumpLink, routeByJumps, usableLegs, wayLength } from "../../src/motion/jumpRoutes.js";

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
const side = (p: Readonly<Vec3>) => Math.sign(p.x);
const same = (a: Readonly<Vec3>, b: Readonly<Vec3>) => a.x === b.x && a.y === b.y && a.z === b.z;

/** Walks on the gapped ground, round the gap through `detour` if given; records each walk asked. */
function ground(detour?: Vec3) {
  const asked: string[] = [];
  const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3[] | undefined => {
    asked.push(`${a.x},${a.z}>${b.x},${b.z}`);
    if (same(a, b)) return [{ ...a }];
    if (side(a) === side(b)) return [{ ...a }, { ...b }];
    return detour ? [{ ...a }, { ...detour }, { ...b }] : undefined;
  };
  return { asked, walk };
}

/** A jump over the gap at `z`, 2 m across, east only unless `twoWay`. */
const gap = (z: number, twoWay = false): JumpLink => ({ from: v(-1, 0, z), to: v(1, 0, z), twoWay });
const far = { height: 3, length: 6 };
const xyz = (way: readonly Vec3[] | undefined) => way?.map((p) => [p.x, p.y, p.z]);

describe("usableLegs rules", () => {
  // Up a metre and 5 m across (3 along x, 4 along z), from (1, 0.5, 2).
  const ledge: JumpLink = { from: v(1, 0.5, 2), to: v(4, 1.5, 6), twoWay: false };

  it("takes a link up to its reach's edges, in height and across, and not beyond either", () => {
    expect(usableLegs([ledge], { height: 1, length: 5 })).toEqual([{ from: ledge.from, to: ledge.to }]);
    expect(usableLegs([ledge], { height: 0.999, length: 5 })).toEqual([]);
    expect(usableLegs([ledge], { height: 1, length: 4.999 })).toEqual([]);
    const down: JumpLink = { from: ledge.to, to: ledge.from, twoWay: false };
    expect(usableLegs([down], { height: 1, length: 5 })).toEqual([{ from: ledge.to, to: ledge.from }]);
  });

  it("takes a two-way link both ways, keeping the links' order, and skips those beyond it", () => {
    const both = { ...ledge, twoWay: true };
    const wide: JumpLink = { from: v(0, 0, 0), to: v(0, 0, 7), twoWay: true };
    const legs = usableLegs([wide, both, gap(3)], { height: 1, length: 5 });
    expect(legs).toEqual([
      { from: ledge.from, to: ledge.to },
      { from: ledge.to, to: ledge.from },
      { from: gap(3).from, to: gap(3).to },
    ]);
  });
});

describe("wayLength rules", () => {
  it("sums the straight lines between the points, in three dimensions", () => {
    expect(wayLength([])).toBe(0);
    expect(wayLength([v(1, 2, 3)])).toBe(0);
    // 3 along x and 4 up, then 3 up and 4 along z.
    expect(wayLength([v(1, 2, 3), v(4, 6, 3), v(4, 9, 7)])).toBe(10);
  });
});

describe("routeByJumps rules", () => {
  const start = v(-3, 0, 0);
  const goal = v(3, 0, 0);

  it("walks round the gap when that is shorter than jumping: a jump costs 1.5 times its length and a metre", () => {
    // Round the gap: 7.5 m; by the jump: 2 + 2 * 1.5 + 1 + 2 = 8.
    const { asked, walk } = ground(v(0, 0, 2.25));
    const way = routeByJumps(start, goal, usableLegs([gap(0)], far), walk);
    expect(xyz(way)).toEqual([
      [0, 0, 2.25],
      [3, 0, 0],
    ]);
    expect(way?.some((p) => p.jump)).toBe(false);
    expect(asked).toEqual(["-3,0>3,0"]);
  });

  it("walks round the gap when that is as short as jumping", () => {
    // Round the gap: 2 * 5 = 10 m; by the jump: 3 + 4 + 3.
    const { walk } = ground(v(0, 0, 3));
    const way = routeByJumps(v(-4, 0, 0), v(4, 0, 0), usableLegs([gap(0)], far), walk);
    expect(xyz(way)).toEqual([
      [0, 0, 3],
      [4, 0, 0],
    ]);
  });

  it("jumps when the detour is longer, asking only the walks that could still win", () => {
    // Round the gap: 10 m; by the jump: 8.
    const { asked, walk } = ground(v(0, 0, 4));
    const legs = usableLegs([gap(0)], far);
    const way = routeByJumps(start, goal, legs, walk);
    expect(xyz(way)).toEqual([
      [-1, 0, 0],
      [1, 0, 0],
      [3, 0, 0],
    ]);
    expect(way?.[0]?.jump).toBe(legs[0]);
    expect(way?.[1]?.jump).toBeUndefined();
    expect(way?.[2]?.jump).toBeUndefined();
    expect(asked).toEqual(["-3,0>3,0", "-3,0>-1,0", "1,0>3,0"]);
  });

  it("tries the links by their straight-line bound, and takes the one of the shortest way", () => {
    const { asked, walk } = ground();
    // From (-3, 0, 1) to (3, 0, 5): the link at z = 3 is on the straight line.
    const links = [gap(-2), gap(6), gap(3), gap(9)];
    const way = routeByJumps(v(-3, 0, 1), v(3, 0, 5), usableLegs(links, far), walk);
    expect(xyz(way)).toEqual([
      [-1, 0, 3],
      [1, 0, 3],
      [3, 0, 5],
    ]);
    expect(asked).toEqual(["-3,1>3,5", "-3,1>-1,3", "1,3>3,5"]);
  });

  it("falls back to a farther link when the nearest one's take-off cannot be walked to", () => {
    // The take-off of the link at z = 0 stands in a walled pit: no walk reaches it.
    const { asked, walk: open } = ground();
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
      if (b.z !== 0 || b.x !== -1) return open(a, b);
      asked.push("pit");
      return undefined;
    };
    const way = routeByJumps(v(-3, 0, 0), v(3, 0, 0), usableLegs([gap(0), gap(2)], far), walk);
    expect(xyz(way)).toEqual([
      [-1, 0, 2],
      [1, 0, 2],
      [3, 0, 0],
    ]);
    expect(asked).toEqual(["-3,0>3,0", "pit", "-3,0>-1,2", "1,2>3,0"]);
  });

  it("asks the walks by their bound: a hill before the nearest take-off lets a farther link win", () => {
    // To the take-off at z = 0 over a hill 1 m high: 2.83 m, not 2. Then the link at z = 1
    // (bound 2.24 + 4 + 9.06 = 15.29) beats the way on from the first landing (2.83 + 4 + 9 = 15.83).
    const { asked, walk: flat } = ground();
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
      const w = flat(a, b);
      return w && b.x === -1 && b.z === 0 ? [w[0]!, v(-2, 1, 0), w[1]!] : w;
    };
    const way = routeByJumps(start, v(10, 0, 0), usableLegs([gap(0), gap(1)], far), walk);
    expect(xyz(way)).toEqual([
      [-1, 0, 1],
      [1, 0, 1],
      [10, 0, 0],
    ]);
    expect(asked).toEqual(["-3,0>10,0", "-3,0>-1,0", "-3,0>-1,1", "1,1>10,0"]);
  });

  it("gives up after 48 walks", () => {
    const asked: number[] = [];
    const links = Array.from({ length: 100 }, (_, i) => gap(i));
    const nowhere = () => {
      asked.push(1);
      return undefined;
    };
    expect(routeByJumps(start, goal, usableLegs(links, far), nowhere)).toBeUndefined();
    expect(asked).toHaveLength(48);
  });

  it("asks each walk once when every one fails, and finds no way", () => {
    const asked: number[] = [];
    const nowhere = () => {
      asked.push(1);
      return undefined;
    };
    expect(routeByJumps(start, goal, usableLegs([gap(0), gap(1)], far), nowhere)).toBeUndefined();
    expect(asked).toHaveLength(3);
  });

  it("jumps twice in a row, from where the first lands, marking each take-off", () => {
    // Down two ledges: (0, 2) to (1, 1), then on from there to (2, 0); a level is walked only on itself.
    const asked: string[] = [];
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3[] | undefined => {
      asked.push(`${a.x},${a.y}>${b.x},${b.y}`);
      if (a.y !== b.y) return undefined;
      return same(a, b) ? [{ ...a }] : [{ ...a }, { ...b }];
    };
    const first: JumpLeg = { from: v(0, 2, 0), to: v(1, 1, 0) };
    const second: JumpLeg = { from: v(1, 1, 0), to: v(2, 0, 0) };
    const way = routeByJumps(v(-2, 2, 0), v(3, 0, 0), [second, first], walk)!;
    expect(xyz(way)).toEqual([
      [0, 2, 0],
      [1, 1, 0],
      [1, 1, 0],
      [2, 0, 0],
      [3, 0, 0],
    ]);
    expect(way.map((p) => p.jump)).toEqual([first, undefined, second, undefined, undefined]);
    expect(way[2]).not.toBe(second.from);
    expect(asked).toEqual(["-2,2>3,0", "-2,2>1,1", "-2,2>0,2", "1,1>3,0", "1,1>1,1", "2,0>3,0"]);
  });

  // Two landings reach the second link's take-off: the way by the link at z = 0 walks over a
  // hill to it (15.06 by cost), the way by z = 2 costs 14.74. A link closed by the first walk to
  // reach its take-off would return the longer.
  it("takes the cheaper way to a link's take-off when two landings reach it", () => {
    const region = (p: Readonly<Vec3>) => (p.x <= -1 ? 0 : p.x <= 3 ? 1 : 2);
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
      if (region(a) !== region(b)) return undefined;
      if (a.x === 1 && a.z === 0 && b.x === 3) return [{ ...a }, v(2, 1, 0.5), { ...b }];
      return [{ ...a }, { ...b }];
    };
    const links = [gap(0), gap(2), { from: v(3, 0, 1), to: v(5, 0, 1), twoWay: false }];
    const from = v(-3, 0, 0.5);
    const way = routeByJumps(from, v(7, 0, 1), usableLegs(links, far), walk)!;
    // By z = 2: 2.5 + 2 + 2.24 + 2 + 2 walked and jumped; by z = 0 over the hill it is 11.06.
    expect(wayLength([from, ...way])).toBeCloseTo(8.5 + Math.sqrt(5), 9);
    expect(way[0]?.jump?.from).toEqual(v(-1, 0, 2));
  });

  it("asks no walk to a link once it is closed, though a landing reached before offered it", () => {
    const region = (p: Readonly<Vec3>) => (p.x <= -1 ? 0 : p.x <= 3 ? 1 : 2);
    const asked: string[] = [];
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
      asked.push(`${a.x},${a.z}>${b.x},${b.z}`);
      if (region(a) !== region(b)) return undefined;
      if (a.x === 1 && a.z === 1 && b.x === 3) return [{ ...a }, v(2, 0, -4), { ...b }];
      return [{ ...a }, { ...b }];
    };
    const links = [gap(-1), gap(1), { from: v(3, 0, 2), to: v(5, 0, 2), twoWay: false }];
    routeByJumps(v(-3, 0, 3), v(7, 0, -1), usableLegs(links, far), walk);
    // The landing at z = 1 was reached before the gap at z = -1 closed; its offer of that gap
    // comes up after, and is dropped unwalked.
    expect(asked).toEqual([
      "-3,3>7,-1",
      "-3,3>-1,1",
      "1,1>7,-1",
      "-3,3>3,2",
      "-3,3>-1,-1",
      "1,-1>7,-1",
      "1,1>3,2",
      "1,-1>3,2",
      "5,2>7,-1",
    ]);
  });

  it("asks the walks of two landings to one take-off in the order of their bounds", () => {
    const region = (p: Readonly<Vec3>) => (p.x <= -1 ? 0 : p.x <= 3 ? 1 : 2);
    const asked: string[] = [];
    const walk = (a: Readonly<Vec3>, b: Readonly<Vec3>) => {
      asked.push(`${a.x},${a.z}>${b.x},${b.z}`);
      if (region(a) !== region(b)) return undefined;
      if (a.x === 1 && a.z === 0 && b.x === 3) return [{ ...a }, v(2, 1, 0.5), { ...b }];
      return [{ ...a }, { ...b }];
    };
    const links = [gap(0), gap(2), { from: v(3, 0, 1), to: v(5, 0, 1), twoWay: false }];
    routeByJumps(v(-3, 0, 0.5), v(7, 0, 1), usableLegs(links, far), walk);
    // By bound: the goal, the far take-off (no way), both gaps, each landing's goal walk (none
    // across), the hill and the flat walk to the far take-off, then the goal from its landing.
    expect(asked).toEqual([
      "-3,0.5>7,1",
      "-3,0.5>3,1",
      "-3,0.5>-1,0",
      "1,0>7,1",
      "-3,0.5>-1,2",
      "1,2>7,1",
      "1,0>3,1",
      "1,2>3,1",
      "5,1>7,1",
    ]);
  });
});
