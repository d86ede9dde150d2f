/**
 * Asset requests of a Menagerie: one GET per signed URL with a per-attempt timeout, retries
 * for network errors, 408, 429 and 5xx, and counters. Bodies are read as bytes (their size is
 * the byte count) and decoded to text only for OBJ and MTL files. A network error that looks
 * like a browser's CORS refusal carries a hint naming the remedy (corsHint.ts).
 */
import { withCorsHint } from "./corsHint.js";
import { redactUrl } from "./redact.js";
import { requestBody } from "./request.js";
import type { RetryOptions } from "./retry.js";

/** An asset answer: the status and, for 2xx, the body. */
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
}

export interface AssetFetcherOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  retry: Required<RetryOptions>;
  counters: AssetCounters;
}

export type AssetFetcher = (url: string, as: "text" | "bytes", signal: AbortSignal) => Promise<AssetResponse>;

export function createAssetFetcher(options: AssetFetcherOptions): AssetFetcher {
  const decoder = new TextDecoder();
  // Counted where requests are made, so every attempt counts: retried, failed or aborted mid-way.
  const countingFetch: typeof fetch = (input, init) => {
    options.counters.assetRequests++;
    return options.fetch(input, init);
  };
  return async (url, as, signal) => {
    const response = await requestBody(
      {
        url,
        redactedUrl: redactUrl(url),
        headers: {},
        timeoutMs: options.timeoutMs,
        retry: options.retry,
        fetch: countingFetch,
        signal,
        random: Math.random,
        now: Date.now,
      },
      (res) => res.arrayBuffer(),
    ).catch((error: unknown) => {
      // A browser's CORS refusal is a bare network error: say so, and what to do about it.
      throw withCorsHint(error, url);
    });
    const size = response.body.byteLength;
    options.counters.assetBytes += size;
    return {
      status: response.status,
      size,
      ...(as === "text" ? { text: decoder.decode(response.body) } : { bytes: response.body }),
    };
  };
}
