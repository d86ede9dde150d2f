/**
 * Throughput of the reference service against a hello-world Hono handler on the same stack
 * (@hono/node-server, loopback HTTP, keep-alive), as a ratio. Bounded: each scenario runs at
 * most 5 s or 20 000 requests.
 *
 *   npx tsx bench/service.ts [--catalog DIR] [--seconds 5] [--requests 20000] [--concurrency 16]
 */
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { Agent, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { readCatalog } from "../src/service/catalogFormat.js";
import { startLookupServer } from "../src/service/lookupServer.js";

const { values } = parseArgs({
  options: {
    catalog: { type: "string" },
    seconds: { type: "string", default: "5" },
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "16" },
  },
});
const maxMs = Number(values.seconds) * 1000;
const maxRequests = Number(values.requests);
const concurrency = Number(values.concurrency);

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

interface Result {
  name: string;
  requests: number;
  seconds: number;
  perSecond: number;
}

/** Runs `concurrency` loops over `paths` until the time or request budget is spent. */
async function measure(name: string, port: number, paths: string[]): Promise<Result> {
  // Warm up (JIT, sockets, signing memo) outside the measurement.
  for (let i = 0; i < Math.min(200, paths.length * 10); i++) await get(port, paths[i % paths.length]!);
  let sent = 0;
  const start = performance.now();
  const deadline = start + maxMs;
  const worker = async () => {
    while (sent < maxRequests && performance.now() < deadline) {
      const path = paths[sent++ % paths.length]!;
      const status = await get(port, path);
      if (status !== 200) throw new Error(`${name}: ${path} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  return { name, requests: sent, seconds, perSecond: sent / seconds };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const catalogDir = values.catalog ?? (await ensureDefaultCatalog({ log: (line) => console.error(line) }));
const { records } = await readCatalog(catalogDir);
const names = records.map((r) => r.name);
const typos = names.map((n) => (n.length > 4 ? n.slice(0, 2) + n[3] + n[2] + n.slice(4) : `${n}s`));

const hello = new Hono().get("/", (c) => c.text("Hello, world"));
const helloServer = createAdaptorServer({ fetch: hello.fetch }) as Server;
const helloPort = await listen(helloServer);
const service = await startLookupServer({ catalogDir, port: 0, rateLimit: false });

const q = (params: string) => `/anything?key=dev-key&${params}`;
const results: Result[] = [];
results.push(await measure("hello world (Hono, same stack)", helloPort, ["/"]));
results.push(await measure("name, exact", service.port, names.map((n) => q(`name=${encodeURIComponent(n)}`))));
results.push(await measure("name, fuzzy (typo)", service.port, typos.map((n) => q(`name=${encodeURIComponent(n)}`))));
results.push(await measure("search, habitat", service.port, ["forest", "sea", "farm", "city"].map((h) => q(`search=${h}`))));
results.push(await measure("search, words", service.port, ["mammals", "bird", "quadruped", "fox"].map((w) => q(`search=${w}`))));

await service.close();
await new Promise<void>((resolve) => helloServer.close(() => resolve()));
agent.destroy();

const base = results[0]!.perSecond;
console.log(`Catalog: ${records.length} records; concurrency ${concurrency}; Node ${process.version}\n`);
console.log("| scenario | requests | seconds | requests/s | ratio to hello world |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of results) {
  console.log(`| ${r.name} | ${r.requests} | ${r.seconds.toFixed(2)} | ${Math.round(r.perSecond)} | ${(r.perSecond / base).toFixed(2)} |`);
}
