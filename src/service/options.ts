/**
 * Options of the reference lookup service, their one defaults constant, and their validation
 * (every message names the bad option; none quotes a key).
 */
import { randomBytes } from "node:crypto";
import { OptionsError } from "../core/errors.js";
import {
  assignDefaults,
  booleanOption,
  describeValue,
  functionOption,
  httpBaseUrl,
  matchingString,
  nonNegativeNumber,
  objectOption,
  positiveInteger,
} from "../core/options.js";
import { DEV_API_KEY } from "./apiKeys.js";
import { type FaultOptions, validateFaultOptions } from "./faults/faultRules.js";
import { effectiveBucket } from "./linkExpiry.js";
import type { LookupServiceOptions } from "./lookupServiceOptions.types.js";
import { RATE_LIMIT_DEFAULTS, type RateLimitOptions, resolveRateLimitOptions } from "./rateLimiter.js";
import { REDIS_COMMAND_TIMEOUT_MS } from "./redisConnection.js";
import { pathSegment, type ResolvedUpstream, resolveUpstream } from "./upstreamOptions.js";

export type { LookupServiceOptions };

/**
 * Defaults of every optional {@link LookupServiceOptions} field that has a fixed one.
 * @category Service
 */
export const LOOKUP_SERVICE_DEFAULTS: Readonly<
  Required<
    Pick<
      LookupServiceOptions,
      | "apiKeys"
      | "allowAnonymous"
      | "lookupPath"
      | "assetsPath"
      | "linkLifetimeSeconds"
      | "linkBucketSeconds"
      | "defaultMaxResultNum"
      | "maxResultsPerAnswer"
      | "keyName"
      | "rateLimit"
      | "authFailureLimit"
      | "assetRateLimit"
      | "trustProxyHeaders"
      | "cacheMarginSeconds"
      | "maxQueryLength"
    >
  >
> = Object.freeze({
  apiKeys: Object.freeze([DEV_API_KEY]),
  allowAnonymous: false,
  lookupPath: "anything",
  assetsPath: "assets",
  linkLifetimeSeconds: 3600,
  linkBucketSeconds: 300,
  defaultMaxResultNum: 100,
  maxResultsPerAnswer: 1000,
  keyName: "menagerie",
  rateLimit: RATE_LIMIT_DEFAULTS,
  authFailureLimit: Object.freeze({ capacity: 30, refillPerSecond: 0.5 }),
  assetRateLimit: Object.freeze({ capacity: 600, refillPerSecond: 100 }),
  trustProxyHeaders: false,
  cacheMarginSeconds: 60,
  maxQueryLength: 256,
});

/**
 * The shortest `signingKey` accepted (unless `allowWeakSigningKey`), in bytes.
 * @category Service
 */
export const MIN_SIGNING_KEY_BYTES = 32;

/** Options after defaults and validation. */
export interface ResolvedServiceOptions {
  catalogDir: string | undefined;
  apiKeys: readonly string[];
  allowAnonymous: boolean;
  lookupPath: string;
  assetsPath: string;
  linkLifetimeSeconds: number;
  /** Already capped at `linkLifetimeSeconds`. */
  linkBucketSeconds: number;
  defaultMaxResultNum: number;
  maxResultsPerAnswer: number;
  signingKey: string | Uint8Array;
  keyName: string;
  rateLimit: Required<RateLimitOptions> | false;
  authFailureLimit: Required<RateLimitOptions> | false;
  assetRateLimit: Required<RateLimitOptions> | false;
  /** The configured public origin (`scheme://host[:port]`), if any. */
  publicUrl: string | undefined;
  trustProxyHeaders: boolean;
  clientAddress: ((request: Request) => string | undefined) | undefined;
  cacheMarginSeconds: number;
  maxQueryLength: number;
  upstream: ResolvedUpstream | undefined;
  redis: string | undefined;
  redisCommandTimeoutMs: number;
  now: () => number;
  log: (line: string) => void;
  faults: FaultOptions | undefined;
}

type Limit = "rateLimit" | "authFailureLimit" | "assetRateLimit";

/** A limit's options, a field left out taking that limit's own default. */
function resolveRateLimit(name: Limit, value: unknown): Required<RateLimitOptions> | false {
  if (value === false) return false;
  if (typeof value !== "object" || value === null)
    throw new OptionsError(name, `must be an object or false, got ${describeValue(value)}`);
  return resolveRateLimitOptions(value, name, LOOKUP_SERVICE_DEFAULTS[name] as Required<RateLimitOptions>);
}

/** An http(s) origin: a URL with nothing after its host and port (a trailing `/` is fine). */
function publicOrigin(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const url = new URL(httpBaseUrl("publicUrl", value));
  if (url.pathname !== "/" || url.username || url.password)
    throw new OptionsError("publicUrl", "must be an origin such as https://models.example.com, without a path");
  return url.origin;
}

