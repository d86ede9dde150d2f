/**
 * `redis`: limits and the proxy cache shared by services on one real Redis (Debian's
 * redis-server on a loopback port), and each service carrying on alone while Redis is away.
 * Two services in this process stand for two processes: each has its own buckets and cache, so
 * whatever they share goes through Redis.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startRedis, type TestRedis } from "../helpers/redisServer.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

let catalog: FixtureCatalog;
const started: TestService[] = [];
const redises: TestRedis[] = [];

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
});
afterAll(async () => {
  for (const service of started) await service.close();
  for (const redis of redises) await redis.stop();
  await catalog.remove();
});

async function service(redis: string, capacity: number, log?: (line: string) => void): Promise<TestService> {
  const s = await startTestService({
    catalogDir: catalog.dir,
    redis,
    redisCommandTimeoutMs: 5_000, // a busy test machine is not a silent Redis (see security/redisPaused)
    // A window far longer than the test: nothing refills while it runs.
    rateLimit: { capacity, refillPerSecond: capacity / 3600 },
    ...(log ? { log } : {}),
  });
  started.push(s);
  return s;
}

const status = async (s: TestService, key = "dev-key") => (await fetch(`${s.url}/anything?key=${key}&name=fox`)).status;

/** Waits (counting, up to 15 s) until `lines` holds a line matching `pattern`. */
async function until(lines: string[], pattern: RegExp): Promise<void> {
  for (let i = 0; i < 150 && !lines.some((l) => pattern.test(l)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(lines.filter((l) => pattern.test(l))).toHaveLength(1);
}

describe("without redis", () => {
  it("never loads ioredis or the limiter library (and with it, does)", async () => {
    const loaded = (redis?: string) =>
      new Promise<{ ioredis: boolean; limiter: boolean }>((resolve, reject) => {
        const script = `
          import { createRequire } from "node:module";
          const { createLookupService } = await import("./src/service/index.ts");
          const s = await createLookupService({ catalogDir: ${JSON.stringify(catalog.dir)}${redis ? `, redis: ${JSON.stringify(redis)}` : ""} });
          await s.app.request("/anything?key=dev-key&name=fox");
          const files = Object.keys(createRequire(import.meta.url).cache);
          console.log(JSON.stringify({ ioredis: files.some((f) => f.includes("/ioredis/")), limiter: files.some((f) => f.includes("/rate-limiter-flexible/")) }));
          await s.close();`;
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
          cwd: join(import.meta.dirname, "../.."),
          stdio: ["ignore", "pipe", "inherit"],
        });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${out}`))));
      });
    expect(await loaded()).toEqual({ ioredis: false, limiter: false });
    expect(await loaded(`redis://127.0.0.1:${await freePort()}`)).toEqual({ ioredis: true, limiter: true });
  }, 60_000); // two child processes starting TypeScript
});

describe("with redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
    redises.push(redis);
  });

  it("holds one per-key limit across two services", async () => {
    const a = await service(redis.url, 3);
    const b = await service(redis.url, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await status(a), await status(b));
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // Without Redis, the same two would allow three each.
    const alone = [await service("redis://127.0.0.1:1", 3), await service("redis://127.0.0.1:1", 3)];
    const separate: number[] = [];
    for (let i = 0; i < 3; i++) separate.push(await status(alone[0]!), await status(alone[1]!));
    expect(separate).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("lets the proxy ask the upstream once for a lookup both services answer", async () => {
    const upstream = await startTestService({ catalogDir: catalog.dir, apiKeys: ["upstream-key"] });
    started.push(upstream);
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const proxy = async () => {
      const s = await startTestService({
        redis: redis.url,
        redisCommandTimeoutMs: 5_000,
        upstream: { url: upstream.url, key: "upstream-key", fetch: counting },
      });
      started.push(s);
      return s;
    };
    const [a, b] = [await proxy(), await proxy()];
    const first = await (await fetch(`${a.url}/anything?name=barn%20owl`)).text();
    expect(await (await fetch(`${b.url}/anything?name=barn%20owl`)).text()).toBe(first);
    expect(await (await fetch(`${b.url}/anything?name=Barn%20Owl`)).text()).toBe(first);
    expect(JSON.parse(first).name).toBe("barn owl");
    expect(sent).toHaveLength(1);
    await fetch(`${b.url}/anything?name=fox`);
    expect(sent).toHaveLength(2);
  });
});

describe("while redis is away", () => {
  it("starts without it: per-process limits, one log line", async () => {
    const lines: string[] = [];
    const s = await service(`redis://127.0.0.1:${await freePort()}`, 2, (line) => lines.push(line));
    expect([await status(s), await status(s), await status(s)]).toEqual([200, 200, 429]);
    expect(lines.filter((l) => /is unavailable/.test(l))).toHaveLength(1);
    expect(lines.join("\n")).not.toMatch(/is back/);
  });

  it("carries on alone when it goes mid-run, logs it once, and shares again when it returns", async () => {
    const redis = await startRedis();
    redises.push(redis);
    const linesA: string[] = [];
    const linesB: string[] = [];
    const a = await service(redis.url, 4, (line) => linesA.push(line));
    const b = await service(redis.url, 4, (line) => linesB.push(line));
    expect([await status(a, "dev-key"), await status(b, "dev-key")]).toEqual([200, 200]);

    await redis.halt();
    await until(linesA, /is unavailable/);
    await until(linesB, /is unavailable/);
    // Each service now counts alone, from its own full bucket: four each, then refused.
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push(await status(a), await status(b));
    expect(alone).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);

    await redis.restart();
    await until(linesA, /is back/);
    await until(linesB, /is back/);
    // The restarted Redis is empty: one shared count of four again, whichever service is asked.
    const shared: number[] = [];
    for (let i = 0; i < 3; i++) shared.push(await status(a), await status(b));
    expect(shared).toEqual([200, 200, 200, 200, 429, 429]);
    expect(linesA.filter((l) => /is unavailable/.test(l))).toHaveLength(1);
  }, 60_000); // waits (counting) for reconnection, up to 15 s per step
});
