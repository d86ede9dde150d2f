/**
 * The options of the reference lookup service, as a type only (their defaults and validation
 * are in options.ts).
 */
import type { FaultOptions } from "./faults/faultRules.js";
import type { RateLimitOptions } from "./rateLimiter.js";
import type { UpstreamOptions } from "./upstreamOptions.js";

/**
 * Options of `createLookupService`.
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
