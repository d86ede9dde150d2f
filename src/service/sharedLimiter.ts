/**
 * A rate limit shared by every process and machine through Redis (rate-limiter-flexible's
 * `RateLimiterRedis`), with the per-process token bucket as its stand-in: while Redis is not
 * ready, or a command fails, the same request is decided by the local bucket, exactly as without
 * `redis`. In Redis a limit is a fixed window of `capacity` requests per `capacity /
 * refillPerSecond` seconds (the same average rate and burst as the bucket).
 */
import type { RateLimiterRedis as RateLimiterRedisType } from "rate-limiter-flexible";
import type { RateDecision, RateLimitOptions, TokenBucketLimiter } from "./rateLimiter.js";
import type { SharedRedis } from "./redisConnection.js";
import { importServicePart, REDIS_PACKAGES } from "./servicePackages.js";

/** What admission asks of a limit: the local bucket answers at once, the shared one may wait on Redis. */
export interface Limiter {
  /** Takes one request's tokens for `key` (one unless given; never more than the capacity). */
  take(key: string, tokens?: number): RateDecision | Promise<RateDecision>;
  /** Whether `key` has a token left, without taking it. */
  peek(key: string): RateDecision | Promise<RateDecision>;
}

/** rate-limiter-flexible's answer when a key is over its limit (anything else thrown is a Redis failure). */
function isLimitAnswer(value: unknown): value is { msBeforeNext: number; remainingPoints: number } {
  return typeof value === "object" && value !== null && "msBeforeNext" in value && !(value instanceof Error);
}

const retryAfter = (ms: number): RateDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
});

/**
 * The limit `name` for every process on `redis`, falling back to `local`. Loads
 * rate-limiter-flexible on first use only (it is needed only with `redis`).
 */
export async function createSharedLimiter(
  redis: SharedRedis,
  name: string,
  options: Required<RateLimitOptions>,
  local: TokenBucketLimiter,
): Promise<Limiter> {
  const { RateLimiterRedis } = (await importServicePart(() => import("rate-limiter-flexible"), REDIS_PACKAGES)) as {
    RateLimiterRedis: typeof RateLimiterRedisType;
  };
  const shared = new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `menagerie:${name}`,
    points: options.capacity,
    duration: Math.max(1, Math.ceil(options.capacity / options.refillPerSecond)),
    // Not ready: fail now, so the local bucket decides instead of the request waiting.
    rejectIfRedisNotReady: true,
  });
  return {
    async take(key, tokens = 1) {
      if (!redis.ready) return local.take(key, tokens);
      try {
        const res = await shared.consume(key, Math.min(tokens, options.capacity));
        return { allowed: true, remaining: res.remainingPoints };
      } catch (outcome) {
        if (isLimitAnswer(outcome)) return retryAfter(outcome.msBeforeNext);
        redis.failed(outcome);
        return local.take(key, tokens);
      }
    },
    async peek(key) {
      if (!redis.ready) return local.peek(key);
      try {
        const res = await shared.get(key);
        if (res === null || res.remainingPoints > 0 || res.consumedPoints < options.capacity)
          return { allowed: true, remaining: res?.remainingPoints ?? options.capacity };
        return retryAfter(res.msBeforeNext);
      } catch (error) {
        redis.failed(error);
        return local.peek(key);
      }
    },
  };
}
