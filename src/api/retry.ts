/**
 * Retry policy: which failures are retried, and how long to wait before the next attempt
 * (exponential backoff with jitter, or the server's `Retry-After`).
 */
import { OptionsError } from "../core/errors.js";
import { assignDefaults, describeValue, nonNegativeInteger, nonNegativeNumber } from "../core/options.js";

/**
 * How failed requests are retried.
 * @category Lookup client
 */
export interface RetryOptions {
  /**
   * Retries after the first attempt (so `limit + 1` attempts at most).
   * @default 2
   */
  limit?: number;
  /**
   * Statuses that are retried. Network errors and timeouts are always retried.
   * @default [408, 429, 500, 502, 503, 504]
   */
  statusCodes?: readonly number[];
  /**
   * Delay before the first retry; each later one doubles it (then jitter halves it at most).
   * @default 300
   */
  baseDelayMs?: number;
  /**
   * Upper bound of a backoff delay.
   * @default 5000
   */
  maxDelayMs?: number;
  /**
   * A `Retry-After` longer than this is not waited for: the error is thrown instead.
   * @default 30000
   */
  maxRetryAfterMs?: number;
}

/**
 * The defaults of {@link RetryOptions}.
 * @category Lookup client
 */
export const RETRY_DEFAULTS: Readonly<Required<RetryOptions>> = Object.freeze({
  limit: 2,
  statusCodes: Object.freeze([408, 429, 500, 502, 503, 504]),
  baseDelayMs: 300,
  maxDelayMs: 5000,
  maxRetryAfterMs: 30_000,
});

/** Validates retry options (a number is the limit) and fills in the defaults. */
export function resolveRetryOptions(retry: number | RetryOptions | undefined): Required<RetryOptions> {
  const given: RetryOptions = typeof retry === "number" ? { limit: retry } : (retry ?? {});
  if (typeof given !== "object" || given === null)
    throw new OptionsError("retry", `must be a number or an object, got ${describeValue(given)}`);
  const out = assignDefaults(RETRY_DEFAULTS, given);
  nonNegativeInteger("retry.limit", out.limit);
  nonNegativeNumber("retry.baseDelayMs", out.baseDelayMs);
  nonNegativeNumber("retry.maxDelayMs", out.maxDelayMs);
  nonNegativeNumber("retry.maxRetryAfterMs", out.maxRetryAfterMs);
  if (!Array.isArray(out.statusCodes) || !out.statusCodes.every((s) => Number.isInteger(s) && s >= 100 && s <= 599)) {
    throw new OptionsError("retry.statusCodes", "must be an array of HTTP status codes");
  }
  return out;
}

/**
 * Delay before retry number `retry` (1-based): `min(maxDelay, base * 2^(retry-1))`, of which a
 * random half is dropped ("equal jitter"), so clients that failed together do not retry together.
 */
export function backoffDelay(retry: number, options: Required<RetryOptions>, random: () => number): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return exponential / 2 + random() * (exponential / 2);
}

/**
 * Parses a `Retry-After` header (delay seconds or an HTTP date) into milliseconds from `nowMs`;
 * `undefined` when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only an HTTP date (it starts with a day name): Date.parse also takes "-5" or "foo 1".
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
