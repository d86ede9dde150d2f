/**
 * Asset requests of a Menagerie: one GET per signed URL with a per-attempt timeout, retries
 * for network errors, 408, 429 and 5xx, and counters. Bodies are read as bytes (their size is
 * the byte count), at most `maxBytes` of them (cappedBody.ts), and decoded to text only for
 * OBJ and MTL files. With a cache (assetCache.ts),
 * a stored asset is revalidated with `If-None-Match` and its bytes used on 304. A network error
 * that looks like a browser's CORS refusal carries a hint naming the remedy (corsHint.ts).
 */

import { redactUrl } from "../core/redact.js";
import { fetchThroughCache } from "./assetCache.js";
import { type AssetCacheOption, resolveAssetCache } from "./assetCacheOption.js";
import { MAX_ASSET_BYTES } from "./cappedBody.js";
import { withCorsHint } from "./corsHint.js";
import { requestBytes } from "./request.js";
import type { RetryOptions } from "./retry.js";

/** An asset answer: the status and, for 2xx, the body (a 304 to a stored asset reads as 200). */
export interface AssetResponse {
  status: number;
  text?: string;
  bytes?: ArrayBuffer;
  size: number;
}

export interface AssetCounters {
  /** HTTP requests made for assets, retries included. */
  assetRequests: number;
  /** Bytes of asset bodies received. */
  assetBytes: number;
  /** Assets whose stored bytes were used because the service answered 304. */
  cacheHits?: number;
  /** Asset requests that asked with `If-None-Match` (retries included). */
  revalidations?: number;
}

export interface AssetFetcherOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** The most bytes one asset body may have (the Menagerie's `maxAssetBytes`). @default MAX_ASSET_BYTES */
  maxBytes?: number | undefined;
  retry: Required<RetryOptions>;
  counters: AssetCounters;
  /** The persistent asset cache (see assetCache.ts). @default the default store (none in Node) */
  cache?: AssetCacheOption | undefined;
}

export type AssetFetcher = (url: string, as: "text" | "bytes", signal: AbortSignal) => Promise<AssetResponse>;

export function createAssetFetcher(options: AssetFetcherOptions): AssetFetcher {
  const decoder = new TextDecoder();
  const store = resolveAssetCache(options.cache);
  const unconditional = new Set<string>();
  // Counted where requests are made, so every attempt counts: retried, failed or aborted mid-way.
  const countingFetch: typeof fetch = (input, init) => {
    options.counters.assetRequests++;
    if ((init?.headers as Record<string, string> | undefined)?.["if-none-match"] !== undefined) {
      options.counters.revalidations = (options.counters.revalidations ?? 0) + 1;
    }
    return options.fetch(input, init);
  };
  return async (url, as, signal) => {
    const request = async (headers: Record<string, string>) => {
      const response = await requestBytes({
        url,
        redactedUrl: redactUrl(url),
        headers,
        timeoutMs: options.timeoutMs,
        bodyCap: { maxBytes: options.maxBytes ?? MAX_ASSET_BYTES, option: "maxAssetBytes" },
        retry: options.retry,
        fetch: countingFetch,
        signal,
        random: Math.random,
        now: Date.now,
      }).catch((error: unknown) => {
        // A browser's CORS refusal is a bare network error: say so, and what to do about it.
        throw withCorsHint(error, url);
      });
      options.counters.assetBytes += response.body.byteLength;
      return response;
    };
    const response = store
      ? await fetchThroughCache(url, signal, { store, request, counters: options.counters, unconditional })
      : await request({});
    const size = response.body.byteLength;
    return {
      status: response.status,
      size,
      ...(as === "text" ? { text: decoder.decode(response.body) } : { bytes: response.body }),
    };
  };
}
