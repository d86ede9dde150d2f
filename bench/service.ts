/**
 * 5. Service: lookups per second and p50/p99 latency of the reference service (its real
 * server stack: @hono/node-server on 127.0.0.1, keep-alive) against a hello-world Hono handler
 * on the same stack, with autocannon driving the load from a second process. Catalogs: the
 * generated one and a synthetic one of 10 000 records. Each run of a scenario is followed by a
 * hello-world run, so both see the same machine load.
 */

import { type ChildProcess, fork } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { readCatalog } from "../src/service/catalogFormat.js";
import { startLookupServer } from "../src/service/lookupServer.js";
import type { LoadJob, LoadResult } from "./loadClient.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";
import { ensureSyntheticCatalog } from "./syntheticCatalog.js";

export interface ServiceBenchOptions {
  catalogDir: string;
  syntheticSize: number;
  runs: number;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

const HELLO = "hello world (Hono, same stack)";
const HEAVY = { connections: 2 };

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

async function benchCatalog(
  client: LoadClient,
  helloUrl: string,
  catalogDir: string,
  options: ServiceBenchOptions,
): Promise<Row[]> {
  const { records } = await readCatalog(catalogDir);
  const names = spread(
    records.map((r) => r.name),
    1000,
  );
  const service = await startLookupServer({ catalogDir, port: 0, rateLimit: false, assetRateLimit: false });
  const q = (params: string) => `/anything?key=dev-key&${params}`;
  // A habitat search of a big catalog answers thousands of full records (megabytes): fewer
  // connections and a longer window, or no request would finish inside a run.
  const heavy = records.length > 1000;
  const heavySeconds = options.seconds * 2;
  const scenarios: [string, string[], { seconds: number; connections: number }][] = [
    ["name, exact", names.map((n) => q(`name=${encodeURIComponent(n)}&fuzzy=false`)), options],
    ["name, fuzzy (typo)", names.map((n) => q(`name=${encodeURIComponent(typo(n))}`)), options],
    [
      heavy ? `search, habitat (${HEAVY.connections} connections, ${heavySeconds} s)` : "search, habitat",
      ["forest", "sea", "farm", "city"].map((h) => q(`search=${h}`)),
      heavy ? { seconds: heavySeconds, connections: HEAVY.connections } : options,
    ],
  ];
  const label = `${records.length.toLocaleString("en-US")} records`;
  const rows: Row[] = [];
  try {
    const job = (url: string, paths: string[], load: { seconds: number; connections: number } = options): LoadJob => ({
      url,
      paths,
      ...load,
    });
    const hello = new Samples();
    for (const [name, paths, load] of scenarios) {
      const samples = new Samples();
      await client.run(job(service.url, paths, { ...load, seconds: 1 })); // warm-up: JIT, signing memo, search index
      for (let run = 0; run < options.runs; run++) {
        const result = await client.run(job(service.url, paths, load));
        if (result.failures > 0) options.log(`service ${label} ${name}: ${result.failures} failed requests`);
        samples.add({ requestsPerSecond: result.requestsPerSecond, p50: result.p50, p99: result.p99 });
        const base = await client.run(
          job(helloUrl, ["/"], { seconds: options.seconds / 2, connections: options.connections }),
        );
        hello.add({ requestsPerSecond: base.requestsPerSecond, p50: base.p50, p99: base.p99 });
      }
      rows.push(row(`${label}`, name, samples.summary(), HELLO));
      options.log(`service ${label} ${name}: done`);
    }
    rows.unshift(row(label, HELLO, hello.summary()));
  } finally {
    await service.close();
  }
  return rows;
}

export async function benchService(options: ServiceBenchOptions): Promise<Section> {
  const helloApp = new Hono().get("/", (c) => c.text("Hello, world"));
  const helloServer = createAdaptorServer({ fetch: helloApp.fetch }) as Server;
  const helloUrl = `http://127.0.0.1:${await listen(helloServer)}`;
  const client = new LoadClient();
  const rows: Row[] = [];
  try {
    await client.run({ url: helloUrl, paths: ["/"], seconds: 1, connections: options.connections }); // warm-up
    rows.push(...(await benchCatalog(client, helloUrl, options.catalogDir, options)));
    const synthetic = await ensureSyntheticCatalog(options.catalogDir, options.syntheticSize);
    rows.push(...(await benchCatalog(client, helloUrl, synthetic, options)));
  } finally {
    client.close();
    await new Promise<void>((resolve) => helloServer.close(() => resolve()));
  }
  return {
    id: "service",
    title: "5. Service: lookups per second (autocannon from a second process)",
    notes: [
      `autocannon, ${options.connections} keep-alive connections, ${options.seconds} s per run, from a forked process; rate limit off. Each scenario run is followed by a ${options.seconds / 2} s hello-world run, and the hello-world row pools them; ratio (×) = scenario / hello world.`,
      `Name lookups cycle over up to 1 000 names of the catalog (exact with fuzzy=false; fuzzy = two letters swapped). Habitat searches cycle forest, sea, farm, city and answer every matching record in full (no paging): on 10 000 records that is 1 400–2 900 records, 3–7.5 MB per answer, so that row runs with ${HEAVY.connections} connections for ${options.seconds * 2} s (its latency is at lower concurrency than the hello-world row's).`,
      `The ${options.syntheticSize.toLocaleString("en-US")}-record catalog clones the generated records under new names (bench/syntheticCatalog.ts), so habitat shares are the same and answers are ~${Math.round(options.syntheticSize / 65)}× longer.`,
    ],
    columns: [
      { key: "requestsPerSecond", label: "requests/s", digits: 0, better: "higher" },
      { key: "p50", label: "p50 ms", digits: 1, better: "lower" },
      { key: "p99", label: "p99 ms", digits: 1, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
