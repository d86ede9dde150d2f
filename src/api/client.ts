/**
 * The typed lookup client: `getModel(name)`, `getModelById(id)` and `search(query)` over the
 * service's one GET path, with validation, retries, a per-attempt timeout, in-flight sharing
 * and a cache that lasts as long as the records' signed links.
 */

import type { RequestInfo } from "../core/errors.js";
import { redactError, secretRedactor } from "../core/redact.js";
import {
  type InvalidRecordReport,
  LOOKUP_CLIENT_DEFAULTS,
  type LookupClient,
  type LookupClientOptions,
} from "./clientOptions.js";
import {
  applyLimit,
  fuzzyParams,
  limitParams,
  offsetParams,
  resolveApp,
  resolveLimit,
  resolveOffset,
} from "./lookupParams.js";
import { RecordCache } from "./recordCache.js";
import { requestText, type TextResponse } from "./request.js";
import { resolveRetryOptions } from "./retry.js";

export {
  type InvalidRecordReport,
  LOOKUP_CLIENT_DEFAULTS,
  type LookupByIdOptions,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./clientOptions.js";

import {
  assignDefaults,
  booleanOption,
  functionOption,
  httpBaseUrl,
  matchingString,
  nonNegativeNumber,
  objectOption,
  positiveInteger,
  positiveNumber,
  stringOption,
} from "../core/options.js";
import type { ModelRecord } from "../records/schemas.js";
import { importOnce } from "../util/importOnce.js";
import { InflightRequests } from "./shared.js";

/** The answer reader's import, shared by every client (util/importOnce.ts). */
const lookupAnswerChunk = importOnce(() => import("./lookupAnswer.js"));

/**
 * Creates a lookup client.
 *
 * @example
 * const client = createLookupClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
 * const fox = await client.getModel("fox");
 * const forest = await client.search("forest");
 * @category Lookup client
 */
export function createLookupClient(options: LookupClientOptions): LookupClient {
  objectOption("options", options);
  // In a browser a relative base such as "/" resolves against the page.
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  const baseUrl = httpBaseUrl("baseUrl", options.baseUrl, page);
  const o = assignDefaults(LOOKUP_CLIENT_DEFAULTS, options);
  const lookupPath = matchingString("lookupPath", o.lookupPath, /^[^?#]*$/, "a path without '?' or '#'").replace(
    /^\/+/,
    "",
  );
  const apiKey = options.apiKey === undefined ? undefined : stringOption("apiKey", options.apiKey, { secret: true });
  const timeoutMs = positiveNumber("timeoutMs", o.timeoutMs);
  const bodyCap = { maxBytes: positiveInteger("maxResponseBytes", o.maxResponseBytes), option: "maxResponseBytes" };
  const linkMarginSeconds = nonNegativeNumber("linkMarginSeconds", o.linkMarginSeconds);
  const maxCacheAgeMs = nonNegativeNumber("maxCacheAgeMs", o.maxCacheAgeMs);
  const retry = resolveRetryOptions(options.retry);
  const useCache = booleanOption("cache", o.cache);
  const fetchImpl = functionOption<typeof fetch>("fetch", options.fetch ?? globalThis.fetch?.bind(globalThis));
  const now = functionOption<() => number>("now", options.now ?? Date.now);
  const random = functionOption<() => number>("random", options.random ?? Math.random);
  if (options.headers !== undefined) objectOption("headers", options.headers);
  if (options.onRetry !== undefined) functionOption("onRetry", options.onRetry);
  if (options.onInvalidRecord !== undefined) functionOption("onInvalidRecord", options.onInvalidRecord);
  const app = resolveApp(options.app);
  const headers = { accept: "application/json", ...options.headers };
  const secrets = [apiKey];
  const redact = secretRedactor(secrets);

  // Reading answers (zod and the record schemas: most of the client's weight) loads with
  // import(), started now so that it arrives while the first lookup is on the wire: a page that
  // makes a client does not download the validator before its first frame. A failed download
  // rejects the lookups that need it (awaited there), not the page.
  const answers = lookupAnswerChunk();

  const cache = new RecordCache({ linkMarginSeconds, maxAgeMs: maxCacheAgeMs, now });
  const inflight = new InflightRequests();
  const endpoint = lookupPath ? `${baseUrl}/${lookupPath}` : baseUrl;

  function buildUrl(params: Record<string, string>, redacted: boolean): string {
    const keyed = apiKey !== undefined ? { key: redacted ? "***" : apiKey, ...params } : params;
    const all = app !== undefined ? { ...keyed, app } : keyed;
    const query = Object.entries(all)
      .map(([k, v]) => `${encodeURIComponent(k)}=${k === "key" && redacted ? v : encodeURIComponent(v)}`)
      .join("&");
    return `${endpoint}?${query}`;
  }

  async function lookup(
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ response: TextResponse; info: RequestInfo }> {
    const info: RequestInfo = { method: "GET", url: buildUrl(params, true) };
    const response = await requestText({
      url: buildUrl(params, false),
      redactedUrl: info.url,
      secrets,
      headers,
      timeoutMs,
      bodyCap,
      retry,
      fetch: fetchImpl,
      signal,
      random,
      now,
      onRetry: options.onRetry,
    });
    return { response, info };
  }

  async function fetchRecord(params: Record<string, string>, signal: AbortSignal): Promise<ModelRecord | null> {
    try {
      const { response, info } = await lookup(params, signal);
      const { readRecord } = await answers;
      return readRecord(response, info, secrets);
    } catch (error) {
      // The last net: whatever a lookup throws, no key in it (an error with none keeps its identity).
      throw redactError(error, redact);
    }
  }

  async function fetchSearch(
    params: Record<string, string>,
    signal: AbortSignal,
    report: (r: InvalidRecordReport) => void,
  ): Promise<ModelRecord[]> {
    try {
      const { response, info } = await lookup(params, signal);
      const { readRecords } = await answers;
      return readRecords(response, info, secrets, (skipped) => report({ ...skipped, url: info.url }));
    } catch (error) {
      throw redactError(error, redact);
    }
  }

  /** What every request of this client shares (all but its URL, body and signal). */
  const requestBase = {
    secrets,
    headers,
    timeoutMs,
    bodyCap,
    retry,
    fetch: fetchImpl,
    random,
    now,
    onRetry: options.onRetry,
  };
  /** `GET /names`' answer while it may be reused (`maxCacheAgeMs`). */
  let namesMemo: { names: string[]; atMs: number } | undefined;
  /** The URL of `GET /names`, with the key (or `***`) and `app`. */
  function namesUrl(redacted: boolean): string {
    const params: string[] = [];
    if (apiKey !== undefined) params.push(`key=${redacted ? "***" : encodeURIComponent(apiKey)}`);
    if (app !== undefined) params.push(`app=${encodeURIComponent(app)}`);
    return params.length > 0 ? `${baseUrl}/names?${params.join("&")}` : `${baseUrl}/names`;
  }

  function cacheKey(op: string, value: string, fuzzy: boolean | undefined, limit?: number): string {
    return `${op}\u0000${value}\u0000${fuzzy === undefined ? "" : String(fuzzy)}\u0000${limit ?? ""}`;
  }

  /** A single-record lookup through the cache and the in-flight map. */
  async function single(
    key: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<ModelRecord | null> {
    if (useCache) {
      const cached = cache.get(key);
      if (cached) return cached[0]!;
    }
    return inflight.join(key, signal, async (shared) => {
      const record = await fetchRecord(params, shared);
      if (useCache && record) cache.set(key, [record]);
      return record;
    });
  }

  return {
    baseUrl,
    lookupPath,

    describeRequest: (params) => buildUrl(params, true),
    redact,

    async getModel(name, callOptions = {}) {
      stringOption("name", name, { nonEmpty: true });
      const params = { name, ...fuzzyParams(callOptions.fuzzy) };
      return single(cacheKey("name", name, callOptions.fuzzy), params, callOptions.signal);
    },

    async getModelById(id, callOptions = {}) {
      stringOption("id", id, { nonEmpty: true });
      return single(cacheKey("id", id, undefined), { id }, callOptions.signal);
    },

    async search(query, callOptions = {}) {
      stringOption("query", query, { nonEmpty: true });
      const limit = resolveLimit(callOptions.limit);
      const offset = resolveOffset(callOptions.offset);
      const params = {
        search: query,
        ...fuzzyParams(callOptions.fuzzy),
        ...limitParams(limit),
        ...offsetParams(offset),
      };
      const key = `${cacheKey("search", query, callOptions.fuzzy, limit)}\u0000${offset}`;
      if (useCache) {
        const cached = cache.get(key);
        if (cached) return [...cached];
      }
      // The reports travel with the shared answer, so every caller sharing the request hears them.
      const { records, reports } = await inflight.join(key, callOptions.signal, async (signal) => {
        const skipped: InvalidRecordReport[] = [];
        // The service may not know maxResultNum: the limit holds either way.
        const found = applyLimit(
          await fetchSearch(params, signal, (report) => {
            skipped.push(report);
            options.onInvalidRecord?.(report);
          }),
          limit,
        );
        if (useCache) cache.set(key, found);
        return { records: found, reports: skipped };
      });
      if (callOptions.onInvalidRecord) for (const report of reports) callOptions.onInvalidRecord(report);
      return [...records];
    },

    async refresh(record, callOptions = {}) {
      const name = stringOption("record.name", record?.name, { nonEmpty: true });
      const key = cacheKey("refresh", name, false);
      return inflight.join(key, callOptions.signal, async (signal) => {
        const fresh = await fetchRecord({ name, fuzzy: "false" }, signal);
        if (useCache) cache.replace(name, fresh);
        if (useCache && fresh) cache.set(cacheKey("name", name, false), [fresh]);
        return fresh;
      });
    },

    async names(callOptions = {}) {
      if (useCache && namesMemo && now() - namesMemo.atMs < maxCacheAgeMs) return [...namesMemo.names];
      const names = await inflight.join("names", callOptions.signal, async (signal) => {
        const url = namesUrl(false);
        const info: RequestInfo = { method: "GET", url: namesUrl(true) };
        try {
          const reader = import("./namesAnswer.js");
          const response = await requestText({ ...requestBase, url, redactedUrl: info.url, signal });
          const read = (await reader).readNames(response, info, secrets);
          if (useCache) namesMemo = { names: read, atMs: now() };
          return read;
        } catch (error) {
          throw redactError(error, redact);
        }
      });
      return [...names];
    },

    async parseTextCommand(text, callOptions = {}) {
      stringOption("text", text);
      const url = `${baseUrl}/parse-text-command${app !== undefined ? `?app=${encodeURIComponent(app)}` : ""}`;
      const form = new URLSearchParams({ text });
      if (apiKey !== undefined) form.set("key", apiKey);
      const info: RequestInfo = { method: "POST", url };
      try {
        const reader = import("./textCommandAnswer.js");
        const response = await requestText({
          url,
          redactedUrl: url,
          secrets,
          headers,
          timeoutMs,
          retry,
          fetch: fetchImpl,
          random,
          now,
          bodyCap,
          form,
          signal: callOptions.signal,
          onRetry: options.onRetry,
        });
        return (await reader).readTextCommand(response, info, secrets);
      } catch (error) {
        throw redactError(error, redact);
      }
    },

    clearCache: () => {
      cache.clear();
      namesMemo = undefined;
    },
  };
}
