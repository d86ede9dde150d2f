/**
 * The relay's destination rules, function by function: which addresses count as public (every
 * private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved, NAT64,
 * 6to4 and IPv4-mapped spelling refused, with the edges of each range), how `allowedHosts`
 * matches a host, what `checkDestination` refuses and why, and what the lookup of
 * `publicOnlyDispatcher` hands the socket for each family net asks for. The resolver is the
 * rules' own `lookup` option, a plain function answering from a table (no DNS is asked).
 */
import type { LookupAddress } from "node:dns";
import type { Dispatcher } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkDestination,
  DestinationRefused,
  type DestinationRules,
  type HostLookup,
  hostAllowed,
  isPublicAddress,
  publicOnlyDispatcher,
} from "../../../src/service/relay/relayDestination.js";

const V4 = { address: "93.184.215.14", family: 4 };
const V6 = { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 };

/** A resolver answering from `table`, counting the names it was asked. */
function tableLookup(table: Record<string, LookupAddress[]>) {
  const asked: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
  return { lookup, asked };
}

/** Why `checkDestination` refused `url`, or "allowed". */
async function verdict(url: string, rules: DestinationRules): Promise<string> {
  try {
    await checkDestination(new URL(url), rules);
    return "allowed";
  } catch (error) {
    expect(error).toBeInstanceOf(DestinationRefused);
    expect((error as Error).name).toBe("DestinationRefused");
    return (error as Error).message;
  }
}

