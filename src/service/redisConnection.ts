/**
 * The service's one Redis connection (`redis` option, `--redis URL`), through ioredis, imported
 * only when asked for: without `redis` the module is never loaded. Commands fail at once while
 * Redis is unreachable (no offline queue), so a request never waits on it: the callers fall back
 * to per-process limits and cache, and ioredis keeps reconnecting in the background. A Redis
 * that is connected but does not answer (stopped, swapping, overloaded) is met by a command
 * timeout ({@link REDIS_COMMAND_TIMEOUT_MS}): the callers fall back the same way, and the
 * connection counts as away until a PING answers again (tried every second), so only the
 * requests of the first moment wait the timeout. Each outage is logged once, and so is the return.
 */
import type { Redis } from "ioredis";
import { importServicePart, REDIS_PACKAGES } from "./servicePackages.js";

/** How long a Redis command may take by default before the caller falls back to its own limits and cache, in ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;
/** How often a Redis that stopped answering is tried again, in ms. */
const PROBE_INTERVAL_MS = 1_000;

/** A Redis connection shared by the limits and the proxy cache of one service. */
export interface SharedRedis {
  readonly client: Redis;
  /** Connected, answering, and ready for commands now. */
  readonly ready: boolean;
  /** Told by a caller whose command failed: a timeout marks Redis away until it answers again. */
  failed(error: unknown): void;
  /** Ends the connection (and its reconnecting). */
  close(): Promise<void>;
}

/** The address without credentials, for logs. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(unparsable Redis URL)";
  }
}

/** Connects to `url` in the background; the service starts whether or not Redis answers. */
export async function connectRedis(
  url: string,
  log: (line: string) => void,
  commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
): Promise<SharedRedis> {
  const { Redis: RedisClient } = await importServicePart(() => import("ioredis"), REDIS_PACKAGES);
  const where = describeRedisUrl(url);
  const client = new RedisClient(url, {
    // A command while disconnected fails now, not when Redis returns: requests never wait on it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Connected but silent (a stopped process) must not hold a request either.
    commandTimeout: commandTimeoutMs,
    // Keep trying, at most every 2 s, for as long as the service runs.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: false,
  });
  let up: boolean | undefined;
  const down = (why: string) => {
    if (up === false) return;
    up = false;
    log(`Redis at ${where} is unavailable (${why}): rate limits and the proxy cache are per process until it returns.`);
  };
  const back = () => {
    if (up === false) log(`Redis at ${where} is back: rate limits and the proxy cache are shared again.`);
    up = true;
  };
  client.on("ready", back);
  // Set while Redis is connected but not answering: PINGed until it does.
  let probe: NodeJS.Timeout | undefined;
  let silent = false;
  const retry = () => {
    probe = setTimeout(() => {
      client.ping().then(
        () => {
          silent = false;
          probe = undefined;
          back();
        },
        () => retry(),
      );
    }, PROBE_INTERVAL_MS);
    probe.unref();
  };
  client.on("error", (error: Error) => down(error.message.split("\n", 1)[0]!));
  client.on("close", () => down("connection closed"));
  // Start on Redis when it is there: wait for the first connection or the first failure.
  await new Promise<void>((resolve) => {
    const settle = () => {
      client.off("ready", settle);
      client.off("error", settle);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(settle, 3_000);
    client.once("ready", settle);
    client.once("error", settle);
  });
  return {
    client,
    get ready() {
      return client.status === "ready" && !silent;
    },
    failed(error) {
      if (silent || !(error instanceof Error) || !/timed out/i.test(error.message)) return;
      silent = true;
      down(`no answer within ${commandTimeoutMs} ms`);
      retry();
    },
    close: async () => {
      up = true; // a shutdown is not an outage
      clearTimeout(probe);
      client.disconnect(false);
    },
  };
}
