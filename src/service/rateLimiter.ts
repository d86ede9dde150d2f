/**
 * A token bucket per client key: each key may burst up to `capacity` requests, then gets
 * `refillPerSecond` more per second. Pure and clock-injected, so tests never sleep.
 */
import { assignDefaults, positiveInteger, positiveNumber } from "../api/options.js";

/** Options of the rate limit: a token bucket per client key. */
export interface RateLimitOptions {
  /**
   * Requests a key may make at once (the bucket's size).
   * @default 300
   */
  capacity?: number;
  /**
   * Tokens added back per second, per key.
   * @default 50
   */
  refillPerSecond?: number;
}

/** Defaults of {@link RateLimitOptions}: generous enough for a demo populating a scene. */
export const RATE_LIMIT_DEFAULTS: Readonly<Required<RateLimitOptions>> = Object.freeze({
  capacity: 300,
  refillPerSecond: 50,
});

/** Checks rate-limit options (messages name `rateLimit.<field>`) and fills in the defaults. */
export function resolveRateLimitOptions(options: RateLimitOptions): Required<RateLimitOptions> {
  const o = assignDefaults(RATE_LIMIT_DEFAULTS, options);
  return {
    capacity: positiveInteger("rateLimit.capacity", o.capacity),
    refillPerSecond: positiveNumber("rateLimit.refillPerSecond", o.refillPerSecond),
  };
}

/** The outcome of one {@link TokenBucketLimiter.take}. */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Buckets kept before idle full ones are forgotten, so random keys cannot grow memory forever. */
const MAX_BUCKETS = 10_000;

/** Per-key token buckets. */
export class TokenBucketLimiter {
  readonly capacity: number;
  readonly refillPerSecond: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  /**
   * @param now the clock in milliseconds. @default Date.now
   */
  constructor(options: RateLimitOptions = {}, now: () => number = Date.now) {
    const resolved = resolveRateLimitOptions(options);
    this.capacity = resolved.capacity;
    this.refillPerSecond = resolved.refillPerSecond;
    this.#now = now;
  }

  /** Number of keys with a bucket. */
  get size(): number {
    return this.#buckets.size;
  }

  #refill(bucket: Bucket, nowMs: number): void {
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsed * this.refillPerSecond);
    bucket.updatedMs = nowMs;
  }

  /** Takes one token for `key`; when none is left, says how long until one is back. */
  take(key: string): RateDecision {
    const nowMs = this.#now();
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= MAX_BUCKETS) this.#prune(nowMs);
      bucket = { tokens: this.capacity, updatedMs: nowMs };
      this.#buckets.set(key, bucket);
    } else {
      this.#refill(bucket, nowMs);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens) };
    }
    // Whole seconds, rounded up, as Retry-After takes them; never 0, which would invite a hot loop.
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerSecond));
    return { allowed: false, retryAfterSeconds };
  }

  /** Forgets the buckets that have refilled completely: they behave like new ones. */
  #prune(nowMs: number): void {
    for (const [key, bucket] of this.#buckets) {
      this.#refill(bucket, nowMs);
      if (bucket.tokens >= this.capacity) this.#buckets.delete(key);
    }
    // Still full of busy keys: drop the oldest, a lesser harm than unbounded memory.
    while (this.#buckets.size >= MAX_BUCKETS) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) break;
      this.#buckets.delete(oldest);
    }
  }
}
