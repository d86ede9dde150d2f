/**
 * fetchModelAssets when things go wrong: answers outside 2xx, links that are no http(s) URL, a
 * signal aborted before or during the load, a required GLB failing while degradable ones are
 * still on their way, a record the service no longer has. Real HTTP on 127.0.0.1 (the signed
 * asset test service, or a bare test server for odd statuses), the real asset fetcher and client.
 * Kept off the reference service: a 300 answer, links that are no URL, a renewed record without a
 * part's link, a texture held forever and a record the service no longer has are answers it
 * never gives; the texture held forever is an order the service's clock-driven faults cannot
 * set; a caller's fetcher failing with something other than a library error, or a caller's fetch
 * answering with status 0, fails before any service answers. A signal aborted before or during the load is tested over the service in
 * fetchModelAssetsService.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import { type FetchModelDeps, fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import type { LoadProgress, MenagerieWarning } from "../../src/api/loadEvents.js";
import { resolveRetryOptions } from "../../src/api/retry.js";
import { isMenagerieError, type LoadError } from "../../src/core/errors.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { createTestServer, sendJson } from "../helpers/httpServer.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { makeRecord } from "../helpers/records.js";
import { rejection } from "../helpers/rejection.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

let server: ModelServer;
let client: LookupClient;

beforeEach(async () => {
  server = await createModelServer({
    fox: { parts: quadrupedParts(), mtl: furMtl(), textures: { "fur.png": tinyPng() } },
  });
  client = createLookupClient({ baseUrl: server.url, cache: false });
});

afterEach(async () => {
  await server.close();
});

/** The deps a Menagerie would pass (the real fetcher, the real client), recording what they hear. */
function harness(onStart?: (started: number) => void, onProgress?: (progress: LoadProgress) => void) {
  const seen = {
    warnings: [] as MenagerieWarning[],
    reports: [] as LoadProgress[],
    started: 0,
    answers: [] as Promise<unknown>[],
  };
  const fetcher = createAssetFetcher({
    fetch: globalThis.fetch,
    timeoutMs: 10_000,
    retry: resolveRetryOptions(undefined),
    counters: { assetRequests: 0, assetBytes: 0 },
  });
  const deps: FetchModelDeps = {
    linkMarginSeconds: 60,
    now: Date.now,
    fetchAsset: (url, as, signal) => {
      const answer = fetcher(url, as, signal);
      seen.answers.push(answer);
      seen.started++;
      onStart?.(seen.started);
      return answer;
    },
    refresh: (record, signal) => client.refresh(record, { signal }),
    warn: (warning) => seen.warnings.push(warning),
    progress: (progress) => {
      seen.reports.push(progress);
      onProgress?.(progress);
    },
  };
  return { deps, seen };
}

/** Lets every request settle, then every promise chain that follows them run out. */
async function settle(answers: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(answers);
  await new Promise((resolve) => setImmediate(resolve));
}

const lookup = async (name = "fox"): Promise<ModelRecord> => (await client.getModel(name))!;

describe("answers and links that are no asset", () => {
  it("takes a 300 answer as a failed asset, not as its bytes", async () => {
    const bare = await createTestServer((_req, res, { url }) => {
      if (url.startsWith("/assets/fox/body.obj")) sendJson(res, 300, { choices: ["a", "b"] });
      else res.end(url.includes(".obj") ? boxObj([0, 0, 0], [1, 1, 1]) : "");
    });
    try {
      const record = ModelRecordSchema.parse({
        ...makeRecord("fox", undefined, bare.url),
        model: { ...makeRecord("fox", undefined, bare.url).model, other: { texture: [] } },
      });
      const { deps, seen } = harness();
      const assets = await fetchModelAssets(record, deps, new AbortController().signal);
      expect(assets.parts.map((p) => [p.part, p.text === undefined])).toEqual([
        ["body", true],
        ["head", false],
      ]);
      expect(seen.warnings.map((w) => [w.code, w.asset, w.message])).toEqual([
        ["part-failed", "body", expect.stringMatching(/^Cannot load body of "fox": HTTP 300: GET /)],
      ]);
    } finally {
      await bare.close();
    }
  });

  it("fails an asset whose link is no http(s) URL without requesting it, the link shown redacted", async () => {
    const record = await lookup();
    const odd = {
      ...record,
      model: { ...record.model, parts: { ...record.model.parts, tail: "ftp://cdn.test/t.obj?key=s3cr3t" } },
    };
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(odd, deps, new AbortController().signal);
    expect(assets.parts.find((p) => p.part === "tail")?.text).toBeUndefined();
    expect(seen.warnings.map((w) => [w.asset, w.message])).toEqual([
      ["tail", 'Cannot load tail of "fox": no usable URL ("ftp://cdn.test/t.obj?key=***")'],
    ]);
    expect([seen.started, server.assetCount("fox", "tail.obj")]).toEqual([12, 0]);
  });

  it("keeps the 403 of a part the renewed record no longer links", async () => {
    const record = await lookup();
    server.revokeIssuedLinks();
    const { tail: _gone, ...rest } = quadrupedParts();
    server.models.set("fox", { parts: rest, mtl: furMtl(), textures: { "fur.png": tinyPng() } });
    const { deps, seen } = harness();
    await fetchModelAssets(record, deps, new AbortController().signal);
    expect(seen.warnings.map((w) => [w.asset, (w.error as LoadError).status])).toEqual([["tail", 403]]);
    expect(server.assetCount("fox", "tail.obj")).toBe(1);
  });
});

