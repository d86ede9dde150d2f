/**
 * Proxy mode: lookups are forwarded to a real service with the key only the server holds. Asset
 * links pass through untouched (they point at the upstream's CDN); answers are cached until
 * their first link is about to expire, and identical concurrent lookups share one request.
 *
 * The upstream is not trusted further than that: its answer is read up to a byte cap, a
 * redirect is refused (never followed), and what reaches a client is always JSON re-serialised
 * from the parsed body with the server's key redacted from every string, whatever its case or
 * escaping. Nothing of the upstream's headers passes but a well-formed `Retry-After`.
 */

import { InflightRequests } from "../api/shared.js";
import { redactText, secretRedactor } from "../core/redact.js";
import { getUrlExpiry } from "../records/signedUrl.js";
import type { LookupQuery } from "./lookupQuery.js";
import { NAMES_PATH } from "./namesRoute.js";
import { normalizeName } from "./searchIndex.js";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";
import type { SharedAnswerCache } from "./sharedAnswerCache.js";
import { readCapped, redactedJson } from "./upstreamBody.js";
import type { ResolvedUpstream } from "./upstreamOptions.js";

interface Answer {
  status: number;
  body: string;
  /** Only `retry-after`, validated. */
  headers: Record<string, string>;
  /** Bytes the body takes in the cache. */
  bytes: number;
  /** Until when it may be served (clients told so by `Cache-Control`), in ms. */
  untilMs: number;
}

/**
 * A rewrite of 200 answers' bodies for one origin (the relay's links): applied once per cached
 * answer and origin, then served as it was made while the answer lives.
 */
export interface BodyRewrite {
  /** What the rewrite depends on besides the body (the link origin). */
  readonly origin: string;
  apply(body: string): string;
}

/**
 * The `max-age` of every proxied 200, in seconds, or 0 in its cached answer's last such
 * stretch: an answer never tells when someone else last asked for it.
 */
export const PROXY_MAX_AGE_SECONDS = 60;

/** Origins whose rewrites one cached answer keeps (there is usually one; more only with forwarded hosts). */
const REWRITES_PER_ANSWER = 4;

/**
 * The earliest `Expires` of any signed link in a parsed answer, in unix seconds; `undefined`
 * when none carries one. Every string is read, whatever the record's shape, as an upstream may
 * add fields; a stack, not recursion, walks it.
 */
export function earliestExpiryOf(parsed: unknown): number | undefined {
  let earliest: number | undefined;
  const stack: unknown[] = [parsed];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      const expiry = getUrlExpiry(value);
      if (expiry !== undefined && (earliest === undefined || expiry < earliest)) earliest = expiry;
    } else if (typeof value === "object" && value !== null) {
      for (const item of Object.values(value)) stack.push(item);
    }
  }
  return earliest;
}

/** {@link earliestExpiryOf} a JSON body; `undefined` when it is not JSON. */
export function earliestExpiry(body: string): number | undefined {
  try {
    return earliestExpiryOf(JSON.parse(body));
  } catch {
    return undefined;
  }
}

const upstreamError = (message: string) => new ServiceError(502, SERVICE_ERROR_CODES.upstream, message);

/** Forwards lookups to the upstream service. */
export class UpstreamProxy {
  readonly #upstream: ResolvedUpstream;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  /** Oldest first (a Map keeps insertion order). */
  readonly #cache = new Map<string, Answer>();
  #cacheBytes = 0;
  readonly #inflight = new InflightRequests();
  readonly #redact: (text: string) => string;
  readonly #shared: SharedAnswerCache | undefined;
  /** Rewritten bodies by answer and origin: they go when their answer leaves the cache. */
  readonly #rewrites = new WeakMap<Answer, Map<string, string>>();

  /** @param shared answers shared with other processes (Redis), besides this one's own cache */
  constructor(upstream: ResolvedUpstream, now: () => number, log: (line: string) => void, shared?: SharedAnswerCache) {
    this.#upstream = upstream;
    this.#now = now;
    this.#log = log;
    this.#shared = shared;
    this.#redact = secretRedactor([upstream.key]);
  }

