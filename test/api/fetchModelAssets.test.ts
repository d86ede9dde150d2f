/**
 * fetchModelAssets, the engine-free half of loading a model: real HTTP against the signed-asset
 * test service on 127.0.0.1, the real asset fetcher and lookup client; no engine.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import { type FetchModelDeps, fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import type { LoadProgress, MenagerieWarning } from "../../src/api/loadEvents.js";
import { resolveRetryOptions } from "../../src/api/retry.js";
import { isMenagerieError } from "../../src/core/errors.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { getRecordExpiry } from "../../src/records/signedUrl.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const PART_NAMES = Object.keys(PARTS).sort();
const FUR = tinyPng();
/** 11 parts, the MTL, fur.png; `unused.png` is linked but no material names it. */
const fox = (): InlineModel => ({
  parts: PARTS,
  mtl: furMtl(),
  textures: { "fur.png": FUR, "unused.png": tinyPng([1, 2, 3]) },
});

let server: ModelServer;
let client: LookupClient;

beforeEach(async () => {
  server = await createModelServer({ fox: fox() });
  client = createLookupClient({ baseUrl: server.url, cache: false });
});

afterEach(async () => {
  await server.close();
});

/** The deps a Menagerie would pass, recording what the fetch does with them. */
function harness(onRequestStart?: (started: number) => void) {
  const seen = {
    warnings: [] as MenagerieWarning[],
    reports: [] as LoadProgress[],
    refreshes: 0,
    started: 0,
    requests: [] as { signal: AbortSignal; answer: Promise<unknown>; settled: boolean }[],
  };
  const fetchAsset = createAssetFetcher({
    fetch: globalThis.fetch,
    timeoutMs: 10_000,
    retry: resolveRetryOptions(undefined),
    counters: { assetRequests: 0, assetBytes: 0 },
  });
  const deps: FetchModelDeps = {
    linkMarginSeconds: 60,
    now: Date.now,
    fetchAsset: async (url, as, signal) => {
      seen.started++;
      const request = { signal, answer: fetchAsset(url, as, signal), settled: false };
      seen.requests.push(request);
      onRequestStart?.(seen.started);
      try {
        return await request.answer;
      } finally {
        request.settled = true;
      }
    },
    refresh: (record, signal) => {
      seen.refreshes++;
      return client.refresh(record, { signal });
    },
    warn: (warning) => seen.warnings.push(warning),
    progress: (progress) => seen.reports.push(progress),
  };
  return { deps, seen };
}

/** A signal whose `abort` listeners are counted: added minus removed by the code under test. */
function countedSignal(controller = new AbortController()) {
  const { signal } = controller;
  let live = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === "abort") live++;
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => {
    if (type === "abort") live--;
    remove(type, listener, options);
  }) as typeof signal.removeEventListener;
  return { controller, signal, listeners: () => live };
}

const lookup = async (name = "fox"): Promise<ModelRecord> => (await client.getModel(name))!;

