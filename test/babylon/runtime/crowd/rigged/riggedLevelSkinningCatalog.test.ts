/**
 * The catalog's rigged models' levels posed by their own walk clips (riggedLevelData.ts over
 * catalog meshes fetched over real HTTP from the reference service; the clips baked as the crowd
 * bakes them, riggedBake.ts): linear blend skinning on the CPU from the bake's bone matrices, the
 * far level's posed surface against the full creature's strays no further than at rest
 * (meshoptimizer's error is a quadric's, not a distance bound: at rest the far level already
 * strays further than its 8 % target in places, thin parts simplified to slivers). The catalog's parts
 * are each skinned rigidly to one bone and never joined, so weighing the bone weights changes
 * nothing here: the index counts are those of a simplification without weights.
 */
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { levelSpecs, MESH_LOD_DEFAULTS } from "../../../../../src/babylon/options/meshLodOptions.js";
import { bakeRiggedClips } from "../../../../../src/babylon/runtime/crowd/rigged/riggedBake.js";
import { vertexMeshOf } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevel.js";
import {
  simplifierReady,
  type VertexLevels,
  type VertexMesh,
  vertexLevels,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { catalogTemplate, fetchCatalogRig } from "../../../../helpers/catalogRig.js";
import { startCatalogService } from "../../../../helpers/catalogService.js";
import { createRiggedScene } from "../../../../helpers/riggedScene.js";
import { skin, surfaceGap } from "./skinnedSurface.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  await simplifierReady();
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let env: ReturnType<typeof createRiggedScene> | undefined;
afterEach(() => {
  env?.dispose();
  env = undefined;
});

const specs = levelSpecs(MESH_LOD_DEFAULTS);

function levelsOf(mesh: VertexMesh): VertexLevels {
  const steps = vertexLevels(mesh, specs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The largest side of the box around `positions` (meshoptimizer's errors are shares of it). */
function extentOf(positions: Float32Array): number {
  let extent = 0;
  for (let c = 0; c < 3; c++) {
    let [low, high] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (let i = c; i < positions.length; i += 3)
      [low, high] = [Math.min(low, positions[i]!), Math.max(high, positions[i]!)];
    extent = Math.max(extent, high - low);
  }
  return extent;
}

/** All of `meshes` posed by `bones`, as one surface. */
function posedCreature(meshes: readonly VertexMesh[], bones: readonly Float32Array[]) {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const mesh of meshes) {
    const first = positions.length / 3;
    positions.push(...skin(mesh.attributes, bones));
    for (const i of mesh.indices) indices.push(first + i);
  }
  return { positions: Float64Array.from(positions), indices: Uint32Array.from(indices) };
}

describe("the catalog's rigged levels, posed by their walk clips", () => {
  for (const name of ["zebra", "dog", "hippo"]) {
    it(`${name}: the far level strays no further through the walk than at rest, as many indices as without weights`, async () => {
      env = createRiggedScene();
      const rig = await catalogTemplate(env.scene, name, await fetchCatalogRig(service.url, name));
      const bake = await bakeRiggedClips(rig, { maxTextureSize: 4096 });
      const walk = bake.clips.find((c) => c.name === "walk")!;
      expect(walk).toBeDefined();
      const far = specs.length - 1;
      let [fullIndices, farIndices, worstPosed, moved] = [0, 0, 0, 0];
      const sources = (rig.container.meshes as Mesh[]).filter((m) => m.skeleton);
      const fulls: VertexMesh[] = [];
      const levels: VertexMesh[] = [];
      for (const source of sources) {
        const mesh = vertexMeshOf(source)!;
        const level = levelsOf(mesh)[far];
        fulls.push(mesh);
        // A level that gained too little is drawn at full detail.
        levels.push(
          level ? { ...level, indices: Uint32Array.from(level.indices), positions: level.attributes[0]!.data } : mesh,
        );
        if (!level) continue;
        const target = Math.floor((mesh.indices.length * specs[far]!.ratio) / 3) * 3;
        const [unweighed] = MeshoptSimplifier.simplify(mesh.indices, mesh.positions, 3, target, specs[far]!.error, []);
        expect(level.indices.length).toBe(unweighed.length);
        fullIndices += mesh.indices.length;
        farIndices += level.indices.length;
      }
      // The whole creature (a part too small to keep at the far level is covered by its neighbour), in shares of its size.
      const rows = (row: number) => {
        const matrices = bake.data.subarray(row * bake.width * 4, (row + 1) * bake.width * 4);
        return Array.from({ length: bake.skeleton.bones.length }, (_, b) => matrices.subarray(b * 16, b * 16 + 16));
      };
      const full = (bones: Float32Array[]) => posedCreature(fulls, bones);
      const extent = extentOf(Float32Array.from(full(rows(0)).positions));
      const rest = surfaceGap(full(rows(0)), posedCreature(levels, rows(0))) / extent;
      for (const phase of [0, 0.25, 0.5, 0.75]) {
        const bones = rows(walk.start + Math.floor(walk.frames * phase));
        const posed = full(bones);
        const gap = surfaceGap(posed, posedCreature(levels, bones)) / extent;
        expect(gap, `at ${phase}`).toBeLessThanOrEqual(rest + 0.01);
        worstPosed = Math.max(worstPosed, gap);
        // The clip really moves the creature: the test is not of a rest pose.
        const still = full(rows(0)).positions;
        for (let i = 0; i < still.length; i++)
          moved = Math.max(moved, Math.abs(posed.positions[i]! - still[i]!) / extent);
      }
      console.info(
        `${name}: far level ${farIndices}/${fullIndices} indices, gap ${(rest * 100).toFixed(2)} % of its size at rest, ` +
          `${(worstPosed * 100).toFixed(2)} % through the walk, which moves a vertex up to ${(moved * 100).toFixed(1)} %`,
      );
      expect(farIndices).toBeGreaterThan(0);
      expect(moved).toBeGreaterThan(0.02);
    }, 60_000);
  }
});
