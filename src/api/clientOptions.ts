/** Options and types of the lookup client (`createLookupClient` in client.ts). */
import type { NetworkError, ValidationIssue } from "../core/errors.js";
import type { ModelRecord } from "../records/schemas.js";
import type { RetryEvent } from "./request.js";
import type { RetryOptions } from "./retry.js";
import type { TextCommand } from "./textCommandAnswer.js";

/**
 * A search result element that failed validation and was skipped.
 * @category Lookup client
 */
export interface InvalidRecordReport {
  /** Position of the element in the service's array. */
  index: number;
  /** The element's `name`, when it had a string one. */
  name: string | undefined;
  /** What was wrong with the element. */
  issues: ValidationIssue[];
  /** The search request, redacted. */
  url: string;
}

/**
 * Options of `createLookupClient`.
 * @category Lookup client
 */
export interface LookupClientOptions {
  /**
   * The service's base address, for example `https://api.anything.world` or
   * `http://127.0.0.1:8787`. In a browser a path such as `/` resolves against the page.
   */
  baseUrl: string;
  /**
   * The API key, sent as the `key` query parameter. Optional: a key-injecting proxy needs none.
   * Never shown in messages, logs or events (`key=***`).
   */
  apiKey?: string | undefined;
  /**
   * The application's name, sent as `app=<name>` with every lookup, as the service's official
   * clients do (the service may count or tell apps apart by it).
   * @default none (no `app` parameter is sent)
   * @example
   * createLookupClient({ baseUrl, apiKey, app: "my-zoo-game" });
   */
  app?: string | undefined;
  /**
   * The path segment of both lookup operations.
   * @default "anything"
   */
  lookupPath?: string;
  /**
   * Time limit of one attempt in milliseconds (a timed-out attempt is retried).
   * @default 15000
   */
  timeoutMs?: number;
  /**
   * The most bytes a lookup answer may have (decoded): 32 MiB by default, some ten thousand
   * records. A longer one is not read past the cap: the call rejects with a
   * {@link NetworkError} naming this option, and is not retried. Page large searches with
   * `limit` and `offset` rather than raising it far.
   * @default 33554432
   * @example
   * createLookupClient({ baseUrl, apiKey, maxResponseBytes: 4 * 1024 * 1024 });
   */
  maxResponseBytes?: number;
  /**
   * Retry policy, or just its limit.
   * @default { limit: 2, statusCodes: [408, 429, 500, 502, 503, 504], baseDelayMs: 300, maxDelayMs: 5000, maxRetryAfterMs: 30000 }
   */
  retry?: number | RetryOptions;
  /**
   * Serve repeated calls from memory while the answer's signed links stay valid.
   * @default true
   */
  cache?: boolean;
  /**
   * How long a cached record's links must still be valid to be served, in seconds.
   * @default 60
   */
  linkMarginSeconds?: number;
  /**
   * How long an answer whose records carry no signed link is cached, in milliseconds.
   * @default 300000
   */
  maxCacheAgeMs?: number;
  /**
   * Extra request headers.
   * @default {}
   */
  headers?: Record<string, string>;
  /**
   * The fetch implementation.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /** Called for each search result element that failed validation and was skipped. */
  onInvalidRecord?: (report: InvalidRecordReport) => void;
  /** Called before each retry (URL redacted). */
  onRetry?: (event: RetryEvent) => void;
  /**
   * The clock, in milliseconds.
   * @default Date.now
   */
  now?: () => number;
  /**
   * Random source of the backoff jitter, in [0, 1).
   * @default Math.random
   */
  random?: () => number;
}

/**
 * Defaults of every optional {@link LookupClientOptions} field that has one.
 * @category Lookup client
 */
export const LOOKUP_CLIENT_DEFAULTS: Readonly<
  Required<
    Pick<
      LookupClientOptions,
      "lookupPath" | "timeoutMs" | "maxResponseBytes" | "cache" | "linkMarginSeconds" | "maxCacheAgeMs"
    >
  >
> = Object.freeze({
  lookupPath: "anything",
  timeoutMs: 15_000,
  maxResponseBytes: 32 * 1024 * 1024,
  cache: true,
  linkMarginSeconds: 60,
  maxCacheAgeMs: 300_000,
});

