/**
 * The lookup client of the LOD pages: the one `new Menagerie({ baseUrl, apiKey })` would make,
 * plus a list of the lookups whose attempt the client's per-attempt timeout (`timeoutMs`, 15 s)
 * cut off before it retried them. Cutting one off aborts its fetch, which Chromium reports as a
 * failed request (`net::ERR_ABORTED`) though the retry answers and the spawn succeeds; the tests
 * let exactly these through (see test/helpers/browser.ts, `unexplainedErrors`).
 */
import { createLookupClient, type LookupClient, TimeoutError } from "../../../src/index.js";

export function watchedClient(
  baseUrl: string,
  apiKey: string | undefined,
): { client: LookupClient; timedOut: string[] } {
  const timedOut: string[] = [];
  const client = createLookupClient({
    baseUrl,
    apiKey,
    onRetry: (event) => {
      // The redacted URL's query names the lookup (`name=bear`); the key in it is `***`.
      if (event.error instanceof TimeoutError) timedOut.push(event.url.slice(event.url.indexOf("?") + 1));
    },
  });
  return { client, timedOut };
}
