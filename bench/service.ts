/**
 * 5. Service: lookups per second and p50/p99 latency of the reference service (its real
 * server stack: @hono/node-server on 127.0.0.1, keep-alive) against a hello-world Hono handler
 * on the same stack, with autocannon driving the load from a second process. Catalogs: the
 * generated one and synthetic ones of 10 000 and 100 000 records; on 10 000, also
 * `--workers 2` (two processes on one port). Each run of a scenario is followed by a run of
 * its prebuilt bytes (the same answers, taken from the service once, served from memory by a
 * Hono app on the same stack: the physical limit for those answers) and a hello-world run, so
 * all three see the same machine load.
 */

import { type ChildProcess, fork } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { readCatalog } from "../src/catalog/catalogFormat.js";
import { startLookupServer } from "../src/service/lookupServer.js";
import type { LoadJob, LoadResult } from "./loadClient.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import type { ServiceProcessReady } from "./serviceProcess.js";
import { Samples, summarize } from "./stats.js";
import { ensureSyntheticCatalog } from "./syntheticCatalog.js";

export interface ServiceBenchOptions {
  catalogDir: string;
  /** Synthetic catalogs measured after the generated one; `--workers 2` runs on the first. */
  syntheticSizes: number[];
  runs: number;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

const HELLO = "hello world (Hono, same stack)";
const PREBUILT = "its bytes prebuilt (Hono, same stack)";
const WORKERS = 2;

/** A child process running loadClient.ts; tsx's loader comes along through execArgv. */
class LoadClient {
  readonly #child: ChildProcess = fork(fileURLToPath(new URL("./loadClient.ts", import.meta.url)), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      // A crashed child never answers: its exit settles the run too, so the bench cannot hang.
      const onMessage = (message: { result?: LoadResult; error?: string }) => {
        this.#child.off("exit", onExit);
        if (message.result) resolve(message.result);
        else reject(new Error(`load client: ${message.error}`));
      };
      const onExit = (code: number | null) => {
        this.#child.off("message", onMessage);
        reject(new Error(`load client exited with ${code}`));
      };
      this.#child.once("message", onMessage);
      this.#child.once("exit", onExit);
      this.#child.send(job);
    });
  }

  close(): void {
    if (this.#child.connected) this.#child.disconnect();
    if (this.#child.exitCode === null) this.#child.kill();
  }
}

/** The service in a child process (serviceProcess.ts): one process, or `workers` on one port. */
async function serviceProcess(catalogDir: string, workers: number): Promise<ServiceProcessReady & { close(): void }> {
  const child = fork(fileURLToPath(new URL("./serviceProcess.ts", import.meta.url)), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, MENAGERIE_BENCH_SERVICE: JSON.stringify({ catalogDir, workers }) },
  });
  const ready = await new Promise<ServiceProcessReady>((resolve, reject) => {
    child.once("message", (message: ServiceProcessReady) => resolve(message));
    child.once("exit", (code) => reject(new Error(`service process exited with ${code}`)));
  });
  return { ...ready, close: () => (child.connected ? child.disconnect() : undefined) };
}

/** A typo a person makes: two letters swapped, or a plural. */
function typo(name: string): string {
  return name.length > 4 ? name.slice(0, 2) + name[3] + name[2] + name.slice(4) : `${name}s`;
}

/** At most `n` items spread evenly over `items`. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Every answer of `paths`, read once from `url`: the bytes a server that did no work per request
 * would send. Links in them are signed as the service signed them; the prebuilt server serves
 * them as they are (nobody follows them here).
 */
async function answersOf(url: string, paths: readonly string[]): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
  const answers = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const path of new Set(paths)) {
    const res = await fetch(`${url}${path}`);
    if (res.status !== 200) throw new Error(`prebuilt answers: ${path} answered ${res.status}`);
    answers.set(path, new Uint8Array(await res.arrayBuffer()));
  }
  return answers;
}

/** A Hono app on the service's stack that answers each path with its prebuilt bytes, as the service answers. */
function prebuiltApp(answers: () => ReadonlyMap<string, Uint8Array<ArrayBuffer>>): Hono {
  return new Hono().get("*", (c) => {
    const url = c.req.url;
    const bytes = answers().get(url.slice(url.indexOf("/", url.indexOf("//") + 2)));
    if (!bytes) return c.text("not prebuilt", 404);
    return new Response(bytes, { headers: { "content-type": "application/json; charset=utf-8" } });
  });
}

