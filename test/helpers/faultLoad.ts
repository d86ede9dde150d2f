/**
 * The load test shared by the quick CI run (test/reliability/load.test.ts) and the full soak
 * (`npm run soak`): the reference service in a child process (faultServerProcess.ts), autocannon
 * in this one, N connections held for D seconds after a warm-up, and the service's RSS after a
 * full GC before and after. With `attacks`, a slowloris client and a key guesser run from other
 * loopback addresses for the whole time (attackLoad.ts); the figures of autocannon stay those
 * of the legitimate clients alone.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type AttackFigures, type AttackOptions, startAttacks } from "./attackLoad.js";

export interface LoadOptions {
  catalogDir: string;
  /** @default 256 */
  connections?: number;
  durationSeconds: number;
  /** Load before the first memory reading, so caches and pools have reached their size. @default 5 */
  warmupSeconds?: number;
  /** Attacks run alongside, from warm-up to the last reading. @default none */
  attacks?: AttackOptions;
  log?: (line: string) => void;
}

export interface LoadFigures {
  connections: number;
  /** The most connections the service saw open at once (sampled every 20 ms). */
  maxConnectionsHeld: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Requests a second during the warm-up: the same service's own baseline. */
  warmupRequestsPerSecond: number;
  /** Connection errors (timeouts included) seen by autocannon. */
  errors: number;
  timeouts: number;
  status2xx: number;
  status4xx: number;
  status5xx: number;
  non2xx: number;
  rssStart: number;
  rssEnd: number;
  /** (rssEnd - rssStart) / rssStart. */
  rssDrift: number;
  heapStart: number;
  heapEnd: number;
  /** Connections the service refused at once (a connection cap was reached). */
  refusedConnections: number;
  attacks: AttackFigures | undefined;
}

export interface Stats {
  rss: number;
  heapUsed: number;
  connections: number;
  maxConnections: number;
  refusedConnections: number;
  /** Connections closed because their reader stopped. */
  closedStalledConnections?: number;
}

const CHILD = fileURLToPath(new URL("./faultServerProcess.ts", import.meta.url));

/** A service process started by {@link startChild}. */
export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  stats(): Promise<Stats>;
  stop(): Promise<void>;
}

/**
 * Starts the service process; resolves once it listens. `extra` (JSON-able service options such
 * as `upstream` or `redis`) goes over the load-test settings; `catalogDir` may then be absent.
 */
export async function startChild(
  catalogDir: string | undefined,
  connections: number,
  extra?: Record<string, unknown>,
): Promise<ServiceProcess> {
  const child = fork(CHILD, [], {
    execArgv: ["--import", "tsx"],
    // Two malloc arenas: glibc's per-thread arenas make RSS swing by tens of MB on their own.
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: "2",
      MENAGERIE_LOAD_SERVER: JSON.stringify({ catalogDir, connections, extra }),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Every way out clears the timer and the listeners; a failed start also kills the child.
    const fail = (error: Error) => {
      done();
      child.kill("SIGKILL");
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error("the load-test service did not start within 30 s")), 30_000);
    const onExit = (code: number | null) => fail(new Error(`the load-test service exited with ${code}`));
    const onMessage = (m: { type?: string; url?: string }) => {
      if (m.type !== "ready") return;
      done();
      resolve(m.url!);
    };
    const done = () => {
      clearTimeout(timer);
      child.off("exit", onExit);
      child.off("message", onMessage);
    };
    child.once("exit", onExit);
    child.on("message", onMessage);
  });
  return {
    child,
    url,
    stats: () =>
      new Promise<Stats>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error("no stats from the load-test service"));
        }, 10_000);
        const onMessage = (m: Stats & { type?: string }) => {
          if (m.type !== "stats") return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(m);
        };
        child.on("message", onMessage);
        child.send("stats");
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.send("stop");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** The request mix: name lookups, habitat searches, and signed assets (MTL, textures, one OBJ). */
async function requestMix(url: string): Promise<autocannon.Request[]> {
  const names = ["fox", "bear", "owl", "deer", "rabbit", "frog", "duck", "cow", "horse", "sheep", "wolf", "crab"];
  const paths: string[] = [];
  for (const name of names) paths.push(`/anything?key=dev-key&name=${encodeURIComponent(name)}`);
  for (const habitat of ["forest", "farm", "sea", "desert"]) paths.push(`/anything?key=dev-key&search=${habitat}`);
  for (const name of names.slice(0, 6)) {
    const record = (await (await fetch(`${url}/anything?key=dev-key&name=${name}`)).json()) as {
      model: { parts: Record<string, string>; other: { material?: string; texture: string[] } };
    };
    const assets = [
      record.model.other.material,
      ...record.model.other.texture,
      Object.values(record.model.parts).at(-1),
    ];
    for (const asset of assets) if (asset) paths.push(asset.slice(url.length));
  }
  return paths.map((path) => ({ method: "GET", path }));
}

