/**
 * Findings 6 to 9 of issue #29, on a real Redis: the shared answer cache is bounded (entries and
 * bytes), namespaced by upstream, holds only MAC'd JSON bodies (an injected entry is a miss,
 * headers are the proxy's own), and rate-limit buckets never name an API key.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, sendJson, type TestServer } from "../../helpers/httpServer.js";
import { startRedis, type TestRedis } from "../../helpers/redisServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let redis: TestRedis;
let client: Redis;
let upstreams: { a: TestServer; b: TestServer };
const started: TestService[] = [];

const scripted = (tag: string) =>
  createTestServer((_req, res, recorded) => {
    const asked = recorded.query.get("name") ?? recorded.query.get("search") ?? "";
    const record = asked === "big" ? { name: "big", pad: "x".repeat(10_000) } : { name: `${tag}-${asked}` };
    sendJson(res, 200, [record]);
  });

async function proxy(upstream: TestServer, extra: object = {}): Promise<TestService> {
  const s = await startTestService({
    redis: redis.url,
    redisCommandTimeoutMs: 5_000,
    upstream: { url: upstream.url, key: "upstream-key", maxCacheEntries: 4, maxSharedAnswerBytes: 4096 },
    ...extra,
  });
  started.push(s);
  return s;
}

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  upstreams = { a: await scripted("a"), b: await scripted("b") };
});
afterAll(async () => {
  for (const s of started) await s.close();
  client?.disconnect();
  await upstreams?.a.close();
  await upstreams?.b.close();
  await redis?.stop();
});

const ask = async (s: TestService, query: string) => {
  const res = await fetch(`${s.url}/anything?${query}`);
  return { res, body: await res.text() };
};
const proxyKeys = () => client.keys("menagerie:proxy:*");

describe("the shared answer cache in Redis", () => {
  it("holds at most maxCacheEntries answers of at most maxSharedAnswerBytes (finding 6)", async () => {
    const a = await proxy(upstreams.a);
    for (let i = 0; i < 20; i++) expect((await ask(a, `name=n${i}`)).res.status).toBe(200);
    expect((await ask(a, "search=big")).body.length).toBeGreaterThan(10_000);
    const keys = await proxyKeys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThanOrEqual(4);
    for (const key of keys) expect((await client.get(key))!.length).toBeLessThan(4096 + 512);
    await client.flushall();
  });

  it("never serves one upstream's answer for another's (finding 7)", async () => {
    const [a, b] = [await proxy(upstreams.a), await proxy(upstreams.b)];
    expect(JSON.parse((await ask(a, "name=fox")).body)).toEqual([{ name: "a-fox" }]);
    const before = upstreams.b.requests.length;
    expect(JSON.parse((await ask(b, "name=fox")).body)).toEqual([{ name: "b-fox" }]);
    expect(upstreams.b.requests.length).toBe(before + 1);
  });

  it("serves a genuine entry, and an injected one never: JSON and its own headers only (finding 8)", async () => {
    await proxy(upstreams.a).then((a) => ask(a, "name=owl"));
    const before = upstreams.a.requests.length;
    // Another process (a fresh local cache) is served the genuine entry from Redis.
    expect(JSON.parse((await ask(await proxy(upstreams.a), "name=owl")).body)).toEqual([{ name: "a-owl" }]);
    expect(upstreams.a.requests.length).toBe(before);
    const forged = JSON.stringify({
      status: 200,
      k: "name\u0000owl\u0000true\u0000\u00000",
      body: "<script>alert(1)</script>",
      headers: {
        "content-type": "text/html",
        "set-cookie": "session=stolen",
        "access-control-allow-credentials": "true",
      },
      bytes: 25,
      untilMs: Date.now() + 3_600_000,
      mac: "forged",
    });
    for (const key of await proxyKeys()) await client.set(key, forged, "PX", 3_600_000);
    const { res, body } = await ask(await proxy(upstreams.a), "name=owl");
    expect(JSON.parse(body)).toEqual([{ name: "a-owl" }]);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(upstreams.a.requests.length).toBe(before + 1);
  });

  it("names rate-limit buckets by an HMAC of the key, never the key (finding 9)", async () => {
    const secretKey = "client-key-0123456789";
    const s = await startTestService({
      redis: redis.url,
      redisCommandTimeoutMs: 5_000,
      apiKeys: [secretKey],
      rateLimit: { capacity: 100, refillPerSecond: 1 },
    });
    started.push(s);
    expect((await fetch(`${s.url}/anything?key=${secretKey}&name=fox`)).status).toBe(200);
    const keys = await client.keys("menagerie:*");
    expect(keys.some((k) => k.startsWith("menagerie:key"))).toBe(true);
    expect(keys.filter((k) => k.includes(secretKey))).toEqual([]);
  });
});
