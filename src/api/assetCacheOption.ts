/**
 * The `assetCache` option of a Menagerie: its types and the store it resolves to, checked when
 * the Menagerie is made. Apart from the cache itself (assetCache.ts), which loads with the first
 * creature: a bad option still fails at once, and the option's code is all a page needs first.
 */

import { OptionsError } from "../core/errors.js";
import { describeValue, objectOption, positiveNumber, stringOption } from "../core/options.js";
import {
  type AssetStore,
  DEFAULT_ASSET_CACHE_BYTES,
  DEFAULT_ASSET_CACHE_NAME,
  type StoredAsset,
} from "./assetStore.js";

/**
 * Settings of the default store, or a store of your own.
 * @category Asset cache
 */
export interface AssetCacheOptions {
  /**
   * Bytes the default store keeps at most, least recently used out first.
   * @default 134217728 (128 MiB)
   */
  maxBytes?: number;
  /**
   * Name of the Cache (in the browser's Cache Storage) the default store uses.
   * @default "babylon-menagerie-assets"
   */
  cacheName?: string;
  /**
   * A store of your own (`maxBytes` and `cacheName` are then its business).
   * @default Cache Storage in browsers, none in Node
   */
  store?: AssetStore;
}

/**
 * The `assetCache` option: `true` (or absent) for the default store (Cache Storage in
 * browsers, none in Node), `false` for none, a store, or {@link AssetCacheOptions}.
 * @category Asset cache
 */
export type AssetCacheOption = boolean | AssetStore | AssetCacheOptions;

function isStore(value: unknown): value is AssetStore {
  const store = value as Partial<AssetStore> | null;
  return (
    typeof store === "object" &&
    store !== null &&
    typeof store.get === "function" &&
    typeof store.put === "function" &&
    typeof store.delete === "function"
  );
}

/**
 * The browser's default store, its code loaded on first use (cacheStorageStore.ts), so that a
 * page that never loads an asset, or turns the cache off, does not download it. A failed import
 * rejects every call, and the fetcher then downloads plainly, as for any failing store.
 */
class LazyCacheStorageStore implements AssetStore {
  readonly #settings: { cacheName: string; maxBytes: number };
  #store: Promise<AssetStore> | undefined;

  constructor(settings: { cacheName: string; maxBytes: number }) {
    this.#settings = settings;
  }

  #open(): Promise<AssetStore> {
    this.#store ??= import("./cacheStorageStore.js").then((m) => new m.CacheStorageAssetStore(this.#settings));
    return this.#store;
  }

  async get(key: string): Promise<StoredAsset | undefined> {
    return (await this.#open()).get(key);
  }

  async put(key: string, asset: StoredAsset): Promise<void> {
    await (await this.#open()).put(key, asset);
  }

  async delete(key: string): Promise<void> {
    await (await this.#open()).delete(key);
  }
}

/** One default store per Cache name and budget, shared by the Menageries of a page. */
const browserStores = new Map<string, AssetStore>();

function runsInNode(): boolean {
  const process = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof process?.versions?.node === "string";
}

/** The store an `assetCache` option asks for; `undefined` for none. Throws OptionsError. */
export function resolveAssetCache(option: unknown): AssetStore | undefined {
  if (option === false) return undefined;
  if (isStore(option)) return option;
  const settings: AssetCacheOptions =
    option === undefined || option === true ? {} : objectOption<AssetCacheOptions>("assetCache", option);
  if (settings.store !== undefined) {
    if (!isStore(settings.store)) {
      throw new OptionsError("assetCache.store", `must have get, put and delete, got ${describeValue(settings.store)}`);
    }
    return settings.store;
  }
  // Checked even where unused, so a typo fails in Node tests too.
  const cacheName = stringOption("assetCache.cacheName", settings.cacheName ?? DEFAULT_ASSET_CACHE_NAME, {
    nonEmpty: true,
  });
  const maxBytes = positiveNumber("assetCache.maxBytes", settings.maxBytes ?? DEFAULT_ASSET_CACHE_BYTES);
  if (typeof globalThis.caches?.open !== "function" || runsInNode()) return undefined;
  const id = `${cacheName}\n${maxBytes}`;
  let store = browserStores.get(id);
  if (!store) {
    store = new LazyCacheStorageStore({ cacheName, maxBytes });
    browserStores.set(id, store);
  }
  return store;
}
