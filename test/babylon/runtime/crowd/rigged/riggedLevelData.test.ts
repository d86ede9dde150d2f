/**
 * Simplified levels of a skinned mesh as plain arrays (riggedLevelData.ts, meshoptimizer's
 * simplifier): fewer triangles per level, every attribute (bone indices and weights among them)
 * carried to the vertices kept, and no level where simplifying gains too little. No engine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { simplifierReady, type VertexMesh } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { runVertexLevels } from "./vertexLevelSteps.js";

beforeAll(() => simplifierReady());

/** A UV sphere of `rings` × `segments` quads, skinned to 4 bones by height: each attribute a function of its position. */
function skinnedSphere(rings: number, segments: number): VertexMesh {
  const positions: number[] = [];
  const bones: number[] = [];
  const weights: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const phi = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const theta = (s / segments) * Math.PI * 2;
      const y = Math.fround(Math.cos(phi)); // as stored: the skin is a function of the stored height
      positions.push(Math.sin(phi) * Math.cos(theta), y, Math.sin(phi) * Math.sin(theta));
      bones.push(...skinOf(y).bones);
      weights.push(...skinOf(y).weights);
    }
  }
  const indices: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      indices.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  const p = Float32Array.from(positions);
  return {
    indices: Uint32Array.from(indices),
    positions: p,
    attributes: [
      { kind: "position", data: p, size: 3 },
      { kind: "matricesIndices", data: Float32Array.from(bones), size: 4 },
      { kind: "matricesWeights", data: Float32Array.from(weights), size: 4 },
    ],
  };
}

function skinOf(y: number): { bones: number[]; weights: number[] } {
  const band = Math.min(3, Math.floor(((y + 1) / 2) * 4));
  const w = Math.fround((y + 1) / 2);
  return { bones: [band, (band + 1) % 4, 0, 0], weights: [w, Math.fround(1 - w), 0, 0] };
}

describe("levels of a skinned mesh", () => {
  it("keeps fewer triangles per level, one simplifier call a step, every attribute carried", () => {
    const mesh = skinnedSphere(40, 60);
    const { levels, steps } = runVertexLevels(mesh, [
      { ratio: 0.25, error: 0.03 },
      { ratio: 0.06, error: 0.08 },
    ]);
    expect(steps).toBe(2);
    expect(levels).toHaveLength(2);
    const [one, two] = levels;
    expect(one!.indices.length).toBeLessThanOrEqual(mesh.indices.length * 0.25);
    expect(two!.indices.length).toBeLessThan(one!.indices.length);
    for (const level of [one!, two!]) {
      expect(level.attributes.map((a) => a.kind)).toEqual(["position", "matricesIndices", "matricesWeights"]);
      const [p, b, w] = level.attributes.map((a) => a.data) as [Float32Array, Float32Array, Float32Array];
      const vertices = p.length / 3;
      expect(b.length).toBe(vertices * 4);
      expect(w.length).toBe(vertices * 4);
      expect(Math.max(...level.indices)).toBe(vertices - 1); // unused vertices dropped
      for (let v = 0; v < vertices; v++) {
        const skin = skinOf(p[v * 3 + 1]!);
        expect(Array.from(b.subarray(v * 4, v * 4 + 4))).toEqual(skin.bones);
        expect(Array.from(w.subarray(v * 4, v * 4 + 4))).toEqual(skin.weights);
      }
    }
  });

  it("makes no level where simplifying gains too little, and repeats a level that gains nothing more", () => {
    // A cube: any collapse bends it by more than 0.1% of its size.
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i & 1, (i >> 1) & 1, (i >> 2) & 1]);
    const faces = [
      0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5,
    ];
    const positions = Float32Array.from(corners);
    const cube = {
      indices: Uint32Array.from(faces),
      positions,
      attributes: [{ kind: "position", data: positions, size: 3 }],
    };
    expect(runVertexLevels(cube, [{ ratio: 0.25, error: 0.001 }]).levels).toEqual([null]);
    const mesh = skinnedSphere(20, 30);
    const { levels } = runVertexLevels(mesh, [
      { ratio: 0.2, error: 0.05 },
      { ratio: 0.19, error: 0.05 },
    ]);
    expect(levels[0]).not.toBeNull();
    expect(levels[1]).toBe(levels[0]); // the same object: no geometry of its own is worth making
  });
});
