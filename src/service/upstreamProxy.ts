/**
 * Proxy mode: lookups are forwarded to a real service with the key only the server holds. Asset
 * links pass through untouched (they point at the upstream's CDN); answers are cached until
 * their first link is about to expire, and identical concurrent lookups share one request.
 */
import { redactText } from "../api/redact.js";
import { InflightRequests } from "../api/shared.js";
import { getUrlExpiry } from "../api/signedUrl.js";
import type { LookupQuery } from "./lookupQuery.js";
import type { ResolvedServiceOptions } from "./options.js";
import { normalizeName } from "./searchIndex.js";
import { SERVICE_ERROR_CODES, ServiceError } from "./serviceError.js";

type Upstream = NonNullable<ResolvedServiceOptions["upstream"]>;

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Answers kept at most; the oldest is dropped first. */
const MAX_CACHED = 1000;

/**
 * The earliest `Expires` of any signed link in a JSON answer body, in unix seconds; `undefined`
 * when none carries one or the body is not JSON. Every string of the body is read, whatever the
 * record's shape, as an upstream may add fields; a stack, not recursion, walks it.
 */
export function earliestExpiry(body: string): number | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
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

/** Forwards lookups to the upstream service. */
export class UpstreamProxy {
  readonly #upstream: Upstream;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  readonly #cache = new Map<string, { answer: Answer; untilMs: number }>();
  readonly #inflight = new InflightRequests();

  constructor(upstream: Upstream, now: () => number, log: (line: string) => void) {
    this.#upstream = upstream;
    this.#now = now;
    this.#log = log;
  }

  /** Number of cached answers. */
  get cacheSize(): number {
    return this.#cache.size;
  }

  /** The answer to one lookup, from cache or from the upstream. */
  async lookup(query: LookupQuery): Promise<Response> {
    // Ids are matched exactly; names and queries as the index folds them.
    const value = query.op === "id" ? query.value : normalizeName(query.value);
    const key = `${query.op}\u0000${value}\u0000${query.fuzzy}\u0000${query.maxResultNum ?? ""}`;
    const cached = this.#cache.get(key);
    if (cached && cached.untilMs > this.#now()) return toResponse(cached.answer);
    if (cached) this.#cache.delete(key);
    // No caller signal: a client that leaves does not cancel a lookup others may share.
    const answer = await this.#inflight.join(key, undefined, () => this.#forward(query));
    if (answer.status === 200) this.#remember(key, answer);
    return toResponse(answer);
  }

  #remember(key: string, answer: Answer): void {
    const now = this.#now();
    const expiry = earliestExpiry(answer.body);
    const untilLinks = expiry === undefined ? Infinity : (expiry - this.#upstream.linkMarginSeconds) * 1000;
    const untilMs = Math.min(untilLinks, now + this.#upstream.maxCacheAgeMs);
    if (untilMs <= now || this.#cache.has(key)) return;
    if (this.#cache.size >= MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, { answer, untilMs });
  }

  async #forward(query: LookupQuery): Promise<Answer> {
    const { url, key, lookupPath, timeoutMs } = this.#upstream;
    const params = new URLSearchParams();
    if (key !== undefined) params.set("key", key);
    params.set(query.op, query.value);
    if (query.op !== "id") params.set("fuzzy", String(query.fuzzy));
    if (query.maxResultNum !== undefined) params.set("maxResultNum", String(query.maxResultNum));
    const target = `${url}/${lookupPath}?${params}`;
    let response: Response;
    let text: string;
    try {
      response = await this.#upstream.fetch(target, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      this.#log(redactText(`Upstream request failed: GET ${target}: ${String(error)}`, [key]));
      throw new ServiceError(502, SERVICE_ERROR_CODES.upstream, "The upstream service did not answer.");
    }
    if (response.status === 401 || response.status === 403) {
      // The client's request was fine: the server's own key was refused. Passing 401/403 on
      // would tell the client to fix a key it does not hold.
      this.#log(redactText(`Upstream refused the server key (${response.status}): GET ${target}`, [key]));
      throw new ServiceError(502, SERVICE_ERROR_CODES.upstream, "The upstream service refused the server's key.");
    }
    // Only two headers pass, both redacted: an upstream that echoes its key in a header must
    // not hand it to our clients either. Retry-After passes only in one of its two valid forms.
    const headers: Record<string, string> = {
      "content-type": redactText(response.headers.get("content-type") ?? "application/json; charset=utf-8", [key]),
    };
    const retryAfter = response.headers.get("retry-after")?.trim();
    if (retryAfter && (/^\d{1,9}$/.test(retryAfter) || !Number.isNaN(Date.parse(retryAfter)))) {
      headers["retry-after"] = redactText(retryAfter, [key]);
    }
    // An upstream that echoes its key in a body must not hand it to our clients.
    return { status: response.status, body: redactText(text, [key]), headers };
  }
}

function toResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
