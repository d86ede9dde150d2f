/**
 * The proxy's answer cache shared through Redis (`redis` option): an answer one process got from
 * the upstream is served by every other process and machine until it would have expired in the
 * first one's own cache, so the upstream is asked once per lookup, not once per process. Redis
 * away or failing is a miss, never an error: the proxy then asks the upstream itself.
 *
 * Redis is not trusted further than the upstream:
 * - Keys are namespaced by a hash of the upstream (URL, lookup path and key), so proxies of
 *   different upstreams on one Redis never serve each other's answers.
 * - It holds at most `slots` entries of at most `maxEntryBytes` each: an answer lives in the
 *   slot its lookup hashes to (a newer one takes the slot), and a larger answer is not shared.
 * - An entry is only a JSON body and its life, with an HMAC (a key derived from the signing
 *   key) over both and the lookup: one written by anyone else, or moved to another slot, is a
 *   miss. The body must parse as JSON again; headers are always the proxy's own.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { macOf } from "./derivedKey.js";
import type { SharedRedis } from "./redisConnection.js";

/** An answer as shared: a 200's JSON body and until when it may be served (ms). */
export interface SharedAnswer {
  body: string;
  untilMs: number;
}

/** A store of answers with a time to live. */
export interface SharedAnswerCache {
  /** The answer stored for `key`, or `undefined` (also when the store is unreachable or the entry is not genuine). */
  get(key: string): Promise<SharedAnswer | undefined>;
  /** Stores `answer` for `ttlMs` milliseconds; nothing when too large or the store is unreachable. */
  set(key: string, answer: SharedAnswer, ttlMs: number): Promise<void>;
}

/** Where and how answers are shared. */
export interface SharedCacheOptions {
  /** What sets this proxy's answers apart: its upstream URL, lookup path and key. */
  namespace: string;
  /** The key of entries' HMACs. */
  macKey: Uint8Array;
  /** Entries at most. */
  slots: number;
  /** Largest body shared, in bytes. */
  maxEntryBytes: number;
}

const hash = (text: string) => createHash("sha256").update(text, "utf8").digest();

function sameMac(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The cache on `redis`, under `menagerie:proxy:<hash of the namespace>:<slot>`. */
export function redisAnswerCache(redis: SharedRedis, options: SharedCacheOptions): SharedAnswerCache {
  const prefix = `menagerie:proxy:${hash(options.namespace).toString("base64url").slice(0, 22)}:`;
  const slotOf = (key: string) => prefix + (hash(key).readUInt32BE(0) % options.slots);
  const mac = (key: string, answer: SharedAnswer) =>
    macOf(options.macKey, `${key}\u0000${answer.untilMs}\u0000${answer.body}`);
  return {
    async get(key) {
      if (!redis.ready) return undefined;
      let stored: string | null;
      try {
        stored = await redis.client.get(slotOf(key));
      } catch (error) {
        redis.failed(error);
        return undefined;
      }
      if (stored === null || stored.length > options.maxEntryBytes * 2 + 512) return undefined;
      try {
        const entry = JSON.parse(stored) as { k?: unknown; body?: unknown; untilMs?: unknown; mac?: unknown };
        const { k, body, untilMs } = entry;
        if (k !== key || typeof body !== "string" || typeof untilMs !== "number" || typeof entry.mac !== "string")
          return undefined;
        if (!sameMac(entry.mac, mac(key, { body, untilMs }))) return undefined;
        JSON.parse(body); // served as JSON: it must still be JSON
        return { body, untilMs };
      } catch {
        return undefined;
      }
    },
    async set(key, answer, ttlMs) {
      const ms = Math.floor(ttlMs);
      if (!redis.ready || ms <= 0 || Buffer.byteLength(answer.body) > options.maxEntryBytes) return;
      const entry = JSON.stringify({ k: key, body: answer.body, untilMs: answer.untilMs, mac: mac(key, answer) });
      try {
        await redis.client.set(slotOf(key), entry, "PX", ms);
      } catch (error) {
        redis.failed(error);
        // Unreachable now: this process's own cache still has it.
      }
    },
  };
}
