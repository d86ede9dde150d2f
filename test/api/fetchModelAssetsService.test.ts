/**
 * fetchModelAssets over the reference service and its catalog: the catalog fox's real record
 * (11 parts, its MTL, two textures) and the reindeer's rig, with the service's signed links.
 * Refused (403) and renewed links come from the service's own clock moving on; failures (404)
 * and slow answers from its fault mode. The real asset fetcher and lookup client; no engine.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import { isMenagerieError } from "../../src/core/errors.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { getRecordExpiry } from "../../src/records/signedUrl.js";
import type { LookupServerOptions } from "../../src/service/index.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { countedSignal, fetchModelHarness } from "../helpers/fetchModelHarness.js";

type Service = Awaited<ReturnType<typeof startCatalogService>>;
let service: Service | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

/**
 * A service with `options` whose clock runs `clock.offsetMs` away from the real one, a client
 * without a cache, and every request anyone made of it (URL and status).
 */
async function setup(options: Partial<LookupServerOptions> = {}) {
  const clock = { offsetMs: 0 };
  service = await startCatalogService({ now: () => Date.now() + clock.offsetMs, ...options });
  const requests: { path: string; status: number }[] = [];
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const response = await fetch(input, init);
    requests.push({ path: decodeURIComponent(url.pathname), status: response.status });
    return response;
  };
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", cache: false, fetch: counting });
  const dir = service.catalogDir;
  return {
    clock,
    client,
    requests,
    url: service.url,
    lookup: async (name = "fox"): Promise<ModelRecord> => (await client.getModel(name))!,
    harness: (onRequestStart?: (started: number) => void) => fetchModelHarness(client, onRequestStart, counting),
    lookupCount: () => requests.filter((r) => r.path === "/anything").length,
    /** Requests for one catalog file (`fox/tail.obj`), or every file under a folder (`fox/`). */
    assetCount: (file: string) =>
      requests.filter((r) => (file.endsWith("/") ? r.path.startsWith(`/assets/${file}`) : r.path === `/assets/${file}`))
        .length,
    text: (file: string) => readFile(join(dir, file), "utf8"),
    bytes: (file: string) => readFile(join(dir, file)),
  };
}

const FOX_PARTS = [
  "body",
  "head",
  "leg_front_left_bot",
  "leg_front_left_top",
  "leg_front_right_bot",
  "leg_front_right_top",
  "leg_hind_left_bot",
  "leg_hind_left_top",
  "leg_hind_right_bot",
  "leg_hind_right_top",
  "tail",
];
const FOX_TEXTURES = ["fox fur.png", "accent.png"];
/** 11 parts, the MTL and two textures. */
const FOX_FILES = [...FOX_PARTS.map((p) => `fox/${p}.obj`), "fox/fox.mtl", ...FOX_TEXTURES.map((t) => `fox/${t}`)];

