/**
 * Who may ask: the key check of lookups (401 / 403, in constant time), the per-address throttle
 * of failed key checks, the per-key rate limit and the per-address limit of the asset route,
 * each answering 429 with `Retry-After`. Throws {@link ServiceError}s; returns nothing on success.
 * With `redis`, each limit is shared through it (sharedLimiter.ts), the local bucket standing in
 * while Redis is away.
 */
import type { Context } from "hono";
import { createKeyMatcher } from "./apiKeys.js";
import { clientAddressKey } from "./clientAddress.js";
import { deriveKey, macOf } from "./derivedKey.js";
import type { ResolvedServiceOptions } from "./options.js";
import { type RateDecision, TokenBucketLimiter } from "./rateLimiter.js";
import type { SharedRedis } from "./redisConnection.js";
import { remoteAddress } from "./requestOrigin.js";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";
import { createSharedLimiter, type Limiter } from "./sharedLimiter.js";

/** The admission checks of one service. */
export interface Admission {
  /**
   * Checks a lookup's key and takes its tokens. `keys`: the key values the request carries when
   * not only in its query (a form's `key` field); by default the query's. `tokens`: what the
   * request costs in the per-key rate limit (1, a lookup, unless given).
   */
  lookup(c: Context, keys?: readonly string[], tokens?: number): Promise<void>;
  /** Takes an asset request's token from its address's bucket. */
  asset(c: Context): Promise<void>;
}

function tooMany(decision: RateDecision, what: string): void {
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new ServiceError(429, SERVICE_ERROR_CODES.rateLimited, `${what}: try again in ${seconds} s.`, {
    "retry-after": String(seconds),
  });
}

/**
 * Builds the checks from the resolved options (limits off where the options say `false`), each
 * shared through `redis` when one is given.
 */
export async function createAdmission(options: ResolvedServiceOptions, redis?: SharedRedis): Promise<Admission> {
  const { now } = options;
  const isKnownKey = createKeyMatcher(options.apiKeys);
  const bucketKey = deriveKey(options.signingKey, "rate limit buckets v1");
  /** Each configured key's bucket name, made on its first lookup rather than an HMAC on every lookup. */
  const bucketOfKey = new Map<string, string>();
  const limiter = async (name: string, o: ResolvedServiceOptions["rateLimit"]): Promise<Limiter | undefined> => {
    if (!o) return undefined;
    const local = new TokenBucketLimiter(o, now);
    return redis ? createSharedLimiter(redis, name, o, local) : local;
  };
  const perKey = await limiter("key", options.rateLimit);
  const authFailures = await limiter("auth", options.authFailureLimit);
  const assets = await limiter("asset", options.assetRateLimit);
  let warned = false;
  const address = (c: Context) => {
    const given = options.clientAddress ? options.clientAddress(c.req.raw) : remoteAddress(c);
    if (!given && !warned) {
      warned = true;
      options.log(
        "A request came with no client address (no socket, no clientAddress option): per-address limits are shared by every such request. Set clientAddress.",
      );
    }
    return clientAddressKey(given);
  };

  return {
    async lookup(c, given, tokens = 1) {
      const keys = given ?? c.req.queries("key") ?? [];
      const key = keys[0];
      if (keys.length > 1)
        throw new ServiceError(400, SERVICE_ERROR_CODES.badRequest, "The key parameter must be given once.");
      let bucket: string;
      if (key === undefined || key === "") {
        if (!options.allowAnonymous) {
          throw new ServiceError(
            401,
            SERVICE_ERROR_CODES.missingKey,
            "An API key is required: add the key query parameter.",
          );
        }
        // Keyless clients of a proxy share a bucket per address, as they have nothing else to tell them apart.
        bucket = `anonymous:${address(c)}`;
      } else {
        // An address out of failed attempts is refused before its key is looked at, a right
        // key included: otherwise a throttled guesser would still learn which guess was right.
        const from = address(c);
        if (authFailures) tooMany(await authFailures.peek(from), "Too many failed key checks from this address");
        if (!isKnownKey(key)) {
          await authFailures?.take(from);
          throw new ServiceError(403, SERVICE_ERROR_CODES.invalidKey, "The API key is not valid.");
        }
        // Named by an HMAC of the key: a key never appears in Redis (or a heap dump of the buckets).
        // Only keys that passed the check are remembered, so the map holds the configured keys at most.
        bucket = bucketOfKey.get(key) ?? `key:${macOf(bucketKey, key).slice(0, 22)}`;
        if (bucketOfKey.size < options.apiKeys.length) bucketOfKey.set(key, bucket);
      }
      if (perKey) tooMany(await perKey.take(bucket, tokens), "Too many requests");
    },

    async asset(c) {
      if (assets) tooMany(await assets.take(address(c)), "Too many asset requests from this address");
    },
  };
}
