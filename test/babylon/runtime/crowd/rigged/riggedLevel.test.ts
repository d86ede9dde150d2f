/**
 * Mesh level of detail for rigged crowds (`meshLod`, riggedLevels.ts): distant catalog zebras
 * drawn from simplified skinned meshes posed by the same baked clips, over real HTTP against
 * the reference service (NullEngine). Counts: indices Babylon draws near and far, meshes
 * simplified once per model, level switches at a boundary (hysteresis), a creature's matrix and
 * clip settings carried to its new level, picking and growing far away, and nothing left after
 * dispose.
 */
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import type { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../../../src/api/client.js";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import type { MeshLodOptions } from "../../../../../src/babylon/options/meshLodOptions.js";
import { riggedCrowdOfMesh, riggedCrowdStats } from "../../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { riggedLevelStats } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevel.js";
import { startCatalogService } from "../../../../helpers/catalogService.js";
import { createRiggedScene, riggedCounts } from "../../../../helpers/riggedScene.js";

const SETTINGS = "bakedVertexAnimationSettingsInstanced";
let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let t: ReturnType<typeof setup>;
afterEach(() => t?.dispose());
beforeEach(() => {
  for (const key of Object.keys(riggedCrowdStats) as (keyof typeof riggedCrowdStats)[]) riggedCrowdStats[key] = 0;
  riggedLevelStats.meshesSimplified = 0;
  riggedLevelStats.steps = 0;
});

function setup(meshLod?: MeshLodOptions | false) {
  const env = createRiggedScene();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  // Every creature drawn every frame: the figures are the mesh levels'.
  const menagerie = new Menagerie(env.scene, {
    client,
    animationLod: false,
    ...(meshLod === undefined ? {} : { meshLod }),
  });
  const camera = env.scene.activeCamera as FreeCamera;
  camera.position.set(0, 1, 0);
  camera.setTarget(new Vector3(0, 1, 10));
  return {
    scene: env.scene,
    menagerie,
    camera,
    baseline: riggedCounts(env.scene),
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

/** `count` zebras in a row across the view, `distance` metres ahead of the camera; and their crowd, its levels made. */
async function zebrasAt(count: number, distance: number) {
  const zebras = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.menagerie.spawnCreature("zebra", { position: new Vector3((i - count / 2) * 3, 0, distance) }),
    ),
  );
  const crowd = riggedCrowdOfMesh(crowdMeshes()[0]!)!;
  return { zebras, crowd, levels: await crowd.levelsReady };
}

const crowdMeshes = () => t.scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];

/** Indices Babylon drew in a frame (once every mesh it would draw is ready). */
async function indicesDrawn(): Promise<number> {
  t.scene.render();
  await t.scene.whenReadyAsync();
  t.scene.render();
  return t.scene.getActiveIndices();
}

/** Puts the camera `heights` zebra heights away from the row at z = `at`. */
function cameraAt(heights: number, height: number, at = 0) {
  t.camera.position.z = at - heights * height;
}

