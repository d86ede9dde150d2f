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
/**
 * Long enough that a lookup which waited on the silent Redis stands apart from one that did not,
 * whatever the machine's load (a local lookup takes a few milliseconds).
 */
const TIMEOUT_MS = 1_000;

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startTestService();
  proxy = await startTestService({
    redis: redis.url,
    redisCommandTimeoutMs: TIMEOUT_MS,
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

/** A lookup that fails the test rather than hang it. */
const status = async (query: string) =>
  (await fetch(`${proxy.url}/anything?key=dev-key&${query}`, { signal: AbortSignal.timeout(8_000) })).status;

/** A lookup's status and how long it took, in milliseconds. */
const timed = async (query: string) => {
  const start = performance.now();
  const answer = await status(query);
  return { answer, ms: performance.now() - start };
};

describe("a paused Redis", () => {
  it("delays no lookup: they are answered per process, logged once, then shared again", async () => {
    expect(await status("name=fox")).toBe(200);
    redis.pause();
    try {
      const lookups = [];
      for (const name of ["cat", "polar bear", "fox", "brown trout", "cat"]) lookups.push(await timed(`name=${name}`));
      const times = lookups.map((l) => Math.round(l.ms)).join(", ");
      expect(lookups.map((l) => l.answer)).toEqual([200, 200, 200, 200, 200]);
      // The first finds Redis silent after one command timeout (and a margin for a loaded
      // machine); the rest are answered without asking it.
      for (const { ms } of lookups) expect(ms, `lookup times (ms): ${times}`).toBeLessThan(TIMEOUT_MS + 500);
      expect(lookups.filter((l) => l.ms >= TIMEOUT_MS).length, `lookup times (ms): ${times}`).toBeLessThanOrEqual(1);
      expect(logs.filter((l) => l.includes("is unavailable"))).toEqual([
        expect.stringMatching(/^Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable \(no answer within 1000 ms\)/),
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
