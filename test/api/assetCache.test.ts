/**
 * The asset fetcher with a cache, over the reference service on 127.0.0.1 (its asset route
 * sends ETags and answers 304), counted on the server side; and over a test server for what
 * the service never does (refusing a conditional request on the network).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assetCacheKey } from "../../src/api/assetCache.js";
import { type AssetCounters, createAssetFetcher } from "../../src/api/assetFetcher.js";
import { type AssetStore, MemoryAssetStore } from "../../src/api/assetStore.js";
import { createLookupClient } from "../../src/api/client.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { type CountingService, startCountingService } from "../helpers/countingService.js";
import { createTestServer } from "../helpers/httpServer.js";
import { rejection } from "../helpers/rejection.js";
import { BOX_OBJ, type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

const START_MS = 1_800_000_000_000;
let nowMs = START_MS;
let catalog: FixtureCatalog;
let service: CountingService;

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await startCountingService({ catalogDir: catalog.dir, now: () => nowMs });
});
afterAll(async () => {
  await service?.close();
  await catalog?.remove();
});
beforeEach(() => {
  service.served.length = 0;
});

/**
 * A fresh lookup, one link bucket (300 s) after the last one: new Expires, new Signature (within
 * a bucket the service answers the same signed links).
 */
async function lookup(name: string): Promise<ModelRecord> {
  nowMs += 300_000;
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  return (await client.getModel(name))!;
}

const zero = (): Required<AssetCounters> => ({ assetRequests: 0, assetBytes: 0, cacheHits: 0, revalidations: 0 });

function fetcher(counters: AssetCounters, cache: AssetStore | false, retryLimit = 2) {
  return createAssetFetcher({
    fetch: globalThis.fetch,
    timeoutMs: 5000,
    retry: { ...RETRY_DEFAULTS, limit: retryLimit, baseDelayMs: 1, maxDelayMs: 2 },
    counters,
    cache,
  });
}
const signal = () => new AbortController().signal;
const served = () => service.assets().map((r) => [r.status, r.conditional, r.bodyBytes]);

