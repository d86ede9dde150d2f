/**
 * Mesh level of detail (`meshLod`): distant part-built creatures drawn from simplified meshes.
 * Counts, in a NullEngine scene: indices Babylon draws near and far, level switches at a
 * boundary (hysteresis), levels made once per model, and nothing left after dispose.
 * Kept on the hand-made server: the levels are counted on a dense blob and a box
 * (test/helpers/denseModels.ts), whose index counts and "nothing to simplify in a box" the
 * assertions depend on; the catalog's models have no such known geometry.
 */
import type { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import type { MenagerieOptions } from "../../../../../src/babylon/options/menagerieOptions.js";
import { crowdStats } from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { objLevelStats } from "../../../../../src/obj/objLevels.js";
import { createNullScene, sceneCounts } from "../../../../helpers/babylonScene.js";
import { denseBlob, sphereTriangles } from "../../../../helpers/denseModels.js";
import { createModelServer, type ModelServer } from "../../../../helpers/modelServer.js";
import { boxObj } from "../../../../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let camera: FreeCamera;
const made: Menagerie[] = [];

beforeEach(async () => {
  // A blob with a box on it: nothing to simplify in a box, so its levels draw the box in full.
  server = await createModelServer({
    blob: denseBlob(),
    pebble: { ...denseBlob(), parts: { ...denseBlob().parts, head: boxObj([-0.1, 0.9, 0.3], [0.1, 1, 0.5]) } },
  });
  env = createNullScene();
  camera = env.scene.activeCamera as FreeCamera;
  camera.position.set(0, 0.5, 0);
  camera.setTarget(new Vector3(0, 0.5, 10));
  for (const key of Object.keys(crowdStats) as (keyof typeof crowdStats)[]) crowdStats[key] = 0;
  objLevelStats.meshesSimplified = 0;
});

afterEach(async () => {
  for (const menagerie of made.splice(0)) menagerie.dispose();
  env.dispose();
  await server.close();
});

/** A Menagerie reading on this thread (the worker path has its own test, test/obj/objLevels.test.ts). */
function menagerieWith(options: Partial<MenagerieOptions> = {}): Menagerie {
  const menagerie = new Menagerie(env.scene, { baseUrl: server.url, parseInWorkers: false, ...options });
  made.push(menagerie);
  return menagerie;
}

/** `count` blobs in a row across the view, `distance` metres ahead of the camera. */
async function blobsAt(menagerie: Menagerie, count: number, distance: number) {
  const blobs = [];
  for (let i = 0; i < count; i++) {
    blobs.push(await menagerie.spawnCreature("blob", { position: new Vector3(i - count / 2, 0, distance) }));
  }
  return blobs;
}

/** Indices Babylon drew in a frame (once every mesh it would draw is ready: a mesh waiting for its shader is not drawn). */
async function indicesDrawn(): Promise<number> {
  env.scene.render();
  await env.scene.whenReadyAsync();
  env.scene.render();
  return env.scene.getActiveIndices();
}

const crowdMeshes = () => env.scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];

