import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient, type LookupClientOptions } from "../../src/api/client.js";
import type { RetryEvent } from "../../src/api/request.js";
import { type HTTPError, isAbortError, isMenagerieError, type ResponseValidationError } from "../../src/core/errors.js";
import { createTestServer, sendJson, type TestServer } from "../helpers/httpServer.js";
import { makeRecord } from "../helpers/records.js";
import { rejection } from "../helpers/rejection.js";

const KEY = "sk_live_7f3a9c2e41b8";

/** What the test server answers, per lookup; set by each test. */
let answer: (
  query: URLSearchParams,
  n: number,
) => { status: number; body?: unknown; raw?: string; headers?: Record<string, string>; hang?: boolean; drop?: boolean };
let server: TestServer;

beforeEach(async () => {
  answer = () => ({ status: 500, body: { code: "unset", message: "no answer set" } });
  let n = 0;
  server = await createTestServer((_req, res, recorded) => {
    const reply = answer(recorded.query, n++);
    if (reply.hang) return; // never answers
    if (reply.drop) {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('[{"name":');
      setTimeout(() => res.socket?.destroy(), 5);
      return;
    }
    if (reply.raw !== undefined) {
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(reply.raw);
      return;
    }
    sendJson(res, reply.status, reply.body, reply.headers);
  });
});

afterEach(async () => {
  await server.close();
});

