/**
 * A Menagerie reads OBJ parts in the shared worker pool (real worker threads here) once a worker
 * is ready: every part is handed to a worker, the meshes are the ones reading on the main thread
 * gives, an unreadable part degrades the creature just the same, and `parseInWorkers: false`
 * hands none. Workers start only once a page's OBJ text passes `parseInWorkersAfterBytes`: a
 * small load starts none. Counted with `menagerie.stats` and the pool's own stats.
 * Kept on the hand-made server: the stubby's tail is a part that is not an OBJ, an answer the
 * reference service's catalog never gives, and the fox's box parts make the meshes compared
 * between workers and the main thread small and known.
 */

import { VertexBuffer } from "@babylonjs/core/Meshes/buffer.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Menagerie } from "../../../../src/babylon/menagerie.js";
import { MENAGERIE_SETTINGS_DEFAULTS } from "../../../../src/babylon/options/menagerieOptions.js";
import type { MenagerieWarning } from "../../../../src/babylon/types.js";
import { SHARED_POOL_IDLE_MS, sharedObjParsePool } from "../../../../src/obj/objParsePool.js";
import { createNullScene, sceneCounts } from "../../../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../../../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../../../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const BIG = MENAGERIE_SETTINGS_DEFAULTS.parseInWorkersAfterBytes + 10;
let server: ModelServer;

beforeAll(async () => {
  const model = { type: "quadruped", height: 0.5, mtl: furMtl(), textures: { "fur.png": tinyPng() } };
  server = await createModelServer({
    fox: { ...model, parts: PARTS },
    // A tail that is not an OBJ: the creature comes without it, with a warning.
    stubby: { ...model, parts: { ...PARTS, tail: "v 0 0 0\nnot an obj\n" } },
    // A body past the default start threshold (comment lines: text to read, cheaply).
    bulky: { ...model, parts: { ...PARTS, body: `${PARTS.body}${"# padding\n".repeat(BIG / 10)}` } },
  });
});
afterAll(() => server?.close());

/** Every template mesh of `model` in the scene: name → positions, normals, uvs, indices. */
function meshData(scene: { meshes: { name: string }[] }, model: string) {
  const data: Record<string, unknown[]> = {};
  for (const mesh of scene.meshes as Mesh[]) {
    if (!mesh.name.startsWith(`${model}/`) || typeof mesh.getVerticesData !== "function") continue;
    data[mesh.name] = [
      mesh.getVerticesData(VertexBuffer.PositionKind),
      mesh.getVerticesData(VertexBuffer.NormalKind),
      mesh.getVerticesData(VertexBuffer.UVKind),
      mesh.getIndices(),
    ];
  }
  return data;
}

async function spawnIn(model: string, parseInWorkers: boolean) {
  const env = createNullScene();
  const before = sceneCounts(env.scene);
  // Workers from the start: every part of this small model is theirs once one is ready.
  const menagerie = new Menagerie(env.scene, {
    baseUrl: server.url,
    apiKey: "test-key",
    parseInWorkers,
    parseInWorkersAfterBytes: 0,
  });
  const warnings: MenagerieWarning[] = [];
  menagerie.onWarningObservable.add((warning) => warnings.push(warning));
  if (parseInWorkers) {
    // The worker threads boot from the TypeScript sources here (tsx), which takes a while.
    await vi.waitFor(() => expect(sharedObjParsePool()?.ready).toBe(true), { timeout: 60_000, interval: 25 });
  }
  const creature = await menagerie.spawnCreature(model);
  const result = {
    parts: creature.listParts().length,
    data: meshData(env.scene, model),
    stats: { ...menagerie.stats },
    warnings: warnings.map((w) => [w.code, w.asset]),
  };
  menagerie.dispose();
  const after = sceneCounts(env.scene);
  env.dispose();
  return { ...result, leftBehind: { before, after } };
}

describe("when the workers start", () => {
  /** Waits until no earlier test's shared pool is left, so that the next one is this test's. */
  const noSharedPool = () =>
    vi.waitFor(() => expect(sharedObjParsePool()).toBeUndefined(), { timeout: SHARED_POOL_IDLE_MS + 5_000 });

  it("reads a small load on the main thread and starts no worker", async () => {
    await noSharedPool();
    const env = createNullScene();
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    await menagerie.spawnCreature("fox");
    expect(menagerie.stats).toMatchObject({ partsParsedInWorkers: 0, partsParsedOnMainThread: 11 });
    expect(sharedObjParsePool()?.stats.workersStarted).toBe(0);
    menagerie.dispose();
    env.dispose();
  }, 30_000);

  it("starts them once a load passes parseInWorkersAfterBytes, and hands them the parts after", async () => {
    await noSharedPool();
    const env = createNullScene();
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    await menagerie.spawnCreature("bulky");
    const pool = sharedObjParsePool();
    expect(pool?.stats.workersStarted).toBeGreaterThan(0);
    await vi.waitFor(() => expect(pool?.ready).toBe(true), { timeout: 60_000, interval: 25 });
    const before = menagerie.stats.partsParsedInWorkers;
    await menagerie.spawnCreature("fox");
    expect(menagerie.stats.partsParsedInWorkers - before).toBe(11);
    menagerie.dispose();
    env.dispose();
  }, 90_000);
});

describe("parsing in workers", () => {
  it("hands every part to a worker and makes the same meshes as the main thread", async () => {
    const inWorkers = await spawnIn("fox", true);
    const here = await spawnIn("fox", false);
    expect(inWorkers.stats).toMatchObject({ partsParsedInWorkers: 11, partsParsedOnMainThread: 0 });
    expect(here.stats).toMatchObject({ partsParsedInWorkers: 0, partsParsedOnMainThread: 11 });
    expect(inWorkers.parts).toBe(11);
    expect(Object.keys(inWorkers.data)).toHaveLength(Object.keys(here.data).length);
    expect(Object.keys(inWorkers.data).length).toBeGreaterThanOrEqual(11);
    expect(inWorkers.data).toEqual(here.data);
    expect(inWorkers.leftBehind.after).toEqual(inWorkers.leftBehind.before);
  }, 90_000);

  it("degrades a creature whose part a worker cannot read, as the main thread does", async () => {
    const inWorkers = await spawnIn("stubby", true);
    const here = await spawnIn("stubby", false);
    expect(inWorkers.stats.partsParsedInWorkers).toBe(11);
    expect(inWorkers.parts).toBe(10);
    expect(inWorkers.warnings).toEqual([["part-failed", "tail"]]);
    expect(here.parts).toBe(10);
    expect(here.warnings).toEqual(inWorkers.warnings);
  }, 90_000);

  it("lets the workers go a moment after the last Menagerie is disposed", async () => {
    const env = createNullScene();
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    await vi.waitFor(() => expect(sharedObjParsePool()).toBeDefined());
    const pool = sharedObjParsePool();
    menagerie.dispose();
    env.dispose();
    await new Promise((resolve) => setTimeout(resolve, SHARED_POOL_IDLE_MS + 300));
    expect(sharedObjParsePool()).toBeUndefined();
    expect(pool?.ready).toBe(false);
  }, 30_000);
});
