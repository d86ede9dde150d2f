/**
 * The proxy's answer cache shared through Redis (`redis` option): an answer one process got from
 * the upstream is served by every other process and machine until it would have expired in the
 * first one's own cache, so the upstream is asked once per lookup, not once per process. Redis
 * away or failing is a miss, never an error: the proxy then asks the upstream itself.
 */
import type { SharedRedis } from "./redisConnection.js";

/** A store of serialised answers with a time to live. */
export interface SharedAnswerCache {
  /** The answer stored under `key`, or `undefined` (also when the store is unreachable). */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` for `ttlMs` milliseconds; nothing when the store is unreachable. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/** The cache on `redis`, its keys under `prefix`. */
export function redisAnswerCache(redis: SharedRedis, prefix = "menagerie:proxy:"): SharedAnswerCache {
  return {
    async get(key) {
      if (!redis.ready) return undefined;
      try {
        return (await redis.client.get(prefix + key)) ?? undefined;
      } catch (error) {
        redis.failed(error);
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      const ms = Math.floor(ttlMs);
      if (!redis.ready || ms <= 0) return;
      try {
        await redis.client.set(prefix + key, value, "PX", ms);
      } catch (error) {
        redis.failed(error);
        // Unreachable now: this process's own cache still has it.
      }
    },
  };
}