describe("an answer with status 0", () => {
  it("takes it (the caller's fetch answering Response.error() or an opaque answer) as a failed asset, not an empty one", async () => {
    const record = await lookup();
    const { deps, seen } = harness();
    deps.fetchAsset = createAssetFetcher({
      fetch: async (input, init) => (String(input).includes("/head.obj") ? Response.error() : fetch(input, init)),
      timeoutMs: 10_000,
      retry: resolveRetryOptions(0),
      counters: { assetRequests: 0, assetBytes: 0 },
    });
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);
    expect(assets.parts.find((p) => p.part === "head")?.text).toBeUndefined();
    expect(seen.warnings.map((w) => [w.asset, (w.error as LoadError).status])).toEqual([["head", 0]]);
  });
});

describe("a fetcher that fails with something other than a library error", () => {
  it("says what it said: an error's message, anything else as text", async () => {
    const record = await lookup();
    const { deps, seen } = harness();
    const real = deps.fetchAsset;
    // A caller's fetcher (the seam a Menagerie fills with its own) failing outside the library.
    deps.fetchAsset = (url, as, signal) => {
      if (url.includes("/head.obj")) return Promise.reject(new Error("disk full"));
      if (url.includes("/tail.obj")) return Promise.reject(null);
      return real(url, as, signal);
    };
    await fetchModelAssets(record, deps, new AbortController().signal);
    expect(seen.warnings.map((w) => [w.asset, w.message]).sort()).toEqual([
      ["head", expect.stringMatching(/^Cannot load head of "fox": disk full: GET http:\/\/127\.0\.0\.1:\d+\/assets\//)],
      ["tail", expect.stringMatching(/^Cannot load tail of "fox": null: GET http:\/\/127\.0\.0\.1:\d+\/assets\//)],
    ]);
  });
});

describe("aborts and failures", () => {
  it("turns no texture cancelled by an abort after the MTL arrived into a warning", async () => {
    // fur.png is held until the test ends; the load is aborted once the parts and the MTL are in.
    server.models.set("fox", {
      ...server.models.get("fox")!,
      hold: (file) => (file === "fur.png" ? new Promise(() => undefined) : undefined),
    });
    const controller = new AbortController();
    const reason = new Error("stop");
    const { deps, seen } = harness(undefined, (p) => p.assetsLoaded === 12 && controller.abort(reason));
    expect(await rejection(fetchModelAssets(await lookup(), deps, controller.signal))).toBe(reason);
    await settle(seen.answers);
    expect([seen.started, seen.warnings]).toEqual([13, []]);
  });

  it("turns no degradable GLB cancelled because the required one failed into a warning", async () => {
    const glb = new Uint8Array([103, 108, 84, 70]);
    server.models.set("deer", { clips: { idle: glb, walk: glb, run: glb }, missing: ["idle.glb"], delayMs: 2000 });
    const { deps, seen } = harness();
    const error = await rejection(fetchModelAssets(await lookup("deer"), deps, new AbortController().signal));
    expect(isMenagerieError(error, "load") && [error.asset, error.status]).toEqual(["clip:idle", 404]);
    await settle(seen.answers);
    expect(seen.warnings).toEqual([]);
    expect(seen.reports.at(-1)).toMatchObject({ assetsTotal: 3, done: true });
  });

  it("requests and counts no texture for a model loaded from its GLBs", async () => {
    const glb = new Uint8Array([103, 108, 84, 70]);
    server.models.set("deer", { clips: { idle: glb, walk: glb }, textures: { "fur.png": tinyPng() } });
    const { deps, seen } = harness();
    const assets = await fetchModelAssets(await lookup("deer"), deps, new AbortController().signal);
    expect([...assets.clips.keys()]).toEqual(["idle", "walk"]);
    expect([assets.images.size, server.assetCount("deer", "fur.png"), assets.progress.assetsTotal]).toEqual([0, 0, 2]);
    expect(seen.reports[0]?.assetsTotal).toBe(2);
    expect(assets.parts).toEqual([]);
  });

  it("hands on parts, with their text, and never a GLB, as parts", async () => {
    const handed: [string, string | undefined][] = [];
    const fox = harness();
    const foxAssets = await fetchModelAssets(
      await lookup(),
      { ...fox.deps, onPart: (p) => handed.push([p.part, p.text]) },
      new AbortController().signal,
    );
    expect(handed.sort()).toEqual(Object.entries(quadrupedParts()).sort());
    expect(foxAssets.clips.size).toBe(0);
    const glb = new Uint8Array([103, 108, 84, 70]);
    server.models.set("deer", { clips: { idle: glb } });
    handed.length = 0;
    const deer = harness();
    await fetchModelAssets(
      await lookup("deer"),
      { ...deer.deps, onPart: (p) => handed.push([p.part, p.text]) },
      new AbortController().signal,
    );
    expect(handed).toEqual([]);
  });
});

describe("a record that cannot be renewed", () => {
  it("says the service no longer has a model whose links expired", async () => {
    server.linkLifetimeSeconds = 30; // inside the 60 s margin: renewed before the start
    const record = await lookup();
    server.models.delete("fox");
    const error = await rejection(fetchModelAssets(record, harness().deps, new AbortController().signal));
    expect(isMenagerieError(error, "load") && [error.reason, error.message]).toEqual([
      "not-found",
      'Cannot load model of "fox": the service no longer has this model',
    ]);
  });

  it("says the renewed links have expired too", async () => {
    server.linkLifetimeSeconds = -10;
    const error = await rejection(fetchModelAssets(await lookup(), harness().deps, new AbortController().signal));
    expect(isMenagerieError(error, "load") && [error.reason, error.message]).toEqual([
      "expired",
      'Cannot load model of "fox": the refreshed record\'s links have expired too',
    ]);
  });
});
