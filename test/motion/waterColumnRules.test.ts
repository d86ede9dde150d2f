/**
 * What a game relies on from the water column, engine-free (the functions themselves, fixed
 * times): the surface a swimmer reads is the water it is in, wherever that water lies; a body fits
 * a column by its submerged height; surface swimmers float at the water line with the share of
 * their body the band puts under; mid-water fish stay within their band, wander through it slowly
 * and do not move in step with their neighbours; a swimmer heading into shallows is turned down
 * the floor's slope (or back on a flat shallow); a step that ends shallower where it does not fit
 * is taken back, and only then; a placement on a beach moves down the slope, at most its reach.
 */
import { describe, expect, it } from "vitest";
import { createObstacle } from "../../src/motion/obstacles.js";
import { DEPTH_BANDS, type DepthBand } from "../../src/motion/swimKinds.js";
import type { HeightFunction } from "../../src/motion/types.js";
import {
  type ColumnBody,
  clampToColumn,
  columnDepth,
  deepenPlace,
  fitsColumn,
  holdColumn,
  steerFromShallows,
  swimTargetY,
  waterLevelAt,
} from "../../src/motion/waterColumn.js";

type Swimmer = ColumnBody & { x: number; z: number; vx: number; vz: number };

function swimmer(band: DepthBand, ground: HeightFunction | undefined, x = 0, z = 0, bodyHeight = 1, id = 1): Swimmer {
  return { id, x, z, vx: 0, vz: 0, bodyHeight, ground, depthBand: band };
}

describe("waterLevelAt", () => {
  it("reads the level of a pond far from the origin, at its middle and near its edge", () => {
    const pond = createObstacle({ center: { x: 30, z: 40 }, radius: 3 }, -1.5);
    expect(waterLevelAt([pond], 30, 40)).toBe(-1.5);
    expect(waterLevelAt([pond], 30, 42.5)).toBe(-1.5);
    expect(waterLevelAt([pond], 32.5, 40)).toBe(-1.5);
    expect(waterLevelAt([pond], 30, 44)).toBeNaN();
  });

  it("reads a small pool (under a metre across) anywhere inside it", () => {
    const pool = createObstacle({ center: { x: 0, z: 0 }, radius: 0.8 }, 0.25);
    expect(waterLevelAt([pool], 0.1, 0.7)).toBe(0.25);
    expect(waterLevelAt([pool], 0.7, 0.1)).toBe(0.25);
    expect(waterLevelAt([pool], 0, 0)).toBe(0.25);
  });

  it("gives 0 for a water without a level and NaN on dry ground", () => {
    const lake = createObstacle({ center: { x: -5, z: 5 }, radius: 2 });
    expect(waterLevelAt([lake], -5, 5)).toBe(0);
    expect(waterLevelAt([lake], 5, 5)).toBeNaN();
    expect(waterLevelAt([], 0, 0)).toBeNaN();
  });
});

describe("fitsColumn", () => {
  it("fits a fish in water its height plus two centimetres deep, not shallower", () => {
    const fish = swimmer(DEPTH_BANDS.mid, undefined, 0, 0, 0.5);
    const level = 0.5 * 1 + 0.02;
    expect(columnDepth(undefined, level, 0, 0)).toBe(level);
    expect(fitsColumn(fish, level, 0, 0)).toBe(true);
    expect(fitsColumn(fish, level - 0.001, 0, 0)).toBe(false);
  });

  it("fits a floating duck by the share of its body under the surface (60%)", () => {
    const duck = swimmer(DEPTH_BANDS.surface, () => -0.7);
    expect(fitsColumn(duck, 0, 0, 0)).toBe(true);
    expect(
      fitsColumn(duck, 0, 0, 0) &&
        !fitsColumn(
          swimmer(DEPTH_BANDS.mid, () => -0.7),
          0,
          0,
          0,
        ),
    ).toBe(true);
    expect(
      fitsColumn(
        swimmer(DEPTH_BANDS.surface, () => -0.55),
        0,
        0,
        0,
      ),
    ).toBe(false);
  });
});

describe("surface swimmers float at the water line", () => {
  it("aims a duck's feet at 60% of its height under the surface, at every time", () => {
    const duck = swimmer(DEPTH_BANDS.surface, () => -3, 0, 0, 0.5);
    for (const t of [0, 7, 31, 100]) expect(swimTargetY(duck, 2, t)).toBeCloseTo(2 - 0.3, 12);
  });

  it("holds a duck's feet no higher than the water line lets it float", () => {
    const duck = swimmer(DEPTH_BANDS.surface, () => -3, 0, 0, 0.5);
    expect(clampToColumn(duck, 2, 5)).toBeCloseTo(1.7, 12);
    expect(clampToColumn(duck, 2, 1)).toBe(1);
    expect(clampToColumn(duck, 2, -4)).toBe(-3);
  });

  it("holds a fish wholly under the surface and above the floor", () => {
    const fish = swimmer(DEPTH_BANDS.mid, () => -3, 0, 0, 0.5);
    expect(clampToColumn(fish, 2, 5)).toBeCloseTo(1.5, 12);
    expect(clampToColumn(fish, 2, -10)).toBe(-3);
  });
});

