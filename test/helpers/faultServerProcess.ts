/**
 * A reference service in its own process, for load tests: the load generator and the service
 * do not share a heap, so the RSS measured is the service's alone. Started by faultLoad.ts
 * with an IPC channel; configured by the MENAGERIE_LOAD_SERVER environment variable (JSON:
 * `{ catalogDir?, connections?, faults?, extra? }`; `extra` is any further JSON-able service
 * options, e.g. `upstream` or `redis`, for the shapes of the soak). Messages: "stats" (answers `{ rss, heapUsed,
 * connections, maxConnections, refusedConnections, closedStalledConnections }` after a full GC) and "stop".
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FaultOptions } from "../../src/service/faults/faultRules.js";
import { type LookupServerOptions, startLookupServer } from "../../src/service/lookupServer.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const config = JSON.parse(process.env["MENAGERIE_LOAD_SERVER"] ?? "{}") as {
  catalogDir?: string;
  /** Legitimate connections the load opens from 127.0.0.1. */
  connections?: number;
  faults?: FaultOptions;
  extra?: Partial<LookupServerOptions>;
};
const server = await startLookupServer({
  ...(config.catalogDir ? { catalogDir: config.catalogDir } : {}),
  port: 0,
  hostname: "127.0.0.1",
  // Hundreds of connections on one key and one address: the per-key, per-address asset and
  // per-address connection limits would refuse the legitimate load by design. The throttle of
  // failed key checks and the other limits stay at their defaults (the soak attacks them).
  rateLimit: false,
  assetRateLimit: false,
  maxConnectionsPerAddress: Math.max(256, (config.connections ?? 256) + 64),
  ...(config.faults ? { faults: config.faults } : {}),
  ...config.extra,
  log: (line) => process.stderr.write(`${line}\n`),
});

let maxConnections = 0;
const poll = setInterval(() => (maxConnections = Math.max(maxConnections, server.connections)), 20);

// Without a parent the process has nothing to answer to: it stops.
const orphan = setTimeout(() => void stop(), 15 * 60_000);
orphan.unref();

async function stop(): Promise<void> {
  clearInterval(poll);
  await server.close();
  process.disconnect?.();
  process.exit(0);
}

process.on("message", (message: unknown) => {
  if (message === "stats") void sendStats();
  else if (message === "stop") void stop();
});

/** Memory after a full GC, averaged over three readings 100 ms apart (RSS is noisy). */
async function sendStats(): Promise<void> {
  let rss = 0;
  let heapUsed = 0;
  for (let i = 0; i < 3; i++) {
    gc();
    gc();
    await new Promise((r) => setTimeout(r, 100));
    const memory = process.memoryUsage();
    rss += memory.rss / 3;
    heapUsed += memory.heapUsed / 3;
  }
  process.send?.({
    type: "stats",
    rss: Math.round(rss),
    heapUsed: Math.round(heapUsed),
    connections: server.connections,
    maxConnections,
    refusedConnections: server.refusedConnections,
    closedStalledConnections: server.closedStalledConnections,
  });
  maxConnections = server.connections;
}

process.on("disconnect", () => void stop());
process.send?.({ type: "ready", url: server.url });
