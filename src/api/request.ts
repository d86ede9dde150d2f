/**
 * One GET with a per-attempt timeout, prompt cancellation and retries. The body is read inside
 * the attempt, so a connection dropped mid-body is retried like any network error.
 */

import { NetworkError, type RequestInfo, TimeoutError } from "../core/errors.js";
import { redactError, secretParamValues, secretRedactor } from "../core/redact.js";
import { type BodyCap, BodyOverCap, readCappedBody } from "./cappedBody.js";
import { backoffDelay, parseRetryAfter, type RetryOptions } from "./retry.js";

/** A response whose body has been read. */
export interface BodyResponse<T> {
  status: number;
  statusText: string;
  headers: Headers;
  body: T;
  /** Attempts made, 1 when the first one answered. */
  attempts: number;
}

/** A response whose body has been read as text. */
export interface TextResponse extends Omit<BodyResponse<string>, "body"> {
  text: string;
}

/**
 * Reported before each retry. The URL is redacted.
 * @category Lookup client
 */
export interface RetryEvent {
  /** The retry about to be made, 1-based. */
  retry: number;
  /** How long the client waits before it, in milliseconds. */
  delayMs: number;
  /** The request URL, redacted. */
  url: string;
  /** The status that caused the retry, when the service answered. */
  status?: number;
  /** The error that caused the retry, when it did not. */
  error?: Error;
}

export interface RequestOptions {
  /** The real URL, with secrets. Never shown. */
  url: string;
  /** The same URL with secrets redacted, for messages. */
  redactedUrl: string;
  /**
   * Secrets hidden in what a failed request reports (a fetch error may quote the URL, in its
   * message or deep in its causes), besides the URL's own secret parameters.
   * @default []
   */
  secrets?: readonly (string | undefined)[];
  headers: Record<string, string>;
  /** A form to POST (the request is a GET without one). */
  form?: URLSearchParams | undefined;
  timeoutMs: number;
  /** The cap on a body's bytes, and the option that set it (named when a body is over it). */
  bodyCap: BodyCap;
  retry: Required<RetryOptions>;
  fetch: typeof fetch;
  signal?: AbortSignal | undefined;
  random: () => number;
  now: () => number;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** The reason a signal aborted with, as something throwable. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const TIMED_OUT = Symbol("timed out");

async function attempt<T>(
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<Omit<BodyResponse<T>, "attempts">> {
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort(abortReason(outer!));
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMED_OUT), options.timeoutMs);
  try {
    const response = await options.fetch(options.url, {
      method: options.form ? "POST" : "GET",
      headers: options.headers,
      ...(options.form ? { body: options.form } : {}),
      signal: controller.signal,
    });
    const body = await read(response);
    return { status: response.status, statusText: response.statusText, headers: response.headers, body };
  } catch (error) {
    const info: RequestInfo = { method: options.form ? "POST" : "GET", url: options.redactedUrl };
    if (outer?.aborted) throw abortReason(outer);
    if (controller.signal.reason === TIMED_OUT) throw new TimeoutError(info, options.timeoutMs);
    if (error instanceof BodyOverCap) {
      controller.abort(error); // the connection goes with the unread rest
      throw new NetworkError(info, error, error.message);
    }
    // Node's "fetch failed" keeps the URL in its causes; a custom fetch may quote it anywhere.
    const redact = secretRedactor([...(options.secrets ?? []), ...secretParamValues(options.url)]);
    throw new NetworkError(info, redactError(error, redact));
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

/** GETs `url` and reads its body as UTF-8 text, at most `bodyCap` bytes; see {@link requestBody}. */
export async function requestText(options: RequestOptions): Promise<TextResponse> {
  const decoder = new TextDecoder();
  const read = async (response: Response) => decoder.decode(await readCappedBody(response, options.bodyCap));
  const { body, ...rest } = await requestBody(options, read);
  return { ...rest, text: body };
}

/** GETs `url` and reads its body's bytes, at most `bodyCap` of them; see {@link requestBody}. */
export function requestBytes(options: RequestOptions): Promise<BodyResponse<ArrayBuffer>> {
  return requestBody(options, (response) => readCappedBody(response, options.bodyCap));
}

/**
 * GETs `url` and reads its body with `read`. Network errors, timeouts and the retry statuses
 * are retried up to `retry.limit` times (a body over its cap is not: it would be again); the
 * last answer (any status) is returned, the last error thrown. Aborting `signal` rejects at once with its reason, also during a backoff wait.
 */
export async function requestBody<T>(
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<BodyResponse<T>> {
  const { retry } = options;
  for (let attemptNo = 1; ; attemptNo++) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    let delayMs: number | undefined;
    let event: Omit<RetryEvent, "delayMs"> | undefined;
    try {
      const response = await attempt(options, read);
      const retryable = retry.statusCodes.includes(response.status);
      if (!retryable || attemptNo > retry.limit) return { ...response, attempts: attemptNo };
      const retryAfter = parseRetryAfter(response.headers.get("retry-after"), options.now());
      if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) {
        return { ...response, attempts: attemptNo };
      }
      delayMs = retryAfter ?? backoffDelay(attemptNo, retry, options.random);
      event = { retry: attemptNo, url: options.redactedUrl, status: response.status };
    } catch (error) {
      const retryable =
        (error instanceof NetworkError && !(error.cause instanceof BodyOverCap)) || error instanceof TimeoutError;
      if (!retryable || attemptNo > retry.limit) throw error;
      delayMs = backoffDelay(attemptNo, retry, options.random);
      event = { retry: attemptNo, url: options.redactedUrl, error };
    }
    options.onRetry?.({ ...event, delayMs });
    await sleep(delayMs, options.signal);
  }
}
