/**
 * The relay's memory under readers who stop reading, over real loopback sockets: each answer
 * streams the cached file (no copy per answer), and the bytes answers have yet to send are
 * capped (`maxBytesInFlight`: past it, 503 with `Retry-After`). The asset is 8 MiB, fetched
 * once (then cached); each stalled reader reads its answer's head and stops.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RELAY_BYTES_IN_FLIGHT_DEFAULT } from "../../../src/service/index.js";
import { resolveServiceOptions } from "../../../src/service/options.js";
import { type CdnUpstream, startCdnUpstream } from "../../helpers/cdnUpstream.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";
import { getAndStall, type StalledAnswer } from "../../helpers/stalledReaders.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
/** Bytes of array buffers alive, after a full GC. */
function liveArrayBufferBytes(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

const UPSTREAM_KEY = "upstream-secret-9c41";
const MIB = 1024 * 1024;
/** A PNG by its signature (what the relay checks), 8 MiB long. */
const ASSET = Buffer.alloc(8 * MIB, 7);
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(ASSET);
let cdn: CdnUpstream;
let proxy: TestService | undefined;
let stalled: StalledAnswer[] = [];

beforeAll(async () => {
  cdn = await startCdnUpstream(
    { big: { thumbnails: { "big.png": { body: ASSET, type: "image/png" } } } },
    UPSTREAM_KEY,
  );
});
afterAll(() => cdn.close());
afterEach(async () => {
  for (const { socket } of stalled) socket.destroy();
  stalled = [];
  await proxy?.close();
  proxy = undefined;
});

async function startProxy(maxBytesInFlight?: number) {
  proxy = await startTestService({
    upstream: {
      url: cdn.url,
      key: UPSTREAM_KEY,
      relayAssets: {
        allowPrivateAddresses: true,
        maxAssetBytes: 16 * MIB,
        maxCacheBytes: 32 * MIB,
        ...(maxBytesInFlight ? { maxBytesInFlight } : {}),
      },
    },
  });
  const record = (
    (await (await fetch(`${proxy.url}/anything?name=big`)).json()) as [{ thumbnails: Record<string, string> }]
  )[0];
  const link = record.thumbnails["big.png"]!;
  // Fetched whole once: the file is cached before the readers come.
  const first = await fetch(link);
  expect([first.status, (await first.arrayBuffer()).byteLength]).toEqual([200, ASSET.byteLength]);
  return link.slice(proxy.url.length);
}

describe("finding 7: relay memory", () => {
  it("finding 7: 16 unread answers of one cached 8 MiB file make no copy of it", async () => {
    const path = await startProxy();
    const before = liveArrayBufferBytes();
    for (let i = 0; i < 16; i++) stalled.push(await getAndStall(proxy!.port, path));
    const copies = Math.round((liveArrayBufferBytes() - before) / ASSET.byteLength);
    expect(stalled.map((s) => s.status)).toEqual(Array(16).fill(200));
    // Before the fix: 16 copies (128 MiB more for 16 answers nobody reads).
    expect(copies).toBe(0);
  }, 30_000);

  it("finding 7: past maxBytesInFlight a request is answered 503 with Retry-After, and served again once the readers leave", async () => {
    const path = await startProxy(3 * ASSET.byteLength);
    for (let i = 0; i < 8; i++) stalled.push(await getAndStall(proxy!.port, path));
    const statuses = stalled.map((s) => s.status);
    const served = statuses.filter((s) => s === 200).length;
    // Before the fix: 8 answered 200, none 503 (nothing capped the bytes in flight). Each unread
    // answer keeps most of its 8 MiB in flight (the kernel takes a few MiB), so 3 to 7 are served.
    expect(statuses).toEqual([...Array(served).fill(200), ...Array(8 - served).fill(503)]);
    expect(served).toBeGreaterThanOrEqual(3);
    expect(served).toBeLessThan(8);
    expect(stalled.at(-1)!.head).toMatch(/\r\nretry-after: 1\r\n/i);
    // A reader that leaves gives its bytes back.
    for (const { socket } of stalled) socket.destroy();
    stalled = [];
    let again = 0;
    for (let i = 0; i < 40 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await fetch(`${proxy!.url}${path}`);
      await res.arrayBuffer();
      again = res.status;
    }
    expect(again).toBe(200);
  }, 30_000);

  it("has a documented default for maxBytesInFlight and names a bad one", () => {
    expect(RELAY_BYTES_IN_FLIGHT_DEFAULT).toBe(256 * MIB);
    const relay = (maxBytesInFlight: unknown) =>
      resolveServiceOptions({ upstream: { url: "http://127.0.0.1:9", relayAssets: { maxBytesInFlight } as never } })
        .upstream!.relayAssets;
    expect(relay(5 * MIB)).toMatchObject({ maxBytesInFlight: 5 * MIB });
    expect(() => relay(0)).toThrow("upstream.relayAssets.maxBytesInFlight must be a positive integer, got 0");
  });
});