describe("an asset fetcher with a cache, over the reference service", () => {
  it("stores the first answer, then revalidates on a fresh signed link and uses the stored bytes on 304", async () => {
    const store = new MemoryAssetStore();
    const counters = zero();
    const get = fetcher(counters, store);
    const first = (await lookup("fox")).model.parts["body"]!;
    expect(await get(first, "text", signal())).toEqual({ status: 200, size: BOX_OBJ.length, text: BOX_OBJ });
    const second = (await lookup("fox")).model.parts["body"]!;
    expect(second).not.toBe(first);
    expect(assetCacheKey(second)).toBe(assetCacheKey(first));
    expect(await get(second, "text", signal())).toEqual({ status: 200, size: BOX_OBJ.length, text: BOX_OBJ });

    expect(served()).toEqual([
      [200, false, BOX_OBJ.length],
      [304, true, 0],
    ]);
    // Each attempt counted once: the 304 was neither retried nor an error.
    expect(counters).toEqual({ assetRequests: 2, assetBytes: BOX_OBJ.length, cacheHits: 1, revalidations: 1 });
  });

  it("keys entries by the URL without its query: no signature, no API key, nothing secret stored", async () => {
    const store = new MemoryAssetStore();
    const record = await lookup("fox");
    const get = fetcher(zero(), store);
    for (const url of [record.model.parts["body"]!, record.model.other.texture[0]!]) await get(url, "bytes", signal());
    expect(store.keys()).toHaveLength(2);
    for (const key of store.keys()) {
      expect(key).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/[^?#]+$/);
      expect(key).not.toMatch(/Signature|Expires|KeyName|key=|dev-key/);
      expect(Object.keys(store.get(key)!)).toEqual(["etag", "bytes"]);
    }
  });

  it("replaces a stored entry when its revalidation answers 200", async () => {
    const store = new MemoryAssetStore();
    const url = (await lookup("barn owl")).model.parts["body"]!;
    const key = assetCacheKey(url)!;
    store.put(key, { etag: '"stale"', bytes: new TextEncoder().encode("old").buffer });
    const counters = zero();
    const answer = await fetcher(counters, store)(url, "text", signal());
    expect(answer.text).toBe(BOX_OBJ);
    expect(served()).toEqual([[200, true, BOX_OBJ.length]]);
    const entry = store.get(key)!;
    expect([new TextDecoder().decode(entry.bytes), entry.etag]).toEqual([BOX_OBJ, expect.stringMatching(/^"[\w-]+"$/)]);
    expect([counters.cacheHits, counters.revalidations]).toEqual([0, 1]);

    // The file changes on disk: its new content gets a new ETag, and the entry follows it.
    const changed = `${BOX_OBJ}v 2 2 2\n`;
    await writeFile(join(catalog.dir, new URL(url).pathname.replace(/^\/assets\//, "")), changed);
    const fresh = (await lookup("barn owl")).model.parts["body"]!;
    expect((await fetcher(zero(), store)(fresh, "text", signal())).text).toBe(changed);
    expect(new TextDecoder().decode(store.get(key)!.bytes)).toBe(changed);
    expect(store.get(key)!.etag).not.toBe(entry.etag);
  });

  it("falls back to a plain download when the store fails or holds something that is no asset", async () => {
    const url = (await lookup("fox")).model.parts["head"]!;
    const broken: [string, AssetStore["get"]][] = [
      [
        "throws",
        () => {
          throw new Error("disk on fire");
        },
      ],
      ["rejects", () => Promise.reject(new Error("quota"))],
      ["no etag", () => ({ bytes: new ArrayBuffer(3) }) as never],
      ["an etag that is no header value", () => ({ etag: '"a"\r\nx-evil: 1', bytes: new ArrayBuffer(3) })],
      ["bytes that are no buffer", () => ({ etag: '"a"', bytes: "v 1 1 1" }) as never],
      ["null", () => null as never],
    ];
    for (const [label, get] of broken) {
      service.served.length = 0;
      const puts: string[] = [];
      const store: AssetStore = {
        get,
        put: (key) => {
          puts.push(key);
          throw new Error("cannot write either");
        },
        delete: () => undefined,
      };
      const answer = await fetcher(zero(), store)(url, "text", signal());
      expect([label, answer.status, answer.text]).toEqual([label, 200, BOX_OBJ]);
      expect([label, served()]).toEqual([label, [[200, false, BOX_OBJ.length]]]);
      expect(puts).toEqual([assetCacheKey(url)]);
    }
  });

  it("never serves stored bytes for a link the service refuses", async () => {
    const store = new MemoryAssetStore();
    const url = (await lookup("fox")).model.other.material!;
    await fetcher(zero(), store)(url, "text", signal());
    const tampered = url.replace(/Signature=[^&]+/, "Signature=AAAA");
    const counters = zero();
    expect((await fetcher(counters, store)(tampered, "text", signal())).status).toBe(403);
    expect(counters.cacheHits).toBe(0);
    expect(store.keys()).toEqual([assetCacheKey(url)]); // a refusal says nothing about the bytes
  });

  it("hands the asset over without waiting for the store's write, which still gets it", async () => {
    const written: string[] = [];
    let finishWrite: () => void = () => undefined;
    const store: AssetStore = {
      get: () => undefined,
      put: (key, asset) =>
        new Promise<void>((resolve) => {
          finishWrite = () => {
            written.push(`${key} ${new TextDecoder().decode(asset.bytes)}`);
            resolve();
          };
        }),
      delete: () => undefined,
    };
    const url = (await lookup("fox")).model.parts["body"]!;
    const answer = await fetcher(zero(), store)(url, "text", signal());
    expect(answer).toEqual({ status: 200, size: BOX_OBJ.length, text: BOX_OBJ });
    expect(written).toEqual([]); // answered while the write was still under way
    finishWrite();
    expect(written).toEqual([`${assetCacheKey(url)} ${BOX_OBJ}`]);
  });

  it("aborts at once while the store is slow to answer, before any request", async () => {
    const never = new Promise<never>(() => undefined);
    const store: AssetStore = { get: () => never, put: () => never, delete: () => never };
    const url = (await lookup("fox")).model.parts["body"]!;
    const controller = new AbortController();
    const loading = fetcher(zero(), store)(url, "text", controller.signal);
    const reason = new Error("left the page");
    controller.abort(reason);
    expect(await rejection(loading)).toBe(reason);
    expect(service.assets()).toEqual([]);
  });
});

describe("an asset host that refuses conditional requests on the network (a CORS preflight refused)", () => {
  it("downloads plainly instead, and stops asking that host with If-None-Match", async () => {
    const host = await createTestServer((req, res) => {
      if (req.headers["if-none-match"]) return void req.socket.destroy();
      res.writeHead(200, { etag: '"v1"', "content-type": "model/obj" });
      res.end("v 1 1 1\n");
    });
    try {
      const store = new MemoryAssetStore();
      const url = (file: string) => `${host.url}/assets/fox/${file}?Expires=2000000000&KeyName=k&Signature=s`;
      for (const file of ["a.obj", "b.obj"])
        store.put(assetCacheKey(url(file))!, { etag: '"v0"', bytes: new ArrayBuffer(1) });
      const counters = zero();
      const get = fetcher(counters, store, 0);
      expect((await get(url("a.obj"), "text", signal())).text).toBe("v 1 1 1\n");
      expect((await get(url("b.obj"), "text", signal())).text).toBe("v 1 1 1\n");
      const conditional = host.requests.map((r) => [r.url.split("?")[0], r.headers["if-none-match"] ?? null]);
      expect(conditional).toEqual([
        ["/assets/fox/a.obj", '"v0"'],
        ["/assets/fox/a.obj", null],
        ["/assets/fox/b.obj", null],
      ]);
      expect(counters).toEqual({ assetRequests: 3, assetBytes: 16, cacheHits: 0, revalidations: 1 });
      expect(store.get(assetCacheKey(url("a.obj"))!)!.etag).toBe('"v1"');
    } finally {
      await host.close();
    }
  });
});

describe("what other answers do to a stored entry", () => {
  it("drops it on a 200 without an ETag and on 404 or 410, keeps it on 500 or 403, stores a weak ETag", async () => {
    const answers: Record<string, [number, Record<string, string>]> = {
      "no-etag.obj": [200, {}],
      "gone.obj": [404, {}],
      "removed.obj": [410, {}],
      "failing.obj": [500, {}],
      "refused.obj": [403, {}],
      "weak.obj": [200, { etag: 'W/"w1"' }],
    };
    const host = await createTestServer((req, res) => {
      const [status, headers] = answers[new URL(req.url!, "http://x").pathname.slice("/assets/".length)]!;
      res.writeHead(status, headers);
      res.end("v 1 1 1\n");
    });
    try {
      const store = new MemoryAssetStore();
      const url = (file: string) => `${host.url}/assets/${file}?Expires=2000000000&KeyName=k&Signature=s`;
      for (const file of Object.keys(answers)) {
        store.put(assetCacheKey(url(file))!, { etag: '"old"', bytes: new ArrayBuffer(2) });
      }
      const get = fetcher(zero(), store, 0);
      for (const file of Object.keys(answers)) await get(url(file), "text", signal());
      const kept = Object.keys(answers).map((file) => [file, store.get(assetCacheKey(url(file))!)?.etag ?? null]);
      expect(kept).toEqual([
        ["no-etag.obj", null],
        ["gone.obj", null],
        ["removed.obj", null],
        ["failing.obj", '"old"'],
        ["refused.obj", '"old"'],
        ["weak.obj", 'W/"w1"'],
      ]);
    } finally {
      await host.close();
    }
  });
});
