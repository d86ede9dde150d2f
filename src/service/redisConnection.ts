/**
 * The service's one Redis connection (`redis` option, `--redis URL`), through ioredis, imported
 * only when asked for: without `redis` the module is never loaded. Commands fail at once while
 * Redis is unreachable (no offline queue), so a request never waits on it: the callers fall back
 * to per-process limits and cache, and ioredis keeps reconnecting in the background. Each outage
 * is logged once, and so is the return.
 */
import type { Redis } from "ioredis";

/** A Redis connection shared by the limits and the proxy cache of one service. */
export interface SharedRedis {
  readonly client: Redis;
  /** Connected and ready for commands now. */
  readonly ready: boolean;
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
export async function connectRedis(url: string, log: (line: string) => void): Promise<SharedRedis> {
  const { Redis: RedisClient } = await import("ioredis");
  const where = describeRedisUrl(url);
  const client = new RedisClient(url, {
    // A command while disconnected fails now, not when Redis returns: requests never wait on it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
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
  client.on("ready", () => {
    if (up === false) log(`Redis at ${where} is back: rate limits and the proxy cache are shared again.`);
    up = true;
  });
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
      return client.status === "ready";
    },
    close: async () => {
      up = true; // a shutdown is not an outage
      client.disconnect(false);
    },
  };
}
