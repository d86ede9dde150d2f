/**
 * `CacheStorageAssetStore` where it cannot work: Node has no Cache Storage, so making one without
 * `caches` is refused like any bad option. Its behaviour in a real Cache Storage is tested in
 * Chromium (test/browser/cacheStorageStore.browser.test.ts).
 */
import { describe, expect, it } from "vitest";
import { CacheStorageAssetStore } from "../../src/api/cacheStorageStore.js";
import { OptionsError } from "../../src/core/errors.js";
import { thrown } from "../helpers/rejection.js";

describe("CacheStorageAssetStore options", () => {
  it("is refused with an OptionsError where there is no Cache Storage", () => {
    expect(globalThis.caches).toBeUndefined(); // Node
    const error = thrown(() => new CacheStorageAssetStore());
    expect(error).toBeInstanceOf(OptionsError);
    expect([(error as OptionsError).option, (error as Error).message]).toEqual([
      "assetCache.caches",
      "assetCache.caches must be a CacheStorage, got undefined (Cache Storage is not available here)",
    ]);
  });

  it("refuses a caches option that is no Cache Storage, naming what it got", () => {
    const error = thrown(() => new CacheStorageAssetStore({ caches: {} as CacheStorage }));
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as Error).message).toBe("assetCache.caches must be a CacheStorage, got an object");
  });

  it("takes any Cache Storage given, and checks its other options", () => {
    const caches = { open: () => Promise.reject(new Error("unused")) } as unknown as CacheStorage;
    expect(new CacheStorageAssetStore({ caches })).toBeInstanceOf(CacheStorageAssetStore);
    const error = thrown(() => new CacheStorageAssetStore({ caches, maxBytes: 0 }));
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as Error).message).toBe("assetCache.maxBytes must be a positive finite number, got 0");
  });
});
