/**
 * The relay's promises one call at a time (AssetRelay.link, rewriteBody and serve), against a
 * real asset host on 127.0.0.1 that serves any path, signed or not, and counts its requests:
 * what a relay link is named and how long it lives, which signed links it still refuses, the
 * bytes it counts in flight until an answer is taken or dropped, and how long it keeps a file.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OptionsError } from "../../../src/core/errors.js";
import { getUrlExpiry } from "../../../src/records/signedUrl.js";
import { resolveServiceOptions } from "../../../src/service/options.js";
import { type AssetRelay, createAssetRelay } from "../../../src/service/relay/assetRelay.js";
import { SERVICE_ERROR_CODES } from "../../../src/service/serviceError.js";
import { signUrl, verifySignedUrl } from "../../../src/service/signing.js";
import { createTestServer, type TestServer } from "../../helpers/httpServer.js";
import { TEST_SIGNING_KEY } from "../../helpers/serviceServer.js";
import { tinyPng } from "../../helpers/tinyModels.js";

const PNG = tinyPng([30, 60, 90]);
/** A PNG by its signature (what the relay checks), of `bytes` bytes. */
function pngOf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 7);
  PNG.copy(file, 0, 0, 8);
  return file;
}
const FILES: Record<string, Buffer> = {
  "/small.png": pngOf(1000),
  "/other.png": pngOf(3000),
  "/big.png": pngOf(200 * 1024),
  "/dir/": PNG,
};
const ORIGIN = "http://relay.test";
const START_MS = Date.UTC(2030, 0, 1);
let clockMs = START_MS;
const nowSeconds = () => Math.floor(clockMs / 1000);
let host: TestServer;
let relay: AssetRelay | undefined;

beforeAll(async () => {
  host = await createTestServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const body = FILES[path];
    res.writeHead(path.startsWith("/refused/") ? 403 : body ? 200 : 404, { "content-type": "image/png" });
    res.end(body ?? "");
  });
});
afterAll(() => host.close());
beforeEach(() => {
  clockMs += 3_600_000;
  host.requests.length = 0; // counts are per test
});
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

type Limits = { maxCacheBytes?: number; maxBytesInFlight?: number; maxCacheAgeMs?: number };
function startRelay(limits: Limits = {}, log: (line: string) => void = () => {}): AssetRelay {
  const { maxCacheAgeMs, ...relayLimits } = limits;
  relay = createAssetRelay(
    resolveServiceOptions({
      upstream: {
        url: "http://127.0.0.1:9",
        key: "upstream-key",
        ...(maxCacheAgeMs !== undefined ? { maxCacheAgeMs } : {}),
        relayAssets: { allowPrivateAddresses: true, maxAssetBytes: 1024 * 1024, ...relayLimits },
      },
      signingKey: TEST_SIGNING_KEY,
      now: () => clockMs,
      log,
    }),
  )!;
  return relay;
}
/** A link of the asset host to `path`, expiring in an hour, or never when `expires` is null. */
const upstream = (path: string, expires: number | null = nowSeconds() + 3600) =>
  `${host.url}${path}${expires === null ? "" : `?Expires=${expires}&KeyName=cdn&Signature=c2ln`}`;
const get = (link: string, init: RequestInit = {}) => relay!.serve(new Request(link, init), link);
/** The status and code of a refused request. */
async function refusal(link: string, init: RequestInit = {}): Promise<[number, string, string]> {
  try {
    const res = await get(link, init);
    return [res.status, "", ""];
  } catch (error) {
    const e = error as { status: number; code: string; message: string };
    return [e.status, e.code, e.message];
  }
}
const hostRequests = (path: string) => host.requests.filter((r) => r.url.split("?", 1)[0] === path).length;

