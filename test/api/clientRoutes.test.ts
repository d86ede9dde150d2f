/**
 * The client's routes beside the lookup path, against the reference service on 127.0.0.1:
 * `names()` (`GET /names`: its URL with key and app, the memo kept `maxCacheAgeMs` by the
 * client's clock, shared concurrent calls) and `parseTextCommand()` (`POST
 * /parse-text-command`: form fields, `app` in the query, errors that name the POST). What the
 * client sent is read from a fetch that records each request and hands it on unchanged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient, type LookupClientOptions } from "../../src/api/client.js";
import type { RetryEvent } from "../../src/api/request.js";
import { type HTTPError, isMenagerieError, type NetworkError } from "../../src/core/errors.js";
import { FIXTURE_SPECS } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const KEY = "sk_routes_91c4e7";
const ALL_NAMES = FIXTURE_SPECS.map((s) => s.name).sort();

let service: TestService;
/** Every request the clients sent: method, URL and form body. */
let sent: { method: string; url: string; body: string | undefined }[] = [];

const recording: typeof fetch = (input, init) => {
  const body = init?.body instanceof URLSearchParams ? init.body.toString() : undefined;
  sent.push({ method: init?.method ?? "GET", url: String(input), body });
  return fetch(input, init);
};

beforeAll(async () => {
  service = await startTestService({ apiKeys: [KEY] });
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  sent = [];
});

const client = (options: Partial<LookupClientOptions> = {}) =>
  createLookupClient({ baseUrl: service.url, apiKey: KEY, retry: 0, fetch: recording, ...options });

describe("names(): the request", () => {
  it("sends the key and the app, URL-encoded, in that order", async () => {
    expect(await client({ app: "zoo game" }).names()).toEqual(ALL_NAMES);
    expect(await client().names()).toEqual(ALL_NAMES);
    expect(sent).toEqual([
      { method: "GET", url: `${service.url}/names?key=${KEY}&app=zoo%20game`, body: undefined },
      { method: "GET", url: `${service.url}/names?key=${KEY}`, body: undefined },
    ]);
  });

  it("asks for the bare route without a key, and names it in the service's refusal", async () => {
    const error = (await client({ apiKey: undefined })
      .names()
      .catch((e: unknown) => e)) as HTTPError;
    expect(sent.map((r) => r.url)).toEqual([`${service.url}/names`]);
    expect(isMenagerieError(error, "http")).toBe(true);
    expect([error.status, error.method, error.url]).toEqual([401, "GET", `${service.url}/names`]);
  });

  it("shows a refused key as *** in the error", async () => {
    const error = (await client({ apiKey: "sk_wrong_5b2d", app: "zoo" })
      .names()
      .catch((e: unknown) => e)) as HTTPError;
    expect([error.status, error.url]).toEqual([403, `${service.url}/names?key=***&app=zoo`]);
    expect(error.message).toMatch(/: GET http:\/\/127\.0\.0\.1:\d+\/names\?key=\*\*\*&app=zoo$/);
  });

  it("reports a retry with the key as ***", async () => {
    // A service that is gone: the refused connection is retried, and each retry reported.
    const gone = await startTestService({ apiKeys: [KEY] });
    await gone.close();
    const events: RetryEvent[] = [];
    const c = createLookupClient({
      baseUrl: gone.url,
      apiKey: KEY,
      retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 },
      onRetry: (event) => events.push(event),
    });
    const error = (await c.names().catch((e: unknown) => e)) as NetworkError;
    expect(isMenagerieError(error, "network")).toBe(true);
    expect(events.map((e) => e.url)).toEqual([`${gone.url}/names?key=***`]);
    expect(error.url).toBe(`${gone.url}/names?key=***`);
  });
});

describe("names(): the memo", () => {
  it("is kept while younger than maxCacheAgeMs by the client's clock, then asked again", async () => {
    const clock = { ms: 50_000 };
    const c = client({ now: () => clock.ms, maxCacheAgeMs: 1000 });
    expect(await c.names()).toEqual(ALL_NAMES);
    clock.ms += 999;
    const kept = await c.names();
    expect(kept).toEqual(ALL_NAMES);
    kept.length = 0; // a copy: the memo stays whole
    expect(await c.names()).toEqual(ALL_NAMES);
    expect(sent).toHaveLength(1);
    clock.ms += 1; // exactly maxCacheAgeMs old: no longer kept
    expect(await c.names()).toEqual(ALL_NAMES);
    expect(sent).toHaveLength(2);
  });

  it("is not kept with the cache off, and clearCache() forgets it", async () => {
    const off = client({ cache: false });
    await off.names();
    await off.names();
    expect(sent).toHaveLength(2);
    const on = client();
    await on.names();
    on.clearCache();
    await on.names();
    expect(sent).toHaveLength(4);
  });

  it("shares one request between concurrent calls, each with a list of its own", async () => {
    const c = client({ cache: false });
    const [a, b] = await Promise.all([c.names(), c.names()]);
    expect(a).toEqual(ALL_NAMES);
    expect(b).toEqual(ALL_NAMES);
    expect(a).not.toBe(b);
    expect(sent).toHaveLength(1);
  });
});

describe("parseTextCommand()", () => {
  it("POSTs the text and the key as form fields, the app in the query, and reads the actions", async () => {
    const command = await client({ app: "zoo game" }).parseTextCommand("add two foxes");
    expect(command).toEqual({ actions: [{ action: "add_model", models: [{ name: "fox", number: 2 }] }], skipped: [] });
    const form = new URLSearchParams({ text: "add two foxes", key: KEY }).toString();
    expect(sent).toEqual([{ method: "POST", url: `${service.url}/parse-text-command?app=zoo%20game`, body: form }]);
  });

  it("has no query without an app, and no key field without a key", async () => {
    await client().parseTextCommand("add a fox");
    const refused = (await client({ apiKey: undefined })
      .parseTextCommand("add a fox")
      .catch((e: unknown) => e)) as HTTPError;
    expect(sent.map((r) => [r.url, r.body])).toEqual([
      [`${service.url}/parse-text-command`, `text=add+a+fox&key=${KEY}`],
      [`${service.url}/parse-text-command`, "text=add+a+fox"],
    ]);
    expect([refused.status, refused.method]).toEqual([401, "POST"]);
  });

  it("refuses a text that is not a string, naming the option, before any request", async () => {
    const error = await client()
      .parseTextCommand(42 as unknown as string)
      .catch((e: unknown) => e);
    expect(isMenagerieError(error, "options")).toBe(true);
    expect((error as Error).message).toBe("text must be a string, got 42");
    expect(sent).toEqual([]);
  });

  it("names the POST in a refusal and in a network failure, the key kept out", async () => {
    const refused = (await client({ apiKey: "sk_wrong_5b2d" })
      .parseTextCommand("add a fox")
      .catch((e: unknown) => e)) as HTTPError;
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/: POST http:\/\/127\.0\.0\.1:\d+\/parse-text-command$/);
    expect(JSON.stringify({ ...refused, message: refused.message })).not.toContain("sk_wrong_5b2d");
    const gone = await startTestService({ apiKeys: [KEY] });
    await gone.close();
    const failed = (await client({ baseUrl: gone.url })
      .parseTextCommand("add a fox")
      .catch((e: unknown) => e)) as NetworkError;
    expect(isMenagerieError(failed, "network")).toBe(true);
    expect([failed.method, failed.url]).toEqual(["POST", `${gone.url}/parse-text-command`]);
  });
});
