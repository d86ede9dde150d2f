/**
 * `menagerie-service --workers N`: N processes (node:cluster) on one port, so the service uses
 * every core. The primary serves nothing: it forks the workers with the same arguments, and each
 * runs the ordinary CLI; Node's cluster hands the listening socket to all of them (with `--port 0`
 * too: workers asking for port 0 share the one port the first one got) and spreads connections
 * round-robin.
 *
 * What must agree across workers is settled by the primary before forking: the signing secret
 * (a link signed by one worker is verified by another, so without `MENAGERIE_SIGNING_KEY` the
 * primary draws one secret for all) and the default catalog (generated once, not raced). Rate
 * limits and the proxy cache stay per process unless `--redis` shares them.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { OptionsError, ServiceSetupError } from "../core/errors.js";

/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  type: "menagerie-listening";
  url: string;
}

/** A running cluster, seen from its primary. */
export interface ServiceCluster {
  /** `http://<host>:<port>`, the one address every worker answers on. */
  readonly url: string;
  /** Process ids of the workers. */
  readonly pids: readonly number[];
  /** Stops every worker (each closes its server), then resolves. */
  close(): Promise<void>;
}

/** The `--workers` value in `argv` (`--workers N` or `--workers=N`), 1 when absent. */
export function workersArgument(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const raw = arg === "--workers" ? argv[i + 1] : arg.startsWith("--workers=") ? arg.slice(10) : undefined;
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw) || Number(raw) < 1)
      throw new OptionsError("--workers", `must be a positive integer, got "${raw}"`);
    return Number(raw);
  }
  return 1;
}

/** Whether this process is a worker of a service cluster (it reports to its primary when listening). */
export function isServiceWorker(): boolean {
  return cluster.isWorker;
}

/** Tells the primary this worker listens on `url`. */
export function reportListening(url: string): void {
  const message: WorkerReady = { type: "menagerie-listening", url };
  process.send?.(message);
}

function waitForListening(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Partial<WorkerReady>) => {
      if (message?.type !== "menagerie-listening" || typeof message.url !== "string") return;
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      resolve(message.url);
    };
    const onExit = (code: number | null) => {
      worker.off("message", onMessage);
      reject(new ServiceSetupError(`a worker exited with code ${code} before listening`));
    };
    worker.on("message", onMessage);
    worker.once("exit", onExit);
  });
}

/**
 * Forks `workers` processes running this same script with `argv` (the workers run the CLI's
 * `main`), once the settings they must share are fixed in `env`. Resolves when all listen.
 */
export async function startServiceCluster(
  argv: readonly string[],
  options: { workers: number; env: Record<string, string | undefined>; log: (line: string) => void },
): Promise<ServiceCluster> {
  const env: Record<string, string | undefined> = { ...options.env };
  // One secret for all workers: a random one per worker would fail every other worker's links.
  if (!env["MENAGERIE_SIGNING_KEY"]) env["MENAGERIE_SIGNING_KEY"] = randomBytes(32).toString("base64url");
  // The workers run this script with these arguments (the default catalog already resolved).
  cluster.setupPrimary({ args: [...argv] });
  const workers: Worker[] = [];
  let stopping = false;
  for (let i = 0; i < options.workers; i++) {
    // The first worker prints the start-up lines; the others only what goes wrong.
    workers.push(cluster.fork({ ...env, MENAGERIE_WORKER_INDEX: String(i) }));
  }
  for (const worker of workers) {
    worker.on("exit", (code, signal) => {
      if (!stopping) options.log(`A worker (pid ${worker.process.pid}) stopped (${signal ?? `code ${code}`}).`);
    });
  }
  const stopAll = async () => {
    stopping = true;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  };
  let urls: string[];
  try {
    urls = await Promise.all(workers.map(waitForListening));
  } catch (error) {
    await stopAll();
    throw error;
  }
  if (new Set(urls).size !== 1) {
    await stopAll();
    throw new ServiceSetupError(`workers listen on different addresses: ${[...new Set(urls)].join(", ")}`);
  }
  const pids = workers.map((w) => w.process.pid!);
  options.log(`${options.workers} workers (pids ${pids.join(", ")}) share ${urls[0]}`);
  return { url: urls[0]!, pids, close: stopAll };
}