function client(options: Partial<LookupClientOptions> = {}) {
  return createLookupClient({ baseUrl: server.url, apiKey: KEY, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
}

describe("requests", () => {
  it("GETs {baseUrl}/{lookupPath} with key and name, URL-encoded", async () => {
    answer = () => ({ status: 200, body: makeRecord("cat#0001") });
    await client().getModel("cat#0001");
    await client().getModel("red fox");
    await client().getModel("écureuil & co");
    expect(server.requests.map((r) => r.url)).toEqual([
      `/anything?key=${KEY}&name=cat%230001`,
      `/anything?key=${KEY}&name=red%20fox`,
      `/anything?key=${KEY}&name=%C3%A9cureuil%20%26%20co`,
    ]);
    expect(server.requests[0]!.method).toBe("GET");
  });

  it("sends fuzzy only when given, as true/false, and honours lookupPath", async () => {
    answer = () => ({ status: 200, body: [] });
    const c = client({ lookupPath: "/v2/lookup" });
    await c.search("forest");
    await c.search("forest", { fuzzy: false });
    await c.getModel("fox", { fuzzy: true });
    expect(server.requests.map((r) => r.url)).toEqual([
      `/v2/lookup?key=${KEY}&search=forest`,
      `/v2/lookup?key=${KEY}&search=forest&fuzzy=false`,
      `/v2/lookup?key=${KEY}&name=fox&fuzzy=true`,
    ]);
  });

  it("sends no key when none is configured (key-injecting proxy)", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox") });
    await createLookupClient({ baseUrl: server.url }).getModel("fox");
    expect(server.requests[0]!.url).toBe("/anything?name=fox");
  });

  it("rejects bad options with a message naming the option", () => {
    const cases: [Partial<LookupClientOptions>, string][] = [
      [{ baseUrl: "" }, 'baseUrl must be a non-empty URL string, got ""'],
      [{ baseUrl: "ftp://x.test" }, 'baseUrl must use http or https, got "ftp:"'],
      [{ timeoutMs: 0 }, "timeoutMs must be a positive finite number, got 0"],
      [{ timeoutMs: Infinity }, "timeoutMs must be a positive finite number, got Infinity"],
      [{ cache: "yes" as unknown as boolean }, 'cache must be a boolean, got "yes"'],
      [{ retry: -1 }, "retry.limit must be a non-negative integer, got -1"],
      [{ retry: { limit: 1.5 } }, "retry.limit must be a non-negative integer, got 1.5"],
      [{ lookupPath: "a?b" }, "lookupPath must be a path without '?' or '#', got \"a?b\""],
      [{ apiKey: 42 as unknown as string }, "apiKey must be a string"],
      [{ linkMarginSeconds: -1 }, "linkMarginSeconds must be a non-negative finite number, got -1"],
      [{ maxCacheAgeMs: -1 }, "maxCacheAgeMs must be a non-negative finite number, got -1"],
      [{ fetch: 1 as unknown as typeof fetch }, "fetch must be a function, got 1"],
      [{ now: 1 as unknown as () => number }, "now must be a function, got 1"],
      [{ random: 1 as unknown as () => number }, "random must be a function, got 1"],
      [{ headers: 1 as unknown as Record<string, string> }, "headers must be an object, got 1"],
      [{ onRetry: 1 as unknown as () => void }, "onRetry must be a function, got 1"],
      [{ onInvalidRecord: 1 as unknown as () => void }, "onInvalidRecord must be a function, got 1"],
    ];
    for (const [options, message] of cases) {
      let caught: unknown;
      try {
        createLookupClient({ baseUrl: server.url, ...options });
      } catch (error) {
        caught = error;
      }
      expect(isMenagerieError(caught, "options"), message).toBe(true);
      expect((caught as Error).message).toBe(message);
    }
  });

  it("names the fetch option on a platform without a global fetch", () => {
    const platformFetch = globalThis.fetch;
    // Removed and put back synchronously: nothing else runs in between.
    Reflect.deleteProperty(globalThis, "fetch");
    let caught: unknown;
    try {
      createLookupClient({ baseUrl: server.url });
    } catch (error) {
      caught = error;
    } finally {
      globalThis.fetch = platformFetch;
    }
    expect(isMenagerieError(caught, "options")).toBe(true);
    expect((caught as Error).message).toBe("fetch must be a function, got undefined");
  });
});

describe("getModel answers", () => {
  it("returns a record answered as an object", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox") });
    const fox = await client().getModel("fox");
    expect(fox?.name).toBe("fox");
    expect(fox?.forest).toBe(true);
    expect(fox?.city).toBe(false);
  });

  it("returns the first element of an array-shaped answer", async () => {
    answer = () => ({ status: 200, body: [makeRecord("fox"), makeRecord("wolf")] });
    expect((await client().getModel("fox"))?.name).toBe("fox");
  });

  it.each([
    ["404 Model not found", { status: 404, body: { code: "Model not found", message: "No model matched 'zzz'" } }],
    ["an empty array", { status: 200, body: [] }],
    ["an empty body", { status: 200, raw: "" }],
    ["null", { status: 200, raw: "null" }],
  ])("returns null for %s", async (_label, reply) => {
    answer = () => reply;
    expect(await client().getModel("zzz")).toBeNull();
    expect(server.count("/anything")).toBe(1);
  });

  it("throws a typed HTTPError for an invalid key, with code, message and redacted URL", async () => {
    answer = () => ({ status: 403, body: { code: "Invalid API key", message: "The API key is not valid" } });
    const error = (await rejection(client().getModel("fox"))) as HTTPError;
    expect(isMenagerieError(error, "http")).toBe(true);
    expect(isMenagerieError(error)).toBe(true);
    expect(error.status).toBe(403);
    expect(error.code).toBe("Invalid API key");
    expect(error.serviceMessage).toBe("The API key is not valid");
    expect(error.method).toBe("GET");
    expect(error.url).toBe(`${server.url}/anything?key=***&name=fox`);
    expect(error.message).toBe(
      `Request failed with status 403 Forbidden (Invalid API key - The API key is not valid): GET ${server.url}/anything?key=***&name=fox`,
    );
    expect(server.count()).toBe(1); // 403 is not retried
  });

  it("throws an HTTPError for a 404 whose body is not JSON (wrong lookup path)", async () => {
    answer = () => ({ status: 404, raw: "<html>Cannot GET</html>" });
    const error = (await rejection(client().getModel("fox"))) as HTTPError;
    expect(isMenagerieError(error, "http")).toBe(true);
    expect(error.status).toBe(404);
    expect(error.body).toBe("<html>Cannot GET</html>");
  });

  it("throws a validation error for malformed JSON", async () => {
    answer = () => ({ status: 200, raw: '{"name": "fox", ' });
    const error = (await rejection(client().getModel("fox"))) as ResponseValidationError;
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(error.message).toMatch(
      /^Invalid JSON in response: GET http:\/\/127\.0\.0\.1:\d+\/anything\?key=\*\*\*&name=fox\n/,
    );
    expect(error.issues[0]?.code).toBe("invalid_json");
  });

  it("throws a validation error listing each issue with its path for a record missing required fields", async () => {
    answer = () => ({ status: 200, body: { name: "", creature: "fox", model: { parts: { body: 7 } } } });
    const error = (await rejection(client().getModel("fox"))) as ResponseValidationError;
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(error.issues.map((i) => i.path.join("."))).toEqual(["name", "model.parts.body"]);
    expect(error.message).toContain("\n  - name: name must be a non-empty string");
    expect(error.message).toContain("\n  - model.parts.body: ");
  });
});

