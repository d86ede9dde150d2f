/**
 * The browser's asset store: one named Cache of Cache Storage, which outlives the page, so a
 * later visit revalidates instead of downloading. The least-recently-used order and the entry
 * sizes live in an index entry of the same Cache (under a `.invalid` URL no asset can have);
 * an entry the index does not know (a lost index write, another tab) is adopted by the size it
 * was stored with, and one without it is dropped.
 */

import { OptionsError } from "../core/errors.js";
import { describeValue, positiveNumber, stringOption } from "../core/options.js";
import {
  type AssetStore,
  type AssetStoreOptions,
  DEFAULT_ASSET_CACHE_BYTES,
  DEFAULT_ASSET_CACHE_NAME,
  LruBudget,
  type StoredAsset,
} from "./assetStore.js";

/**
 * Options of {@link CacheStorageAssetStore}.
 * @category Asset cache
 */
export interface CacheStorageStoreOptions extends AssetStoreOptions {
  /**
   * Name of the Cache (in Cache Storage) the assets are kept in.
   * @default "babylon-menagerie-assets"
   */
  cacheName?: string;
  /**
   * The Cache Storage to use.
   * @default globalThis.caches
   */
  caches?: CacheStorage;
}

export { DEFAULT_ASSET_CACHE_NAME };

const INDEX_URL = "https://babylon-menagerie.invalid/asset-cache-index";
const ETAG_HEADER = "x-menagerie-etag";
const SIZE_HEADER = "x-menagerie-size";

interface Opened {
  cache: Cache;
  budget: LruBudget;
}

/**
 * Keeps assets in the browser's Cache Storage within a byte budget, least recently used out
 * first. What `assetCache` uses by default in browsers.
 * @category Asset cache
 */
export class CacheStorageAssetStore implements AssetStore {
  readonly #caches: CacheStorage;
  readonly #name: string;
  readonly #maxBytes: number;
  #opened: Promise<Opened> | undefined;
  #saving: Promise<void> = Promise.resolve();
  #dirty = false;

  /**
   * @throws OptionsError when there is no Cache Storage to use (`caches` not given and no
   * `globalThis.caches`, as in Node), or `caches` is not one; or `cacheName`, `maxBytes` is invalid.
   */
  constructor(options: CacheStorageStoreOptions = {}) {
    const caches = options.caches ?? globalThis.caches;
    if (typeof caches?.open !== "function") {
      const none = options.caches === undefined ? " (Cache Storage is not available here)" : "";
      throw new OptionsError("assetCache.caches", `must be a CacheStorage, got ${describeValue(caches)}${none}`);
    }
    this.#caches = caches;
    this.#name = stringOption("assetCache.cacheName", options.cacheName ?? DEFAULT_ASSET_CACHE_NAME, {
      nonEmpty: true,
    });
    this.#maxBytes = positiveNumber("assetCache.maxBytes", options.maxBytes ?? DEFAULT_ASSET_CACHE_BYTES);
  }

  /** The entry under `key`, now the most recently used; `undefined` when there is none. */
  async get(key: string): Promise<StoredAsset | undefined> {
    const opened = await this.#open();
    const response = await opened.cache.match(key);
    if (!response) {
      if (opened.budget.has(key)) this.#forget(opened, [key]);
      return undefined;
    }
    const bytes = await response.arrayBuffer();
    if (!opened.budget.touch(key)) this.#forget(opened, opened.budget.add(key, bytes.byteLength));
    this.#save(opened).catch(() => undefined);
    return { etag: response.headers.get(ETAG_HEADER) ?? "", bytes };
  }

  /** Stores `asset` under `key` (and the index), dropping the least recently used entries past `maxBytes`. */
  async put(key: string, asset: StoredAsset): Promise<void> {
    // The Response copies the bytes, before any wait: the caller, which does not wait for the
    // write, may hand its buffer on.
    const size = asset.bytes.byteLength;
    const entry = new Response(asset.bytes, { headers: { [ETAG_HEADER]: asset.etag, [SIZE_HEADER]: String(size) } });
    const opened = await this.#open();
    const evicted = opened.budget.add(key, size);
    try {
      if (!evicted.includes(key)) await opened.cache.put(key, entry);
    } catch (error) {
      // Over quota, say: the entry is not kept, and the old one (if any) is stale.
      opened.budget.remove(key);
      evicted.push(key);
      throw error;
    } finally {
      await Promise.all(evicted.map((gone) => opened.cache.delete(gone)));
      await this.#save(opened);
    }
  }

  /** Forgets the entry under `key`. */
  async delete(key: string): Promise<void> {
    const opened = await this.#open();
    opened.budget.remove(key);
    await opened.cache.delete(key);
    await this.#save(opened);
  }

  #forget(opened: Opened, keys: string[]): void {
    for (const key of keys) {
      opened.budget.remove(key);
      opened.cache.delete(key).catch(() => undefined);
    }
  }

  /** Writes the index; writes are serialised and a burst of changes is written once. */
  #save(opened: Opened): Promise<void> {
    this.#dirty = true;
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(async () => {
        if (!this.#dirty) return;
        this.#dirty = false;
        const body = JSON.stringify({ version: 1, entries: opened.budget.entries() });
        await opened.cache.put(INDEX_URL, new Response(body, { headers: { "content-type": "application/json" } }));
      });
    return this.#saving;
  }

  #open(): Promise<Opened> {
    this.#opened ??= (async () => {
      const cache = await this.#caches.open(this.#name);
      const budget = new LruBudget(this.#maxBytes);
      const saved = await readIndex(cache);
      const stored = (await cache.keys()).map((request) => request.url).filter((url) => url !== INDEX_URL);
      const present = new Set(stored);
      const known = new Set(saved.map(([key]) => key));
      const drop: string[] = [];
      // Entries the index lost count as the oldest; then the index's own, in its order.
      for (const key of stored.filter((k) => !known.has(k))) {
        const size = (await cache.match(key))?.headers.get(SIZE_HEADER) ?? "";
        drop.push(...(/^\d{1,15}$/.test(size) ? budget.add(key, Number(size)) : [key]));
      }
      for (const [key, size] of saved) if (present.has(key)) drop.push(...budget.add(key, size));
      const opened = { cache, budget };
      await Promise.all(drop.map((key) => cache.delete(key)));
      if (drop.length > 0 || saved.length !== budget.entries().length) await this.#save(opened);
      return opened;
    })();
    return this.#opened;
  }
}

/** The saved index's entries; none when it is missing or unreadable. */
async function readIndex(cache: Cache): Promise<[string, number][]> {
  try {
    const data = (await (await cache.match(INDEX_URL))?.json()) as { entries?: unknown } | undefined;
    const entries = Array.isArray(data?.entries) ? data.entries : [];
    return entries.filter(
      (e): e is [string, number] =>
        Array.isArray(e) && typeof e[0] === "string" && Number.isInteger(e[1]) && (e[1] as number) >= 0,
    );
  } catch {
    return [];
  }
}