  /** Number of cached answers. */
  get cacheSize(): number {
    return this.#cache.size;
  }

  /** Bytes of cached answers. */
  get cacheBytes(): number {
    return this.#cacheBytes;
  }

  /** The answer to one lookup, from cache or from the upstream, its body rewritten by `rewrite` if given. */
  async lookup(query: LookupQuery, rewrite?: BodyRewrite): Promise<Response> {
    // Ids are matched exactly; names and queries as the index folds them.
    const value = query.op === "id" ? query.value : normalizeName(query.value);
    const key = `${query.op}\u0000${value}\u0000${query.fuzzy}\u0000${query.maxResultNum ?? ""}\u0000${query.offset}`;
    return this.#answer(key, () => this.#forward(this.#lookupTarget(query)), rewrite);
  }

  /**
   * The upstream's `GET /names` (every model name), cached as a lookup is: it carries no link,
   * so it lives `maxCacheAgeMs`.
   */
  async names(): Promise<Response> {
    const { url, key } = this.#upstream;
    const params = new URLSearchParams();
    if (key !== undefined) params.set("key", key);
    const query = params.size > 0 ? `?${params}` : "";
    return this.#answer("names", () => this.#forward(`${url}/${NAMES_PATH}${query}`));
  }

  /** An answer from the cache, from another process, or from the upstream by `forward`. */
  async #answer(key: string, forward: () => Promise<Answer>, rewrite?: BodyRewrite): Promise<Response> {
    const cached = this.#cache.get(key);
    if (cached && cached.untilMs > this.#now()) return this.#toResponse(cached, rewrite);
    if (cached) this.#forget(key, cached);
    // No caller signal: a client that leaves does not cancel a lookup others may share.
    const answer = await this.#inflight.join(key, undefined, async () => {
      const fromShared = await this.#sharedAnswer(key);
      if (fromShared) return fromShared;
      const fresh = await forward();
      // Stored before anyone is answered, so a lookup another process takes next finds it.
      if (fresh.status === 200) await this.#shared?.set(key, fresh, fresh.untilMs - this.#now());
      return fresh;
    });
    if (answer.status === 200) this.#remember(key, answer);
    return this.#toResponse(answer, rewrite);
  }

  /** Another process's answer to the same lookup, while it may still be served. */
  async #sharedAnswer(key: string): Promise<Answer | undefined> {
    const stored = await this.#shared?.get(key);
    if (stored === undefined || stored.untilMs <= this.#now()) return undefined;
    // Only the body and its life come from Redis: status and headers are the proxy's own.
    return {
      status: 200,
      body: stored.body,
      headers: {},
      bytes: Buffer.byteLength(stored.body),
      untilMs: stored.untilMs,
    };
  }

  #forget(key: string, answer: Answer): void {
    this.#cache.delete(key);
    this.#cacheBytes -= answer.bytes;
  }

  #remember(key: string, answer: Answer): void {
    const { maxCacheBytes, maxCacheEntries } = this.#upstream;
    if (answer.untilMs <= this.#now() || this.#cache.has(key) || answer.bytes > maxCacheBytes) return;
    // Oldest first, until both caps leave room for this one.
    while (this.#cache.size >= maxCacheEntries || this.#cacheBytes + answer.bytes > maxCacheBytes) {
      const [oldKey, old] = this.#cache.entries().next().value!;
      this.#forget(oldKey, old);
    }
    this.#cache.set(key, answer);
    this.#cacheBytes += answer.bytes;
  }

  /** `answer`'s body rewritten for `rewrite`'s origin, made once while the answer is cached. */
  #rewritten(answer: Answer, rewrite: BodyRewrite): string {
    let byOrigin = this.#rewrites.get(answer);
    if (!byOrigin) this.#rewrites.set(answer, (byOrigin = new Map()));
    let body = byOrigin.get(rewrite.origin);
    if (body === undefined) {
      body = rewrite.apply(answer.body);
      if (byOrigin.size >= REWRITES_PER_ANSWER) byOrigin.clear();
      byOrigin.set(rewrite.origin, body);
    }
    return body;
  }

  #toResponse(answer: Answer, rewrite?: BodyRewrite): Response {
    const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", ...answer.headers };
    if (answer.status !== 200) return new Response(answer.body, { status: answer.status, headers });
    const left = Math.max(0, Math.floor((answer.untilMs - this.#now()) / 1000));
    headers["cache-control"] = `private, max-age=${left >= PROXY_MAX_AGE_SECONDS ? PROXY_MAX_AGE_SECONDS : 0}`;
    const body = rewrite ? this.#rewritten(answer, rewrite) : answer.body;
    return new Response(body, { status: answer.status, headers });
  }

  /** The upstream URL of a lookup. */
  #lookupTarget(query: LookupQuery): string {
    const { url, key, lookupPath } = this.#upstream;
    const params = new URLSearchParams();
    if (key !== undefined) params.set("key", key);
    // The value the cache is keyed on is the value forwarded: the first asker's spelling
    // (case, spaces) never decides what everyone else gets.
    params.set(query.op, query.op === "id" ? query.value : normalizeName(query.value));
    if (query.op !== "id") params.set("fuzzy", String(query.fuzzy));
    if (query.maxResultNum !== undefined) params.set("maxResultNum", String(query.maxResultNum));
    if (query.offset > 0) params.set("offset", String(query.offset));
    return `${url}/${lookupPath}?${params}`;
  }

  async #forward(target: string): Promise<Answer> {
    const { key, timeoutMs, maxResponseBytes } = this.#upstream;
    const log = (line: string) => this.#log(redactText(`${line}: GET ${target}`, [key]));
    let response: Response;
    let text: string | undefined;
    try {
      // A redirect could lead anywhere (an internal address, an attacker's host): not followed.
      response = await this.#upstream.fetch(target, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
      const redirected = response.redirected || response.type === "opaqueredirect";
      if (redirected || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        log(`Upstream answered with a redirect (${response.status})`);
        throw upstreamError("The upstream service answered with a redirect, which the proxy does not follow.");
      }
      text = await readCapped(response, maxResponseBytes);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      log(`Upstream request failed: ${String(error)}`);
      throw upstreamError("The upstream service did not answer.");
    }
    if (text === undefined) {
      log(`Upstream answer over ${maxResponseBytes} bytes`);
      throw upstreamError(`The upstream service's answer is larger than ${maxResponseBytes} bytes.`);
    }
    if (response.status === 401 || response.status === 403) {
      // The client's request was fine: the server's own key was refused. Passing 401/403 on
      // would tell the client to fix a key it does not hold.
      log(`Upstream refused the server key (${response.status})`);
      throw upstreamError("The upstream service refused the server's key.");
    }
    const headers: Record<string, string> = {};
    const retryAfter = response.headers.get("retry-after")?.trim();
    if (retryAfter && (/^\d{1,9}$/.test(retryAfter) || !Number.isNaN(Date.parse(retryAfter)))) {
      headers["retry-after"] = this.#redact(retryAfter);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.status === 429) {
        parsed = { code: SERVICE_ERROR_CODES.rateLimited, message: "The upstream service is rate limiting." };
      } else {
        log(`Upstream answered ${response.status} with a body that is not JSON`);
        throw upstreamError("The upstream service answered with something other than JSON.");
      }
    }
    // Re-serialised from the parsed value: no upstream byte reaches a client as it was sent.
    const body = redactedJson(parsed, this.#redact);
    if (body === undefined) {
      log("Upstream answer nested too deeply");
      throw upstreamError("The upstream service's answer is nested too deeply.");
    }
    const nowMs = this.#now();
    const expiry = earliestExpiryOf(parsed);
    const untilLinks = expiry === undefined ? Infinity : (expiry - this.#upstream.linkMarginSeconds) * 1000;
    const untilMs = Math.min(untilLinks, nowMs + this.#upstream.maxCacheAgeMs);
    return { status: response.status, body, headers, bytes: Buffer.byteLength(body), untilMs };
  }
}