describe("search", () => {
  it("returns every record of an array", async () => {
    answer = () => ({ status: 200, body: [makeRecord("fox"), makeRecord("wolf"), makeRecord("owl")] });
    expect((await client().search("forest")).map((r) => r.name)).toEqual(["fox", "wolf", "owl"]);
  });

  it.each([
    ["[]", { status: 200, body: [] }],
    ["404 Model not found", { status: 404, body: { code: "Model not found", message: "nothing" } }],
  ])("returns [] for %s", async (_label, reply) => {
    answer = () => reply;
    expect(await client().search("nothing-here")).toEqual([]);
  });

  it("skips one bad record among good ones and reports it to both callbacks", async () => {
    const bad = { ...makeRecord("broken"), model: { parts: {}, other: {} } };
    answer = () => ({ status: 200, body: [makeRecord("fox"), bad, makeRecord("owl"), "not even an object"] });
    const clientReports: unknown[] = [];
    const callReports: unknown[] = [];
    const records = await client({ onInvalidRecord: (r) => clientReports.push(r) }).search("forest", {
      onInvalidRecord: (r) => callReports.push(r),
    });
    expect(records.map((r) => r.name)).toEqual(["fox", "owl"]);
    expect(clientReports).toEqual(callReports);
    expect(callReports).toMatchObject([
      { index: 1, name: "broken", issues: [{ path: ["model"] }], url: `${server.url}/anything?key=***&search=forest` },
      { index: 3, name: undefined },
    ]);
  });

  it("throws when the answer is not an array", async () => {
    answer = () => ({ status: 200, body: { results: [] } });
    expect(isMenagerieError(await rejection(client().search("forest")), "validation")).toBe(true);
  });
});

describe("sharing and cache", () => {
  it("shares one request between identical concurrent calls", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox") });
    const c = client({ cache: false });
    const results = await Promise.all([
      c.getModel("fox"),
      c.getModel("fox"),
      c.getModel("fox"),
      c.getModel("fox", { fuzzy: false }),
    ]);
    expect(results.map((r) => r?.name)).toEqual(["fox", "fox", "fox", "fox"]);
    expect(server.count()).toBe(2); // fuzzy=false is a different request
  });

  it("serves a record from cache while its links are valid", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox", Math.floor(Date.now() / 1000) + 3600) });
    const c = client();
    await c.getModel("fox");
    await c.getModel("fox");
    // A record is not a search answer: the search fails validation, and it is no cache hit either.
    const error = await rejection(c.search("fox"));
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(server.requests.map((r) => r.query.has("name"))).toEqual([true, false]);
  });

  it("fetches afresh once the links are within the margin of expiring", async () => {
    let now = 1_000_000_000;
    answer = () => ({ status: 200, body: makeRecord("fox", now / 1000 + 120) });
    const c = client({ now: () => now, linkMarginSeconds: 60 });
    await c.getModel("fox");
    now += 30_000; // 90 s left: still fresh
    await c.getModel("fox");
    expect(server.count()).toBe(1);
    now += 31_000; // 59 s left: inside the margin
    await c.getModel("fox");
    expect(server.count()).toBe(2);
  });

  it("does not cache records whose links are already inside the margin", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox", Math.floor(Date.now() / 1000) + 10) });
    const c = client();
    await c.getModel("fox");
    await c.getModel("fox");
    expect(server.count()).toBe(2);
  });

  it("refresh fetches by exact name, bypassing the cache, and updates it", async () => {
    let version = 0;
    answer = () => ({ status: 200, body: { ...makeRecord("fox"), _id: `v${++version}` } });
    const c = client();
    const first = await c.getModel("foxx");
    expect(first?._id).toBe("v1");
    const fresh = await c.refresh(first!);
    expect(fresh?._id).toBe("v2");
    expect(server.requests[1]!.url).toBe(`/anything?key=${KEY}&name=fox&fuzzy=false`);
    expect((await c.getModel("foxx"))?._id).toBe("v2"); // served from the updated cache
    expect(server.count()).toBe(2);
  });
});

