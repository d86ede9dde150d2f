/**
 * A token bucket per client key (an API key, or a client address): each key may burst up to
 * `capacity` requests, then gets `refillPerSecond` more per second. Memory is bounded: past
 * `maxBuckets` keys the least recently used bucket is forgotten, in constant time, however
 * many keys are tried; a bucket that ran dry goes last (only when every remembered bucket ran
 * dry), so flooding the limiter with fresh keys never frees a throttled one. Pure and
 * clock-injected, so tests never sleep.
 */
import { assignDefaults, positiveInteger, positiveNumber } from "../core/options.js";

/**
 * Options of the rate limit: a token bucket per client key.
 * @category Service
 */
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

/**
 * Defaults of {@link RateLimitOptions}: generous enough for a demo populating a scene.
 * @category Service
 */
export const RATE_LIMIT_DEFAULTS: Readonly<Required<RateLimitOptions>> = Object.freeze({
  capacity: 300,
  refillPerSecond: 50,
});

/**
 * Checks rate-limit options (messages name `<name>.<field>`) and fills in the missing fields
 * from `defaults`.
 * @default name "rateLimit", defaults RATE_LIMIT_DEFAULTS
 */
export function resolveRateLimitOptions(
  options: RateLimitOptions,
  name = "rateLimit",
  defaults: Readonly<Required<RateLimitOptions>> = RATE_LIMIT_DEFAULTS,
): Required<RateLimitOptions> {
  const o = assignDefaults(defaults, options);
  return {
    capacity: positiveInteger(`${name}.capacity`, o.capacity),
    refillPerSecond: positiveNumber(`${name}.refillPerSecond`, o.refillPerSecond),
  };
}

/** The outcome of one {@link TokenBucketLimiter.take}. */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Buckets kept at most, so random keys or addresses cannot grow memory without bound. */
export const MAX_BUCKETS = 10_000;

/** Per-key token buckets. */
export class TokenBucketLimiter {
  readonly capacity: number;
  readonly refillPerSecond: number;
  readonly #now: () => number;
  readonly #maxBuckets: number;
  /** Buckets with a token left, in least-recently-used order: a key used again moves to the end. */
  readonly #buckets = new Map<string, Bucket>();
  /** Buckets that ran dry (throttled), in the same order: forgotten only when no other is left. */
  readonly #dry = new Map<string, Bucket>();

  /**
   * @param now the clock in milliseconds. @default Date.now
   * @param maxBuckets keys remembered at most. @default MAX_BUCKETS
   */
  constructor(options: RateLimitOptions = {}, now: () => number = Date.now, maxBuckets = MAX_BUCKETS) {
    const resolved = resolveRateLimitOptions(options);
    this.capacity = resolved.capacity;
    this.refillPerSecond = resolved.refillPerSecond;
    this.#now = now;
    this.#maxBuckets = positiveInteger("maxBuckets", maxBuckets);
  }

  /** Number of keys with a bucket. */
  get size(): number {
    return this.#buckets.size + this.#dry.size;
  }

  #refill(bucket: Bucket, nowMs: number): void {
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsed * this.refillPerSecond);
    bucket.updatedMs = nowMs;
  }

  /** The bucket of `key`, refilled to now, taken out of its map (see {@link #place}). */
  #bucket(key: string, nowMs: number): Bucket {
    const bucket = this.#buckets.get(key) ?? this.#dry.get(key);
    if (bucket) {
      this.#buckets.delete(key);
      this.#dry.delete(key);
      this.#refill(bucket, nowMs);
      return bucket;
    }
    // The least recently used bucket with tokens goes first; a dry one only when none is left.
    if (this.size >= this.#maxBuckets) {
      const from = this.#buckets.size > 0 ? this.#buckets : this.#dry;
      from.delete(from.keys().next().value!);
    }
    return { tokens: this.capacity, updatedMs: nowMs };
  }

  /** Puts `bucket` back at the most recently used end of the map its tokens say. */
  #place(key: string, bucket: Bucket): void {
    (bucket.tokens >= 1 ? this.#buckets : this.#dry).set(key, bucket);
  }

  #refused(bucket: Bucket, cost = 1): RateDecision {
    // Whole seconds, rounded up, as Retry-After takes them; never 0, which would invite a hot loop.
    const retryAfterSeconds = Math.max(1, Math.ceil((cost - bucket.tokens) / this.refillPerSecond));
    return { allowed: false, retryAfterSeconds };
  }

  /**
   * Takes `tokens` tokens for `key` (a costly request takes several; never more than the
   * bucket holds); when too few are left, takes none and says how long until one is back.
   */
  take(key: string, tokens = 1): RateDecision {
    const cost = Math.min(tokens, this.capacity);
    const bucket = this.#bucket(key, this.#now());
    const allowed = bucket.tokens >= cost;
    if (allowed) bucket.tokens -= cost;
    this.#place(key, bucket);
    return allowed ? { allowed: true, remaining: Math.floor(bucket.tokens) } : this.#refused(bucket, cost);
  }

  /** Whether `key` has a token left, without taking it (a key never seen has a full bucket). */
  peek(key: string): RateDecision {
    const bucket = this.#buckets.get(key) ?? this.#dry.get(key);
    if (!bucket) return { allowed: true, remaining: this.capacity };
    this.#refill(bucket, this.#now());
    return bucket.tokens >= 1 ? { allowed: true, remaining: Math.floor(bucket.tokens) } : this.#refused(bucket);
  }
}
