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
  stringOption,
} from "../api/options.js";
import { DEV_API_KEY } from "./apiKeys.js";
import { type FaultOptions, validateFaultOptions } from "./faults/faultRules.js";
import { RATE_LIMIT_DEFAULTS, type RateLimitOptions, resolveRateLimitOptions } from "./rateLimiter.js";

/** Proxy mode: where lookups are forwarded, with the key only the server holds. */
export interface UpstreamOptions {
  /** Base address of the real service, for example `https://api.anything.world`. */
  url: string;
  /** The server-held API key sent upstream. Never reaches a client, a message or a log. */
  key?: string | undefined;
  /**
   * The upstream's lookup path.
   * @default "anything"
   */
  lookupPath?: string;
  /**
   * Time limit of one upstream request in milliseconds.
   * @default 15000
   */
  timeoutMs?: number;
  /**
   * Answers whose links carry no `Expires` are cached this long, in milliseconds.
   * @default 300000
   */
  maxCacheAgeMs?: number;
  /**
   * A cached answer is dropped this many seconds before its first link expires, so clients
   * never receive a link about to die.
   * @default 60
   */
  linkMarginSeconds?: number;
  /**
   * The fetch used to reach the upstream (tests count requests through it).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
}

/** Options of {@link createLookupService}. */
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
   * The HMAC secret of asset links (a string is used as UTF-8 bytes). Give one to keep links
   * valid across restarts or servers.
   * @default 32 random bytes drawn at start
   */
  signingKey?: string | Uint8Array;
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
   * Longest accepted `name` or `search` value, in characters.
   * @default 256
   */
  maxQueryLength?: number;
  /** Proxy mode: forward lookups to a real service instead of serving a catalog. */
  upstream?: UpstreamOptions;
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

/** Defaults of every optional {@link LookupServiceOptions} field that has a fixed one. */
export const LOOKUP_SERVICE_DEFAULTS: Readonly<
  Required<
    Pick<
      LookupServiceOptions,
      | "apiKeys"
      | "allowAnonymous"
      | "lookupPath"
      | "assetsPath"
      | "linkLifetimeSeconds"
      | "keyName"
      | "rateLimit"
      | "maxQueryLength"
    >
  >
> = Object.freeze({
  apiKeys: Object.freeze([DEV_API_KEY]),
  allowAnonymous: false,
  lookupPath: "anything",
  assetsPath: "assets",
  linkLifetimeSeconds: 3600,
  keyName: "menagerie",
  rateLimit: RATE_LIMIT_DEFAULTS,
  maxQueryLength: 256,
});

/** Defaults of {@link UpstreamOptions} (proxy mode). */
export const UPSTREAM_DEFAULTS: Readonly<
  Required<Pick<UpstreamOptions, "lookupPath" | "timeoutMs" | "maxCacheAgeMs" | "linkMarginSeconds">>
> = Object.freeze({
  lookupPath: "anything",
  timeoutMs: 15_000,
  maxCacheAgeMs: 300_000,
  linkMarginSeconds: 60,
});

/** Options after defaults and validation. */
export interface ResolvedServiceOptions {
  catalogDir: string | undefined;
  apiKeys: readonly string[];
  allowAnonymous: boolean;
  lookupPath: string;
  assetsPath: string;
  linkLifetimeSeconds: number;
  signingKey: string | Uint8Array;
  keyName: string;
  rateLimit: Required<RateLimitOptions> | false;
  maxQueryLength: number;
  upstream: (Required<Omit<UpstreamOptions, "key">> & { key: string | undefined }) | undefined;
  now: () => number;
  log: (line: string) => void;
  faults: FaultOptions | undefined;
}

function pathSegment(name: string, value: unknown): string {
  return matchingString(
    name,
    value,
    /^(?!\.\.?$)[A-Za-z0-9._~-]+$/,
    "one URL path segment of letters, digits, '.', '_', '~' or '-'",
  );
}

function resolveUpstream(upstream: UpstreamOptions | undefined): ResolvedServiceOptions["upstream"] {
  if (upstream === undefined) return undefined;
  objectOption("upstream", upstream);
  const o = assignDefaults(UPSTREAM_DEFAULTS, upstream);
  return {
    url: httpBaseUrl("upstream.url", upstream.url),
    key:
      upstream.key === undefined
        ? undefined
        : stringOption("upstream.key", upstream.key, { nonEmpty: true, secret: true }),
    lookupPath: pathSegment("upstream.lookupPath", o.lookupPath),
    timeoutMs: positiveInteger("upstream.timeoutMs", o.timeoutMs),
    maxCacheAgeMs: nonNegativeNumber("upstream.maxCacheAgeMs", o.maxCacheAgeMs),
    linkMarginSeconds: nonNegativeNumber("upstream.linkMarginSeconds", o.linkMarginSeconds),
    fetch: functionOption<typeof fetch>("upstream.fetch", upstream.fetch ?? globalThis.fetch),
  };
}

function resolveRateLimit(value: unknown): Required<RateLimitOptions> | false {
  if (value === false) return false;
  if (typeof value !== "object" || value === null)
    throw new OptionsError("rateLimit", `must be an object or false, got ${describeValue(value)}`);
  return resolveRateLimitOptions(value);
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
  const keyName = matchingString(
    "keyName",
    o.keyName,
    /^[A-Za-z0-9_.~-]+$/,
    "a non-empty string of letters, digits, '.', '_', '~' or '-'",
  );
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
    signingKey,
    keyName,
    rateLimit: resolveRateLimit(o.rateLimit),
    maxQueryLength: positiveInteger("maxQueryLength", o.maxQueryLength),
    upstream,
    now: functionOption<() => number>("now", options.now ?? Date.now),
    log: functionOption<(line: string) => void>("log", options.log ?? (() => undefined)),
    faults: options.faults === undefined ? undefined : validateFaultOptions(options.faults),
  };
}
