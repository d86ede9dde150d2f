/**
 * The typed lookup client: `getModel(name)` and `search(query)` over the service's one GET
 * path, with validation, retries, a per-attempt timeout, in-flight sharing and a cache that
 * lasts as long as the records' signed links.
 */
import {
  HTTPError,
  ResponseValidationError,
  toValidationIssues,
  type RequestInfo,
  type ValidationIssue,
} from "./errors.js";
import { redactText } from "./redact.js";
import { RecordCache } from "./recordCache.js";
import { requestText, type TextResponse } from "./request.js";
import { resolveRetryOptions } from "./retry.js";
import {
  LOOKUP_CLIENT_DEFAULTS,
  type InvalidRecordReport,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./clientOptions.js";

export {
  LOOKUP_CLIENT_DEFAULTS,
  type InvalidRecordReport,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./clientOptions.js";
import { ErrorBodySchema, ModelRecordSchema, type ModelRecord } from "./schemas.js";
import {
  assignDefaults,
  booleanOption,
  functionOption,
  httpBaseUrl,
  matchingString,
  nonNegativeNumber,
  objectOption,
  positiveNumber,
  stringOption,
} from "./options.js";
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
  objectOption("options", options);
  // In a browser a relative base such as "/" resolves against the page.
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  const baseUrl = httpBaseUrl("baseUrl", options.baseUrl, page);
  const o = assignDefaults(LOOKUP_CLIENT_DEFAULTS, options);
  const lookupPath = matchingString("lookupPath", o.lookupPath, /^[^?#]*$/, "a path without '?' or '#'").replace(/^\/+/, "");
  const apiKey = options.apiKey === undefined ? undefined : stringOption("apiKey", options.apiKey, { secret: true });
  const timeoutMs = positiveNumber("timeoutMs", o.timeoutMs);
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
  const headers = { accept: "application/json", ...options.headers };
  const secrets = [apiKey];

  const cache = new RecordCache({ linkMarginSeconds, maxAgeMs: maxCacheAgeMs, now });
  const inflight = new InflightRequests();
  const endpoint = lookupPath ? `${baseUrl}/${lookupPath}` : baseUrl;

  function buildUrl(params: Record<string, string>, redacted: boolean): string {
    const all = apiKey !== undefined ? { key: redacted ? "***" : apiKey, ...params } : params;
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

  /** Parses a body as JSON; `undefined` for an empty body. */
  function parseJson(response: TextResponse, info: RequestInfo): unknown {
    if (response.text.trim() === "") return undefined;
    try {
      return JSON.parse(response.text);
    } catch (error) {
      // The parser's message quotes the body, which a misbehaving server may fill with the key:
      // it is redacted, and the raw SyntaxError is not kept as the cause.
      throw new ResponseValidationError("Invalid JSON in response", info, [
        { path: [], code: "invalid_json", message: redactText((error as Error).message, secrets) },
      ]);
    }
  }

  /** Throws the HTTPError for a non-2xx answer, or returns "not-found" for a 404 that says so. */
  function checkStatus(response: TextResponse, info: RequestInfo): "ok" | "not-found" {
    if (response.status >= 200 && response.status < 300) return "ok";
    let body: { code?: string | undefined; message?: string | undefined } = {};
    try {
      const parsed = ErrorBodySchema.safeParse(JSON.parse(response.text));
      if (parsed.success) body = parsed.data;
    } catch {
      // Not JSON: the status alone tells what happened.
    }
    const saysNotFound = /not found/i.test(`${body.code ?? ""} ${body.message ?? ""}`);
    if (response.status === 404 && (saysNotFound || response.text.trim() === "")) return "not-found";
    const retryAfter = response.headers.get("retry-after");
    throw new HTTPError({
      status: response.status,
      statusText: response.statusText,
      code: body.code === undefined ? undefined : redactText(body.code, secrets),
      serviceMessage: body.message === undefined ? undefined : redactText(body.message, secrets),
      body: redactText(response.text.slice(0, 2000), secrets),
      request: info,
      retryAfterSeconds: retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined,
    });
  }

  function redactIssues(issues: ValidationIssue[]): ValidationIssue[] {
    return issues.map((issue) => ({
      ...issue,
      message: redactText(issue.message, secrets),
      path: issue.path.map((p) => (typeof p === "string" ? redactText(p, secrets) : p)),
    }));
  }

  function fuzzyParams(fuzzy: boolean | undefined): Record<string, string> {
    return fuzzy === undefined ? {} : { fuzzy: String(booleanOption("fuzzy", fuzzy)) };
  }

  async function fetchModel(name: string, fuzzy: boolean | undefined, signal: AbortSignal): Promise<ModelRecord | null> {
    const { response, info } = await lookup({ name, ...fuzzyParams(fuzzy) }, signal);
    if (checkStatus(response, info) === "not-found") return null;
    let body = parseJson(response, info);
    if (Array.isArray(body)) body = body[0];
    if (body === undefined || body === null) return null;
    const parsed = ModelRecordSchema.safeParse(body);
    if (!parsed.success) {
      throw new ResponseValidationError("Invalid model record in response", info, redactIssues(toValidationIssues(parsed.error.issues)));
    }
    return parsed.data;
  }

  async function fetchSearch(
    query: string,
    fuzzy: boolean | undefined,
    signal: AbortSignal,
    report: (r: InvalidRecordReport) => void,
  ): Promise<ModelRecord[]> {
    const { response, info } = await lookup({ search: query, ...fuzzyParams(fuzzy) }, signal);
    if (checkStatus(response, info) === "not-found") return [];
    const body = parseJson(response, info);
    if (body === undefined || body === null) return [];
    if (!Array.isArray(body)) {
      throw new ResponseValidationError("Search response is not an array", info, [
        { path: [], code: "invalid_type", message: `expected an array, got ${typeof body}` },
      ]);
    }
    const records: ModelRecord[] = [];
    body.forEach((element: unknown, index) => {
      const parsed = ModelRecordSchema.safeParse(element);
      if (parsed.success) {
        records.push(parsed.data);
        return;
      }
      const name = (element as { name?: unknown } | null)?.name;
      report({
        index,
        name: typeof name === "string" ? redactText(name, secrets) : undefined,
        issues: redactIssues(toValidationIssues(parsed.error.issues)),
        url: info.url,
      });
    });
    return records;
  }

  function cacheKey(op: string, value: string, fuzzy: boolean | undefined): string {
    return `${op}\u0000${value}\u0000${fuzzy === undefined ? "" : String(fuzzy)}`;
  }

  return {
    baseUrl,
    lookupPath,

    describeRequest: (params) => buildUrl(params, true),
    redact: (text) => redactText(text, secrets),

    async getModel(name, callOptions = {}) {
      stringOption("name", name, { nonEmpty: true });
      const key = cacheKey("name", name, callOptions.fuzzy);
      if (useCache) {
        const cached = cache.get(key);
        if (cached) return cached[0]!;
      }
      return inflight.join(key, callOptions.signal, async (signal) => {
        const record = await fetchModel(name, callOptions.fuzzy, signal);
        if (useCache && record) cache.set(key, [record]);
        return record;
      });
    },

    async search(query, callOptions = {}) {
      stringOption("query", query, { nonEmpty: true });
      const key = cacheKey("search", query, callOptions.fuzzy);
      if (useCache) {
        const cached = cache.get(key);
        if (cached) return [...cached];
      }
      // The reports travel with the shared answer, so every caller sharing the request hears them.
      const { records, reports } = await inflight.join(key, callOptions.signal, async (signal) => {
        const skipped: InvalidRecordReport[] = [];
        const found = await fetchSearch(query, callOptions.fuzzy, signal, (report) => {
          skipped.push(report);
          options.onInvalidRecord?.(report);
        });
        if (useCache) cache.set(key, found);
        return { records: found, reports: skipped };
      });
      if (callOptions.onInvalidRecord) reports.forEach((report) => callOptions.onInvalidRecord!(report));
      return [...records];
    },

    async refresh(record, callOptions = {}) {
      const name = stringOption("record.name", record?.name, { nonEmpty: true });
      const key = cacheKey("refresh", name, false);
      return inflight.join(key, callOptions.signal, async (signal) => {
        const fresh = await fetchModel(name, false, signal);
        if (useCache) cache.replace(name, fresh);
        if (useCache && fresh) cache.set(cacheKey("name", name, false), [fresh]);
        return fresh;
      });
    },

    clearCache: () => cache.clear(),
  };
}