describe("relay links", () => {
  it("end with the upstream file's name, or `file` when its path names none, and live as long as it", () => {
    const r = startRelay();
    const link = r.link(upstream("/small.png"), ORIGIN);
    expect(new URL(link).pathname).toMatch(/^\/relay\/[A-Za-z0-9_-]+\/small\.png$/);
    expect(getUrlExpiry(link)).toBe(nowSeconds() + 3600);
    expect(new URL(r.link(upstream("/dir/"), ORIGIN)).pathname).toMatch(/^\/relay\/[A-Za-z0-9_-]+\/file$/);
    expect(new URL(r.link("not a url", ORIGIN)).pathname).toMatch(/^\/relay\/[A-Za-z0-9_-]+\/file$/);
    // An upstream link that never expires gives a link of the service's lifetime (an hour).
    const lasting = r.link(upstream("/small.png", null), ORIGIN);
    expect(
      verifySignedUrl(lasting, { keys: [{ keyName: "menagerie", secret: TEST_SIGNING_KEY }], now: () => clockMs }),
    ).toEqual({ valid: true, expires: nowSeconds() + 3600, keyName: "menagerie" });
  });

  it("are not made of a body that is no JSON: it is given back as it is", () => {
    const r = startRelay();
    for (const text of ["not json", "<html>", ""]) expect(r.rewriteBody(text, ORIGIN)).toBe(text);
  });

  it("cannot be on the lookup path: a relay with lookupPath `relay` is refused, naming the option", () => {
    const options = resolveServiceOptions({
      lookupPath: "relay",
      upstream: { url: "http://127.0.0.1:9", key: "k", relayAssets: { allowPrivateAddresses: true } },
    });
    expect(() => createAssetRelay(options)).toThrow(OptionsError);
    expect(() => createAssetRelay(options)).toThrow('lookupPath must not be "relay" while upstream.relayAssets is on');
  });
});

describe("the relay route", () => {
  it("refuses links signed with its key for another path, file name or depth, asking the asset host nothing", async () => {
    const r = startRelay();
    const link = r.link(upstream("/small.png"), ORIGIN);
    const { pathname } = new URL(link);
    const id = pathname.split("/")[2]!;
    const sign = (path: string) =>
      signUrl(`${ORIGIN}${path}`, { keyName: "menagerie", secret: TEST_SIGNING_KEY, expires: getUrlExpiry(link)! });
    // "/other/" is as long as "/relay/": only the path check tells it apart.
    for (const bad of [sign(`/other/${id}/small.png`), sign(`/relay/${id}/other.png`), sign(`${pathname}/more`)])
      expect([bad, ...(await refusal(bad))]).toEqual([bad, 403, "Forbidden", "Forbidden"]);
    expect([r.upstreamRequests, hostRequests("/small.png")]).toEqual([0, 0]);
    expect((await get(link)).status).toBe(200);
    expect([r.upstreamRequests, hostRequests("/small.png")]).toEqual([1, 1]);
  });

  it("refuses a link signed past its upstream link's expiry from that second on", async () => {
    const r = startRelay();
    const expires = nowSeconds() + 60;
    const id = new URL(r.link(upstream("/small.png", expires), ORIGIN)).pathname.split("/")[2];
    const late = signUrl(`${ORIGIN}/relay/${id}/small.png`, {
      keyName: "menagerie",
      secret: TEST_SIGNING_KEY,
      expires: expires + 3600,
    });
    clockMs = expires * 1000;
    expect(await refusal(late)).toEqual([403, "Forbidden", "Forbidden"]);
    expect(hostRequests("/small.png")).toBe(0);
  });
});

describe("the relay's log", () => {
  it("never shows the upstream key, in any case, even in a path the asset host put it in", async () => {
    const log: string[] = [];
    const r = startRelay({}, (line) => log.push(line));
    for (const key of ["upstream-key", "Upstream-KEY"]) {
      const link = r.link(upstream(`/refused/${key}/fur.png`), ORIGIN);
      expect((await refusal(link))[0]).toBe(403);
    }
    const line = `Relay: asset host refused the link (403): GET ${host.url}/refused/***/fur.png`;
    expect(log).toEqual([line, line]);
  });
});

