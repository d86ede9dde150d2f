/**
 * The persistent asset cache. Signed links change with every lookup, so the browser's HTTP
 * cache (keyed by the whole URL) never hits; this one keys an asset by its URL without the
 * query string (so never by a signature or an API key) and keeps the ETag the service sent.
 * A later load still asks the service, on its fresh signed link, with `If-None-Match`: a 304
 * means the stored bytes are used, anything else is handled as without a cache. The link stays
 * the capability: stored bytes are never used without the service's 304 for a valid link.
 */

import { NetworkError } from "../core/errors.js";
import type { AssetStore, StoredAsset } from "./assetStore.js";
import { abortReason } from "./request.js";

/** An asset's cache key: its http(s) URL without credentials, query or fragment. */
export function assetCacheKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/** What {@link fetchThroughCache} needs from the asset fetcher. */
export interface CachedFetchDeps {
  store: AssetStore;
  /** One asset request (retries included) with these extra headers, its body read. */
  request(headers: Record<string, string>): Promise<CachedFetchResponse>;
  counters: { cacheHits?: number };
  /** Origins where a conditional request failed on the network and a plain one did not. */
  unconditional: Set<string>;
}

/** An asset answer as the fetcher sees it. */
export interface CachedFetchResponse {
  status: number;
  headers?: Headers;
  body: ArrayBuffer;
}

/**
 * Fetches `url` through the cache. A 304 to the stored ETag answers 200 with the stored bytes;
 * a 200 replaces the entry (or drops it when it has no ETag), a 404 or 410 drops it; other
 * answers leave it. A store that fails, or an entry that is not an asset, costs a download.
 */
export async function fetchThroughCache(
  url: string,
  signal: AbortSignal,
  deps: CachedFetchDeps,
): Promise<CachedFetchResponse> {
  const key = assetCacheKey(url);
  if (key === undefined) return deps.request({});
  const origin = new URL(url).origin;
  const stored = deps.unconditional.has(origin)
    ? undefined
    : storedAsset(await settle(() => deps.store.get(key), signal));
  if (!stored) return remember(deps.store, key, await deps.request({}));
  let response: CachedFetchResponse;
  try {
    response = await deps.request({ "if-none-match": stored.etag });
  } catch (error) {
    // If-None-Match is no CORS-safelisted header: a cross-origin asset host that refuses its
    // preflight fails the request on the network. A plain request tells that apart from an outage.
    if (!(error instanceof NetworkError) || signal.aborted) throw error;
    const plain = await deps.request({});
    deps.unconditional.add(origin);
    return remember(deps.store, key, plain);
  }
  if (response.status !== 304) return remember(deps.store, key, response);
  deps.counters.cacheHits = (deps.counters.cacheHits ?? 0) + 1;
  return { status: 200, body: stored.bytes };
}

/**
 * Starts updating the entry of `key` after an answer and returns the answer at once: the asset
 * is in hand, and a first load waiting for each write (Cache Storage takes milliseconds a put)
 * came out slower than loading without a cache. The write's outcome is the store's business.
 */
function remember(store: AssetStore, key: string, response: CachedFetchResponse): CachedFetchResponse {
  const etag = response.headers?.get("etag") ?? null;
  if (response.status === 200 && etag !== null && isEtag(etag)) {
    inBackground(() => store.put(key, { etag, bytes: response.body }));
  } else if (response.status === 200 || response.status === 404 || response.status === 410) {
    inBackground(() => store.delete(key));
  }
  return response;
}

/** Runs a store write now without waiting for it; a failure (thrown or rejected) keeps nothing. */
function inBackground(run: () => void | Promise<void>): void {
  try {
    Promise.resolve(run()).catch(() => undefined);
  } catch {
    // A store that throws keeps nothing; the asset was downloaded all the same.
  }
}

/** An entity tag as RFC 9110 writes it (and a header value can carry). */
function isEtag(value: string): boolean {
  return /^(W\/)?"[\x21\x23-\x7e]*"$/.test(value);
}

/** A store's answer if it is a usable asset; anything else counts as no entry. */
function storedAsset(value: unknown): StoredAsset | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { etag, bytes } = value as Partial<StoredAsset>;
  if (typeof etag !== "string" || !isEtag(etag)) return undefined;
  if (Object.prototype.toString.call(bytes) === "[object ArrayBuffer]") return { etag, bytes: bytes! };
  if (ArrayBuffer.isView(bytes)) {
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { etag, bytes: view.slice().buffer };
  }
  return undefined;
}

/**
 * Runs a store call: its failure (thrown or rejected) becomes `undefined`, and the load's
 * signal still aborts at once, whatever the store does.
 */
async function settle<T>(run: () => T | Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  signal.throwIfAborted();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const call = Promise.resolve()
      .then(run)
      .catch(() => undefined);
    return await Promise.race([call, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