describe("retries", () => {
  it("retries 503 with backoff and succeeds", async () => {
    answer = (_q, n) =>
      n < 2 ? { status: 503, body: { code: "busy", message: "try later" } } : { status: 200, body: makeRecord("fox") };
    const events: RetryEvent[] = [];
    const fox = await client({ onRetry: (e) => events.push(e) }).getModel("fox");
    expect(fox?.name).toBe("fox");
    expect(server.count()).toBe(3);
    expect(events.map((e) => [e.retry, e.status])).toEqual([
      [1, 503],
      [2, 503],
    ]);
  });

  it.each([408, 429, 500, 502, 503, 504])("retries %i up to the limit, then throws it", async (status) => {
    answer = () => ({ status, body: { code: "E", message: "failing" } });
    const error = (await rejection(client({ retry: { limit: 3, baseDelayMs: 1 } }).getModel("fox"))) as HTTPError;
    expect(error.status).toBe(status);
    expect(server.count()).toBe(4);
  });

  it.each([400, 401, 403, 405])("does not retry %i", async (status) => {
    answer = () => ({ status, body: { code: "E", message: "no" } });
    expect(isMenagerieError(await rejection(client().getModel("fox")), "http")).toBe(true);
    expect(server.count()).toBe(1);
  });

  it("honours Retry-After in seconds", async () => {
    answer = (_q, n) =>
      n === 0
        ? { status: 429, body: { code: "Too many requests", message: "slow down" }, headers: { "retry-after": "1" } }
        : { status: 200, body: makeRecord("fox") };
    const events: RetryEvent[] = [];
    await client({ onRetry: (e) => events.push(e) }).getModel("fox");
    expect(events).toEqual([{ retry: 1, status: 429, delayMs: 1000, url: `${server.url}/anything?key=***&name=fox` }]);
    expect(server.count()).toBe(2);
  });

  it("does not wait for a Retry-After longer than maxRetryAfterMs", async () => {
    answer = () => ({
      status: 429,
      body: { code: "Too many requests", message: "later" },
      headers: { "retry-after": "3600" },
    });
    const error = (await rejection(client().getModel("fox"))) as HTTPError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(3600);
    expect(server.count()).toBe(1);
  });

  it("retries a connection dropped mid-body, then throws a NetworkError with its cause", async () => {
    answer = () => ({ status: 200, drop: true });
    const error = await rejection(client({ retry: { limit: 1, baseDelayMs: 1 } }).getModel("fox"));
    expect(isMenagerieError(error, "network")).toBe(true);
    // Node's fetch reports a body cut short as TypeError("terminated"); the error wraps it as is.
    const cause = (error as Error).cause as Error;
    expect([cause.constructor, cause.message]).toEqual([TypeError, "terminated"]);
    expect(server.count()).toBe(2);
  });

  it("throws a NetworkError when nothing listens", async () => {
    const url = server.url;
    await server.close();
    const error = await rejection(createLookupClient({ baseUrl: url, apiKey: KEY, retry: 0 }).getModel("fox"));
    expect(isMenagerieError(error, "network")).toBe(true);
    expect((error as Error).message).toBe(`Network error: GET ${url}/anything?key=***&name=fox`);
    server = await createTestServer(() => undefined); // for afterEach
  });
});

