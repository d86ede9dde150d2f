/**
 * Per-address throttles over real loopback connections: failed key checks (a wrong key) and
 * the asset route. The guessing client connects from 127.0.0.1, a neighbour from 127.0.0.2.
 * The clock is the test's, so buckets refill only when it moves.
 */
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { LOOKUP_SERVICE_DEFAULTS } from "../../src/service/index.js";
import { TokenBucketLimiter } from "../../src/service/rateLimiter.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const START_MS = 1_800_000_000_000;
let nowMs = START_MS;
let server: TestService;
let assets: TestService;

beforeAll(async () => {
  server = await startTestService({ now: () => nowMs });
  assets = await startTestService({ now: () => nowMs, assetRateLimit: { capacity: 5, refillPerSecond: 1 } });
});
afterAll(async () => {
  await server.close();
  await assets.close();
});

/** GETs `url` from `localAddress` over a kept-alive connection; the status and Retry-After. */
const agents = new Map<string, Agent>();
function get(url: string, localAddress = "127.0.0.1") {
  const agent = agents.get(localAddress) ?? new Agent({ keepAlive: true, maxSockets: 8 });
  agents.set(localAddress, agent);
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const req = request(url, { localAddress, agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}
afterAll(() => {
  for (const agent of agents.values()) agent.destroy();
});

/** Runs `count` jobs, `parallel` at a time. */
async function inParallel<T>(count: number, parallel: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

describe("finding 2: failed authentication is throttled per client address", () => {
  it("finding 2: of 2 000 guesses from one address only 30 reach the key check; the rest get 429 with Retry-After", async () => {
    nowMs += 3_600_000;
    const answers = await inParallel(2000, 16, (i) => get(`${server.url}/anything?key=guess-${i}&name=fox`));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect([count(403), count(429)]).toEqual([30, 1970]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.retryAfter).toBe("2");
    expect(JSON.parse(refused.body)).toEqual({
      code: "Rate limit exceeded",
      message: "Too many failed key checks from this address: try again in 2 s.",
    });
    // While throttled, the right key gets 429 as well: a guess that hits learns nothing.
    expect((await get(`${server.url}/anything?key=dev-key&name=fox`)).status).toBe(429);
    // Another address has its own budget.
    expect((await get(`${server.url}/anything?key=dev-key&name=fox`, "127.0.0.2")).status).toBe(200);
    expect((await get(`${server.url}/anything?key=wrong&name=fox`, "127.0.0.2")).status).toBe(403);
    // 0.5 attempts a second come back: in a minute, 30 more at most (60 a minute in all).
    nowMs += 60_000;
    const later = await inParallel(100, 8, (i) => get(`${server.url}/anything?key=later-${i}&name=fox`));
    expect(later.filter((a) => a.status === 403).length).toBe(30);
  }, 60_000);

  it("finding 2: memory stays bounded however many addresses are tried", () => {
    const limiter = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 0.5 }, () => 0, 100);
    for (let i = 0; i < 50_000; i++) limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(limiter.size).toBe(100);
    // A busy address stays remembered (and throttled) while others come and go.
    for (let i = 0; i < 1000; i++) {
      limiter.take("192.0.2.1");
      limiter.take(`198.51.100.${i % 256}-${i}`);
    }
    expect(limiter.size).toBe(100);
    expect(limiter.peek("192.0.2.1").allowed).toBe(false);
  });

  it("finding 2: the asset route has a per-address limit", async () => {
    nowMs += 3_600_000;
    const fox = ModelRecordSchema.parse(JSON.parse((await get(`${assets.url}/anything?key=dev-key&name=fox`)).body));
    const url = fox.model.parts["body"]!;
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await get(url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await get(url)).retryAfter).toBe("1");
    expect((await get(url, "127.0.0.2")).status).toBe(200);
    nowMs += 1000;
    expect((await get(url)).status).toBe(200);
  });

  it("has documented defaults: 60 failed attempts a minute, 600 assets at once then 100 a second", () => {
    expect(LOOKUP_SERVICE_DEFAULTS.authFailureLimit).toEqual({ capacity: 30, refillPerSecond: 0.5 });
    expect(LOOKUP_SERVICE_DEFAULTS.assetRateLimit).toEqual({ capacity: 600, refillPerSecond: 100 });
  });
});
