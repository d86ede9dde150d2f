/**
 * The rules of areas that the other area tests leave out: holes (a pond in a meadow) in both
 * containsPoint and probeEdge, points level with a polygon's corner (the even-odd test must
 * count such a corner once), and a finite direction on the edge itself.
 */
import { describe, expect, it } from "vitest";
import { type Area, containsPoint, type EdgeProbe, edgeDistance, type PolygonArea } from "../../src/motion/area.js";
import { boxArea } from "../helpers/areas.js";

/** A meadow of radius 10 with a round pond and a square pen cut out; the pen has an island of its own. */
const meadow: Area = {
  center: { x: 0, z: 0 },
  radius: 10,
  holes: [
    { center: { x: 4, z: 0 }, radius: 1 },
    { ...boxArea(-6, -1, -4, 1), holes: [{ center: { x: -5, z: 0 }, radius: 0.5 }] },
  ],
};

/** A box with a notch cut into its right side: the notch's corner (3, 1) is level with points inside. */
const notched: PolygonArea = {
  points: [
    { x: 0, z: 0 },
    { x: 4, z: 0 },
    { x: 3, z: 1 },
    { x: 4, z: 2 },
    { x: 0, z: 2 },
  ],
};
const notchedClockwise: PolygonArea = { points: [...notched.points].reverse() };
/** The same notch on the left side: a ray to the right from a point level with its corner passes it. */
const notchedLeft: PolygonArea = { points: notched.points.map((p) => ({ x: 4 - p.x, z: p.z })) };

function probe(area: Area, x: number, z: number): [number, number, number] {
  const out: EdgeProbe = { x: 0, z: 0 };
  const d = edgeDistance(area, x, z, out);
  return [d + 0, out.x + 0, out.z + 0]; // + 0: no -0
}

describe("areas with holes", () => {
  it("holds no point of a hole, whichever hole; a hole's own holes count for nothing", () => {
    const cases: [number, number, boolean][] = [
      [0, 0, true],
      [4, 0, false], // the pond
      [4.9, 0, false],
      [5.1, 0, true],
      [-4.5, 0.5, false], // the pen
      [-5, 0, false], // the pen's island is still cut out of the meadow
      [-6.5, 0, true],
      [0, 10.5, false],
    ];
    expect(cases.map(([x, z]) => [x, z, containsPoint(meadow, x, z)])).toEqual(cases);
  });

  it("measures the edge of the nearest hole, pointing away from it; inside a hole, negative, pointing out", () => {
    const [d, x, z] = probe(meadow, 2, 0); // 2 m from the pond's rim, 8 from the meadow's
    expect([d, x, z]).toEqual([1, -1, 0]);
    const [inD, inX, inZ] = probe(meadow, 4.5, 0); // in the pond, 0.5 m from its rim
    expect([inD, inX, inZ]).toEqual([-0.5, 1, 0]);
    // The pen (second hole) is nearer than the pond and the meadow's rim.
    const [penD, penX, penZ] = probe(meadow, -3.5, 0);
    expect([penD, penX, penZ]).toEqual([0.5, 1, 0]);
    const [sideD, sideX, sideZ] = probe(meadow, -5, -1.25);
    expect([sideD, sideX, sideZ]).toEqual([0.25, 0, -1]);
    // Near the rim, the rim is nearer than any hole.
    const [rimD, rimX, rimZ] = probe(meadow, 0, -9.5);
    expect([rimD, rimX, rimZ]).toEqual([0.5, 0, 1]);
  });
});

describe("polygons at a corner's level", () => {
  it.each([
    ["counter-clockwise", notched, 1, 3.5],
    ["clockwise", notchedClockwise, 1, 3.5],
    ["notched on the left", notchedLeft, 3, 0.5],
  ] as const)("holds a point level with the notch's corner (%s), not one in the notch", (_, area, inX, notchX) => {
    expect([containsPoint(area, inX, 1), containsPoint(area, notchX, 1)]).toEqual([true, false]);
    const [d] = probe(area, inX, 1);
    expect(d).toBeCloseTo(1, 12); // inside: 1 m from the top and bottom edges
    const [out, x] = probe(area, notchX, 1);
    expect(out).toBeLessThan(0);
    expect(Math.sign(x)).toBe(Math.sign(2 - notchX)); // back toward the box
  });

  it("gives a point on an edge a zero distance and a finite direction", () => {
    for (const [x, z] of [
      [2, 0],
      [0, 1],
      [3, 1],
      [4, 0],
    ]) {
      const [d, dx, dz] = probe(notched, x!, z!);
      expect([x, z, Math.abs(d), Number.isFinite(dx), Number.isFinite(dz)]).toEqual([x, z, 0, true, true]);
    }
  });
});