describe("timeout and abort", () => {
  it("times out an attempt that gets no answer", async () => {
    answer = () => ({ status: 200, hang: true });
    const error = await rejection(client({ timeoutMs: 100, retry: 0 }).getModel("fox"));
    expect(isMenagerieError(error, "timeout")).toBe(true);
    expect((error as Error).message).toBe(
      `Request timed out after 100 ms: GET ${server.url}/anything?key=***&name=fox`,
    );
    expect(server.count()).toBe(1);
  });

  it("retries a timed-out attempt", async () => {
    answer = (_q, n) => (n === 0 ? { status: 200, hang: true } : { status: 200, body: makeRecord("fox") });
    // The answering attempt gets 1 s: under load a 100 ms limit can time it out too (a flake).
    expect((await client({ timeoutMs: 1000 }).getModel("fox"))?.name).toBe("fox");
    expect(server.count()).toBe(2);
  });

  it("rejects at once with the abort reason while the request is under way", async () => {
    answer = () => ({ status: 200, hang: true });
    const controller = new AbortController();
    const pending = client().getModel("fox", { signal: controller.signal });
    await waitFor(() => server.count() === 1);
    controller.abort();
    const error = await rejection(pending);
    expect(isAbortError(error)).toBe(true);
    expect(server.count()).toBe(1);
  });

  it("rejects at once when aborted during a backoff wait", async () => {
    answer = () => ({ status: 503, body: { code: "busy", message: "busy" } });
    const controller = new AbortController();
    const pending = client({ retry: { limit: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } }).getModel("fox", {
      signal: controller.signal,
    });
    await waitFor(() => server.count() === 1);
    controller.abort();
    expect(isAbortError(await rejection(pending))).toBe(true);
    expect(server.count()).toBe(1);
  });

  it("rejects without a request when the signal is already aborted", async () => {
    const error = await rejection(client().getModel("fox", { signal: AbortSignal.abort() }));
    expect(isAbortError(error)).toBe(true);
    expect(server.count()).toBe(0);
  });

  it("lets one sharer abort while the others still get the answer", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.close();
    server = await createTestServer(async (_req, res) => {
      await gate;
      sendJson(res, 200, makeRecord("fox"));
    });
    const c = client();
    const controller = new AbortController();
    const leaving = c.getModel("fox", { signal: controller.signal });
    const staying = c.getModel("fox");
    await waitFor(() => server.count() === 1);
    controller.abort();
    expect(isAbortError(await rejection(leaving))).toBe(true);
    release();
    expect((await staying)?.name).toBe("fox");
    expect(server.count()).toBe(1);
  });
});

describe("key redaction", () => {
  it("never shows the API key in any error, event or report", async () => {
    const seen: unknown[] = [];
    const c = client({
      timeoutMs: 100,
      retry: { limit: 1, baseDelayMs: 1 },
      onRetry: (e) => seen.push(e),
      onInvalidRecord: (r) => seen.push(r),
    });
    const replies = [
      { status: 403, body: { code: "Invalid API key", message: `Key ${KEY} is not valid` } },
      { status: 503, body: { code: "busy", message: `busy for key=${KEY}` } },
      { status: 200, raw: `{"broken ${KEY}` },
      { status: 200, raw: `broken ${KEY} body` },
      { status: 200, body: { name: "fox", [KEY]: 1, model: { parts: { [KEY]: 5 } } } },
      { status: 200, body: { name: "" } },
      { status: 200, hang: true },
      { status: 200, drop: true },
    ];
    for (const reply of replies) {
      answer = () => reply;
      seen.push(await rejection(c.getModel(`fox-${seen.length}`)));
    }
    answer = () => ({ status: 200, body: [{ name: KEY }] });
    await c.search("forest");
    expect(seen.length).toBeGreaterThanOrEqual(replies.length + 1);
    for (const item of seen) {
      const printed = `${String(item)}\n${inspect(item, { depth: 10, showHidden: true })}\n${JSON.stringify(item)}`;
      expect(printed).not.toContain(KEY);
    }
    expect(String(seen.find((s) => isMenagerieError(s, "http")))).toContain("key=***");
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
