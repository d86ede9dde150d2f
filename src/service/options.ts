/**
 * Options of the reference lookup service, their one defaults constant, and their validation
 * (every message names the bad option; none quotes a key).
 */
import { randomBytes } from "node:crypto";
import { OptionsError } from "../api/errors.js";
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
} from "../api/options.js";
import { DEV_API_KEY } from "./apiKeys.js";
import { type FaultOptions, validateFaultOptions } from "./faults/faultRules.js";
import { effectiveBucket } from "./linkExpiry.js";
import { RATE_LIMIT_DEFAULTS, type RateLimitOptions, resolveRateLimitOptions } from "./rateLimiter.js";
import { REDIS_COMMAND_TIMEOUT_MS } from "./redisConnection.js";
import { pathSegment, type ResolvedUpstream, resolveUpstream, type UpstreamOptions } from "./upstreamOptions.js";

/**
 * Options of {@link createLookupService}.
 * @category Service
 */
export interface LookupServiceOptions {
  /**
   * The catalog folder to serve (`catalog.json` and its assets). Required unless `upstream` is set.
   * @example "./.menagerie/catalog-r1-seed1"
   */
  catalogDir?: string;
  /**
   * API keys the service accepts.
   * @default ["dev-key"]
   */
  apiKeys?: readonly string[];
  /**
   * Accept lookups without a `key` (a key that is given must still be valid).
   * @default false, and true in proxy mode (clients of a key-injecting proxy hold no key)
   */
  allowAnonymous?: boolean;
  /**
   * The one path segment of both lookup operations.
   * @default "anything"
   */
  lookupPath?: string;
  /**
   * The path segment under which asset files are served.
   * @default "assets"
   */
  assetsPath?: string;
  /**
   * Life of a signed asset link, in seconds.
   * @default 3600
   */
  linkLifetimeSeconds?: number;
  /**
   * Links are signed against expiry buckets of this many seconds: `Expires` is rounded up to the
   * next multiple, so a link lives between `linkLifetimeSeconds` and that plus one bucket, and a
   * record's signed answer is reused (same bytes) for a whole bucket. Capped at
   * `linkLifetimeSeconds`.
   * @default 300
   */
  linkBucketSeconds?: number;
  /**
   * Records a search answers when the request gives no `maxResultNum` (`-1` asks for all).
   * @default 100
   */
  defaultMaxResultNum?: number;
  /**
   * The most records one answer holds, whatever `maxResultNum` asks: `-1` ("all") and larger
   * values mean up to this many (page on with `offset`). Forwarded so in proxy mode too.
   * @default 1000
   */
  maxResultsPerAnswer?: number;
  /**
   * The HMAC secret of asset links (a string is used as UTF-8 bytes). Give one to keep links
   * valid across restarts or servers.
   * At least 32 bytes ({@link MIN_SIGNING_KEY_BYTES}): a shorter one is refused at start, as a
   * link's signature lets anyone brute-force a short key offline and then sign links (and relay
   * ids) of their own. Links are signed with the key as given (a key a Cloud CDN shares
   * verifies them); relay ids are sealed under keys derived from it (HKDF, their own label).
   * @default 32 random bytes drawn at start
   */
  signingKey?: string | Uint8Array;
  /**
   * Accept a `signingKey` shorter than 32 bytes. For tests only (CLI: `--insecure-signing-key`).
   * @default false
   */
  allowWeakSigningKey?: boolean;
  /**
   * The `KeyName` asset links carry.
   * @default "menagerie"
   */
  keyName?: string;
  /**
   * Per-key token bucket, or `false` for no limit.
   * @default { capacity: 300, refillPerSecond: 50 }
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Per-address token bucket of failed key checks (a wrong `key`), or `false` for none. Once
   * an address has none left, every lookup from it that carries a key is answered 429 with
   * `Retry-After`, a right key included, so guessing learns nothing while throttled. The
   * default allows at most 60 failed attempts in any minute.
   * @default { capacity: 30, refillPerSecond: 0.5 }
   */
  authFailureLimit?: RateLimitOptions | false;
  /**
   * Per-address token bucket of the asset route, or `false` for no limit.
   * @default { capacity: 600, refillPerSecond: 100 }
   */
  assetRateLimit?: RateLimitOptions | false;
  /**
   * The origin signed asset links are built on, as clients reach the service (behind a
   * reverse proxy, its public address), for example `"https://models.example.com"`. Without
   * it, links use the address the request's connection arrived on (where the server
   * listens), never the request's `Host` header, which the client chooses.
   * @default undefined (the listening address)
   */
  publicUrl?: string;
  /**
   * Build links from `X-Forwarded-Host` and `X-Forwarded-Proto` when a request carries them.
   * Only behind a reverse proxy you run that sets them (and strips the client's own): anyone
   * else could point your signed links at a host of their choosing.
   * @default false
   */
  trustProxyHeaders?: boolean;
  /**
   * The client address per-address limits count under (the throttle of failed key checks,
   * anonymous and asset limits), read from the request: for `service.fetch(request)` without a
   * socket (edge runtimes) or behind a proxy you trust, e.g. its `X-Forwarded-For`. Without it
   * the socket's address is used; a request with neither shares one address with every other
   * such request (logged once).
   * @default undefined (the socket's address)
   * @example (request) => request.headers.get("cf-connecting-ip") ?? undefined
   */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * Lookup answers may be cached (`Cache-Control: private, max-age`) until this many seconds
   * before their first link expires.
   * @default 60
   */
  cacheMarginSeconds?: number;
  /**
   * Longest accepted `name` or `search` value, in characters.
   * @default 256
   */
  maxQueryLength?: number;
  /** Proxy mode: forward lookups to a real service instead of serving a catalog. */
  upstream?: UpstreamOptions;
  /**
   * A Redis URL (`redis://host:6379`): the rate limits and the proxy's answer cache are then
   * shared by every process and machine using it. While Redis is away, each process keeps
   * answering with its own limits and cache, and returns to Redis when it is back.
   * @default undefined (per-process limits and cache; ioredis is never loaded)
   */
  redis?: string;
  /**
   * With `redis`: how long one Redis command may take, in milliseconds. Past it the request is
   * decided by the process's own limits and cache, and Redis counts as away (logged once)
   * until it answers a PING again (tried every second), so a stopped Redis delays no request
   * by more than this.
   * @default 100
   */
  redisCommandTimeoutMs?: number;
  /**
   * The clock in milliseconds (link expiry, rate limits, proxy cache).
   * @default Date.now
   */
  now?: () => number;
  /**
   * Told about unexpected failures (already redacted). Silent by default, as in tests.
   * @default () => {}
   */
  log?: (line: string) => void;
  /**
   * Fault mode, for reliability tests: latency, 5xx, 429, dropped connections, truncated or
   * corrupt bodies, links refused as expired, slow bodies (see `faults/faultRules.ts`). Only this option,
   * the CLI's `--faults` and `MENAGERIE_FAULTS` turn it on; no request can.
   * @default undefined (off)
   * @example { rules: [{ targets: ["lookup"], kind: "status", status: 503, first: 2 }], seed: 7 }
   */
  faults?: FaultOptions;
}

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
