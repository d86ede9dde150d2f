/**
 * Where the relay may fetch from. An upstream answer names the URLs, so it could name this
 * machine or its network (`127.0.0.1`, `localhost`, `[::1]`, `10.0.0.5`, a name resolving to
 * one): the relay fetches only from public unicast addresses, checked after the name is
 * resolved, and the connection goes to the very address that was checked (the lookup of the
 * relay's own undici `Agent` checks again, so a name re-pointed between the two is refused too).
 * Address classes come from ipaddr.js (`range() === "unicast"`: loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved, NAT64 and 6to4 ranges are all refused).
 * `allowedHosts` narrows the hosts further; `allowPrivateAddresses` lifts the address rule
 * (tests, an asset host on your own network).
 */
import type { LookupAddress } from "node:dns";
import { lookup as lookupAsync } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { Agent, type Dispatcher } from "undici";

/** Every address a host name resolves to. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

/** The system's resolver (`getaddrinfo`, as `fetch` itself resolves). */
const systemLookup: HostLookup = (hostname) => lookupAsync(hostname, { all: true });

/** The destination rules of one relay (from `upstream.relayAssets`). */
export interface DestinationRules {
  /** Hosts fetched from (exact names, or `*.example.com` for its subdomains); `undefined`: any. */
  allowedHosts: readonly string[] | undefined;
  /** Private, loopback and other non-public addresses allowed too. */
  allowPrivateAddresses: boolean;
  /** How host names are resolved (tests: a resolver on a DNS server of their own). @default the system's */
  lookup?: HostLookup | undefined;
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.process(address).range() === "unicast";
}

/** Whether `hostname` (lower case, IPv6 without brackets) is on `allowed`. */
export function hostAllowed(hostname: string, allowed: readonly string[] | undefined): boolean {
  if (allowed === undefined) return true;
  return allowed.some((rule) =>
    rule.startsWith("*.") ? hostname.endsWith(rule.slice(1)) && hostname.length > rule.length - 1 : hostname === rule,
  );
}

/** Why a destination was refused, for the log (never sent to a client). */
export class DestinationRefused extends Error {
  override readonly name = "DestinationRefused";
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * Checks `url` against `rules`, resolving its host: every address it resolves to must be
 * public (unless private ones are allowed). Throws {@link DestinationRefused}.
 */
export async function checkDestination(url: URL, rules: DestinationRules): Promise<void> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new DestinationRefused("not http(s)");
  const host = bare(url.hostname);
  if (!hostAllowed(host, rules.allowedHosts)) throw new DestinationRefused("host not on allowedHosts");
  if (rules.allowPrivateAddresses) return;
  const resolve = rules.lookup ?? systemLookup;
  const addresses = ipaddr.isValid(host) ? [host] : (await resolve(host)).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new DestinationRefused("host resolves to a non-public address");
}

/**
 * An undici dispatcher whose connections go only to public addresses: its DNS lookup refuses a
 * name with any non-public address, and hands the socket the addresses it checked.
 */
export function publicOnlyDispatcher(resolve: HostLookup = systemLookup): Dispatcher {
  return new Agent({
    connect: {
      lookup(hostname, options, callback) {
        const family = (options as { family?: number }).family;
        resolve(hostname).then(
          (all) => {
            // Every address is judged; only those of the family asked for (if any) are handed on.
            if (all.length === 0 || !all.every((a) => isPublicAddress(a.address)))
              return callback(new DestinationRefused("host resolves to a non-public address"), "", 0);
            const found = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
            if (found.length === 0) return callback(new DestinationRefused(`host has no IPv${family} address`), "", 0);
            // biome-ignore lint/suspicious/noExplicitAny: net's lookup callback takes a list when `all` is set
            if ((options as { all?: boolean }).all) return (callback as any)(null, found);
            callback(null, found[0]!.address, found[0]!.family);
          },
          (error: NodeJS.ErrnoException) => callback(error, "", 0),
        );
      },
    },
  });
}
