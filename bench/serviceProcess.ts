/**
 * The reference service in its own process for the service benchmark: one process, or a
 * node:cluster of `workers` on one port, as `menagerie-service --workers N` runs it (the same
 * cluster port sharing and one signing secret; rate limits off, which the CLI has no flag for).
 * Reports `{ url, loadMs, rss }` once listening: the catalog's load time and the resident memory
 * of one serving process, apart from the bench's own heap. Stops when its parent disconnects.
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { startLookupServer } from "../src/service/lookupServer.js";

export interface ServiceProcessJob {
  catalogDir: string;
  workers: number;
}

export interface ServiceProcessReady {
  url: string;
  loadMs: number;
  rss: number;
}

const job = JSON.parse(process.env["MENAGERIE_BENCH_SERVICE"] ?? "{}") as ServiceProcessJob;

async function serve(): Promise<ServiceProcessReady> {
  const started = performance.now();
  const server = await startLookupServer({
    catalogDir: job.catalogDir,
    port: 0,
    rateLimit: false,
    assetRateLimit: false,
    signingKey: process.env["MENAGERIE_SIGNING_KEY"] || undefined,
  });
  const loadMs = performance.now() - started;
  process.once("disconnect", () => void server.close().then(() => process.exit(0)));
  return { url: server.url, loadMs, rss: process.memoryUsage().rss };
}

if (cluster.isPrimary && job.workers > 1) {
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  const secret = randomBytes(32).toString("base64url");
  const workers = Array.from({ length: job.workers }, () => cluster.fork({ MENAGERIE_SIGNING_KEY: secret }));
  const ready = await Promise.all(
    workers.map((w) => new Promise<ServiceProcessReady>((resolve) => w.once("message", resolve))),
  );
  process.once("disconnect", () => {
    for (const w of workers) w.process.kill("SIGTERM");
    process.exit(0);
  });
  process.send?.({ ...ready[0]!, loadMs: Math.max(...ready.map((r) => r.loadMs)) });
} else {
  process.send?.(await serve());
}
