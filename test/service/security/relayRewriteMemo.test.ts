/**
 * Finding 4 of issue #29: relay mode rewrites (seals and signs) a cached answer's links once
 * per cached answer and origin, not on every request. Seen from outside: links the upstream
 * gives without `Expires` get the relay's own lifetime from the clock when they are made, so
 * a second request 10 s later gets the very same bytes only if nothing was made again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, sendJson, type TestServer } from "../../helpers/httpServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let clockMs = Date.UTC(2030, 0, 1);
let api: TestServer;
let proxy: TestService;

beforeAll(async () => {
  const thumbnails = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [`t${i}`, `https://cdn.example.com/fox/${i}.png`]),
  );
  api = await createTestServer((_req, res) => sendJson(res, 200, [{ name: "fox", model: {}, thumbnails }]));
  proxy = await startTestService({ upstream: { url: api.url, key: "k", relayAssets: true }, now: () => clockMs });
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

describe("relay mode on a cached answer", () => {
  it("serves the links it made once, for as long as the answer is cached", async () => {
    const ask = async () => (await fetch(`${proxy.url}/anything?name=fox`)).text();
    const first = await ask();
    expect(first).toContain(`${proxy.url}/relay/`);
    clockMs += 10_000;
    expect(await ask()).toBe(first);
    expect(api.requests).toHaveLength(1);
    // Past the cached answer's life (maxCacheAgeMs 300 s): fetched again, links made anew.
    clockMs += 300_000;
    expect(await ask()).not.toBe(first);
    expect(api.requests).toHaveLength(2);
  });
});