describe("fetchModelAssets", () => {
  it("fetches each asset of a model once, and keeps the textures the MTL names", async () => {
    const record = await lookup();
    const { deps, seen } = harness();
    const { signal, listeners } = countedSignal();
    const assets = await fetchModelAssets(record, deps, signal);

    expect(assets.record).toBe(record);
    expect(assets.jointed).toBe(true);
    expect(assets.parts.map((p) => p.part)).toEqual(PART_NAMES);
    for (const { part, text, url } of assets.parts) {
      expect(text, part).toBe(PARTS[part]);
      expect(url).toBe(record.model.parts[part]);
    }
    expect(assets.mtl?.materials).toEqual(["fur", "eye"]);
    expect(assets.mtl?.textures.map((t) => t.file)).toEqual(["fur.png"]);
    expect([...assets.images.keys()]).toEqual(["fur.png"]);
    const image = assets.images.get("fur.png")!;
    expect(Buffer.from(image.bytes).equals(FUR)).toBe(true);
    expect(image.key).toBe(`${server.url}/assets/fox/fur.png`);

    // Every linked texture is requested with the MTL, before it says which it uses: unused.png
    // costs its bytes and is dropped.
    expect(server.assetCount("fox")).toBe(14);
    for (const file of [...PART_NAMES.map((p) => `${p}.obj`), "model.mtl", "fur.png", "unused.png"])
      expect(server.assetCount("fox", file), file).toBe(1);
    expect(server.lookupCount()).toBe(1); // the test's own lookup: no refresh
    expect([seen.started, seen.refreshes, seen.warnings.length]).toEqual([14, 0, 0]);
    expect(listeners()).toBe(0);
  });

  it("fetches a texture the record lists twice once", async () => {
    const record = await lookup();
    const fur = record.model.other.texture.find((u) => u.includes("/fur.png"))!;
    const twice = { ...record, model: { ...record.model, other: { ...record.model.other, texture: [fur, fur] } } };
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(twice, deps, new AbortController().signal);
    expect(server.assetCount("fox", "fur.png")).toBe(1);
    expect([...assets.images.keys()]).toEqual(["fur.png"]);
    expect(seen.reports.at(-1)).toMatchObject({ assetsLoaded: 13, assetsTotal: 13 });
  });

  it("loads a record without parts as its whole-model OBJ, the body", async () => {
    const whole = boxObj([-0.1, 0, -0.1], [0.1, 0.2, 0.1]);
    server.models.set("rock", { type: "scenery", whole });
    const assets = await fetchModelAssets(await lookup("rock"), harness().deps, new AbortController().signal);
    expect(assets.jointed).toBe(false);
    expect(assets.parts).toEqual([
      { part: "body", text: whole, url: expect.stringContaining("/assets/rock/model.obj?") },
    ]);
    expect([assets.mtl, assets.images.size, server.assetCount("rock")]).toEqual([undefined, 0, 1]);
  });

  it("renews the record once on 403 and tries each refused asset once more", async () => {
    const record = await lookup();
    server.revokeIssuedLinks(); // every link handed out so far now answers 403
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);

    expect(seen.refreshes).toBe(1);
    expect(server.lookupCount()).toBe(2); // the test's lookup and one refresh
    expect(assets.record).not.toBe(record);
    expect(assets.record.model.parts.head).not.toBe(record.model.parts.head);
    expect(assets.parts.every((p) => p.text !== undefined && p.url === assets.record.model.parts[p.part])).toBe(true);
    expect(assets.images.has("fur.png")).toBe(true);
    const forbidden = server.requests.filter((r) => r.url.startsWith("/assets/") && r.status === 403).length;
    // Every asset, textures included, started at once with the old links.
    expect(forbidden).toBe(14);
    expect(server.assetCount("fox")).toBe(14 * 2);
    expect(seen.warnings).toEqual([]);
  });

  it("renews an expired record before the first asset request", async () => {
    server.linkLifetimeSeconds = 30; // shorter than the 60 s margin
    const record = await lookup();
    server.linkLifetimeSeconds = 3600;
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);
    expect(seen.refreshes).toBe(1);
    expect(getRecordExpiry(assets.record)! - getRecordExpiry(record)!).toBeGreaterThan(3000);
    expect(server.assetCount("fox")).toBe(14);
    expect(server.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it("fails with LoadError expired, fetching nothing, when the renewed record has expired too", async () => {
    server.linkLifetimeSeconds = -10;
    const record = await lookup();
    const { deps, seen } = harness();
    const error = await fetchModelAssets(record, deps, new AbortController().signal).catch((e: unknown) => e);
    expect(isMenagerieError(error, "load") && error.reason).toBe("expired");
    expect([seen.refreshes, seen.started, server.assetCount("fox"), seen.reports.length]).toEqual([1, 0, 0, 0]);
  });

  it("rejects on abort mid-load with every request cancelled and no abort listener left", async () => {
    const record = await lookup();
    const reason = new Error("stop");
    const counted = countedSignal();
    // Every request starts at once (14 with both textures): abort right as the last one starts.
    const { deps, seen } = harness((started) => started === 14 && counted.controller.abort(reason));
    const error = await fetchModelAssets(record, deps, counted.signal).catch((e: unknown) => e);

    expect(error).toBe(reason);
    expect(seen.started).toBe(14);
    // No request is left running: those that had not answered were cancelled and had settled
    // by the rejection.
    expect(seen.requests.filter((r) => !r.settled)).toEqual([]);
    const cancelled = seen.requests.filter((r) => r.signal.aborted);
    expect(cancelled.length).toBeGreaterThan(0);
    const outcomes = await Promise.allSettled(cancelled.map((r) => r.answer));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toEqual([]);
    expect(counted.listeners()).toBe(0);
    expect(seen.reports.at(-1)).toMatchObject({ done: true });
    expect(seen.reports.at(-1)!.assetsLoaded).toBeLessThan(14);
  });

  it("cancels the other requests, without warnings, when the model's required GLB fails", async () => {
    const glb = new Uint8Array([103, 108, 84, 70]);
    server.models.set("deer", { clips: { idle: glb, walk: glb, run: glb }, missing: ["idle.glb"], delayMs: 2000 });
    const { deps, seen } = harness();
    const error = await fetchModelAssets(await lookup("deer"), deps, new AbortController().signal).catch((e) => e);
    expect(isMenagerieError(error, "load") && [error.reason, error.status, error.asset]).toEqual([
      "http",
      404,
      "clip:idle",
    ]);
    // The walk and run GLBs, still on their way (the server holds them 2 s), were cancelled.
    const others = seen.requests.filter((r) => !r.settled);
    expect(others).toHaveLength(2);
    expect(others.every((r) => r.signal.aborted)).toBe(true);
    const outcomes = await Promise.allSettled(others.map((r) => r.answer));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(seen.warnings).toEqual([]);
  });

  it("turns a part that fails into a warning and an undefined text, and goes on", async () => {
    server.models.set("fox", { ...fox(), missing: ["tail.obj"] });
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(await lookup(), deps, new AbortController().signal);
    expect(assets.parts.find((p) => p.part === "tail")!.text).toBeUndefined();
    expect(assets.parts.filter((p) => p.text !== undefined)).toHaveLength(10);
    expect(seen.warnings).toEqual([
      {
        code: "part-failed",
        model: "fox",
        asset: "tail",
        message: expect.stringContaining("HTTP 404"),
        error: expect.anything(),
      },
    ]);
    expect(server.assetCount("fox", "tail.obj")).toBe(1); // a 404 is not retried
  });

  it("turns a failed MTL into a warning and keeps no texture", async () => {
    server.models.set("fox", { ...fox(), missing: ["model.mtl"] });
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(await lookup(), deps, new AbortController().signal);
    // The textures were already on their way with the MTL; without it none is used.
    expect([assets.mtl, assets.images.size, server.assetCount("fox", "fur.png")]).toEqual([undefined, 0, 1]);
    expect(seen.warnings.map((w) => [w.code, w.asset])).toEqual([["material-failed", "material"]]);
    // A failed asset stays counted.
    expect(seen.reports.at(-1)).toMatchObject({ assetsLoaded: 13, assetsTotal: 14 });
  });

  it("turns a failed texture into a warning and leaves it out of the images", async () => {
    server.models.set("fox", { ...fox(), missing: ["fur.png"] });
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(await lookup(), deps, new AbortController().signal);
    expect(assets.images.size).toBe(0);
    expect(assets.mtl?.textures).toHaveLength(1);
    expect(seen.warnings.map((w) => [w.code, w.asset])).toEqual([["texture-failed", "texture:fur.png"]]);
  });

  it("reports progress: every linked texture counted from the start, one report per asset, done left to the caller", async () => {
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(await lookup(), deps, new AbortController().signal);
    const bytes =
      Object.values(PARTS).reduce((n, p) => n + Buffer.byteLength(p), 0) +
      Buffer.byteLength(furMtl()) +
      FUR.length +
      tinyPng([1, 2, 3]).length;
    expect(seen.reports[0]).toEqual({ model: "fox", assetsLoaded: 0, assetsTotal: 14, bytesLoaded: 0, done: false });
    expect(seen.reports).toHaveLength(1 + 14); // the start, then each asset
    expect(seen.reports.map((r) => r.assetsLoaded)).toEqual(
      [...seen.reports.map((r) => r.assetsLoaded)].sort((a, b) => a - b),
    );
    expect(seen.reports.some((r) => r.done)).toBe(false);
    expect(assets.progress).toEqual({
      model: "fox",
      assetsLoaded: 14,
      assetsTotal: 14,
      bytesLoaded: bytes,
      done: false,
    });
    expect(seen.reports.at(-1)).toEqual(assets.progress);
  });
});
