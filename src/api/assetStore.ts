/**
 * Where the asset cache keeps bytes: the {@link AssetStore} interface a game may implement, a
 * least-recently-used byte budget the built-in stores share, and {@link MemoryAssetStore}, the
 * store for Node and tests. The browser's store is cacheStorageStore.ts; the fetch logic that
 * revalidates entries is assetCache.ts.
 */
import { positiveNumber } from "../core/options.js";

/**
 * One stored asset: its bytes and the ETag the service sent with them.
 * @category Asset cache
 */
export interface StoredAsset {
  /** The ETag header of the answer the bytes came from, as sent (`"abc"` or `W/"abc"`). */
  etag: string;
  /** The asset's bytes. A store hands out bytes the caller may keep (a copy, or never reused). */
  bytes: ArrayBuffer;
}

/**
 * A persistent store of asset bytes, keyed by the asset's URL without its query string (never
 * a signature or an API key). Every method may be synchronous or return a promise; a method
 * that throws or rejects only costs a normal download. The store decides what to keep and for
 * how long: an entry it has dropped is fetched again, an entry it returns is revalidated with
 * the service (`If-None-Match`) before its bytes are used.
 *
 * @example
 * const store: AssetStore = {
 *   get: (key) => db.get(key),
 *   put: (key, asset) => db.set(key, asset),
 *   delete: (key) => db.remove(key),
 * };
 * new Menagerie(scene, { baseUrl, assetCache: store });
 * @category Asset cache
 */
export interface AssetStore {
  /** The entry stored under `key`, or `undefined`. */
  get(key: string): StoredAsset | undefined | Promise<StoredAsset | undefined>;
  /** Stores (or replaces) the entry under `key`. */
  put(key: string, asset: StoredAsset): void | Promise<void>;
  /** Forgets the entry under `key` (nothing happens when there is none). */
  delete(key: string): void | Promise<void>;
}

/**
 * Options of the built-in stores.
 * @category Asset cache
 */
export interface AssetStoreOptions {
  /**
   * Bytes kept at most; past it the least recently used entries are dropped. An asset larger
   * than this is not stored.
   * @default 134217728 (128 MiB)
   */
  maxBytes?: number;
}

/** Default name of the Cache the browser store keeps assets in. */
export const DEFAULT_ASSET_CACHE_NAME = "babylon-menagerie-assets";

/** Default byte budget of the built-in stores: 128 MiB. */
export const DEFAULT_ASSET_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * Defaults of the persistent asset cache's options (`assetCache`): its Cache Storage name and byte budget.
 * @category Asset cache
 */
export const ASSET_CACHE_DEFAULTS: Readonly<{ cacheName: string; maxBytes: number }> = Object.freeze({
  cacheName: DEFAULT_ASSET_CACHE_NAME,
  maxBytes: DEFAULT_ASSET_CACHE_BYTES,
});

/**
 * Sizes of stored entries in the order they were last used (oldest first), within a byte
 * budget. Engine- and storage-free, so the memory store and the Cache Storage store share it.
 */
export class LruBudget {
  readonly #sizes = new Map<string, number>();
  #total = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes of every entry counted. */
  get totalBytes(): number {
    return this.#total;
  }

  /** Whether `key` is counted. */
  has(key: string): boolean {
    return this.#sizes.has(key);
  }

  /** Marks `key` as just used; false when it is not counted. */
  touch(key: string): boolean {
    const size = this.#sizes.get(key);
    if (size === undefined) return false;
    this.#sizes.delete(key);
    this.#sizes.set(key, size);
    return true;
  }

  /**
   * Counts `key` with `size` bytes as the most recently used entry and returns the keys that
   * must go to stay within budget, oldest first (`key` itself when it alone is too large).
   */
  add(key: string, size: number): string[] {
    this.remove(key);
    if (size > this.maxBytes) return [key];
    this.#sizes.set(key, size);
    this.#total += size;
    const evicted: string[] = [];
    for (const [old, oldSize] of this.#sizes) {
      if (this.#total <= this.maxBytes) break;
      this.#sizes.delete(old);
      this.#total -= oldSize;
      evicted.push(old);
    }
    return evicted;
  }

  /** Stops counting `key`. */
  remove(key: string): void {
    const size = this.#sizes.get(key);
    if (size === undefined) return;
    this.#sizes.delete(key);
    this.#total -= size;
  }

  /** Every counted entry as `[key, size]`, oldest first (what a persistent store saves). */
  entries(): [string, number][] {
    return [...this.#sizes];
  }
}

/**
 * Keeps assets in memory, least recently used first out past `maxBytes`. What Node programs and
 * tests pass as `assetCache`; it lasts as long as the object (share one between Menageries to
 * share the cache). Bytes are copied in and out, so a loader that takes over a buffer cannot
 * spoil the stored copy.
 *
 * @example
 * const assetCache = new MemoryAssetStore({ maxBytes: 32 * 1024 * 1024 });
 * const menagerie = new Menagerie(scene, { baseUrl, assetCache });
 * @category Asset cache
 */
export class MemoryAssetStore implements AssetStore {
  readonly #entries = new Map<string, StoredAsset>();
  readonly #budget: LruBudget;

  constructor(options: AssetStoreOptions = {}) {
    this.#budget = new LruBudget(positiveNumber("assetCache.maxBytes", options.maxBytes ?? DEFAULT_ASSET_CACHE_BYTES));
  }

  /** Bytes stored now. */
  get totalBytes(): number {
    return this.#budget.totalBytes;
  }

  /** Keys stored now, least recently used first. */
  keys(): string[] {
    return this.#budget.entries().map(([key]) => key);
  }

  /** A copy of the entry under `key`, now the most recently used; `undefined` when there is none. */
  get(key: string): StoredAsset | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#budget.touch(key);
    return { etag: entry.etag, bytes: entry.bytes.slice(0) };
  }

  /** Stores a copy of `asset` under `key`, dropping the least recently used entries past `maxBytes`. */
  put(key: string, asset: StoredAsset): void {
    if (asset.bytes.byteLength > this.#budget.maxBytes) {
      this.delete(key);
      return;
    }
    const bytes = asset.bytes.slice(0);
    this.#entries.set(key, { etag: asset.etag, bytes });
    for (const gone of this.#budget.add(key, bytes.byteLength)) this.#entries.delete(gone);
  }

  /** Forgets the entry under `key`. */
  delete(key: string): void {
    this.#entries.delete(key);
    this.#budget.remove(key);
  }
}
