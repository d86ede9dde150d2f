/**
 * The shapes phase of `npm run soak` (issue #29): the load of the security fixes' new shapes,
 * each service under test in its own process (faultLoad.ts's `startChild`), autocannon in this
 * one, and beside the load a few probe loops doing plain `name=` lookups whose latency and
 * status are recorded one by one.
 *
 * - `oversized`: pages of `search=…&maxResultNum=-1` (held to `maxResultsPerAnswer`) from a
 *   synthetic catalog large enough to fill them (bench/syntheticCatalog.ts).
 * - `relay`: a proxy with `relayAssets` in front of an upstream reference service; the load
 *   fetches relay links (and lookups) from the proxy.
 * - `redis`: a proxy sharing its limits and answer cache through a real redis-server
 *   (redisServer.ts), which is frozen with SIGSTOP for a few seconds mid-run, then SIGCONT.
 */
import autocannon from "autocannon";
import type { Stats } from "./faultLoad.js";
import { PREPARE, type ShapeName, type ShapeOptions } from "./shapeServices.js";

export { SHAPES, type ShapeName, type ShapeOptions } from "./shapeServices.js";

export interface ShapeFigures {
  shape: ShapeName;
  /** What the load asked for, in a few words. */
  load: string;
  requests: number;
  errors: number;
  status5xx: number;
  non2xx: number;
  rssStart: number;
  rssEnd: number;
  rssDrift: number;
  /** Name lookups of the probe loops: answered, failed (no answer or not 2xx), latency in ms. */
  lookups: number;
  lookupFailures: number;
  lookupP50: number;
  lookupP99: number;
  lookupMax: number;
  /** `redis` only: probe lookups answered 2xx while Redis was frozen. */
  lookupsWhilePaused?: number;
  /** Shape-specific failures found along the way (e.g. a page not held to the cap). */
  problems: string[];
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** `loops` sequential name-lookup loops until stopped; every lookup recorded. */
function startProbe(url: string, names: readonly string[], loops: number) {
  const samples: Sample[] = [];
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const name = names[i % names.length]!;
      const t0 = performance.now();
      let ok = false;
      try {
        const res = await fetch(`${url}/anything?key=dev-key&name=${encodeURIComponent(name)}`, {
          // The same limit as the load's own timeout (autocannon, 10 s): past it, a failure.
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        ok = res.status >= 200 && res.status < 300;
      } catch {
        ok = false;
      }
      samples.push({ at: Date.now(), ms: performance.now() - t0, ok });
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i * 3)));
  return {
    samples,
    stop: async () => {
      running = false;
      await done;
      return samples;
    },
  };
}

function cannon(url: string, connections: number, seconds: number, paths: string[]): Promise<autocannon.Result> {
  const requests = paths.map((path) => ({ method: "GET" as const, path }));
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, requests, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Runs one shape; see the module comment. */
export async function runShape(shape: ShapeName, o: ShapeOptions): Promise<ShapeFigures> {
  const connections = shape === "oversized" ? (o.pageConnections ?? 64) : (o.connections ?? 64);
  const log = o.log ?? (() => undefined);
  const p = await PREPARE[shape](o, connections);
  try {
    log(`${shape}: ${p.load}; warm-up ${connections} connections for ${o.warmupSeconds} s`);
    await cannon(p.target.url, connections, o.warmupSeconds, p.paths);
    const start: Stats = await p.target.stats();
    log(`${shape}: measuring ${connections} connections for ${o.durationSeconds} s`);
    const probe = startProbe(p.target.url, p.names, o.probes ?? 4);
    const [result, window] = await Promise.all([
      cannon(p.target.url, connections, o.durationSeconds, p.paths),
      p.during?.(o.durationSeconds),
    ]);
    const samples = await probe.stop();
    const end = await p.target.stats();
    const latencies = samples
      .filter((s) => s.ok)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      shape,
      load: p.load,
      requests: result.requests.total,
      errors: result.errors,
      status5xx: result["5xx"],
      non2xx: result.non2xx,
      rssStart: start.rss,
      rssEnd: end.rss,
      rssDrift: (end.rss - start.rss) / start.rss,
      lookups: latencies.length,
      lookupFailures: samples.length - latencies.length,
      lookupP50: quantile(latencies, 0.5),
      lookupP99: quantile(latencies, 0.99),
      lookupMax: latencies.at(-1) ?? Number.NaN,
      ...(window
        ? { lookupsWhilePaused: samples.filter((s) => s.ok && s.at >= window[0] && s.at <= window[1]).length }
        : {}),
      problems: p.problems,
    };
  } finally {
    await p.cleanup();
  }
}

/** The failures of one shape against the pass criteria (empty: passed). */
export function shapeFailures(f: ShapeFigures, maxRssDrift: number): string[] {
  return [
    ...f.problems,
    f.errors > 0 && `${f.errors} connection errors`,
    f.status5xx > 0 && `${f.status5xx} answers 5xx`,
    f.non2xx > 0 && `${f.non2xx} answers not 2xx`,
    Math.abs(f.rssDrift) > maxRssDrift &&
      `RSS drifted ${(f.rssDrift * 100).toFixed(1)}% (limit ${(maxRssDrift * 100).toFixed(0)}%)`,
    f.lookups === 0 && "no name lookup answered",
    f.lookupFailures > 0 && `${f.lookupFailures} name lookups failed`,
    f.lookupsWhilePaused === 0 && "no name lookup answered while Redis was frozen",
  ]
    .filter((x): x is string => typeof x === "string")
    .map((x) => `${f.shape}: ${x}`);
}

/** The figures of the shapes as a table. */
export function formatShapes(figures: readonly ShapeFigures[]): string {
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const ms = (n: number) => n.toFixed(1);
  const rows = [
    [
      "shape",
      "requests",
      "errors",
      "5xx",
      "non-2xx",
      "RSS MB start→end",
      "drift",
      "lookups",
      "failed",
      "p50 ms",
      "p99 ms",
      "max ms",
      "while paused",
    ],
    ...figures.map((f) => [
      f.shape,
      String(f.requests),
      String(f.errors),
      String(f.status5xx),
      String(f.non2xx),
      `${mb(f.rssStart)}→${mb(f.rssEnd)}`,
      `${(f.rssDrift * 100).toFixed(1)}%`,
      String(f.lookups),
      String(f.lookupFailures),
      ms(f.lookupP50),
      ms(f.lookupP99),
      ms(f.lookupMax),
      f.lookupsWhilePaused === undefined ? "-" : String(f.lookupsWhilePaused),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
  return [...lines, ...figures.map((f) => `${f.shape}: ${f.load}`)].join("\n");
}
