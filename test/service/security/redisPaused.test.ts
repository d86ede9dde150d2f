/**
 * Finding 5 of issue #29: a Redis that is connected but does not answer (the process stopped
 * with SIGSTOP) delays no lookup past its command timeout: the service answers from its own
 * limits and cache, says so once in its log, and shares again once Redis answers.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../helpers/redisServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let redis: TestRedis;
let upstream: TestService;
let proxy: TestService;
const logs: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startTestService();
  proxy = await startTestService({
    redis: redis.url,
    rateLimit: { capacity: 1000, refillPerSecond: 100 },
    upstream: { url: upstream.url, key: "dev-key" },
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
  await redis?.stop();
});

/** A lookup that fails the test rather than hang it (no timing is asserted). */
const status = async (query: string) =>
  (await fetch(`${proxy.url}/anything?key=dev-key&${query}`, { signal: AbortSignal.timeout(4_000) })).status;

describe("a paused Redis", () => {
  it("delays no lookup: they are answered per process, logged once, then shared again", async () => {
    expect(await status("name=fox")).toBe(200);
    redis.pause();
    try {
      const answers = [];
      for (const name of ["cat", "polar bear", "fox", "brown trout", "cat"]) answers.push(await status(`name=${name}`));
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      expect(logs.filter((l) => l.includes("is unavailable"))).toEqual([
        expect.stringMatching(/^Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable \(no answer within 100 ms\)/),
      ]);
    } finally {
      redis.resume();
    }
    // Shared again once a PING answers (tried every second): a new answer lands in Redis.
    for (let i = 0; i < 50 && !logs.some((l) => l.includes("is back")); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(logs.filter((l) => l.includes("is back"))).toHaveLength(1);
    const client = new Redis(redis.url);
    try {
      const before = (await client.keys("menagerie:proxy:*")).length;
      expect(await status("search=forest")).toBe(200);
      expect((await client.keys("menagerie:proxy:*")).length).toBe(before + 1);
    } finally {
      client.disconnect();
    }
  });
});