/**
 * Options of one call.
 * @category Lookup client
 */
export interface LookupCallOptions {
  /**
   * Approximate matching; sent as `fuzzy=true|false` only when given (the service's default is true).
   */
  fuzzy?: boolean;
  /** Cancels the call; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Options of {@link LookupClient.getModelById}. */
export interface LookupByIdOptions {
  /** Cancels the call; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Options of {@link LookupClient.search}.
 * @category Lookup client
 */
export interface SearchOptions extends LookupCallOptions {
  /** Called for each element that failed validation, besides the client's `onInvalidRecord`. */
  onInvalidRecord?: (report: InvalidRecordReport) => void;
  /**
   * The most records to return: a positive integer, or `-1` for every match. Sent as
   * `maxResultNum`, and applied to the answer as well.
   * @default none (the service's own default cap: 100 records from the reference service)
   * @example
   * await client.search("forest", { limit: 10 });
   */
  limit?: number;
  /**
   * Matches to skip before the first one returned, for paging (sent as `offset`); the service
   * keeps one order across pages.
   * @default 0
   * @example
   * const page2 = await client.search("forest", { limit: 20, offset: 20 });
   */
  offset?: number;
}

/**
 * The lookup client.
 * @category Lookup client
 */
export interface LookupClient {
  /** The resolved base URL (without a trailing slash). */
  readonly baseUrl: string;
  /** The resolved lookup path, without a leading slash (`anything` by default). */
  readonly lookupPath: string;
  /**
   * The record for `name`, or `null` when the service found none.
   * @example
   * const fox = await client.getModel("fox");
   */
  getModel(name: string, options?: LookupCallOptions): Promise<ModelRecord | null>;
  /**
   * The record whose `_id` is `id` (sent as `id=`), or `null` when the service has none.
   * @example
   * const horse = await client.getModelById("6512ab34cd56ef7890123456");
   */
  getModelById(id: string, options?: LookupByIdOptions): Promise<ModelRecord | null>;
  /**
   * Every record matching `query` (a name, tag, habitat or taxonomic word), at most `limit`; `[]` when none.
   * Elements that fail validation are skipped and reported through `onInvalidRecord` (the
   * client's once per request, the call's once per call; an answer served from cache reports nothing).
   */
  search(query: string, options?: SearchOptions): Promise<ModelRecord[]>;
  /**
   * Fetches a record again by its exact name, bypassing the cache (for expired links), and
   * puts the answer in the cache in place of the old one. `null` when it no longer exists.
   */
  refresh(record: Pick<ModelRecord, "name">, options?: { signal?: AbortSignal }): Promise<ModelRecord | null>;
  /**
   * Reads a sentence ("add three zebras near the pond, then remove the bears") into scene
   * actions with the service's `POST <baseUrl>/parse-text-command` (form fields `text` and
   * `key`). Actions of a kind this version does not know, or that do not validate, are left out
   * and listed in `skipped`, never fatal; a sentence the service cannot read resolves to no
   * actions. Not cached; retried as lookups are.
   * @example
   * const { actions } = await client.parseTextCommand("a forest with two wolves and a deer");
   */
  parseTextCommand(text: string, options?: { signal?: AbortSignal }): Promise<TextCommand>;
  /**
   * Every model name the service knows, from its `GET <baseUrl>/names` (what the real
   * service's clients fetch for keyword matching and autocomplete), validated as a list of
   * strings. Kept `maxCacheAgeMs` while the cache is on; concurrent calls share one request.
   * @example
   * const names = await client.names({ signal });
   * const foxes = names.filter((name) => name.includes("fox"));
   */
  names(options?: { signal?: AbortSignal }): Promise<string[]>;
  /** Forgets every cached answer. */
  clearCache(): void;
  /** The URL of a lookup with secrets redacted, as shown in messages. */
  describeRequest(params: Record<string, string>): string;
  /**
   * `text` with this client's key (raw or URL-encoded) and every `key=` parameter replaced by
   * `***`: for code that reports service-provided text (records, bodies) in its own events.
   */
  redact(text: string): string;
}
