/**
 * Browser test page for `CacheStorageAssetStore` alone, in the browser's real Cache Storage:
 * runs the step named by `?step=` and publishes what the store and the Cache hold on
 * `window.__result`. Steps run on separate page loads, so a step after a reload sees only
 * what the Cache kept (a new store instance, its index read back).
 */
import { CacheStorageAssetStore } from "../../../src/index.js";

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

/** What a step publishes. */
export interface CacheStoreResult {
  /** Bytes (first byte of each) by key, as `get` answers them, in the order asked. */
  got: Record<string, number | null>;
  /** URLs of the Cache's requests, index excluded, sorted. */
  stored: string[];
}

const NAME = "store-test";
const key = (name: string) => `https://assets.test/fox/${name}.obj`;
const asset = (first: number, size: number) => {
  const bytes = new Uint8Array(size);
  bytes[0] = first;
  return { etag: `"${first}"`, bytes: bytes.buffer };
};

async function snapshot(store: CacheStorageAssetStore, names: string[]): Promise<CacheStoreResult> {
  const got: Record<string, number | null> = {};
  for (const name of names) {
    const entry = await store.get(key(name));
    got[name] = entry ? new Uint8Array(entry.bytes)[0]! : null;
  }
  const cache = await caches.open(NAME);
  const stored = (await cache.keys()).map((r) => r.url).filter((u) => u.startsWith("https://assets.test/"));
  return { got, stored: stored.sort() };
}

const steps: Record<string, () => Promise<CacheStoreResult>> = {
  // 4 + 4 bytes, then `a` used, then 4 more: `b`, the least recently used, goes.
  async fill() {
    const store = new CacheStorageAssetStore({ cacheName: NAME, maxBytes: 10 });
    await store.put(key("a"), asset(1, 4));
    await store.put(key("b"), asset(2, 4));
    await store.get(key("a"));
    await store.put(key("c"), asset(3, 4));
    await store.put(key("huge"), asset(9, 11));
    return snapshot(store, []);
  },
  // After a reload, from the saved index: `a` is older than `c`, so one more asset drops `a`.
  async reload() {
    const store = new CacheStorageAssetStore({ cacheName: NAME, maxBytes: 10 });
    await store.put(key("d"), asset(4, 4));
    return snapshot(store, ["a", "c", "d"]);
  },
  // The index lost (another tab, a failed write): entries are adopted by their stored size, as
  // the oldest in the Cache's own order, and the budget still holds: one more asset drops `c`.
  async lostIndex() {
    const cache = await caches.open(NAME);
    await cache.delete("https://babylon-menagerie.invalid/asset-cache-index");
    // An entry from elsewhere, without the size header: dropped, its size unknown.
    await cache.put(key("stray"), new Response("v 1 1 1\n", { headers: { "x-menagerie-etag": '"s"' } }));
    const store = new CacheStorageAssetStore({ cacheName: NAME, maxBytes: 10 });
    await store.put(key("e"), asset(5, 4));
    return snapshot(store, ["c", "d", "e", "stray"]);
  },
  async remove() {
    const store = new CacheStorageAssetStore({ cacheName: NAME, maxBytes: 10 });
    await store.delete(key("e"));
    return snapshot(store, ["e"]);
  },
};

const step = new URLSearchParams(location.search).get("step") ?? "";
(steps[step] ?? (() => Promise.reject(new Error(`no step ${step}`))))().then(
  (result) => {
    window.__result = result;
  },
  (error: unknown) => {
    window.__error = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
  },
);