describe("isPublicAddress", () => {
  it("refuses every non-public IPv4 range, at both of its edges", () => {
    for (const address of [
      "0.0.0.0",
      "0.255.255.255",
      "127.0.0.1",
      "127.255.255.255",
      "10.0.0.0",
      "10.255.255.255",
      "172.16.0.0",
      "172.31.255.255",
      "192.168.0.0",
      "192.168.255.255",
      "169.254.0.0",
      "169.254.169.254", // the cloud metadata service
      "100.64.0.0",
      "100.127.255.255",
      "224.0.0.1",
      "239.255.255.255",
      "240.0.0.1",
      "255.255.255.255",
      "192.0.2.1",
      "198.51.100.1",
      "203.0.113.1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("lets through the public addresses just outside those ranges", () => {
    for (const address of [
      "1.1.1.1",
      "8.8.8.8",
      "9.255.255.255",
      "11.0.0.0",
      "126.255.255.255",
      "128.0.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "169.253.255.255",
      "169.255.0.0",
      "223.255.255.255",
      V4.address,
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses loopback, link-local, unique-local, multicast, NAT64, 6to4 and mapped IPv6", () => {
    for (const address of [
      "::",
      "::1",
      "fe80::1",
      "febf:ffff::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:192.168.1.1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of [V6.address, "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses what is no IP address at all", () => {
    for (const text of ["", "localhost", "example.com", "127.0.0.1.", "1.2.3.4.5", "[::1]", "::1%lo", "300.1.1.1"])
      expect(isPublicAddress(text), text).toBe(false);
  });
});

describe("hostAllowed", () => {
  it("lets any host through when no list is given", () => {
    expect(hostAllowed("anything.example", undefined)).toBe(true);
  });

  it("matches an exact name only as a whole name, on any rule of the list", () => {
    const rules = ["cdn.example.com", "assets.example.net"];
    expect(hostAllowed("cdn.example.com", rules)).toBe(true);
    expect(hostAllowed("assets.example.net", rules)).toBe(true);
    for (const host of [
      "evilcdn.example.com",
      "dn.example.com",
      "a.cdn.example.com",
      "cdn.example.com.evil",
      "example.com",
    ])
      expect(hostAllowed(host, rules), host).toBe(false);
    expect(hostAllowed("anything.example", [])).toBe(false);
  });

  it("matches `*.example.com` on its subdomains, never the bare name or a look-alike", () => {
    const rules = ["*.example.com"];
    for (const host of ["a.example.com", "cdn.eu.example.com"]) expect(hostAllowed(host, rules), host).toBe(true);
    for (const host of [
      "example.com",
      ".example.com",
      "evilexample.com",
      "example.com.evil.net",
      "a.example.com.evil.net",
      "*.example.com.evil",
      "a.example.org",
    ])
      expect(hostAllowed(host, rules), host).toBe(false);
    // A wildcard rule is no exact rule, and an exact rule no wildcard.
    expect(hostAllowed("*.example.com", ["example.com"])).toBe(false);
    expect(hostAllowed("a.example.com", ["example.com"])).toBe(false);
  });
});

describe("checkDestination", () => {
  it("refuses every scheme but http and https, even with private addresses allowed", async () => {
    const open = { allowedHosts: undefined, allowPrivateAddresses: true };
    expect(await verdict("http://cdn.example.com/a.png", open)).toBe("allowed");
    expect(await verdict("https://cdn.example.com/a.png", open)).toBe("allowed");
    for (const url of [
      "ftp://cdn.example.com/a.png",
      "file:///etc/passwd",
      "data:text/plain,x",
      "ws://cdn.example.com/",
    ])
      expect(await verdict(url, open), url).toBe("not http(s)");
  });

  it("refuses a host off allowedHosts before resolving it, whatever its address", async () => {
    const { lookup, asked } = tableLookup({ "cdn.example.com": [V4], "other.example.com": [V4] });
    const rules = { allowedHosts: ["cdn.example.com", "*.assets.example.net"], allowPrivateAddresses: false, lookup };
    expect(await verdict("https://cdn.example.com/a.png", rules)).toBe("allowed");
    expect(await verdict("https://CDN.Example.COM/a.png", rules)).toBe("allowed");
    expect(await verdict("https://other.example.com/a.png", rules)).toBe("host not on allowedHosts");
    expect(await verdict("https://cdn.example.com.evil.net/a.png", rules)).toBe("host not on allowedHosts");
    expect(asked).toEqual(["cdn.example.com", "cdn.example.com"]);
    const open = { allowedHosts: ["127.0.0.1"], allowPrivateAddresses: true };
    expect(await verdict("http://localhost/a.png", open)).toBe("host not on allowedHosts");
  });

  it("matches IPv6 literals on allowedHosts without their brackets", async () => {
    const { lookup, asked } = tableLookup({});
    const rules = { allowedHosts: [V6.address, "::1"], allowPrivateAddresses: false, lookup };
    expect(await verdict(`http://[${V6.address.toUpperCase()}]/a.png`, rules)).toBe("allowed");
    expect(await verdict("http://[::1]/a.png", rules)).toBe("host resolves to a non-public address");
    expect(await verdict("http://[::1]/a.png", { ...rules, allowPrivateAddresses: true })).toBe("allowed");
    expect(asked).toEqual([]);
  });

  it("judges an IP literal itself, without resolving it", async () => {
    const { lookup, asked } = tableLookup({});
    const rules = { allowedHosts: undefined, allowPrivateAddresses: false, lookup };
    expect(await verdict(`http://${V4.address}/a.png`, rules)).toBe("allowed");
    expect(await verdict(`http://[${V6.address}]/a.png`, rules)).toBe("allowed");
    for (const url of ["http://127.0.0.1/", "http://0x7f000001/", "http://[::ffff:127.0.0.1]/", "http://[fe80::1]/"])
      expect(await verdict(url, rules), url).toBe("host resolves to a non-public address");
    expect(asked).toEqual([]);
  });

  it("refuses a name unless every address it resolves to is public, and one resolving to none", async () => {
    const { lookup } = tableLookup({
      "public.test": [V4, V6],
      "mixed.test": [V4, { address: "10.0.0.5", family: 4 }],
      "mixed6.test": [V6, { address: "::1", family: 6 }],
      "private.test": [{ address: "192.168.1.2", family: 4 }],
      "empty.test": [],
    });
    const rules = { allowedHosts: undefined, allowPrivateAddresses: false, lookup };
    expect(await verdict("http://public.test/a.png", rules)).toBe("allowed");
    for (const host of ["mixed.test", "mixed6.test", "private.test", "empty.test"])
      expect(await verdict(`http://${host}/a.png`, rules), host).toBe("host resolves to a non-public address");
    // With private addresses allowed nothing is resolved: an unknown name is the fetch's affair.
    expect(await verdict("http://unknown.test/a.png", { ...rules, allowPrivateAddresses: true })).toBe("allowed");
    await expect(checkDestination(new URL("http://unknown.test/"), rules)).rejects.toThrow("ENOTFOUND");
  });
});

type Lookup = (
  hostname: string,
  options: object,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * The lookup the dispatcher's connections call, as net calls it. undici keeps an Agent's
 * options under its `options` symbol; net's own connect is not reachable without a connection
 * to a public address, which a test must not make.
 */
function lookupOf(dispatcher: Dispatcher): Lookup {
  const key = Object.getOwnPropertySymbols(dispatcher).find((s) => s.description === "options");
  const options = (dispatcher as unknown as Record<symbol, { connect?: { lookup?: Lookup } }>)[key!];
  expect(typeof options?.connect?.lookup).toBe("function");
  return options!.connect!.lookup!;
}

const dispatchers: Dispatcher[] = [];
afterEach(async () => {
  for (const dispatcher of dispatchers.splice(0)) await dispatcher.close();
});

/** What the dispatcher's lookup answers for `hostname` asked with `options`. */
function connectLookup(table: Record<string, LookupAddress[]>, hostname: string, options: object) {
  const dispatcher = publicOnlyDispatcher(tableLookup(table).lookup);
  dispatchers.push(dispatcher);
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookupOf(dispatcher)(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe("publicOnlyDispatcher's lookup", () => {
  const table = {
    "both.test": [V4, V6],
    "six-first.test": [V6, V4],
    "v4only.test": [V4],
    "mixed.test": [V4, { address: "127.0.0.1", family: 4 }],
    "empty.test": [],
  };

  it("hands the socket the first checked address when net asks for one of any family", async () => {
    for (const options of [{}, { family: 0 }]) {
      expect(await connectLookup(table, "both.test", options)).toEqual({ error: null, address: V4.address, family: 4 });
      expect(await connectLookup(table, "six-first.test", options)).toEqual({
        error: null,
        address: V6.address,
        family: 6,
      });
    }
  });

  it("hands only addresses of the family asked for", async () => {
    expect(await connectLookup(table, "both.test", { family: 6 })).toEqual({
      error: null,
      address: V6.address,
      family: 6,
    });
    expect(await connectLookup(table, "six-first.test", { family: 4 })).toEqual({
      error: null,
      address: V4.address,
      family: 4,
    });
    expect(await connectLookup(table, "both.test", { family: 6, all: true })).toMatchObject({
      error: null,
      address: [V6],
    });
  });

  it("hands the whole checked list when net asks for all", async () => {
    expect(await connectLookup(table, "both.test", { all: true })).toMatchObject({ error: null, address: [V4, V6] });
    expect(await connectLookup(table, "six-first.test", { all: true, family: 0 })).toMatchObject({
      error: null,
      address: [V6, V4],
    });
  });

  it("refuses a name with no address of the family asked for", async () => {
    const { error } = await connectLookup(table, "v4only.test", { family: 6 });
    expect(error).toBeInstanceOf(DestinationRefused);
    expect(error?.message).toBe("host has no IPv6 address");
  });

  it("refuses a name with any non-public address, or none, whatever family is asked for", async () => {
    for (const options of [{}, { family: 4 }, { all: true }]) {
      for (const host of ["mixed.test", "empty.test"]) {
        const { error } = await connectLookup(table, host, options);
        expect(error).toBeInstanceOf(DestinationRefused);
        expect(error?.message).toBe("host resolves to a non-public address");
      }
    }
  });

  it("passes the resolver's own error on", async () => {
    const { error } = await connectLookup(table, "unknown.test", {});
    expect((error as NodeJS.ErrnoException | null)?.code).toBe("ENOTFOUND");
  });
});
