/**
 * A skinned mesh's bone weights as the simplifier's attributes (riggedLevelSkin.ts), on hand-made
 * meshes with known bones: which meshes have any (both bone indices and weights, 4 a vertex, the
 * `Extra` pair too), the attribute each bone is given (bones meeting in a triangle get different
 * ones, greedily by bone index, at most 32), and each vertex's weights summed per attribute.
 * No engine, no simplifier.
 */
import { describe, expect, it } from "vitest";
import {
  type SkinnedTriangles,
  skinAttributes,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelSkin.js";

type Attribute = SkinnedTriangles["attributes"][number];

/** A vertex's influences: up to 4 bones and their weights (the rest padded with bone 0, weight 0). */
interface Influences {
  readonly bones: readonly number[];
  readonly weights: readonly number[];
}

const none: Influences = { bones: [], weights: [] };

/** 4 floats a vertex: each vertex's bones (or weights), padded with zeros. */
function padded(vertices: readonly Influences[], key: keyof Influences): Float32Array {
  const out = new Float32Array(vertices.length * 4);
  for (const [i, v] of vertices.entries()) out.set(v[key], i * 4);
  return out;
}

/**
 * A mesh of `vertices` (their positions do not matter here: each at x = its number) and `triangles`,
 * its influences as Babylon's `matricesIndices`/`matricesWeights`, and the `extra` ones as the
 * `Extra` pair when given. A colour of 4 floats a vertex comes first, as another attribute of size 4.
 */
function skinned(
  vertices: readonly Influences[],
  triangles: readonly number[],
  extra?: readonly Influences[],
): SkinnedTriangles {
  const positions = Float32Array.from(vertices.flatMap((_, i) => [i, 0, 0]));
  const attributes: Attribute[] = [
    { kind: "color", data: Float32Array.from(vertices.flatMap(() => [0.5, 0.25, 1, 1])), size: 4 },
    { kind: "position", data: positions, size: 3 },
    { kind: "matricesIndices", data: padded(vertices, "bones"), size: 4 },
    { kind: "matricesWeights", data: padded(vertices, "weights"), size: 4 },
  ];
  if (extra) {
    attributes.push(
      { kind: "matricesIndicesExtra", data: padded(extra, "bones"), size: 4 },
      { kind: "matricesWeightsExtra", data: padded(extra, "weights"), size: 4 },
    );
  }
  return { indices: Uint32Array.from(triangles), positions, attributes };
}

/** Each vertex's attributes, `stride` floats apiece. */
function rows(data: Float32Array, stride: number): number[][] {
  return Array.from({ length: data.length / stride }, (_, v) =>
    Array.from(data.subarray(v * stride, (v + 1) * stride)),
  );
}

describe("which meshes have skin attributes", () => {
  const rigid = [
    { bones: [1], weights: [1] },
    { bones: [1], weights: [1] },
    { bones: [1], weights: [1] },
  ];

  it("has none without both bone indices and weights of 4 floats a vertex", () => {
    const mesh = skinned(rigid, [0, 1, 2]);
    const without = (kind: string) => ({ ...mesh, attributes: mesh.attributes.filter((a) => a.kind !== kind) });
    const resized = (kind: string) => ({
      ...mesh,
      attributes: mesh.attributes.map((a) => (a.kind === kind ? { ...a, data: a.data.subarray(0, 9), size: 3 } : a)),
    });
    expect(skinAttributes(mesh)).toBeDefined();
    expect(skinAttributes(without("matricesIndices"))).toBeUndefined();
    expect(skinAttributes(without("matricesWeights"))).toBeUndefined();
    expect(skinAttributes(resized("matricesIndices"))).toBeUndefined();
    expect(skinAttributes(resized("matricesWeights"))).toBeUndefined();
    const positionsOnly = { ...mesh, attributes: mesh.attributes.filter((a) => a.kind === "position") };
    expect(skinAttributes(positionsOnly)).toBeUndefined();
  });

  it("reads the Extra pair on its own, and not one of it without the other", () => {
    const mesh = skinned([none, none, none], [0, 1, 2], rigid);
    const base = mesh.attributes.filter((a) => !a.kind.startsWith("matrices"));
    const extra = mesh.attributes.filter((a) => a.kind.endsWith("Extra"));
    expect(skinAttributes({ ...mesh, attributes: [...base, ...extra] })).toEqual({
      data: new Float32Array([1, 1, 1]),
      stride: 1,
    });
    for (const alone of extra) expect(skinAttributes({ ...mesh, attributes: [...base, alone] })).toBeUndefined();
  });

  it("gives a mesh whose weights are all zero one attribute, zero everywhere", () => {
    const mesh = skinned(
      [0, 1, 2].map(() => ({ bones: [3, 5], weights: [0, 0] })),
      [0, 1, 2],
    );
    expect(skinAttributes(mesh)).toEqual({ data: new Float32Array(3), stride: 1 });
  });
});

describe("the attribute each bone is given", () => {
  it("gives parts weighted rigidly to bones that never meet one attribute, equal everywhere", () => {
    // Two triangles, each rigid to a bone of its own, and a third bone on a vertex no triangle uses.
    const vertices = [4, 4, 4, 7, 7, 7, 9].map((bone) => ({ bones: [bone], weights: [1] }));
    const mesh = skinned(vertices, [0, 1, 2, 3, 4, 5]);
    expect(skinAttributes(mesh)).toEqual({ data: new Float32Array(7).fill(1), stride: 1 });
  });

  it("colours the bones that meet greedily by bone index, sums each vertex's weights per attribute, reads the Extra pair", () => {
    // Bones 2, 3, 10 and 11; 10 meets 11 (first triangle), 11 meets 3 (second), 2 meets 10 (third).
    // By bone index: 2 → 0, 3 → 0, 10 → 1 (meets 2), 11 → 2 (meets 10 and 3). Bones 6 and 7
    // weight only vertex 7, which no triangle uses: attribute 0, where its weights add up.
    const vertices: Influences[] = [
      { bones: [10], weights: [0.5] }, // and 11 by 0.5 in the Extra pair
      { bones: [10, 10], weights: [0.5, 0.5] }, // one bone twice: its weights add up
      { bones: [11], weights: [1] },
      { bones: [3], weights: [1] },
      { bones: [3, 11], weights: [0.5, 0.5] },
      { bones: [2], weights: [1] },
      { bones: [2, 10], weights: [0.25, 0.75] },
      { bones: [6, 7], weights: [0.25, 0.25] }, // and 6 by 0.5 in the Extra pair
      none,
    ];
    const extra = vertices.map(() => none);
    extra[0] = { bones: [11], weights: [0.5] };
    extra[7] = { bones: [6], weights: [0.5] };
    // Each triangle starts on a vertex of one bone: 11, then 2.
    const triangles = [0, 1, 2, 2, 3, 4, 5, 6, 1];
    const skin = skinAttributes(skinned(vertices, triangles, extra))!;
    expect(skin.stride).toBe(3);
    expect(rows(skin.data, 3)).toEqual([
      [0, 0.5, 0.5],
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
      [0.5, 0, 0.5],
      [1, 0, 0],
      [0.25, 0.75, 0],
      [1, 0, 0],
      [0, 0, 0],
    ]);
  });

  it("gives bones the attributes in order of bone index, not of first meeting", () => {
    // A path 20 - 5 - 30 - 8 met from its far end: by index 5 → 0, 8 → 0, 20 → 1, 30 → 1. A last
    // vertex, used by no triangle, weights bones 5 and 8: its attribute 0 has their sum.
    const vertices = [
      [30, 8],
      [30, 5],
      [20, 5],
    ].flatMap((pair) => [0, 1, 2].map(() => ({ bones: pair, weights: [0.5, 0.5] })));
    vertices.push({ bones: [5, 8], weights: [0.5, 0.5] });
    const skin = skinAttributes(skinned(vertices, [0, 1, 2, 3, 4, 5, 6, 7, 8]))!;
    expect(skin.stride).toBe(2);
    expect(rows(skin.data, 2)).toEqual([...Array(9).fill([0.5, 0.5]), [1, 0]]);
  });

  it("gives at most 32 attributes: bones beyond 32 meeting one another share the last", () => {
    // 34 bones, each rigid on a vertex of its own, every two of them in a triangle; bone k gets
    // attribute k, up to 31. A last vertex weights bones 32 and 33, a triangle with vertex 0.
    const bones = 34;
    const vertices: Influences[] = Array.from({ length: bones }, (_, k) => ({ bones: [k], weights: [1] }));
    vertices.push({ bones: [32, 33], weights: [0.5, 0.5] });
    const triangles: number[] = [];
    for (let i = 0; i < bones; i++) for (let j = i + 1; j < bones; j++) triangles.push(i, j, j);
    triangles.push(bones, 0, 0);
    const skin = skinAttributes(skinned(vertices, triangles))!;
    expect(skin.stride).toBe(32);
    const expected = vertices.map((_, v) => {
      const row = new Array<number>(32).fill(0);
      row[Math.min(v, 31)] = 1;
      return row;
    });
    expect(rows(skin.data, 32)).toEqual(expected);
  });
});
