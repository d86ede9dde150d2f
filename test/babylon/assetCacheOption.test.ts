/**
 * `assetCache` of the Menagerie, in NullEngine scenes, over the reference service on
 * 127.0.0.1 serving the procedural catalog; what the service sent is counted on its side.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AssetStore, MemoryAssetStore, type StoredAsset } from "../../src/api/assetStore.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieOptions } from "../../src/babylon/options/menagerieOptions.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { type CountingService, startCountingService } from "../helpers/countingService.js";

let service: CountingService;

beforeAll(async () => {
  service = await startCountingService();
}, 120_000);
afterAll(() => service?.close());
beforeEach(() => {
  service.served.length = 0;
});

/** Populates a fresh scene with its own Menagerie; what it shows and what the service sent. */
async function populateOnce(assetCache?: MenagerieOptions["assetCache"]) {
  const env = createNullScene();
  const menagerie = new Menagerie(env.scene, { baseUrl: service.url, apiKey: "dev-key", assetCache });
  const before = service.assets().length;
  try {
    const group = await menagerie.populate({ habitat: "forest", count: 6, seed: 11, wander: false });
    const assets = service.assets().slice(before);
    return {
      creatures: group.creatures.map((c) => c.record.name).sort(),
      scene: sceneCounts(env.scene),
      stats: { ...menagerie.stats },
      requests: assets.length,
      paths: new Set(assets.map((r) => r.path)).size,
      conditional: assets.filter((r) => r.conditional).length,
      notModified: assets.filter((r) => r.status === 304).length,
      bodyBytes: assets.reduce((sum, r) => sum + r.bodyBytes, 0),
    };
  } finally {
    menagerie.dispose();
    env.dispose();
  }
}

describe("assetCache", () => {
  it("lets a second load of the same scene take every asset from the store: 0 body bytes sent, same meshes", async () => {
    const store = new MemoryAssetStore();
    const first = await populateOnce(store);
    const second = await populateOnce(store);

    expect(first.requests).toBeGreaterThan(0);
    expect(first.bodyBytes).toBeGreaterThan(0);
    // (An asset two models shared would be revalidated by the second; the catalog has none today.)
    expect([first.conditional, first.stats.cacheHits]).toEqual([first.notModified, first.notModified]);
    expect(first.stats.assetBytes).toBe(first.bodyBytes);
    expect(store.keys()).toHaveLength(first.paths);

    // Every asset asked again, on its fresh link, with its ETag; every answer a bodiless 304.
    expect(second.requests).toBe(first.requests);
    expect([second.conditional, second.notModified, second.bodyBytes]).toEqual([second.requests, second.requests, 0]);
    expect(second.stats).toMatchObject({
      assetRequests: second.requests,
      assetBytes: 0,
      cacheHits: second.requests,
      revalidations: second.requests,
      modelsLoaded: first.stats.modelsLoaded,
    });
    // Every part was read again, in a worker or on the main thread (whichever was ready).
    const parsed = (stats: typeof first.stats) => stats.partsParsedInWorkers + stats.partsParsedOnMainThread;
    expect(parsed(second.stats)).toBe(parsed(first.stats));
    expect(second.creatures).toEqual(first.creatures);
    expect(second.scene).toEqual(first.scene);
  }, 120_000);

  it("is off with false, and in Node by default: every load downloads every asset", async () => {
    for (const option of [false, undefined] as const) {
      const first = await populateOnce(option);
      const second = await populateOnce(option);
      expect([second.requests, second.bodyBytes]).toEqual([first.requests, first.bodyBytes]);
      expect([first.conditional, second.conditional, second.stats.cacheHits, second.stats.revalidations]).toEqual([
        0, 0, 0, 0,
      ]);
    }
  }, 120_000);

  it("uses a store of the game's own through get, put and delete, with keys free of signatures and keys", async () => {
    const entries = new Map<string, StoredAsset>();
    const calls: string[] = [];
    const store: AssetStore = {
      get: async (key) => {
        calls.push("get");
        return entries.get(key);
      },
      put: async (key, asset) => {
        calls.push("put");
        entries.set(key, { etag: asset.etag, bytes: asset.bytes.slice(0) });
      },
      delete: async (key) => {
        calls.push("delete");
        entries.delete(key);
      },
    };
    const first = await populateOnce({ store });
    const second = await populateOnce(store);
    expect(calls.filter((c) => c === "put")).toHaveLength(first.requests - first.notModified);
    expect(calls.filter((c) => c === "get")).toHaveLength(first.requests + second.requests);
    expect([second.notModified, second.bodyBytes, second.scene]).toEqual([second.requests, 0, first.scene]);
    for (const key of entries.keys()) expect(key).not.toMatch(/[?#]|Signature|dev-key/);
  }, 120_000);

  it("refuses an assetCache that is no store or settings when the Menagerie is made", () => {
    const env = createNullScene();
    try {
      for (const assetCache of ["cache", { maxBytes: 0 }, { store: { get: () => undefined } }] as never[]) {
        let error: unknown;
        try {
          new Menagerie(env.scene, { baseUrl: service.url, assetCache }).dispose();
        } catch (caught) {
          error = caught;
        }
        expect(isMenagerieError(error, "options"), JSON.stringify(assetCache)).toBe(true);
      }
    } finally {
      env.dispose();
    }
  });
});