function run(
  url: string,
  connections: number,
  durationSeconds: number,
  requests: autocannon.Request[],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: durationSeconds, requests, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Runs the load test; see the module comment. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const connections = options.connections ?? 256;
  const log = options.log ?? (() => undefined);
  const service = await startChild(options.catalogDir, connections);
  let attacks: ReturnType<typeof startAttacks> | undefined;
  try {
    const requests = await requestMix(service.url);
    if (options.attacks) {
      log(`attacks: ${options.attacks.slowloris} slowloris connections, ${options.attacks.guessers} key guessers`);
      attacks = startAttacks(service.url, options.attacks);
    }
    const warmup = options.warmupSeconds ?? 5;
    log(`warm-up: ${connections} connections for ${warmup} s on ${service.url} (${requests.length} distinct requests)`);
    const warm = await run(service.url, connections, warmup, requests);
    const start = await service.stats();
    log(`measuring: ${connections} connections for ${options.durationSeconds} s`);
    const result = await run(service.url, connections, options.durationSeconds, requests);
    const end = await service.stats();
    const attackFigures = await attacks?.stop();
    attacks = undefined;
    return {
      connections,
      maxConnectionsHeld: end.maxConnections,
      durationSeconds: result.duration,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.total / result.duration),
      warmupRequestsPerSecond: Math.round(warm.requests.total / warm.duration),
      errors: result.errors,
      timeouts: result.timeouts,
      status2xx: result["2xx"],
      status4xx: result["4xx"],
      status5xx: result["5xx"],
      non2xx: result.non2xx,
      rssStart: start.rss,
      rssEnd: end.rss,
      rssDrift: (end.rss - start.rss) / start.rss,
      heapStart: start.heapUsed,
      heapEnd: end.heapUsed,
      refusedConnections: end.refusedConnections,
      attacks: attackFigures,
    };
  } finally {
    await attacks?.stop();
    await service.stop();
  }
}

/** The figures as a few readable lines. */
export function formatLoad(f: LoadFigures): string {
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  return [
    `connections: ${f.connections} (held at once: ${f.maxConnectionsHeld}), ${f.durationSeconds.toFixed(1)} s`,
    `requests: ${f.requests} (${f.requestsPerSecond}/s; warm-up ${f.warmupRequestsPerSecond}/s), 2xx ${f.status2xx}, 4xx ${f.status4xx}, 5xx ${f.status5xx}, errors ${f.errors} (timeouts ${f.timeouts})`,
    `service RSS after GC: start ${mb(f.rssStart)}, end ${mb(f.rssEnd)}, drift ${(f.rssDrift * 100).toFixed(1)}%; heap ${mb(f.heapStart)} -> ${mb(f.heapEnd)}`,
    ...(f.attacks
      ? [
          `slowloris (127.0.0.2): ${f.attacks.slowloris.opened} connections opened, ${f.attacks.slowloris.refused} refused at once, ${f.attacks.slowloris.timedOut} cut by the headers timeout, ${f.attacks.slowloris.openAtEnd} open at the end; the service refused ${f.refusedConnections} in all`,
          `key guessing (127.0.0.3): ${f.attacks.guessing.requests} requests, 403 ${f.attacks.guessing.status403}, 429 ${f.attacks.guessing.status429}, other ${f.attacks.guessing.other}, errors ${f.attacks.guessing.errors}`,
        ]
      : []),
  ].join("\n");
}
