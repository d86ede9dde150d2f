/**
 * Options of the asset relay of proxy mode (`upstream.relayAssets`), their defaults and their
 * validation. Standalone (imports only the shared validators) so upstreamOptions.ts can resolve
 * them without an import circle.
 */
import { OptionsError } from "../../core/errors.js";
import { assignDefaults, booleanOption, describeValue, objectOption, positiveInteger } from "../../core/options.js";

/**
 * The asset relay's limits. `relayAssets: true` takes every default.
 *
 * @example
 * { url: "https://api.anything.world", key, relayAssets: { maxAssetBytes: 16 * 1024 * 1024 } }
 * @category Service
 */
export interface RelayAssetsOptions {
  /**
   * Largest asset relayed, in bytes; a larger one is cut off and answered 502.
   * @default 67108864 (64 MiB)
   */
  maxAssetBytes?: number;
  /**
   * Bytes of assets the relay keeps in memory at most (least recently used go first); an
   * asset larger than this is relayed but not kept.
   * @default 134217728 (128 MiB)
   */
  maxCacheBytes?: number;
  /**
   * Bytes the relay's answers may have yet to send at once (each answer counts its file's
   * bytes until its socket has taken them). Past it a request is answered 503 with
   * `Retry-After: 1`, not queued; an answer is always let through while nothing is in flight.
   * Answers share the cached bytes (no copy per answer), so this bounds what readers who stop
   * reading can keep alive beyond the cache.
   * @default RELAY_BYTES_IN_FLIGHT_DEFAULT (268435456, 256 MiB)
   */
  maxBytesInFlight?: number;
  /**
   * Time limit of one upstream asset request (headers and body), in milliseconds.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * The only hosts assets are fetched from: exact names (`cdn.example.com`) or `*.example.com`
   * for its subdomains. Links to other hosts are answered 502, never fetched.
   * @default undefined (any host at a public address)
   */
  allowedHosts?: readonly string[];
  /**
   * Also fetch from loopback, private, link-local and unique-local addresses. Off, the relay
   * resolves each asset host and refuses any that has such an address (and connects only to
   * the address it checked), so an upstream answer cannot make it read this machine or its
   * network. For tests and asset hosts on your own network only.
   * @default false
   */
  allowPrivateAddresses?: boolean;
}

/**
 * Defaults of {@link RelayAssetsOptions}.
 * @category Service
 */
export const RELAY_ASSETS_DEFAULTS: Readonly<Required<Omit<RelayAssetsOptions, "allowedHosts" | "maxBytesInFlight">>> =
  Object.freeze({
    maxAssetBytes: 64 * 1024 * 1024,
    maxCacheBytes: 128 * 1024 * 1024,
    timeoutMs: 30_000,
    allowPrivateAddresses: false,
  });

/**
 * Default of {@link RelayAssetsOptions.maxBytesInFlight}: 256 MiB, twice the cache, so a full
 * cache can be sent to many readers at once while stalled ones cannot pin more than that.
 * @category Service
 */
export const RELAY_BYTES_IN_FLIGHT_DEFAULT = 256 * 1024 * 1024;

/**
 * {@link RelayAssetsOptions} after defaults and validation. `maxBytesInFlight` is present only
 * when given; the relay takes {@link RELAY_BYTES_IN_FLIGHT_DEFAULT} otherwise.
 */
export type ResolvedRelayAssets = Required<Omit<RelayAssetsOptions, "allowedHosts" | "maxBytesInFlight">> & {
  allowedHosts: readonly string[] | undefined;
  maxBytesInFlight?: number;
};

const HOST_RULE = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^[0-9a-f:.]+$/;

function allowedHosts(value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((h) => typeof h !== "string" || !HOST_RULE.test(h)))
    throw new OptionsError(
      "upstream.relayAssets.allowedHosts",
      "must be an array of lower-case host names (cdn.example.com, *.example.com) or IP addresses",
    );
  return Object.freeze([...value] as string[]);
}

function bytesInFlight(value: unknown): { maxBytesInFlight?: number } {
  return value === undefined
    ? {}
    : { maxBytesInFlight: positiveInteger("upstream.relayAssets.maxBytesInFlight", value) };
}

/**
 * `false` (no relay) for `undefined` or `false`; the defaults for `true`; otherwise the given
 * limits over the defaults. Messages name `upstream.relayAssets.<field>`.
 */
export function resolveRelayAssets(value: unknown): ResolvedRelayAssets | false {
  if (value === undefined || value === false) return false;
  if (value === true) return { ...RELAY_ASSETS_DEFAULTS, allowedHosts: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OptionsError("upstream.relayAssets", `must be a boolean or an object, got ${describeValue(value)}`);
  }
  const o = assignDefaults(RELAY_ASSETS_DEFAULTS, objectOption<RelayAssetsOptions>("upstream.relayAssets", value));
  return {
    maxAssetBytes: positiveInteger("upstream.relayAssets.maxAssetBytes", o.maxAssetBytes),
    maxCacheBytes: positiveInteger("upstream.relayAssets.maxCacheBytes", o.maxCacheBytes),
    timeoutMs: positiveInteger("upstream.relayAssets.timeoutMs", o.timeoutMs),
    allowedHosts: allowedHosts((value as RelayAssetsOptions).allowedHosts),
    allowPrivateAddresses: booleanOption("upstream.relayAssets.allowPrivateAddresses", o.allowPrivateAddresses),
    ...bytesInFlight((value as RelayAssetsOptions).maxBytesInFlight),
  };
}