describe("mid-water fish in their band", () => {
  const floor = -10;
  const level = 0;
  const h = 1;
  const top = level - h; // feet when its back is at the surface
  const room = top - floor;
  /** The share of the column's room below its top where the fish aims at `t`. */
  function fraction(id: number, t: number): number {
    const fish = swimmer(DEPTH_BANDS.mid, () => floor, 0, 0, h, id);
    return (top - swimTargetY(fish, level, t)) / room;
  }

  it("keeps every fish within its band (10% to 80% of the room) at all times", () => {
    let lo = 1;
    let hi = 0;
    for (let id = 0; id < 12; id++) {
      for (let t = 0; t < 300; t += 0.25) {
        const f = fraction(id, t);
        lo = Math.min(lo, f);
        hi = Math.max(hi, f);
      }
    }
    expect(lo).toBeGreaterThanOrEqual(0.1 - 1e-9);
    expect(hi).toBeLessThanOrEqual(0.8 + 1e-9);
  });

  it("wanders slowly: never faster than an eighth of its band per second", () => {
    let fastest = 0;
    for (let id = 0; id < 6; id++) {
      for (let t = 0; t < 120; t += 1 / 30) {
        fastest = Math.max(fastest, Math.abs(fraction(id, t + 1 / 30) - fraction(id, t)) * 30);
      }
    }
    expect(fastest).toBeLessThanOrEqual((0.8 - 0.1) / 8);
  });

  it("wanders through most of its band within a minute", () => {
    for (let id = 0; id < 12; id++) {
      let lo = 1;
      let hi = 0;
      for (let t = 0; t < 60; t += 0.5) {
        const f = fraction(id, t);
        lo = Math.min(lo, f);
        hi = Math.max(hi, f);
      }
      expect(hi - lo).toBeGreaterThan(0.5 * (0.8 - 0.1));
    }
  });

  it("does not move in step with the fish spawned beside it (the next id)", () => {
    for (let id = 0; id < 6; id++) {
      let apart = 0;
      let n = 0;
      for (let t = 0; t < 200; t += 0.5, n++) apart += Math.abs(fraction(id, t) - fraction(id + 1, t));
      expect(apart / n).toBeGreaterThan(0.2 * (0.8 - 0.1));
    }
  });
});

/** A beach: the floor rises toward +x and, less, toward +z; level 0. A 0.5 m fish fits where the floor is at most -0.52. */
const beach: HeightFunction = (x, z) => 0.1 * x + 0.05 * z - 2;
/** A flat shallow 0.3 m deep under level 0: too shallow for a 0.5 m fish anywhere. */
const flatShallow: HeightFunction = () => -0.3;

function fish(ground: HeightFunction | undefined, x: number, z: number, vx = 0, vz = 0): Swimmer {
  return { ...swimmer(DEPTH_BANDS.mid, ground, x, z, 0.5), vx, vz };
}

