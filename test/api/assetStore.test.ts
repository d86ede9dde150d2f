/** The asset cache's key, its in-memory store and the `assetCache` option. */
import { describe, expect, it } from "vitest";
import { assetCacheKey } from "../../src/api/assetCache.js";
import { resolveAssetCache } from "../../src/api/assetCacheOption.js";
import { type AssetStore, DEFAULT_ASSET_CACHE_BYTES, LruBudget, MemoryAssetStore } from "../../src/api/assetStore.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { thrown } from "../helpers/rejection.js";

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const asset = (size: number, etag = '"e"') => ({ etag, bytes: new ArrayBuffer(size) });

describe("assetCacheKey", () => {
  it("is the URL without query, fragment or credentials, so never a signature or a key", () => {
    const url =
      "https://user:pass@cdn.test:8443/assets/fox/fox%20fur.png?Expires=1&KeyName=k&Signature=a/b+c=&key=s3cret#part";
    expect(assetCacheKey(url)).toBe("https://cdn.test:8443/assets/fox/fox%20fur.png");
  });

  it("is the same for two signed links of one asset and differs between assets", () => {
    const a = assetCacheKey("http://127.0.0.1:9/assets/fox/body.obj?Expires=1&KeyName=k&Signature=x");
    const b = assetCacheKey("http://127.0.0.1:9/assets/fox/body.obj?Expires=2&KeyName=k&Signature=y");
    const c = assetCacheKey("http://127.0.0.1:9/assets/fox/head.obj?Expires=2&KeyName=k&Signature=y");
    expect([a === b, a === c]).toEqual([true, false]);
  });

  it("has none for what is not an http(s) URL", () => {
    expect([assetCacheKey("data:text/plain,x"), assetCacheKey("not a url"), assetCacheKey("")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("LruBudget", () => {
  it("evicts the least recently used entries past its budget, and refuses one larger than it", () => {
    const budget = new LruBudget(10);
    expect([budget.add("a", 4), budget.add("b", 4)]).toEqual([[], []]);
    expect(budget.touch("a")).toBe(true);
    expect(budget.add("c", 4)).toEqual(["b"]);
    expect(budget.add("a", 5)).toEqual([]); // replaced in place: 5 + 4
    expect(budget.add("d", 11)).toEqual(["d"]);
    expect([budget.entries(), budget.totalBytes, budget.touch("b")]).toEqual([
      [
        ["c", 4],
        ["a", 5],
      ],
      9,
      false,
    ]);
  });
});

describe("MemoryAssetStore", () => {
  it("stays within maxBytes, dropping the least recently used asset first", () => {
    const store = new MemoryAssetStore({ maxBytes: 10 });
    store.put("a", asset(4));
    store.put("b", asset(4));
    expect(store.get("a")?.bytes.byteLength).toBe(4); // a is now the most recent
    store.put("c", asset(4));
    expect([store.keys(), store.totalBytes, store.get("b")]).toEqual([["a", "c"], 8, undefined]);
    store.put("huge", asset(11));
    expect([store.keys(), store.get("huge")]).toEqual([["a", "c"], undefined]);
    store.delete("a");
    expect([store.keys(), store.totalBytes]).toEqual([["c"], 4]);
  });

  it("keeps its own copy: a caller changing (or handing on) its buffer spoils nothing", () => {
    const store = new MemoryAssetStore();
    const given = bytes(1, 2, 3);
    store.put("k", { etag: '"1"', bytes: given });
    new Uint8Array(given)[0] = 9;
    const got = store.get("k")!;
    new Uint8Array(got.bytes)[1] = 9;
    expect([...new Uint8Array(store.get("k")!.bytes)]).toEqual([1, 2, 3]);
    expect(got.etag).toBe('"1"');
  });

  it("has a 128 MiB budget by default and refuses a budget that is not a positive number", () => {
    const store = new MemoryAssetStore();
    expect(DEFAULT_ASSET_CACHE_BYTES).toBe(128 * 1024 * 1024);
    store.put("fits", asset(1));
    store.put("too big", asset(DEFAULT_ASSET_CACHE_BYTES + 1)); // zero pages: never really allocated
    expect(store.keys()).toEqual(["fits"]);
    for (const maxBytes of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(
        isMenagerieError(
          thrown(() => new MemoryAssetStore({ maxBytes })),
          "options",
        ),
      ).toBe(true);
    }
  });
});

describe("resolveAssetCache (the assetCache option)", () => {
  const custom: AssetStore = { get: () => undefined, put: () => undefined, delete: () => undefined };

  it("uses no store in Node by default, and none when false", () => {
    expect([resolveAssetCache(undefined), resolveAssetCache(true), resolveAssetCache(false)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(resolveAssetCache({ maxBytes: 1024, cacheName: "game" })).toBeUndefined();
  });

  it("uses a store given as such or as { store }", () => {
    const memory = new MemoryAssetStore();
    expect(resolveAssetCache(custom)).toBe(custom);
    expect(resolveAssetCache(memory)).toBe(memory);
    expect(resolveAssetCache({ store: custom })).toBe(custom);
  });

  it("refuses what is no store or settings, naming the option (also where it would be unused)", () => {
    const cases: [unknown, string][] = [
      ["yes", "assetCache"],
      [1, "assetCache"],
      [{ store: { get: () => undefined } }, "assetCache.store"],
      [{ maxBytes: -5 }, "assetCache.maxBytes"],
      [{ cacheName: " " }, "assetCache.cacheName"],
    ];
    for (const [option, name] of cases) {
      const error = thrown(() => resolveAssetCache(option));
      expect(isMenagerieError(error, "options"), String(option)).toBe(true);
      expect((error as Error).message.startsWith(name)).toBe(true);
    }
  });
});
