/**
 * The proxy's answer cache shared through a real Redis: what is shared (200 answers only), for
 * how long (Redis expires it when the first process's own copy would expire), and that a shared
 * answer past its life is not served. Two services in this process stand for two processes, on
 * one still clock.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../helpers/redisServer.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const KEY = "shared-upstream-key";
/** Still, but near the upstream's real clock, so its links live an hour past it. */
let nowMs = Date.now();
let redis: TestRedis;
let upstream: TestService;
let proxies: TestService[];
const sent: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startTestService({ apiKeys: [KEY] });
  const counting: typeof fetch = (input, init) => {
    sent.push(String(input));
    return fetch(input, init);
  };
  proxies = [];
  for (let i = 0; i < 2; i++) {
    proxies.push(
      await startTestService({
        redis: redis.url,
        redisCommandTimeoutMs: 5_000, // a busy test machine is not a silent Redis
        upstream: { url: upstream.url, key: KEY, fetch: counting },
        now: () => nowMs,
      }),
    );
  }
});
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await upstream.close();
  await redis.stop();
});

const ask = async (proxy: TestService, query: string) => (await fetch(`${proxy.url}/anything?${query}`)).status;

describe("the proxy cache shared through Redis", () => {
  it("shares a 200 for as long as the first process keeps it, and never past that", async () => {
    const [a, b] = proxies as [TestService, TestService];
    expect(await ask(a, "name=fox")).toBe(200);
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys("menagerie:proxy:*");
      expect(keys).toHaveLength(1);
      // The proxy keeps an answer 300 s (maxCacheAgeMs) on a still clock; Redis counts in real
      // time, so a little of it may have passed.
      const ttl = await client.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(200_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
    } finally {
      client.disconnect();
    }
    expect(await ask(b, "name=fox")).toBe(200);
    expect(sent).toHaveLength(1);
    // Past its life by the services' clock (Redis still holds it): b asks the upstream itself.
    nowMs += 300_000;
    expect(await ask(b, "name=fox")).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it("shares no error answer", async () => {
    const [a, b] = proxies as [TestService, TestService];
    sent.length = 0;
    expect([await ask(a, "name=zebra"), await ask(b, "name=zebra")]).toEqual([404, 404]);
    expect(sent).toHaveLength(2);
  });
});
