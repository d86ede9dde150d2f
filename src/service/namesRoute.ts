/**
 * `GET /names`: every model name as one JSON array of strings. The real service's clients fetch
 * it for keyword matching and autocomplete; the catalog's answer is made once (CatalogStore),
 * the proxy's is the upstream's, cached (UpstreamProxy).
 */

/** The route's path, beside the lookup path on the service's root. */
export const NAMES_PATH = "names";

/** The names hold no link and change only with the catalog: a client may keep them a while. */
const NAMES_CACHE_CONTROL = "private, max-age=300";

/** The catalog's answer: its prebuilt bytes, sent as they are. */
export function namesResponse(bytes: Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": NAMES_CACHE_CONTROL },
  });
}
