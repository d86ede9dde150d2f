/**
 * A failed request hides the secrets it was given, not only the URL's own secret parameters: a
 * custom `fetch` (a proxy's, a test double's, a polyfill's) may quote a token anywhere in its
 * error, outside any `key=`. Mutation testing found the `secrets` option could be dropped with
 * no test failing.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { requestText } from "../../src/api/request.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import { NetworkError } from "../../src/core/errors.js";
import { rejection } from "../helpers/rejection.js";

const TOKEN = "tok-5ecret-0f-the-upstream";

/** A fetch that fails the way some do: quoting the credential it was handed, in plain words. */
const quotingFetch = (async () => {
  throw new TypeError(`connection refused for bearer ${TOKEN}`, {
    cause: new Error(`upstream said: unknown credential ${TOKEN}`),
  });
}) as unknown as typeof fetch;

const options = (secrets?: string[]) => ({
  url: "http://127.0.0.1:9/lookup?search=fox",
  redactedUrl: "http://127.0.0.1:9/lookup?search=fox",
  headers: {},
  timeoutMs: 10_000,
  bodyCap: { maxBytes: 1024 * 1024, option: "maxTestBytes" },
  retry: { ...RETRY_DEFAULTS, limit: 0 },
  fetch: quotingFetch,
  random: () => 0,
  now: Date.now,
  ...(secrets ? { secrets } : {}),
});

describe("secrets of a failed request", () => {
  it("are redacted from the error and its causes wherever the fetch quoted them", async () => {
    const error = await rejection(requestText(options([TOKEN])));
    expect(error).toBeInstanceOf(NetworkError);
    const shown = `${inspect(error, { depth: 10 })}\n${JSON.stringify(error)}`;
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain("bearer ***");
    expect(shown).toContain("unknown credential ***");
  });

  it("are only those given: without them the text is the fetch's own (the redaction is not blanket)", async () => {
    const error = await rejection(requestText(options()));
    expect(inspect(error, { depth: 10 })).toContain(`bearer ${TOKEN}`);
  });
});