describe("mesh level of detail", () => {
  it("draws distant creatures from simplified meshes: far fewer indices far away, the same up close", async () => {
    await blobsAt(menagerieWith(), 10, 5);
    const full = sphereTriangles() * 3;
    const near = await indicesDrawn();
    expect(near).toBe(10 * full); // 5 m is 5 heights: full detail
    camera.position.z = -20; // 25 heights: level 1
    const middle = await indicesDrawn();
    camera.position.z = -95; // 100 heights: level 2
    const far = await indicesDrawn();
    expect(middle).toBeLessThan(near * 0.4);
    expect(far).toBeLessThan(middle);
    expect(far).toBeLessThan(near * 0.1);
    expect(far).toBeGreaterThan(0);
    // Back up close: full detail again.
    camera.position.z = 0;
    expect(await indicesDrawn()).toBe(near);
  });

  it("adds one drawing mesh per level, made once, as creatures first need them", async () => {
    const menagerie = menagerieWith();
    await blobsAt(menagerie, 5, 5);
    await indicesDrawn();
    expect(crowdMeshes()).toHaveLength(1);
    camera.position.z = -95;
    await indicesDrawn();
    await blobsAt(menagerie, 5, 5); // more of the same model, also far
    camera.position.z = -200;
    await indicesDrawn();
    expect(crowdMeshes()).toHaveLength(3); // full, level 1 (made on the way), level 2
    expect(crowdStats.levelMeshesMade).toBe(2);
    // The model was simplified once (one mesh), whatever the number of creatures.
    expect(objLevelStats.meshesSimplified).toBe(1);
    const drawn = crowdMeshes().filter((m) => m.isVisible);
    expect(drawn.map((m) => m.metadata.menagerie.level)).toEqual([2]);
    expect(drawn[0]!.thinInstanceCount).toBe(10);
  });

  it("gives every level's drawing mesh a geometry of its own, also where a level kept full detail", async () => {
    // Babylon keeps a thin-instanced mesh's instance buffers in its geometry: two drawing meshes
    // sharing one would draw each other's creatures (the near pebbles with the far ones' matrices).
    const menagerie = menagerieWith();
    const near = [];
    for (let i = 0; i < 3; i++)
      near.push(await menagerie.spawnCreature("pebble", { position: new Vector3(i - 1, 0, 5) }));
    for (let i = 0; i < 4; i++) await menagerie.spawnCreature("pebble", { position: new Vector3(i * 2 - 3, 0, 25) });
    for (let i = 0; i < 5; i++) await menagerie.spawnCreature("pebble", { position: new Vector3(i * 2 - 4, 0, 60) });
    await indicesDrawn();
    const meshes = crowdMeshes().filter((m) => m.isVisible);
    // One joined mesh per level (the blob's and the box's parts), each holding the box in full.
    const heads = meshes.filter((m) => m.metadata.menagerie.parts.includes("head"));
    expect(heads.map((m) => [m.metadata.menagerie.level, m.thinInstanceCount])).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
    for (const head of heads) expect(head.getTotalIndices()).toBeGreaterThan(36);
    expect(meshes).toHaveLength(3);
    expect(new Set(meshes.map((m) => m.geometry)).size).toBe(3);
    // None shares its geometry with a thin-instanced mesh.
    for (const mesh of meshes)
      expect(mesh.geometry!.meshes.filter((m) => m !== mesh && m.isVisible && m.thinInstanceCount > 0)).toEqual([]);
  });

  it("does not switch a creature at a level's boundary every frame (hysteresis)", async () => {
    await blobsAt(menagerieWith({ meshLod: { distances: [15, 40], ratios: [0.25, 0.06], hysteresis: 0.1 } }), 1, 0);
    const distanceTo = async (d: number) => {
      camera.position.z = -d;
      return await indicesDrawn();
    };
    const near = await distanceTo(10);
    const far = await distanceTo(15.3); // just past 15 heights: level 1
    expect(far).toBeLessThan(near);
    expect(crowdStats.levelSwitches).toBe(1);
    // Wobbling around the boundary (a camera following something) switches nothing.
    for (let i = 0; i < 20; i++) expect(await distanceTo(i % 2 === 0 ? 14.7 : 15.3)).toBe(far);
    expect(crowdStats.levelSwitches).toBe(1);
    // Nearer than 15 × (1 - 0.1) heights: back to full detail.
    expect(await distanceTo(13.4)).toBe(near);
    expect(crowdStats.levelSwitches).toBe(2);
  });

  it("meshLod: false draws every creature at full detail, and simplifies nothing", async () => {
    await blobsAt(menagerieWith({ meshLod: false }), 4, 5);
    const near = await indicesDrawn();
    camera.position.z = -95;
    expect(await indicesDrawn()).toBe(near);
    expect(objLevelStats.meshesSimplified).toBe(0);
    expect(crowdMeshes()).toHaveLength(1);
  });

  it("leaves nothing behind: disposing the Menagerie takes the level meshes and their geometry", async () => {
    const before = sceneCounts(env.scene);
    const menagerie = menagerieWith();
    const blobs = await blobsAt(menagerie, 6, 5);
    camera.position.z = -20;
    await indicesDrawn();
    camera.position.z = -95;
    await indicesDrawn();
    expect(crowdMeshes()).toHaveLength(3);
    for (const blob of blobs.slice(0, 3)) blob.dispose();
    await indicesDrawn();
    menagerie.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("grows a creature's nodes at full detail when a game asks for them, wherever it stood", async () => {
    const menagerie = menagerieWith();
    const [blob] = await blobsAt(menagerie, 1, 5);
    camera.position.z = -95;
    const far = await indicesDrawn();
    expect(blob!.meshes.length).toBe(1); // grown: leaves its crowd
    expect(crowdMeshes().every((m) => !m.isVisible)).toBe(true);
    expect(await indicesDrawn()).toBeGreaterThan(far);
  });
});
