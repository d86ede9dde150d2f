/**
 * The services of each shape of the soak's shapes phase (shapeLoad.ts): started in their own
 * processes (faultLoad.ts's `startChild`), with the paths the load asks for, the names the
 * probes look up, and what runs beside the load (Redis frozen mid-run).
 */
import { ensureSyntheticCatalog } from "../../bench/syntheticCatalog.js";
import { LOOKUP_SERVICE_DEFAULTS } from "../../src/service/options.js";
import { type ServiceProcess, startChild } from "./faultLoad.js";
import { startRedis, type TestRedis } from "./redisServer.js";

export type ShapeName = "oversized" | "relay" | "redis";
export const SHAPES: readonly ShapeName[] = ["oversized", "relay", "redis"];

export interface ShapeOptions {
  /** The generated catalog (the upstream of `relay` and `redis`, the source of `oversized`). */
  catalogDir: string;
  /** autocannon connections per shape. @default 64 */
  connections?: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * autocannon connections of `oversized` (pages of megabytes, streamed in pieces). @default 64
   */
  pageConnections?: number;
  /** Records of the synthetic catalog of `oversized`. @default 5000 */
  catalogSize?: number;
  /** How long Redis stays frozen in `redis`. @default 3 */
  pauseSeconds?: number;
  /** Probe loops doing name lookups beside the load. @default 4 */
  probes?: number;
  log?: (line: string) => void;
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`${url.replace(/key=[^&]*/, "key=***")} answered ${res.status}`);
  return res.json();
}

/** Every string in `value` that starts with `prefix` (the links a record holds). */
function linksIn(value: unknown, prefix: string, out: string[] = []): string[] {
  if (typeof value === "string" && value.startsWith(prefix)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) linksIn(v, prefix, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) linksIn(v, prefix, out);
  return out;
}

export const NAMES = ["fox", "bear", "owl", "deer", "rabbit", "frog", "duck", "cow", "horse", "sheep", "wolf", "crab"];

export interface Prepared {
  /** The service measured (RSS) and loaded. */
  target: ServiceProcess;
  load: string;
  paths: string[];
  names: readonly string[];
  problems: string[];
  /** Runs beside the measured load; resolves to the [from, to] window of interest, if any. */
  during?: (seconds: number) => Promise<[number, number]>;
  cleanup: () => Promise<void>;
}

async function prepareOversized(o: ShapeOptions, connections: number): Promise<Prepared> {
  const dir = await ensureSyntheticCatalog(o.catalogDir, o.catalogSize ?? 5000);
  const target = await startChild(dir, connections);
  const cap = LOOKUP_SERVICE_DEFAULTS.maxResultsPerAnswer as number;
  const paths: string[] = [];
  const problems: string[] = [];
  let names: string[] = [];
  let bytes = 0;
  for (const term of ["mammals", "forest", "farm", "sea", "birds", "grassland", "pets", "fish"]) {
    const path = `/anything?key=dev-key&search=${term}&maxResultNum=-1`;
    const res = await fetch(`${target.url}${path}`);
    const text = await res.text();
    const records = res.status === 200 ? (JSON.parse(text) as { name: string }[]) : [];
    if (records.length > cap)
      problems.push(`search=${term}&maxResultNum=-1 held ${records.length} records (cap ${cap})`);
    if (records.length < cap) continue;
    paths.push(path, `${path}&offset=${cap}`);
    bytes = Math.max(bytes, text.length);
    if (names.length === 0) names = records.slice(0, 12).map((r) => r.name);
  }
  if (paths.length === 0) problems.push(`no search filled a page of ${cap} records`);
  if (names.length === 0) names = NAMES;
  return {
    target,
    load: `${paths.length} pages of up to ${cap} records (${(bytes / 1048576).toFixed(1)} MB) from ${o.catalogSize ?? 5000}`,
    paths,
    names,
    problems,
    cleanup: () => target.stop(),
  };
}

async function prepareRelay(o: ShapeOptions, connections: number): Promise<Prepared> {
  const upstream = await startChild(o.catalogDir, connections);
  try {
    const target = await startChild(undefined, connections, {
      upstream: { url: upstream.url, key: "dev-key", relayAssets: { allowPrivateAddresses: true } },
    });
    const paths: string[] = [];
    for (const name of NAMES) {
      const path = `/anything?key=dev-key&name=${encodeURIComponent(name)}`;
      paths.push(path);
      for (const link of linksIn(await getJson(`${target.url}${path}`), target.url))
        paths.push(link.slice(target.url.length));
    }
    const relayed = paths.filter((p) => !p.startsWith("/anything")).length;
    const problems = relayed === 0 ? ["the proxy's answers held no relay link"] : [];
    return {
      target,
      load: `${relayed} relay links + ${NAMES.length} lookups via the proxy`,
      paths,
      names: NAMES,
      problems,
      cleanup: async () => {
        await target.stop();
        await upstream.stop();
      },
    };
  } catch (error) {
    await upstream.stop();
    throw error;
  }
}

async function prepareRedis(o: ShapeOptions, connections: number): Promise<Prepared> {
  const redis: TestRedis = await startRedis();
  const upstream = await startChild(o.catalogDir, connections).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  const cleanup = async () => {
    await target?.stop();
    await upstream.stop();
    await redis.stop();
  };
  let target: ServiceProcess | undefined;
  try {
    target = await startChild(undefined, connections, {
      redis: redis.url,
      upstream: { url: upstream.url, key: "dev-key" },
      // Limits on, so every request also goes through the shared (Redis) limiter.
      rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    });
    const paths = [
      ...NAMES.map((n) => `/anything?key=dev-key&name=${n}`),
      ...["forest", "farm", "sea", "desert"].map((h) => `/anything?key=dev-key&search=${h}`),
    ];
    const pause = o.pauseSeconds ?? 3;
    return {
      target,
      load: `${paths.length} lookups via the proxy; Redis frozen ${pause} s mid-run`,
      paths,
      names: NAMES,
      problems: [],
      during: async (seconds) => {
        const held = Math.min(pause, seconds / 2);
        await new Promise((r) => setTimeout(r, ((seconds - held) / 2) * 1000));
        const from = Date.now();
        redis.pause();
        await new Promise((r) => setTimeout(r, held * 1000));
        redis.resume();
        return [from, Date.now()];
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export const PREPARE: Record<ShapeName, (o: ShapeOptions, connections: number) => Promise<Prepared>> = {
  oversized: prepareOversized,
  relay: prepareRelay,
  redis: prepareRedis,
};