/**
 * `log` with every control character of a line written as `\uXXXX`: a value from a request or
 * an upstream answer (an asset URL with a newline) can never forge a line of its own.
 */
function escapedLog(log: (line: string) => void): (line: string) => void {
  return (line) => {
    let out = "";
    for (const char of line) {
      const code = char.charCodeAt(0);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
      out += control ? `\\u${code.toString(16).padStart(4, "0")}` : char;
    }
    log(out);
  };
}

/** Applies {@link LOOKUP_SERVICE_DEFAULTS} and checks every option. */
export function resolveServiceOptions(options: LookupServiceOptions): ResolvedServiceOptions {
  objectOption("options", options);
  const o = assignDefaults(LOOKUP_SERVICE_DEFAULTS, options);
  const upstream = resolveUpstream(options.upstream);
  if (upstream === undefined && (typeof options.catalogDir !== "string" || options.catalogDir.trim() === "")) {
    throw new OptionsError("catalogDir", "must be the path of a catalog folder (or set upstream for proxy mode)");
  }
  // Keys are never quoted back: the message says what is wrong, not with which key.
  if (!Array.isArray(o.apiKeys) || o.apiKeys.some((k) => typeof k !== "string" || k.trim() === "" || k !== k.trim())) {
    throw new OptionsError("apiKeys", "must be an array of non-empty strings without surrounding spaces");
  }
  const signingKey = options.signingKey ?? randomBytes(32);
  if (!(typeof signingKey === "string" || signingKey instanceof Uint8Array) || signingKey.length === 0) {
    throw new OptionsError("signingKey", "must be a non-empty string or Uint8Array");
  }
  const keyBytes = typeof signingKey === "string" ? Buffer.byteLength(signingKey) : signingKey.length;
  if (keyBytes < MIN_SIGNING_KEY_BYTES && options.allowWeakSigningKey !== true) {
    // The length is told, never the key.
    throw new OptionsError(
      "signingKey",
      `must be at least ${MIN_SIGNING_KEY_BYTES} bytes, got ${keyBytes} (a short key is brute-forced from one link; allowWeakSigningKey for tests only)`,
    );
  }
  const keyNameRule = "a non-empty string of letters, digits, '.', '_', '~' or '-'";
  const keyName = matchingString("keyName", o.keyName, /^[A-Za-z0-9_.~-]+$/, keyNameRule);
  const lookupPath = pathSegment("lookupPath", o.lookupPath);
  const assetsPath = pathSegment("assetsPath", o.assetsPath);
  if (lookupPath === assetsPath) throw new OptionsError("assetsPath", "must differ from lookupPath");
  return {
    catalogDir: options.catalogDir,
    apiKeys: [...o.apiKeys],
    // Clients of a key-injecting proxy hold no key, so proxy mode admits them unless told not to.
    allowAnonymous: booleanOption(
      "allowAnonymous",
      options.allowAnonymous ?? (upstream !== undefined || o.allowAnonymous),
    ),
    lookupPath,
    assetsPath,
    linkLifetimeSeconds: positiveInteger("linkLifetimeSeconds", o.linkLifetimeSeconds),
    linkBucketSeconds: effectiveBucket(
      positiveInteger("linkLifetimeSeconds", o.linkLifetimeSeconds),
      positiveInteger("linkBucketSeconds", o.linkBucketSeconds),
    ),
    defaultMaxResultNum: positiveInteger("defaultMaxResultNum", o.defaultMaxResultNum),
    maxResultsPerAnswer: positiveInteger("maxResultsPerAnswer", o.maxResultsPerAnswer),
    signingKey,
    keyName,
    rateLimit: resolveRateLimit("rateLimit", o.rateLimit),
    authFailureLimit: resolveRateLimit("authFailureLimit", o.authFailureLimit),
    assetRateLimit: resolveRateLimit("assetRateLimit", o.assetRateLimit),
    publicUrl: publicOrigin(options.publicUrl),
    trustProxyHeaders: booleanOption("trustProxyHeaders", o.trustProxyHeaders),
    clientAddress:
      options.clientAddress === undefined
        ? undefined
        : functionOption<(request: Request) => string | undefined>("clientAddress", options.clientAddress),
    cacheMarginSeconds: nonNegativeNumber("cacheMarginSeconds", o.cacheMarginSeconds),
    maxQueryLength: positiveInteger("maxQueryLength", o.maxQueryLength),
    upstream,
    redis:
      options.redis === undefined
        ? undefined
        : matchingString("redis", options.redis, /^rediss?:\/\/\S+$/, "a redis:// or rediss:// URL"),
    redisCommandTimeoutMs: positiveInteger(
      "redisCommandTimeoutMs",
      options.redisCommandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    ),
    now: functionOption<() => number>("now", options.now ?? Date.now),
    log: escapedLog(functionOption<(line: string) => void>("log", options.log ?? (() => undefined))),
    faults: options.faults === undefined ? undefined : validateFaultOptions(options.faults),
  };
}