async function benchCatalog(
  client: LoadClient,
  helloUrl: string,
  prebuilt: { url: string; answers: ReadonlyMap<string, Uint8Array<ArrayBuffer>> },
  catalogDir: string,
  options: ServiceBenchOptions,
  withWorkers: boolean,
): Promise<{ rows: Row[]; load?: ServiceProcessReady }> {
  const { records } = await readCatalog(catalogDir);
  const names = spread(
    records.map((r) => r.name),
    1000,
  );
  const label = `${records.length.toLocaleString("en-US")} records`;
  // Load time and memory of one serving process, measured apart from the bench's own heap.
  const big = records.length >= 100_000;
  let load: ServiceProcessReady | undefined;
  if (big) {
    const measured = await serviceProcess(catalogDir, 1);
    measured.close();
    load = measured;
    options.log(
      `service ${label}: loaded in ${(measured.loadMs / 1000).toFixed(1)} s, RSS ${Math.round(measured.rss / 2 ** 20)} MB`,
    );
  }
  const service = await startLookupServer({ catalogDir, port: 0, rateLimit: false, assetRateLimit: false });
  const cluster = withWorkers ? await serviceProcess(catalogDir, WORKERS) : undefined;
  const q = (params: string) => `/anything?key=dev-key&${params}`;
  const exact = names.map((n) => q(`name=${encodeURIComponent(n)}&fuzzy=false`));
  const scenarios: [string, string, string[]][] = [
    ["name, exact", service.url, exact],
    ["name, fuzzy (typo)", service.url, names.map((n) => q(`name=${encodeURIComponent(typo(n))}`))],
    // The default page (100 records) since search pages; maxResultNum=-1 would answer them all.
    ["search, habitat (default page)", service.url, ["forest", "sea", "farm", "city"].map((h) => q(`search=${h}`))],
  ];
  if (cluster) scenarios.push([`name, exact (--workers ${WORKERS})`, cluster.url, exact]);
  const rows: Row[] = [];
  try {
    const job = (url: string, paths: string[], seconds = options.seconds): LoadJob => ({
      url,
      paths,
      seconds,
      connections: options.connections,
    });
    const hello = new Samples();
    const figures = (result: LoadResult) => ({
      requestsPerSecond: result.requestsPerSecond,
      p50: result.p50,
      p99: result.p99,
    });
    for (const [name, url, paths] of scenarios) {
      const samples = new Samples();
      const limit = new Samples();
      /** This run's answers per second ÷ the prebuilt run's just after it: steadier than a ratio of medians. */
      const paired: number[] = [];
      const pairedHello: number[] = [];
      await client.run(job(url, paths, 1)); // warm-up: JIT, signing memo, search index
      prebuilt.answers = await answersOf(url, paths);
      await client.run(job(prebuilt.url, paths, 1));
      for (let run = 0; run < options.runs; run++) {
        const result = await client.run(job(url, paths));
        if (result.failures > 0) options.log(`service ${label} ${name}: ${result.failures} failed requests`);
        samples.add(figures(result));
        const bytes = await client.run(job(prebuilt.url, paths));
        if (bytes.failures > 0) options.log(`service ${label} ${name}, prebuilt: ${bytes.failures} failed requests`);
        limit.add(figures(bytes));
        paired.push(result.requestsPerSecond / bytes.requestsPerSecond);
        const base = await client.run(job(helloUrl, ["/"], options.seconds / 2));
        hello.add(figures(base));
        pairedHello.push(result.requestsPerSecond / base.requestsPerSecond);
      }
      const limitName = `${name}: ${PREBUILT}`;
      rows.push(row(label, name, samples.summary(), HELLO));
      rows.push(row(label, limitName, limit.summary(), HELLO));
      // The answer's cost against the physical limit for the same bytes.
      rows.push(row(label, `${name} ÷ its prebuilt bytes`, samples.summary(), limitName));
      const pairs = (values: number[]) => {
        const m = summarize(values);
        return `median ×${m.median.toFixed(2)} [×${m.min.toFixed(2)}–×${m.max.toFixed(2)}]`;
      };
      options.log(
        `service ${label} ${name}: done; same-run pairs: ÷ prebuilt bytes ${pairs(paired)}, ÷ hello world ${pairs(pairedHello)}`,
      );
    }
    rows.unshift(row(label, HELLO, hello.summary()));
  } finally {
    cluster?.close();
    await service.close();
  }
  return { rows, ...(load ? { load } : {}) };
}

