import { describe, expect, it } from "vitest";
import { AXES, type Box3, boxCenter, boxOfPositions, unionBoxes } from "../../src/rig/box.js";

const box = (min: [number, number, number], max: [number, number, number]): Box3 => ({
  min: { x: min[0], y: min[1], z: min[2] },
  max: { x: max[0], y: max[1], z: max[2] },
});

describe("box", () => {
  it("lists the axes in order", () => {
    expect(AXES).toEqual(["x", "y", "z"]);
  });

  it("boxCenter is the middle of each axis", () => {
    expect(boxCenter(box([-1, 0, 2], [3, 4, 2]))).toEqual({ x: 1, y: 2, z: 2 });
  });

  it("unionBoxes holds every box, copies rather than aliases, and is undefined for none", () => {
    const a = box([0, 0, 0], [1, 1, 1]);
    const b = box([-2, 0.5, 0.5], [0.5, 3, 0.75]);
    const union = unionBoxes([a, b])!;
    expect(union).toEqual(box([-2, 0, 0], [1, 3, 1]));
    expect(union.min).not.toBe(a.min);
    expect(a).toEqual(box([0, 0, 0], [1, 1, 1]));
    expect(unionBoxes([a])).toEqual(a);
    expect(unionBoxes([a])!.max).not.toBe(a.max);
    expect(unionBoxes([])).toBeUndefined();
    expect(unionBoxes(new Set([b]).values())).toEqual(b);
  });

  it("boxOfPositions bounds a flat xyz array, ignoring a trailing partial vertex", () => {
    expect(boxOfPositions([1, 2, 3, -1, 5, 0, 0, -4, 9])).toEqual(box([-1, -4, 0], [1, 5, 9]));
    expect(boxOfPositions(new Float32Array([0.5, 0.5, 0.5]))).toEqual(box([0.5, 0.5, 0.5], [0.5, 0.5, 0.5]));
    expect(boxOfPositions([0, 0, 0, 100, 100])).toEqual(box([0, 0, 0], [0, 0, 0]));
    expect(boxOfPositions([])).toBeUndefined();
    expect(boxOfPositions([1, 2])).toBeUndefined();
  });
});
