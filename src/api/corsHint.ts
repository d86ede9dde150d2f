/**
 * Telling a likely CORS refusal from other network failures, as far as a page can. A browser
 * hides why a cross-origin request failed: `fetch` rejects with a bare `TypeError` ("Failed to
 * fetch", "Load failed"...). When that happens to an asset on another origin than the page's,
 * the likeliest cause is an asset host that sends no `Access-Control-Allow-Origin` (the real
 * service's official clients are not browsers, so nothing says its asset host does), and the
 * remedy is the proxy's asset relay. Outside a browser (no `location`) there is no hint.
 */
import { isMenagerieError, LoadError, NetworkError } from "../core/errors.js";

/** What to do about an asset host that a page may not read. */
export const CORS_REMEDY =
  "serve the assets through a proxy of the service with its asset relay (menagerie-service --upstream URL --relay-assets)";

/** The page's origin in a browser (`location.origin`); `undefined` elsewhere. */
export function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === "string" ? origin : undefined;
}

/**
 * The hint for a request to `url` that failed with `cause`, or `undefined` when it does not
 * look like a CORS refusal: not in a browser, not a `TypeError`, or the page's own origin.
 *
 * @param page the page's origin. @default pageOrigin()
 */
export function corsHint(url: string, cause: unknown, page: string | undefined = pageOrigin()): string | undefined {
  if (page === undefined) return undefined;
  if (typeof cause !== "object" || cause === null || (cause as { name?: unknown }).name !== "TypeError")
    return undefined;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return undefined;
  }
  if (origin === page) return undefined;
  return (
    `probably CORS: the asset host ${origin} did not allow this page (${page}) to read it ` +
    `(no Access-Control-Allow-Origin); ${CORS_REMEDY}`
  );
}

/**
 * `error` with a CORS hint when it is a {@link NetworkError} of a request to `url` that looks
 * like a CORS refusal (see {@link corsHint}); `error` itself otherwise.
 */
export function withCorsHint(error: unknown, url: string, page: string | undefined = pageOrigin()): unknown {
  if (!isMenagerieError(error, "network") || error.hint !== undefined) return error;
  const hint = corsHint(url, error.cause, page);
  return hint === undefined ? error : new NetworkError({ method: error.method, url: error.url }, error.cause, hint);
}

/**
 * A load that failed for want of its body, told why when the assets before it failed with a
 * CORS hint (each of those was a warning; the error is what a caller sees first).
 */
export function loadErrorWithHint(error: unknown, hint: string | undefined): unknown {
  if (hint === undefined || !isMenagerieError(error, "load") || error.reason !== "no-body") return error;
  const detail = error.message.slice(`Cannot load ${error.asset ?? "model"} of "${error.model}": `.length);
  return new LoadError({ reason: error.reason, model: error.model, detail: `${detail}, ${hint}`, cause: error });
}

/** The hint a warning's error carries, if any. */
export function hintOf(error: unknown): string | undefined {
  return isMenagerieError(error, "network") ? error.hint : undefined;
}
