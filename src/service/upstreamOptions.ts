/**
 * Options of proxy mode (`upstream`), their defaults and their validation. The limits keep a
 * misbehaving or hostile upstream from filling the proxy's memory or steering it elsewhere.
 */
import {
  assignDefaults,
  functionOption,
  httpBaseUrl,
  matchingString,
  nonNegativeNumber,
  objectOption,
  positiveInteger,
  stringOption,
} from "../core/options.js";
import { type RelayAssetsOptions, type ResolvedRelayAssets, resolveRelayAssets } from "./relay/relayOptions.js";

/**
 * Proxy mode: where lookups are forwarded, with the key only the server holds.
 * @category Service
 */
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
   * Largest upstream answer read, in bytes; a longer one is cut off and answered 502.
   * @default 4194304 (4 MiB)
   */
  maxResponseBytes?: number;
  /**
   * Bytes of answers the cache holds at most (the oldest go first); an answer larger than
   * this is not cached.
   * @default 33554432 (32 MiB)
   */
  maxCacheBytes?: number;
  /**
   * Answers the cache holds at most (the oldest go first). With `redis`, also the most answers
   * a proxy keeps in Redis (each lookup has one slot there; a newer answer takes it).
   * @default 1000
   */
  maxCacheEntries?: number;
  /**
   * With `redis`: the largest answer shared through it, in bytes (a larger one stays in the
   * process's own cache). Redis then holds at most `maxCacheEntries` × this per upstream.
   * @default 65536 (64 KiB)
   */
  maxSharedAnswerBytes?: number;
  /**
   * The fetch used to reach the upstream (tests count requests through it). It is called
   * with `redirect: "manual"`: a redirect is answered 502, never followed.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * The asset relay: every asset link of an answer is rewritten to a signed link of this
   * service (`/relay/<opaque id>/<file>`) that fetches the upstream file for the browser, with CORS.
   * `true` takes the limits' defaults (`RELAY_ASSETS_DEFAULTS`). Links made with a random
   * signing key die with the process: set `signingKey` to keep them across restarts.
   * @default false
   * @example { url: "https://api.anything.world", key, relayAssets: true }
   */
  relayAssets?: boolean | RelayAssetsOptions;
}

/** Defaults of {@link UpstreamOptions} (proxy mode). */
export const UPSTREAM_DEFAULTS: Readonly<
  Required<
    Pick<
      UpstreamOptions,
      | "lookupPath"
      | "timeoutMs"
      | "maxCacheAgeMs"
      | "linkMarginSeconds"
      | "maxResponseBytes"
      | "maxCacheBytes"
      | "maxCacheEntries"
      | "maxSharedAnswerBytes"
    >
  >
> = Object.freeze({
  lookupPath: "anything",
  timeoutMs: 15_000,
  maxCacheAgeMs: 300_000,
  linkMarginSeconds: 60,
  maxResponseBytes: 4 * 1024 * 1024,
  maxCacheBytes: 32 * 1024 * 1024,
  maxCacheEntries: 1000,
  maxSharedAnswerBytes: 64 * 1024,
});

/** {@link UpstreamOptions} after defaults and validation. */
export type ResolvedUpstream = Required<Omit<UpstreamOptions, "key" | "relayAssets">> & {
  key: string | undefined;
  relayAssets: ResolvedRelayAssets | false;
};

/** One URL path segment (a lookup or assets path). */
export function pathSegment(name: string, value: unknown): string {
  return matchingString(
    name,
    value,
    /^(?!\.\.?$)[A-Za-z0-9._~-]+$/,
    "one URL path segment of letters, digits, '.', '_', '~' or '-'",
  );
}

/** Applies {@link UPSTREAM_DEFAULTS} and checks every field (messages name `upstream.<field>`). */
export function resolveUpstream(upstream: UpstreamOptions | undefined): ResolvedUpstream | undefined {
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
    maxResponseBytes: positiveInteger("upstream.maxResponseBytes", o.maxResponseBytes),
    maxCacheBytes: positiveInteger("upstream.maxCacheBytes", o.maxCacheBytes),
    maxCacheEntries: positiveInteger("upstream.maxCacheEntries", o.maxCacheEntries),
    maxSharedAnswerBytes: positiveInteger("upstream.maxSharedAnswerBytes", o.maxSharedAnswerBytes),
    fetch: functionOption<typeof fetch>("upstream.fetch", upstream.fetch ?? globalThis.fetch),
    relayAssets: resolveRelayAssets(upstream.relayAssets),
  };
}
