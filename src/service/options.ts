/**
 * Options of the reference lookup service, their one defaults constant, and their validation
 * (every message names the bad option; none quotes a key).
 */
import { randomBytes } from "node:crypto";
import { OptionsError } from "../api/errors.js";
import { DEV_API_KEY } from "./apiKeys.js";
import { validateFaultOptions, type FaultOptions } from "./faults/faultRules.js";
import { RATE_LIMIT_DEFAULTS, type RateLimitOptions } from "./rateLimiter.js";

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
export const LOOKUP_SERVICE_DEFAULTS = Object.freeze({
  apiKeys: Object.freeze([DEV_API_KEY]) as readonly string[],
  allowAnonymous: false,
  lookupPath: "anything",
  assetsPath: "assets",
  linkLifetimeSeconds: 3600,
  keyName: "menagerie",
  rateLimit: RATE_LIMIT_DEFAULTS as RateLimitOptions | false,
  maxQueryLength: 256,
  upstreamLookupPath: "anything",
  upstreamTimeoutMs: 15_000,
  upstreamMaxCacheAgeMs: 300_000,
  upstreamLinkMarginSeconds: 60,
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
  upstream: Required<Omit<UpstreamOptions, "key">> & { key: string | undefined } | undefined;
  now: () => number;
  log: (line: string) => void;
  faults: FaultOptions | undefined;
}

function pathSegment(name: string, value: unknown): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9._~-]+$/.test(value) || value === "." || value === "..") {
    throw new OptionsError(name, `must be one URL path segment of letters, digits, '.', '_', '~' or '-', got ${JSON.stringify(value)}`);
  }
  return value;
}

function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new OptionsError(name, `must be an integer of at least 1, got ${String(value)}`);
  }
  return value;
}

function nonNegative(name: string, value: unknown): number {
  if (typeof value !== "number" || !(value >= 0) || !Number.isFinite(value)) {
    throw new OptionsError(name, `must be a non-negative number, got ${String(value)}`);
  }
  return value;
}

