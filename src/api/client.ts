/**
 * The typed lookup client: `getModel(name)`, `getModelById(id)` and `search(query)` over the
 * service's one GET path, with validation, retries, a per-attempt timeout, in-flight sharing
 * and a cache that lasts as long as the records' signed links.
 */
import { OptionsError, type RequestInfo } from "./errors.js";
import { readRecord, readRecords } from "./lookupAnswer.js";
import { applyLimit, fuzzyParams, limitParams, resolveApp, resolveLimit } from "./lookupParams.js";
import { redactText } from "./redact.js";
import { RecordCache } from "./recordCache.js";
import { requestText, type TextResponse } from "./request.js";
import { resolveRetryOptions } from "./retry.js";
import {
  LOOKUP_CLIENT_DEFAULTS,
  nonEmpty,
  positive,
  resolveBaseUrl,
  type InvalidRecordReport,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./clientOptions.js";

export {
  LOOKUP_CLIENT_DEFAULTS,
  type InvalidRecordReport,
  type LookupByIdOptions,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./clientOptions.js";
import type { ModelRecord } from "./schemas.js";
import { InflightRequests } from "./shared.js";


/**
 * Creates a lookup client.
 *
 * @example
 * const client = createLookupClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
 * const fox = await client.getModel("fox");
 * const forest = await client.search("forest");
 */
export function createLookupClient(options: LookupClientOptions): LookupClient {
  if (typeof options !== "object" || options === null) throw new OptionsError("options", "must be an object");
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const lookupPath = (options.lookupPath ?? LOOKUP_CLIENT_DEFAULTS.lookupPath).replace(/^\/+/, "");
  if (/[?#]/.test(lookupPath)) throw new OptionsError("lookupPath", "must not contain '?' or '#'");
  const apiKey = options.apiKey;
  if (apiKey !== undefined && typeof apiKey !== "string") throw new OptionsError("apiKey", "must be a string");
  const timeoutMs = positive("timeoutMs", options.timeoutMs ?? LOOKUP_CLIENT_DEFAULTS.timeoutMs);
  const linkMarginSeconds = options.linkMarginSeconds ?? LOOKUP_CLIENT_DEFAULTS.linkMarginSeconds;
  if (!(linkMarginSeconds >= 0)) throw new OptionsError("linkMarginSeconds", "must be a non-negative number");
  const maxCacheAgeMs = options.maxCacheAgeMs ?? LOOKUP_CLIENT_DEFAULTS.maxCacheAgeMs;
  if (!(maxCacheAgeMs >= 0)) throw new OptionsError("maxCacheAgeMs", "must be a non-negative number");
  const retry = resolveRetryOptions(options.retry);
  const useCache = options.cache ?? LOOKUP_CLIENT_DEFAULTS.cache;
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== "function") throw new OptionsError("fetch", "must be a function (no global fetch here)");
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const app = resolveApp(options.app);
  const headers = { accept: "application/json", ...options.headers };
  const secrets = [apiKey];

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

  async function lookup(params: Record<string, string>, signal: AbortSignal): Promise<{ response: TextResponse; info: RequestInfo }> {
    const info: RequestInfo = { method: "GET", url: buildUrl(params, true) };
    const response = await requestText({
      url: buildUrl(params, false),
      redactedUrl: info.url,
      headers,
      timeoutMs,
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
    const { response, info } = await lookup(params, signal);
    return readRecord(response, info, secrets);
  }

  async function fetchSearch(
    params: Record<string, string>,
    signal: AbortSignal,
    report: (r: InvalidRecordReport) => void,
  ): Promise<ModelRecord[]> {
    const { response, info } = await lookup(params, signal);
    return readRecords(response, info, secrets, (skipped) => report({ ...skipped, url: info.url }));
  }

  function cacheKey(op: string, value: string, fuzzy: boolean | undefined, limit?: number): string {
    return `${op}\u0000${value}\u0000${fuzzy === undefined ? "" : String(fuzzy)}\u0000${limit ?? ""}`;
  }

  /** A single-record lookup through the cache and the in-flight map. */
  async function single(key: string, params: Record<string, string>, signal: AbortSignal | undefined): Promise<ModelRecord | null> {
    if (useCache) {
      const cached = cache.get(key);
      if (cached) return cached[0]!;
    }
    return inflight.join(key, signal, async (shared) => {
      const record = await fetchRecord(params, shared);
      if (useCache && record) cache.set(key, [record], true);
      return record;
    });
  }

  return {
    baseUrl,
    lookupPath,

    describeRequest: (params) => buildUrl(params, true),
    redact: (text) => redactText(text, secrets),

    async getModel(name, callOptions = {}) {
      nonEmpty("name", name);
      const params = { name, ...fuzzyParams(callOptions.fuzzy) };
      return single(cacheKey("name", name, callOptions.fuzzy), params, callOptions.signal);
    },

    async getModelById(id, callOptions = {}) {
      nonEmpty("id", id);
      return single(cacheKey("id", id, undefined), { id }, callOptions.signal);
    },

    async search(query, callOptions = {}) {
      nonEmpty("query", query);
      const limit = resolveLimit(callOptions.limit);
      const params = { search: query, ...fuzzyParams(callOptions.fuzzy), ...limitParams(limit) };
      const key = cacheKey("search", query, callOptions.fuzzy, limit);
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
        if (useCache) cache.set(key, found, false);
        return { records: found, reports: skipped };
      });
      if (callOptions.onInvalidRecord) reports.forEach((report) => callOptions.onInvalidRecord!(report));
      return [...records];
    },

    async refresh(record, callOptions = {}) {
      const name = nonEmpty("record.name", record?.name);
      const key = cacheKey("refresh", name, false);
      return inflight.join(key, callOptions.signal, async (signal) => {
        const fresh = await fetchRecord({ name, fuzzy: "false" }, signal);
        if (useCache) cache.replace(name, fresh);
        if (useCache && fresh) cache.set(cacheKey("name", name, false), [fresh], true);
        return fresh;
      });
    },

    clearCache: () => cache.clear(),
  };
}