describe("mesh level of detail for rigged crowds", () => {
  it("draws distant rigged creatures from simplified skinned meshes: far fewer indices, the same up close", async () => {
    t = setup();
    const { zebras, crowd, levels } = await zebrasAt(10, 0);
    expect(levels).toBe(3);
    const height = zebras[0]!.heightMeters;
    const full = crowdMeshes().reduce((n, m) => n + m.getTotalIndices(), 0);
    cameraAt(5, height);
    const near = await indicesDrawn();
    expect(near).toBe(10 * full);
    cameraAt(25, height); // level 1
    const middle = await indicesDrawn();
    expect(crowd.levelCounts).toEqual([0, 10, 0]);
    cameraAt(100, height); // level 2
    const far = await indicesDrawn();
    expect(crowd.levelCounts).toEqual([0, 0, 10]);
    expect(middle).toBeLessThan(near * 0.5);
    expect(far).toBeLessThan(middle);
    expect(far).toBeLessThan(near * 0.15);
    expect(far).toBeGreaterThan(0);
    cameraAt(5, height); // back up close: full detail again
    expect(await indicesDrawn()).toBe(near);
    expect(crowd.levelCounts).toEqual([10, 0, 0]);
  });

  it("simplifies each mesh once per model, carrying bone indices and weights, skinned from the same bake", async () => {
    t = setup();
    const { zebras, crowd } = await zebrasAt(4, 0);
    const sources = crowd.meshes.length;
    expect(riggedLevelStats.meshesSimplified).toBe(sources);
    expect(riggedLevelStats.steps).toBe(sources * 2); // one task per simplifier call
    cameraAt(100, zebras[0]!.heightMeters);
    await indicesDrawn();
    await zebrasAt(4, 0); // more of the model, also far
    await indicesDrawn();
    expect(riggedLevelStats.meshesSimplified).toBe(sources); // not again
    expect(crowd.meshes).toHaveLength(sources * 2); // full and level 2: level 1 is made when a creature needs it
    expect(riggedCrowdStats.levelMeshesMade).toBe(sources);
    const level0 = crowd.meshes.filter((m) => m.metadata.menagerie.level === 0);
    for (const mesh of crowd.meshes.filter((m) => m.metadata.menagerie.level === 2)) {
      const source = level0.find((m) => mesh.name === `${m.name}/lod2`)!;
      expect(source, mesh.name).toBeDefined();
      expect(mesh.thinInstanceCount).toBe(8);
      expect(mesh.material).toBe(source.material);
      if (!source.skeleton) continue;
      expect(mesh.skeleton).toBe(source.skeleton);
      expect(mesh.bakedVertexAnimationManager).toBe(source.bakedVertexAnimationManager);
      expect(mesh.getVerticesDataKinds().sort()).toEqual(source.getVerticesDataKinds().sort());
      expect(mesh.getVerticesDataKinds()).toEqual(
        expect.arrayContaining([VertexBuffer.MatricesIndicesKind, VertexBuffer.MatricesWeightsKind]),
      );
      expect(mesh.getTotalIndices()).toBeLessThan(source.getTotalIndices() * 0.2);
      // Every kept vertex has the bones and weights of the full mesh's vertex at its place.
      const bonesAt = new Map<string, string>();
      const positions = source.getVerticesData(VertexBuffer.PositionKind)!;
      const bones = source.getVerticesData(VertexBuffer.MatricesIndicesKind)!;
      const weights = source.getVerticesData(VertexBuffer.MatricesWeightsKind)!;
      const key = (p: ArrayLike<number>, i: number) => `${p[i * 3]},${p[i * 3 + 1]},${p[i * 3 + 2]}`;
      const skin = (b: ArrayLike<number>, w: ArrayLike<number>, i: number) =>
        `${Array.from({ length: 4 }, (_, c) => `${b[i * 4 + c]}:${w[i * 4 + c]}`)}`;
      for (let i = 0; i < positions.length / 3; i++) bonesAt.set(key(positions, i), skin(bones, weights, i));
      const kept = mesh.getVerticesData(VertexBuffer.PositionKind)!;
      const keptBones = mesh.getVerticesData(VertexBuffer.MatricesIndicesKind)!;
      const keptWeights = mesh.getVerticesData(VertexBuffer.MatricesWeightsKind)!;
      for (let i = 0; i < kept.length / 3; i++) expect(skin(keptBones, keptWeights, i)).toBe(bonesAt.get(key(kept, i)));
      // Its creatures' clip settings go with them: a settings buffer of its own.
      expect(mesh.getVertexBuffer(SETTINGS)?.getSize()).toBe(4);
    }
  });

  it("moves a creature's matrix and clip settings with it when it changes level", async () => {
    t = setup();
    const { zebras, crowd } = await zebrasAt(3, 0);
    void zebras[1]!.moveTo({ x: 0, z: 300 });
    for (let i = 0; i < 120; i++) t.menagerie.stepMotion(1 / 60);
    const skinned = () => crowdMeshes().filter((m) => m.skeleton);
    const seenAt = (level: number) => {
      const mesh = skinned().find((m) => m.metadata.menagerie.level === level)!;
      for (let i = 0; i < mesh.thinInstanceCount; i++) {
        if (mesh.metadata.menagerie.creatureAt(i) === zebras[1])
          return { matrix: mesh.thinInstanceGetWorldMatrices()[i]!.asArray(), shown: crowd.shownAt(i, level) };
      }
      return undefined;
    };
    t.scene.render();
    const before = seenAt(0)!;
    expect(before.shown?.clip).toBe("walk");
    cameraAt(25, zebras[0]!.heightMeters, zebras[1]!.root.position.z);
    t.scene.render(); // no step between: what it showed is what it shows
    expect(seenAt(0)).toBeUndefined();
    expect(seenAt(1)).toEqual(before);
    expect(riggedCrowdStats.levelSwitches).toBe(3);
  });

  it("does not switch a creature at a level's boundary every frame (hysteresis)", async () => {
    t = setup({ distances: [15, 40], ratios: [0.25, 0.06], hysteresis: 0.1 });
    const { zebras, crowd } = await zebrasAt(1, 0);
    const height = zebras[0]!.heightMeters;
    const at = async (heights: number) => {
      t.camera.position.set(0, 0, -heights * height); // level with the root: the distance is exact
      return await indicesDrawn();
    };
    const near = await at(10);
    const far = await at(15.3);
    expect(far).toBeLessThan(near);
    expect(riggedCrowdStats.levelSwitches).toBe(1);
    for (let i = 0; i < 20; i++) expect(await at(i % 2 === 0 ? 14.7 : 15.3)).toBe(far);
    expect(riggedCrowdStats.levelSwitches).toBe(1);
    expect(await at(13.4)).toBe(near); // nearer than 15 × (1 - 0.1) heights
    expect(riggedCrowdStats.levelSwitches).toBe(2);
    expect(crowd.levelCounts[0]).toBe(1);
  });

  it("meshLod: false draws every rigged creature at full detail, and simplifies nothing", async () => {
    t = setup(false);
    const { zebras, crowd, levels } = await zebrasAt(4, 0);
    expect(levels).toBe(1);
    cameraAt(5, zebras[0]!.heightMeters);
    const near = await indicesDrawn();
    cameraAt(100, zebras[0]!.heightMeters);
    expect(await indicesDrawn()).toBe(near);
    expect(riggedLevelStats.meshesSimplified).toBe(0);
    expect(crowd.levelCounts).toEqual([4]);
  });

  it("picks a far creature on its simplified level, grows it at full detail on getPart(), and disposes back to the scene's counts", async () => {
    t = setup();
    const { zebras, crowd } = await zebrasAt(3, 0);
    cameraAt(100, zebras[0]!.heightMeters);
    await indicesDrawn();
    expect(crowd.levelCounts).toEqual([0, 0, 3]);
    const down = (creature: Creature) =>
      t.scene.pickWithRay(new Ray(new Vector3(creature.root.position.x, 5, 0), new Vector3(0, -1, 0), 10));
    const pick = down(zebras[0]!);
    expect(pick?.hit).toBe(true);
    expect((pick!.pickedMesh as Mesh).metadata.menagerie.level).toBe(2);
    expect(t.menagerie.creatureFromPick(pick)).toBe(zebras[0]);
    expect(riggedCounts(t.scene).skeletons).toBe(t.baseline.skeletons); // picking grows nothing
    const head = zebras[1]!.getPart("head");
    expect(head).not.toBeNull();
    expect(crowd.levelCounts).toEqual([0, 0, 2]);
    expect(riggedCounts(t.scene).skeletons).toBe(t.baseline.skeletons + 1);
    expect(t.menagerie.creatureFromPick(down(zebras[2]!))).toBe(zebras[2]);
    for (const zebra of zebras) zebra.dispose();
    await indicesDrawn();
    t.menagerie.dispose();
    expect(riggedCounts(t.scene)).toEqual(t.baseline);
  });
});