describe("steerFromShallows", () => {
  it("does not push a fish whose way ahead stays deep enough, however fast it swims", () => {
    const out = { x: 9, z: 9 };
    expect(steerFromShallows(fish(beach, 10, 0, 2, 0), 0, 2, out)).toBe(false);
    expect(out).toEqual({ x: 0, z: 0 });
    expect(steerFromShallows(fish(beach, 10, 0, 0, 3), 0, 3, out)).toBe(false);
    expect(steerFromShallows(fish(beach, 10, 0, 1, 2), 0, 2, out)).toBe(false);
    expect(out).toEqual({ x: 0, z: 0 });
  });

  it("turns a fish heading into the shallows down the floor's slope, a unit push", () => {
    const out = { x: 0, z: 0 };
    expect(steerFromShallows(fish(beach, 10, 0, 2, 0), 0, 5, out)).toBe(true);
    const len = Math.hypot(0.1, 0.05);
    expect(out.x).toBeCloseTo(-0.1 / len, 9);
    expect(out.z).toBeCloseTo(-0.05 / len, 9);
  });

  it("turns a fish back the way it came on a flat shallow", () => {
    const out = { x: 0, z: 0 };
    expect(steerFromShallows(fish(flatShallow, 0, 0, 3, 4), 0, 1, out)).toBe(true);
    expect(out.x).toBeCloseTo(-0.6, 12);
    expect(out.z).toBeCloseTo(-0.8, 12);
  });

  it("turns a fish creeping at a tenth of a millimetre a second (moving, not still)", () => {
    const out = { x: 0, z: 0 };
    expect(steerFromShallows(fish(flatShallow, 0, 0, 1e-4, 0), 0, 1, out)).toBe(true);
    expect(out.x).toBeCloseTo(-1, 12);
  });

  it("takes a floor rising a micrometre a metre for a flat one: back the way it came", () => {
    const out = { x: 0, z: 0 };
    const nearlyFlat: HeightFunction = (x) => x * 1e-6; // 0.3 m under a level of 0.3
    expect(steerFromShallows(fish(nearlyFlat, 0, 0, 0, 2), 0.3, 1, out)).toBe(true);
    expect(out.x).toBeCloseTo(0, 12);
    expect(out.z).toBeCloseTo(-1, 12);
  });

  it("does not push a fish that is still, nor one with no floor to read", () => {
    const out = { x: 0, z: 0 };
    expect(steerFromShallows(fish(flatShallow, 0, 0), 0, 1, out)).toBe(false);
    expect(steerFromShallows(fish(undefined, 0, 0, 1, 0), 0.3, 1, out)).toBe(false);
    expect(out).toEqual({ x: 0, z: 0 });
  });
});

describe("holdColumn", () => {
  it("takes back a step that ends shallower where the fish does not fit, and stops it", () => {
    const b = fish(beach, 15.5, 0, 1, 0.5);
    expect(holdColumn(b, 0, { x: 14, z: 0 })).toBe(true);
    expect([b.x, b.z, b.vx, b.vz]).toEqual([14, 0, 0, 0]);
  });

  it("leaves a step into water that fits it", () => {
    const b = fish(beach, 11, 0, 1, 0);
    expect(holdColumn(b, 0, { x: 10, z: 0 })).toBe(false);
    expect([b.x, b.z, b.vx, b.vz]).toEqual([11, 0, 1, 0]);
  });

  it("leaves a step out of the shallows toward deeper water, even where it does not fit yet", () => {
    const b = fish(beach, 15, 0, -1, 0);
    expect(fitsColumn(b, 0, 15, 0)).toBe(false);
    expect(holdColumn(b, 0, { x: 16, z: 0 })).toBe(false);
    expect([b.x, b.z, b.vx, b.vz]).toEqual([15, 0, -1, 0]);
  });

  it("leaves a step across a flat shallow (no shallower than where it started)", () => {
    const b = fish(flatShallow, 1, 0, 1, 0);
    expect(holdColumn(b, 0, { x: 0, z: 0 })).toBe(false);
    expect([b.x, b.z]).toEqual([1, 0]);
  });

  it("leaves a fish with no floor to read", () => {
    const b = fish(undefined, 1, 0, 1, 0);
    expect(holdColumn(b, 0.3, { x: 0, z: 0 })).toBe(false);
    expect([b.x, b.vx]).toEqual([1, 1]);
  });
});

describe("deepenPlace", () => {
  /** Along x only: the fish fits from x = 14.8 down. */
  const shore: HeightFunction = (x) => 0.1 * x - 2;

  it("moves a fish placed on the shallows down the slope, a quarter metre at a time, until it fits", () => {
    const b = fish(shore, 16, 3);
    expect(deepenPlace(b, 0)).toBe(true);
    expect(b.x).toBeCloseTo(14.75, 9);
    expect(b.z).toBe(3);
    expect(fitsColumn(b, 0, b.x, b.z)).toBe(true);
  });

  it("goes `beyond` metres further once it fits", () => {
    const b = fish(shore, 16, 3);
    expect(deepenPlace(b, 0, 20, 1)).toBe(true);
    expect(b.x).toBeCloseTo(13.75, 9);
  });

  it("moves it at most `reach` metres", () => {
    const b = fish(shore, 16, 3);
    expect(deepenPlace(b, 0, 0.5)).toBe(true);
    expect(b.x).toBeCloseTo(15.5, 9);
  });

  it("leaves a fish that fits where it is, and one on a flat shallow where it is", () => {
    const deep = fish(shore, 10, 3);
    expect(deepenPlace(deep, 0)).toBe(false);
    expect([deep.x, deep.z]).toEqual([10, 3]);
    const flat = fish(flatShallow, 2, 3);
    deepenPlace(flat, 0);
    expect([flat.x, flat.z]).toEqual([2, 3]);
  });
});
