/**
 * Rigged levels of a mesh of several sub-meshes (a multi-material mesh): each sub-mesh's index
 * run simplified on its own and kept a run of its own with its material index, in plain arrays
 * (riggedLevelData.ts) and as Babylon sub-meshes of the level's drawing mesh (riggedLevels.ts,
 * NullEngine). Before, such a mesh was left at full detail.
 */
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import { MultiMaterial } from "@babylonjs/core/Materials/multiMaterial.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { SubMesh } from "@babylonjs/core/Meshes/subMesh.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { levelSpecs, MESH_LOD_DEFAULTS } from "../../../../../src/babylon/options/meshLodOptions.js";
import { riggedLevelMeshOf, vertexMeshOf } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevel.js";
import {
  simplifierReady,
  type VertexLevel,
  type VertexMesh,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";
import { skinnedLimb } from "./skinnedSurface.js";
import { runVertexLevels } from "./vertexLevelSteps.js";

beforeAll(() => simplifierReady());

const specs = levelSpecs(MESH_LOD_DEFAULTS);

const levelsOf = (mesh: VertexMesh) => runVertexLevels(mesh, specs);

/** The skinned limb of skinnedSurface.ts as two sub-meshes: the tube below mid-height (material 1), then the rest (material 0). */
function twoRunLimb(): VertexMesh {
  const { mesh } = skinnedLimb({ bones: 3, band: 0.3, rings: 48, segments: 16 });
  const below: number[] = [];
  const above: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const triangle = Array.from(mesh.indices.subarray(t, t + 3));
    const low = triangle.every((v) => mesh.positions[v * 3 + 1]! <= 1);
    (low ? below : above).push(...triangle);
  }
  return {
    ...mesh,
    indices: Uint32Array.from([...below, ...above]),
    ranges: [
      { indexStart: 0, indexCount: below.length, materialIndex: 1 },
      { indexStart: below.length, indexCount: above.length, materialIndex: 0 },
    ],
  };
}

/** The heights of the vertices each run of `level` uses. */
function heightsOfRuns(level: VertexLevel): number[][] {
  const positions = level.attributes.find((a) => a.kind === "position")!.data;
  return level.ranges!.map((r) =>
    Array.from(level.indices.subarray(r.indexStart, r.indexStart + r.indexCount), (v) => positions[v * 3 + 1]!),
  );
}

describe("levels of a mesh of several sub-meshes", () => {
  it("simplifies each run on its own, one call a step, and keeps it a run of its own with its material", () => {
    const mesh = twoRunLimb();
    const { levels, steps } = levelsOf(mesh);
    expect(steps).toBe(specs.length * 2);
    for (const [l, level] of levels.entries()) {
      expect(level, `level ${l + 1}`).not.toBeNull();
      expect(level!.ranges!.map((r) => r.materialIndex)).toEqual([1, 0]);
      expect(level!.ranges![0]!.indexStart).toBe(0);
      expect(level!.ranges![1]!.indexStart).toBe(level!.ranges![0]!.indexCount);
      expect(level!.ranges![1]!.indexStart + level!.ranges![1]!.indexCount).toBe(level!.indices.length);
      for (const [i, run] of level!.ranges!.entries()) {
        expect(run.indexCount, `level ${l + 1} run ${i}`).toBeGreaterThan(0);
        expect(run.indexCount, `level ${l + 1} run ${i}`).toBeLessThan(
          mesh.ranges![i]!.indexCount * specs[l]!.ratio * 1.5,
        );
      }
      // Each run keeps to its own part of the tube: the lower below mid-height, the upper above.
      const [below, above] = heightsOfRuns(level!);
      expect(Math.max(...below!)).toBeLessThanOrEqual(1);
      expect(Math.min(...above!)).toBeGreaterThanOrEqual(Math.fround(1 - 2 / 48));
    }
    expect(levels[1]!.indices.length).toBeLessThan(levels[0]!.indices.length);
  });
});

describe("drawing meshes of a mesh of several sub-meshes", () => {
  let env: ReturnType<typeof createNullScene> | undefined;
  afterEach(() => {
    env?.dispose();
    env = undefined;
  });

  it("reads its sub-meshes as runs, and draws each level with one sub-mesh per run and its material", () => {
    env = createNullScene();
    const data = twoRunLimb();
    const source = new Mesh("limb", env.scene);
    for (const { kind, data: values, size } of data.attributes) source.setVerticesData(kind, values, false, size);
    source.setIndices(data.indices);
    source.releaseSubMeshes();
    const vertices = source.getTotalVertices();
    for (const r of data.ranges!) SubMesh.AddToMesh(r.materialIndex, 0, vertices, r.indexStart, r.indexCount, source);
    const material = new MultiMaterial("limb", env.scene);
    material.subMaterials.push(new StandardMaterial("a", env.scene), new StandardMaterial("b", env.scene));
    source.material = material;

    const read = vertexMeshOf(source)!;
    expect(read.ranges).toEqual(data.ranges);
    const { levels } = levelsOf(read);
    const far = riggedLevelMeshOf(source, levels[1], "limb/lod2");
    expect(far.material).toBe(material);
    expect(far.subMeshes.map((s) => [s.materialIndex, s.indexStart, s.indexCount])).toEqual(
      levels[1]!.ranges!.map((r) => [r.materialIndex, r.indexStart, r.indexCount]),
    );
    expect(far.getTotalIndices()).toBeLessThan(source.getTotalIndices() * 0.15);
    expect(far.getVerticesData(VertexBuffer.MatricesWeightsKind)).not.toBeNull();
    // A level that gained too little is a copy of the full mesh: its sub-meshes too.
    const copy = riggedLevelMeshOf(source, null, "limb/lod1");
    expect(copy.subMeshes.map((s) => [s.materialIndex, s.indexStart, s.indexCount])).toEqual(
      source.subMeshes.map((s) => [s.materialIndex, s.indexStart, s.indexCount]),
    );
  });
});