describe("bytes in flight", () => {
  it("count an answer's bytes until they are read, and none for a HEAD", async () => {
    const r = startRelay();
    const link = r.link(upstream("/big.png"), ORIGIN);
    const head = await get(link, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), head.body]).toEqual([200, String(200 * 1024), null]);
    expect(r.bytesInFlight).toBe(0);
    const res = await get(link);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.bytesInFlight).toBe(200 * 1024); // nothing read ahead of the client
    expect(Buffer.from(await res.arrayBuffer()).equals(FILES["/big.png"]!)).toBe(true);
    expect(r.bytesInFlight).toBe(0);
  });

  it("are given back when a client cancels midway or its request is aborted", async () => {
    const r = startRelay();
    const link = r.link(upstream("/big.png"), ORIGIN);
    const res = await get(link);
    const reader = res.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBe(64 * 1024);
    expect(r.bytesInFlight).toBe(200 * 1024 - 64 * 1024);
    await reader.cancel();
    expect(r.bytesInFlight).toBe(0);
    const aborter = new AbortController();
    await get(link, { signal: aborter.signal });
    expect(r.bytesInFlight).toBe(200 * 1024);
    aborter.abort();
    expect(r.bytesInFlight).toBe(0);
  });

  it("are capped: past maxBytesInFlight a GET is answered 503 with Retry-After, up to it and HEADs are served", async () => {
    const [small, other] = [FILES["/small.png"]!.byteLength, FILES["/other.png"]!.byteLength];
    const r = startRelay({ maxBytesInFlight: small + other });
    const [smallLink, otherLink, bigLink] = ["/small.png", "/other.png", "/big.png"].map((p) =>
      r.link(upstream(p), ORIGIN),
    ) as [string, string, string];
    // Nothing in flight: a file over the cap is still served.
    const big = await get(bigLink);
    expect(big.status).toBe(200);
    await big.arrayBuffer();
    const held = await get(smallLink); // unread: its bytes stay in flight
    expect((await get(otherLink)).status).toBe(200); // exactly up to the cap
    expect(r.bytesInFlight).toBe(small + other);
    expect((await get(smallLink, { method: "HEAD" })).status).toBe(200);
    let busy: unknown;
    await get(smallLink).catch((error: unknown) => {
      busy = error;
    });
    expect(busy).toMatchObject({
      status: 503,
      code: SERVICE_ERROR_CODES.busy,
      message: "The relay is sending too many bytes: try again in 1 s.",
    });
    expect((busy as { headers?: Record<string, string> }).headers).toEqual({ "retry-after": "1" });
    await held.arrayBuffer();
  });
});

describe("the relay's cache", () => {
  it("keeps a file as large as maxCacheBytes, and serves a larger one without keeping it", async () => {
    const small = FILES["/small.png"]!.byteLength;
    const r = startRelay({ maxCacheBytes: small });
    const [smallLink, otherLink] = ["/small.png", "/other.png"].map((p) => r.link(upstream(p), ORIGIN));
    for (let i = 0; i < 2; i++) await (await get(smallLink!)).arrayBuffer();
    expect([hostRequests("/small.png"), r.cacheBytes, r.cacheSize]).toEqual([1, small, 1]);
    for (let i = 0; i < 2; i++) expect((await get(otherLink!)).status).toBe(200);
    expect([hostRequests("/other.png"), r.cacheBytes, r.cacheSize, r.upstreamRequests]).toEqual([2, small, 1, 3]);
  });

  it("keeps a file of a link with no expiry for maxCacheAgeMs, and not at all when that is 0", async () => {
    const r = startRelay({ maxCacheAgeMs: 1000 });
    const link = r.link(upstream("/other.png", null), ORIGIN);
    await (await get(link)).arrayBuffer();
    clockMs += 999;
    await (await get(link)).arrayBuffer();
    expect(hostRequests("/other.png")).toBe(1);
    clockMs += 1; // the second maxCacheAgeMs ends
    await (await get(link)).arrayBuffer();
    expect(hostRequests("/other.png")).toBe(2);
    await r.close();
    const never = startRelay({ maxCacheAgeMs: 0 });
    await (await get(never.link(upstream("/other.png", null), ORIGIN))).arrayBuffer();
    expect([never.cacheSize, never.cacheBytes]).toEqual([0, 0]);
  });
});