describe("fetchModelAssets over the reference service", () => {
  it("fetches each asset of a catalog model once, the bytes the catalog holds, and keeps the textures the MTL names", async () => {
    const t = await setup();
    const record = await t.lookup();
    const { deps, seen } = t.harness();
    const { signal, listeners } = countedSignal();
    const assets = await fetchModelAssets(record, deps, signal);

    expect(assets.record).toBe(record);
    expect(assets.jointed).toBe(true);
    expect(assets.parts.map((p) => p.part)).toEqual(FOX_PARTS);
    for (const { part, text, url } of assets.parts) {
      expect(text, part).toBe(await t.text(`fox/${part}.obj`));
      expect(url).toBe(record.model.parts[part]);
    }
    expect(assets.mtl?.materials).toEqual(["fox_coat", "fox_accent", "fox_trim", "fox_eye"]);
    expect(assets.mtl?.textures.map((x) => x.file)).toEqual(FOX_TEXTURES);
    expect([...assets.images.keys()]).toEqual(FOX_TEXTURES);
    for (const file of FOX_TEXTURES) {
      const image = assets.images.get(file)!;
      expect(Buffer.from(image.bytes).equals(await t.bytes(`fox/${file}`)), file).toBe(true);
      expect(image.key).toBe(`${t.url}/assets/fox/${encodeURIComponent(file)}`);
    }
    expect(t.assetCount("fox/")).toBe(14);
    for (const file of FOX_FILES) expect(t.assetCount(file), file).toBe(1);
    expect(t.lookupCount()).toBe(1); // the test's own lookup: no refresh
    expect([seen.started, seen.refreshes, seen.warnings.length]).toEqual([14, 0, 0]);
    expect(listeners()).toBe(0);
  });

  it("fetches a texture the record lists twice once", async () => {
    const t = await setup();
    const record = await t.lookup();
    const fur = record.model.other.texture.find((u) => u.includes("/fox%20fur.png"))!;
    expect(fur).toBeDefined();
    const twice = { ...record, model: { ...record.model, other: { ...record.model.other, texture: [fur, fur] } } };
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(twice, deps, new AbortController().signal);
    expect(t.assetCount("fox/fox fur.png")).toBe(1);
    expect([...assets.images.keys()]).toEqual(["fox fur.png"]);
    expect(seen.reports.at(-1)).toMatchObject({ assetsLoaded: 13, assetsTotal: 13 });
  });

  it("renews the record once on 403 and tries each refused asset once more", async () => {
    // The service's clock moves past the links it signed (an hour and five minutes at most):
    // it refuses them all (403), and the refreshed record carries new links.
    const t = await setup({ linkLifetimeSeconds: 3600 });
    const record = await t.lookup();
    t.clock.offsetMs = 4000 * 1000;
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);

    expect(seen.refreshes).toBe(1);
    expect(t.lookupCount()).toBe(2); // the test's lookup and one refresh
    expect(assets.record).not.toBe(record);
    expect(assets.record.model.parts.head).not.toBe(record.model.parts.head);
    expect(assets.parts.every((p) => p.text !== undefined && p.url === assets.record.model.parts[p.part])).toBe(true);
    expect(assets.images.has("fox fur.png")).toBe(true);
    const forbidden = t.requests.filter((r) => r.path.startsWith("/assets/") && r.status === 403).length;
    // Every asset, textures included, started at once with the old links.
    expect(forbidden).toBe(14);
    expect(t.assetCount("fox/")).toBe(14 * 2);
    expect(seen.warnings).toEqual([]);
  });

  it("renews an expired record before the first asset request", async () => {
    // Links signed by a clock an hour less 30 s behind expire 30 s from now, inside the 60 s margin.
    const t = await setup({ linkLifetimeSeconds: 3600, linkBucketSeconds: 1 });
    t.clock.offsetMs = -(3600 - 30) * 1000;
    const record = await t.lookup();
    t.clock.offsetMs = 0;
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);
    expect(seen.refreshes).toBe(1);
    expect(getRecordExpiry(assets.record)! - getRecordExpiry(record)!).toBeGreaterThan(3000);
    expect(t.assetCount("fox/")).toBe(14);
    expect(t.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it("fails with LoadError expired, fetching nothing, when the renewed record has expired too", async () => {
    // Links signed by a clock two hours behind expired an hour ago, and so do the renewed ones.
    const t = await setup({ linkLifetimeSeconds: 3600 });
    t.clock.offsetMs = -7_200_000;
    const record = await t.lookup();
    const { deps, seen } = t.harness();
    const error = await fetchModelAssets(record, deps, new AbortController().signal).catch((e: unknown) => e);
    expect(isMenagerieError(error, "load") && error.reason).toBe("expired");
    expect([seen.refreshes, seen.started, t.assetCount("fox/"), seen.reports.length]).toEqual([1, 0, 0, 0]);
  });

  it("rejects with the reason of a signal aborted before the start, without a single request", async () => {
    const t = await setup();
    const record = await t.lookup();
    const controller = new AbortController();
    const reason = new Error("gone before the start");
    controller.abort(reason);
    const { deps, seen } = t.harness();
    expect(await fetchModelAssets(record, deps, controller.signal).catch((e: unknown) => e)).toBe(reason);
    await Promise.allSettled(seen.requests.map((r) => r.answer));
    expect([t.assetCount("fox/"), seen.warnings.length]).toEqual([0, 0]);
  });

  it("turns no request cancelled by an abort into a warning", async () => {
    const t = await setup();
    const record = await t.lookup();
    const controller = new AbortController();
    const reason = new Error("stop");
    // Abort as the last of the fox's 14 requests starts, before any of them has answered.
    const { deps, seen } = t.harness((started) => started === 14 && controller.abort(reason));
    expect(await fetchModelAssets(record, deps, controller.signal).catch((e: unknown) => e)).toBe(reason);
    await Promise.allSettled(seen.requests.map((r) => r.answer));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.requests.filter((r) => r.signal.aborted).length).toBeGreaterThan(0);
    expect(seen.warnings).toEqual([]);
  });

  it("rejects on abort mid-load with every request cancelled and no abort listener left", async () => {
    const t = await setup();
    const record = await t.lookup();
    const reason = new Error("stop");
    const counted = countedSignal();
    // Every request starts at once (14 with both textures): abort right as the last one starts.
    const { deps, seen } = t.harness((started) => started === 14 && counted.controller.abort(reason));
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
    // The reindeer's idle clip (its model) answers 404; its walk, run and jump clips are held 2 s.
    const t = await setup({
      faults: {
        rules: [
          { targets: ["glb"], kind: "status", status: 404, match: "reindeer/rig/idle" },
          { targets: ["glb"], kind: "latency", latencyMs: 2000, match: "reindeer/rig/walk" },
          { targets: ["glb"], kind: "latency", latencyMs: 2000, match: "reindeer/rig/run" },
          { targets: ["glb"], kind: "latency", latencyMs: 2000, match: "reindeer/rig/jump" },
        ],
      },
    });
    const { deps, seen } = t.harness();
    const error = await fetchModelAssets(await t.lookup("reindeer"), deps, new AbortController().signal).catch(
      (e) => e,
    );
    expect(isMenagerieError(error, "load") && [error.reason, error.status, error.asset]).toEqual([
      "http",
      404,
      "clip:idle",
    ]);
    // The walk, run and three jump GLBs, still on their way (the service holds them 2 s), were cancelled.
    const others = seen.requests.filter((r) => !r.settled);
    expect(others).toHaveLength(5);
    expect(others.every((r) => r.signal.aborted)).toBe(true);
    // Only what was still on its way: a request that had answered (the idle clip's 404) is not
    // aborted after the fact.
    const answered = seen.requests.filter((r) => r.settled);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((r) => r.signal.aborted)).toEqual([]);
    const outcomes = await Promise.allSettled(others.map((r) => r.answer));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill("rejected"));
    expect(seen.warnings).toEqual([]);
  });

  it("turns a part that fails into a warning and an undefined text, and goes on", async () => {
    const t = await setup({
      faults: { rules: [{ targets: ["obj"], kind: "status", status: 404, match: "fox/tail" }] },
    });
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(await t.lookup(), deps, new AbortController().signal);
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
    expect(t.assetCount("fox/tail.obj")).toBe(1); // a 404 is not retried
  });

  it("turns a failed MTL into a warning and keeps no texture", async () => {
    const t = await setup({ faults: { rules: [{ targets: ["mtl"], kind: "status", status: 404 }] } });
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(await t.lookup(), deps, new AbortController().signal);
    // The textures were already on their way with the MTL; without it none is used.
    expect([assets.mtl, assets.images.size, t.assetCount("fox/fox fur.png"), t.assetCount("fox/accent.png")]).toEqual([
      undefined,
      0,
      1,
      1,
    ]);
    expect(seen.warnings.map((w) => [w.code, w.asset])).toEqual([["material-failed", "material"]]);
    // A failed asset stays counted.
    expect(seen.reports.at(-1)).toMatchObject({ assetsLoaded: 13, assetsTotal: 14 });
  });

  it("turns a failed texture into a warning and leaves it out of the images", async () => {
    const t = await setup({
      faults: { rules: [{ targets: ["texture"], kind: "status", status: 404, match: "fox/fox fur" }] },
    });
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(await t.lookup(), deps, new AbortController().signal);
    expect([...assets.images.keys()]).toEqual(["accent.png"]);
    expect(assets.mtl?.textures).toHaveLength(2);
    expect(seen.warnings.map((w) => [w.code, w.asset])).toEqual([["texture-failed", "texture:fox fur.png"]]);
  });

  it("reports progress: every linked texture counted from the start, one report per asset, done left to the caller", async () => {
    const t = await setup();
    const { deps, seen } = t.harness();
    const assets = await fetchModelAssets(await t.lookup(), deps, new AbortController().signal);
    let bytes = 0;
    for (const file of FOX_FILES) bytes += (await t.bytes(file)).length;
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