export async function benchService(options: ServiceBenchOptions): Promise<Section> {
  const helloApp = new Hono().get("/", (c) => c.text("Hello, world"));
  const helloServer = createAdaptorServer({ fetch: helloApp.fetch }) as Server;
  const helloUrl = `http://127.0.0.1:${await listen(helloServer)}`;
  const prebuilt = {
    url: "",
    answers: new Map<string, Uint8Array<ArrayBuffer>>() as ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
  };
  const prebuiltServer = createAdaptorServer({ fetch: prebuiltApp(() => prebuilt.answers).fetch }) as Server;
  prebuilt.url = `http://127.0.0.1:${await listen(prebuiltServer)}`;
  const client = new LoadClient();
  const rows: Row[] = [];
  const loads: string[] = [];
  try {
    await client.run({ url: helloUrl, paths: ["/"], seconds: 1, connections: options.connections }); // warm-up
    rows.push(...(await benchCatalog(client, helloUrl, prebuilt, options.catalogDir, options, false)).rows);
    for (const [i, size] of options.syntheticSizes.entries()) {
      const synthetic = await ensureSyntheticCatalog(options.catalogDir, size);
      const measured = await benchCatalog(client, helloUrl, prebuilt, synthetic, options, i === 0);
      rows.push(...measured.rows);
      if (measured.load)
        loads.push(
          `${size.toLocaleString("en-US")} records load in ${(measured.load.loadMs / 1000).toFixed(1)} s (read, validate, index), RSS ${Math.round(measured.load.rss / 2 ** 20)} MB once listening (one process, apart from the bench).`,
        );
    }
  } finally {
    client.close();
    await new Promise<void>((resolve) => helloServer.close(() => resolve()));
    await new Promise<void>((resolve) => prebuiltServer.close(() => resolve()));
  }
  return {
    id: "service",
    title: "5. Service: lookups per second (autocannon from a second process)",
    notes: [
      `autocannon, ${options.connections} keep-alive connections, ${options.seconds} s per run, from a forked process; rate limit off. Each scenario run is followed by a run of its prebuilt bytes and a ${options.seconds / 2} s hello-world run; the hello-world row pools them; ratio (×) = scenario / hello world, and on the "÷ its prebuilt bytes" rows scenario / its prebuilt bytes.`,
      `Prebuilt bytes: every answer of the scenario, read once from the service after its warm-up, served by path from memory by a Hono app on the same stack and in the same process as the service (bench/service.ts, prebuiltApp): what answering costs when building it costs nothing, the physical limit for that answer. The log prints the same-run pairs (each run ÷ the prebuilt run just after it), steadier than a ratio of medians.`,
      `Name lookups cycle over up to 1 000 names of the catalog (exact with fuzzy=false; fuzzy = two letters swapped). Habitat searches cycle forest, sea, farm, city and answer the default page of 100 full records. Links are signed per 300 s expiry bucket, so answers reuse each record's signed JSON, and a search page asked again within its bucket is its kept bytes (src/service/pageCache.ts).`,
      `The synthetic catalogs (${options.syntheticSizes.map((n) => n.toLocaleString("en-US")).join(", ")} records) clone the generated records under new names (bench/syntheticCatalog.ts), so habitat shares are the same. The --workers ${WORKERS} row runs ${WORKERS} processes on one port (node:cluster, bench/serviceProcess.ts) on the ${options.syntheticSizes[0]?.toLocaleString("en-US")}-record catalog, on the same 2 cores as autocannon and the bench.`,
      ...loads,
    ],
    columns: [
      { key: "requestsPerSecond", label: "requests/s", digits: 0, better: "higher" },
      { key: "p50", label: "p50 ms", digits: 1, better: "lower" },
      { key: "p99", label: "p99 ms", digits: 1, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
