import { describe, expect, it } from "vitest";
import {
  type Area,
  areaCenter,
  containsPoint,
  type EdgeProbe,
  edgeDistance,
  isCircleArea,
  type PolygonArea,
  probeEdge,
} from "../../src/motion/area.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { round } from "../helpers/round.js";

const circle: Area = { center: { x: 2, z: -1 }, radius: 3 };
/** An L shape (concave), counter-clockwise. */
const ell: PolygonArea = {
  points: [
    { x: 0, z: 0 },
    { x: 6, z: 0 },
    { x: 6, z: 2 },
    { x: 2, z: 2 },
    { x: 2, z: 6 },
    { x: 0, z: 6 },
  ],
};
const ellClockwise: PolygonArea = { points: [...ell.points].reverse() };

/** Distance from (x, z) to the nearest point of the polygon's edges, by brute force. */
function nearestEdge(area: PolygonArea, x: number, z: number): { d: number; x: number; z: number } {
  let best = { d: Infinity, x, z };
  const p = area.points;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    for (let k = 0; k <= 2000; k++) {
      const nx = a.x + ((b.x - a.x) * k) / 2000;
      const nz = a.z + ((b.z - a.z) * k) / 2000;
      const d = Math.hypot(x - nx, z - nz);
      if (d < best.d) best = { d, x: nx, z: nz };
    }
  }
  return best;
}

describe("containsPoint", () => {
  it("holds a circle's inside and rim", () => {
    expect(containsPoint(circle, 2, -1)).toBe(true);
    expect(containsPoint(circle, 5, -1)).toBe(true);
    expect(containsPoint(circle, 5.001, -1)).toBe(false);
    expect(containsPoint(circle, 4.2, 1.2)).toBe(false);
  });

  it.each([
    ["counter-clockwise", ell],
    ["clockwise", ellClockwise],
  ])("tells a concave polygon's inside, %s", (_winding, area) => {
    expect(containsPoint(area, 1, 1)).toBe(true);
    expect(containsPoint(area, 5, 1)).toBe(true);
    expect(containsPoint(area, 1, 5)).toBe(true);
    expect(containsPoint(area, 4, 4)).toBe(false); // the notch
    expect(containsPoint(area, -1, 1)).toBe(false);
    expect(containsPoint(area, 7, 1)).toBe(false);
  });
});

describe("edgeDistance and probeEdge", () => {
  it("measures a circle: positive inside, negative outside, pointing to the centre", () => {
    const out: EdgeProbe = { x: 0, z: 0 };
    expect(edgeDistance(circle, 3, -1, out)).toBe(2);
    expect(out).toEqual({ x: -1, z: 0, distance: 2 });
    expect(edgeDistance(circle, 2, 4, out)).toBe(-2);
    expect(out).toEqual({ x: 0, z: -1, distance: -2 });
    expect(edgeDistance(circle, 2, -1, out)).toBe(3); // at the centre any way is in: none given
    expect([out.x, out.z]).toEqual([0, 0]);
  });

  it.each([
    ["counter-clockwise", ell],
    ["clockwise", ellClockwise],
  ])("measures a concave polygon as brute force does, %s, the direction leading to the edge", (_w, area) => {
    const rng = new SeededRandom(11);
    const out: EdgeProbe = { x: 0, z: 0 };
    let inside = 0;
    for (let k = 0; k < 300; k++) {
      const x = rng.range(-2, 8);
      const z = rng.range(-2, 8);
      const d = edgeDistance(area, x, z, out);
      const near = nearestEdge(area, x, z);
      expect(Math.abs(Math.abs(d) - near.d)).toBeLessThan(0.005);
      expect(d > 0).toBe(containsPoint(area, x, z));
      expect(round(Math.hypot(out.x, out.z))).toBe(1);
      // Outside, the direction leads onto the nearest edge point; inside, away from it.
      const sign = d > 0 ? -1 : 1;
      expect(Math.hypot(x + sign * out.x * Math.abs(d) - near.x, z + sign * out.z * Math.abs(d) - near.z)).toBeLessThan(
        0.01,
      );
      if (d > 0) inside++;
    }
    expect(inside).toBeGreaterThan(50);
  });

  it("probeEdge reads the point from an object and writes the same as edgeDistance", () => {
    const a: EdgeProbe = { x: 0, z: 0 };
    const b: EdgeProbe = { x: 0, z: 0 };
    for (const area of [circle, ell]) {
      const d = edgeDistance(area, 3.5, 1.25, a);
      probeEdge(area, { x: 3.5, z: 1.25 }, b);
      expect(b).toEqual(a);
      expect(b.distance).toBe(d);
    }
    expect(a.distance).toBe(0.75);
  });
});

describe("areaCenter and isCircleArea", () => {
  it("gives a circle's centre (a copy) and a polygon's mean point", () => {
    const centre = areaCenter(circle);
    expect(centre).toEqual({ x: 2, z: -1 });
    centre.x = 9;
    expect(areaCenter(circle)).toEqual({ x: 2, z: -1 });
    expect(areaCenter(ell)).toEqual({ x: 16 / 6, z: 16 / 6 });
  });

  it("tells circles from polygons", () => {
    expect(isCircleArea(circle)).toBe(true);
    expect(isCircleArea(ell)).toBe(false);
    expect(isCircleArea({ center: { x: 0, z: 0 }, radius: 0 })).toBe(true);
  });
});