function resolveUpstream(upstream: UpstreamOptions | undefined): ResolvedServiceOptions["upstream"] {
  if (upstream === undefined) return undefined;
  if (typeof upstream !== "object" || upstream === null) throw new OptionsError("upstream", "must be an object");
  let url: URL;
  try {
    url = new URL(upstream.url);
  } catch {
    throw new OptionsError("upstream.url", "must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OptionsError("upstream.url", `must use http or https, got "${url.protocol}"`);
  if (url.search || url.hash) throw new OptionsError("upstream.url", "must not have a query or a fragment");
  if (upstream.key !== undefined && (typeof upstream.key !== "string" || upstream.key === "")) {
    throw new OptionsError("upstream.key", "must be a non-empty string");
  }
  const fetchImpl = upstream.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") throw new OptionsError("upstream.fetch", "must be a function");
  return {
    url: url.href.replace(/\/+$/, ""),
    key: upstream.key,
    lookupPath: pathSegment("upstream.lookupPath", upstream.lookupPath ?? LOOKUP_SERVICE_DEFAULTS.upstreamLookupPath),
    timeoutMs: positiveInteger("upstream.timeoutMs", upstream.timeoutMs ?? LOOKUP_SERVICE_DEFAULTS.upstreamTimeoutMs),
    maxCacheAgeMs: nonNegative("upstream.maxCacheAgeMs", upstream.maxCacheAgeMs ?? LOOKUP_SERVICE_DEFAULTS.upstreamMaxCacheAgeMs),
    linkMarginSeconds: nonNegative("upstream.linkMarginSeconds", upstream.linkMarginSeconds ?? LOOKUP_SERVICE_DEFAULTS.upstreamLinkMarginSeconds),
    fetch: fetchImpl,
  };
}

function resolveRateLimit(value: RateLimitOptions | false | undefined): Required<RateLimitOptions> | false {
  if (value === false) return false;
  if (value !== undefined && (typeof value !== "object" || value === null)) {
    throw new OptionsError("rateLimit", "must be an object or false");
  }
  const capacity = positiveInteger("rateLimit.capacity", value?.capacity ?? RATE_LIMIT_DEFAULTS.capacity);
  const refill = value?.refillPerSecond ?? RATE_LIMIT_DEFAULTS.refillPerSecond;
  if (typeof refill !== "number" || !(refill > 0) || !Number.isFinite(refill)) {
    throw new OptionsError("rateLimit.refillPerSecond", `must be a finite number greater than 0, got ${String(refill)}`);
  }
  return { capacity, refillPerSecond: refill };
}

/** Applies {@link LOOKUP_SERVICE_DEFAULTS} and checks every option. */
export function resolveServiceOptions(options: LookupServiceOptions): ResolvedServiceOptions {
  if (typeof options !== "object" || options === null) throw new OptionsError("options", "must be an object");
  const upstream = resolveUpstream(options.upstream);
  if (upstream === undefined && (typeof options.catalogDir !== "string" || options.catalogDir.trim() === "")) {
    throw new OptionsError("catalogDir", "must be the path of a catalog folder (or set upstream for proxy mode)");
  }
  const apiKeys = options.apiKeys ?? LOOKUP_SERVICE_DEFAULTS.apiKeys;
  if (!Array.isArray(apiKeys) || apiKeys.some((k) => typeof k !== "string" || k.trim() === "" || k !== k.trim())) {
    throw new OptionsError("apiKeys", "must be an array of non-empty strings without surrounding spaces");
  }
  const signingKey = options.signingKey ?? randomBytes(32);
  if (!(typeof signingKey === "string" || signingKey instanceof Uint8Array) || signingKey.length === 0) {
    throw new OptionsError("signingKey", "must be a non-empty string or Uint8Array");
  }
  const keyName = options.keyName ?? LOOKUP_SERVICE_DEFAULTS.keyName;
  if (typeof keyName !== "string" || !/^[A-Za-z0-9_.~-]+$/.test(keyName)) {
    throw new OptionsError("keyName", "must be a non-empty string of letters, digits, '.', '_', '~' or '-'");
  }
  const lookupPath = pathSegment("lookupPath", options.lookupPath ?? LOOKUP_SERVICE_DEFAULTS.lookupPath);
  const assetsPath = pathSegment("assetsPath", options.assetsPath ?? LOOKUP_SERVICE_DEFAULTS.assetsPath);
  if (lookupPath === assetsPath) throw new OptionsError("assetsPath", "must differ from lookupPath");
  if (options.now !== undefined && typeof options.now !== "function") throw new OptionsError("now", "must be a function");
  if (options.log !== undefined && typeof options.log !== "function") throw new OptionsError("log", "must be a function");
  const allowAnonymous = options.allowAnonymous ?? (upstream !== undefined ? true : LOOKUP_SERVICE_DEFAULTS.allowAnonymous);
  if (typeof allowAnonymous !== "boolean") throw new OptionsError("allowAnonymous", "must be a boolean");
  return {
    catalogDir: options.catalogDir,
    apiKeys: [...apiKeys],
    allowAnonymous,
    lookupPath,
    assetsPath,
    linkLifetimeSeconds: positiveInteger("linkLifetimeSeconds", options.linkLifetimeSeconds ?? LOOKUP_SERVICE_DEFAULTS.linkLifetimeSeconds),
    signingKey,
    keyName,
    rateLimit: resolveRateLimit(options.rateLimit ?? LOOKUP_SERVICE_DEFAULTS.rateLimit),
    maxQueryLength: positiveInteger("maxQueryLength", options.maxQueryLength ?? LOOKUP_SERVICE_DEFAULTS.maxQueryLength),
    upstream,
    now: options.now ?? Date.now,
    log: options.log ?? (() => undefined),
    faults: options.faults === undefined ? undefined : validateFaultOptions(options.faults),
  };
}
