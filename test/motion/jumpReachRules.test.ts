/**
 * How far each kind jumps, rule by rule: every kind of the table in body heights, the clamps at
 * both ends for height and length, a game's own table (and its fallbacks to its `walk`, then to
 * the built-in walk), the gaits that never jump, and sizes of zero, below zero or not a number.
 */
import { describe, expect, it } from "vitest";
import { JUMP_KINDS, jumpReach } from "../../src/motion/jumpReach.js";
import { usableLegs } from "../../src/motion/jumpRoutes.js";

describe("jumpReach rules", () => {
  it("lists each kind's jump in body heights", () => {
    expect(JUMP_KINDS).toEqual({
      walk: { height: 0.7, length: 1.5 },
      hop: { height: 1, length: 3 },
      waddle: { height: 0.4, length: 0.8 },
      crawl: { height: 0.5, length: 0.8 },
      slither: { height: 0.3, length: 0.5 },
      wriggle: { height: 0.3, length: 0.5 },
    });
  });

  it("scales each kind by a 2 m body, within the bounds", () => {
    expect(jumpReach(2, "walk")).toEqual({ height: 1.4, length: 3 });
    expect(jumpReach(2, "hop")).toEqual({ height: 2, length: 6 });
    expect(jumpReach(2, "waddle")).toEqual({ height: 0.8, length: 1.6 });
    expect(jumpReach(2, "crawl")).toEqual({ height: 1, length: 1.6 });
    expect(jumpReach(2, "slither")).toEqual({ height: 0.6, length: 1 });
    expect(jumpReach(2, "wriggle")).toEqual({ height: 0.6, length: 1 });
  });

  it("keeps height within 0.3..3 m and length within 0.5..6 m", () => {
    expect(jumpReach(5, "hop")).toEqual({ height: 3, length: 6 });
    expect(jumpReach(4, "walk")).toEqual({ height: 2.8, length: 6 });
    expect(jumpReach(0.4, "walk")).toEqual({ height: 0.3, length: 0.6000000000000001 });
    expect(jumpReach(0.2, "walk")).toEqual({ height: 0.3, length: 0.5 });
  });

  it("reads a game's table: its kind, else its walk, else the built-in walk", () => {
    const kinds = { walk: { height: 0.5, length: 2 }, leap: { height: 1.2, length: 2.5 } };
    expect(jumpReach(2, "leap", kinds)).toEqual({ height: 2.4, length: 5 });
    expect(jumpReach(2, "trot", kinds)).toEqual({ height: 1, length: 4 });
    expect(jumpReach(2, "trot", { leap: { height: 1.2, length: 2.5 } })).toEqual({ height: 1.4, length: 3 });
    // The built-in table's unknown gait jumps as its walk.
    expect(jumpReach(2, "trot")).toEqual({ height: 1.4, length: 3 });
  });

  it("does not jump for fliers, swimmers, floaters or a creature without a gait, whatever its size", () => {
    for (const gait of ["fly", "swim", "float", undefined])
      expect(jumpReach(2, gait)).toEqual({ height: 0, length: 0 });
    // Even when the game's table lists them.
    const kinds = { fly: { height: 1, length: 1 }, swim: { height: 1, length: 1 }, float: { height: 1, length: 1 } };
    for (const gait of ["fly", "swim", "float"]) expect(jumpReach(2, gait, kinds)).toEqual({ height: 0, length: 0 });
  });

  it("gives the least jump to a body of no size or below zero, and a size that is no number takes no link", () => {
    expect(jumpReach(0, "hop")).toEqual({ height: 0.3, length: 0.5 });
    expect(jumpReach(-3, "hop")).toEqual({ height: 0.3, length: 0.5 });
    const step = { from: { x: 0, y: 0.1, z: 0 }, to: { x: 0.1, y: 0, z: 0 }, twoWay: true };
    expect(usableLegs([step], jumpReach(0, "walk"))).toHaveLength(2);
    expect(usableLegs([step], jumpReach(Number.NaN, "walk"))).toEqual([]);
  });
});
