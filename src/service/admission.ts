/**
 * Who may ask: the key check of lookups (401 / 403, in constant time), the per-address throttle
 * of failed key checks, the per-key rate limit and the per-address limit of the asset route,
 * each answering 429 with `Retry-After`. Throws {@link ServiceError}s; returns nothing on success.
 */
import type { Context } from "hono";
import { createKeyMatcher } from "./apiKeys.js";
import { clientAddressKey } from "./clientAddress.js";
import type { ResolvedServiceOptions } from "./options.js";
import { type RateDecision, TokenBucketLimiter } from "./rateLimiter.js";
import { remoteAddress } from "./requestOrigin.js";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";

/** The admission checks of one service. */
export interface Admission {
  /** Checks a lookup's key and takes its tokens. */
  lookup(c: Context): void;
  /** Takes an asset request's token from its address's bucket. */
  asset(c: Context): void;
}

function tooMany(decision: RateDecision, what: string): void {
  if (decision.allowed) return;
  const seconds = decision.retryAfterSeconds;
  throw new ServiceError(429, SERVICE_ERROR_CODES.rateLimited, `${what}: try again in ${seconds} s.`, {
    "retry-after": String(seconds),
  });
}

/** Builds the checks from the resolved options (limits off where the options say `false`). */
export function createAdmission(options: ResolvedServiceOptions): Admission {
  const { now } = options;
  const isKnownKey = createKeyMatcher(options.apiKeys);
  const limiter = (o: ResolvedServiceOptions["rateLimit"]) => (o ? new TokenBucketLimiter(o, now) : undefined);
  const perKey = limiter(options.rateLimit);
  const authFailures = limiter(options.authFailureLimit);
  const assets = limiter(options.assetRateLimit);
  const address = (c: Context) => clientAddressKey(remoteAddress(c));

  return {
    lookup(c) {
      const keys = c.req.queries("key") ?? [];
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
        if (authFailures) tooMany(authFailures.peek(from), "Too many failed key checks from this address");
        if (!isKnownKey(key)) {
          authFailures?.take(from);
          throw new ServiceError(403, SERVICE_ERROR_CODES.invalidKey, "The API key is not valid.");
        }
        bucket = `key:${key}`;
      }
      if (perKey) tooMany(perKey.take(bucket), "Too many requests");
    },

    asset(c) {
      if (assets) tooMany(assets.take(address(c)), "Too many asset requests from this address");
    },
  };
}
