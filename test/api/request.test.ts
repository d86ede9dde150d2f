import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  abortReason,
  type RequestOptions,
  type RetryEvent,
  requestBody,
  requestText,
  sleep,
} from "../../src/api/request.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import { isMenagerieError, type NetworkError, type TimeoutError } from "../../src/core/errors.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { rejection } from "../helpers/rejection.js";

/** What the server does for request number n (0-based); set by each test. */
let reply: (n: number) => { status: number; body?: string; headers?: Record<string, string> } | "hang" | "reset";
let server: TestServer;

beforeEach(async () => {
  reply = () => ({ status: 200, body: "ok" });
  let n = 0;
  server = await createTestServer((req, res) => {
    const r = reply(n++);
    if (r === "hang") return;
    if (r === "reset") {
      req.socket.destroy();
      return;
    }
    res.writeHead(r.status, { "content-type": "text/plain", ...r.headers });
    res.end(r.body ?? "");
  });
});

afterEach(async () => {
  await server.close();
});

function options(overrides: Partial<RequestOptions> = {}): RequestOptions {
  return {
    url: `${server.url}/a.obj?key=secret`,
    redactedUrl: `${server.url}/a.obj?key=***`,
    headers: {},
    timeoutMs: 2000,
    bodyCap: { maxBytes: 1024 * 1024, option: "maxTestBytes" },
    retry: { ...RETRY_DEFAULTS, baseDelayMs: 1, maxDelayMs: 2 },
    fetch: globalThis.fetch,
    random: () => 0,
    now: Date.now,
    ...overrides,
  };
}

describe("requestText and requestBody", () => {
  it("GETs once and returns status, text and attempts, with the headers given", async () => {
    reply = () => ({ status: 200, body: "v 1 2 3", headers: { "x-test": "yes" } });
    const response = await requestText(options({ headers: { "x-client": "menagerie" } }));
    expect(response).toMatchObject({ status: 200, statusText: "OK", text: "v 1 2 3", attempts: 1 });
    expect(response.headers.get("x-test")).toBe("yes");
    expect(server.requests.map((r) => [r.method, r.url, r.headers["x-client"]])).toEqual([
      ["GET", "/a.obj?key=secret", "menagerie"],
    ]);
  });

  it("reads the body with the given reader", async () => {
    reply = () => ({ status: 200, body: "abc" });
    const response = await requestBody(options(), (res) => res.arrayBuffer());
    expect(response.body.byteLength).toBe(3);
  });

  it("returns a non-retried status at once", async () => {
    reply = () => ({ status: 404, body: "none" });
    const response = await requestText(options());
    expect(response).toMatchObject({ status: 404, text: "none", attempts: 1 });
    expect(server.count()).toBe(1);
  });

  it("retries the retry statuses, reporting each retry, then returns the answer", async () => {
    reply = (n) => (n < 2 ? { status: n === 0 ? 503 : 429 } : { status: 200, body: "fine" });
    const events: RetryEvent[] = [];
    const response = await requestText(options({ onRetry: (e) => events.push(e) }));
    expect(response).toMatchObject({ status: 200, text: "fine", attempts: 3 });
    expect(server.count()).toBe(3);
    expect(events).toEqual([
      { retry: 1, delayMs: 0.5, url: `${server.url}/a.obj?key=***`, status: 503 },
      { retry: 2, delayMs: 1, url: `${server.url}/a.obj?key=***`, status: 429 },
    ]);
  });

  it("returns the last answer once the limit is reached", async () => {
    reply = () => ({ status: 500, body: "down" });
    const response = await requestText(options({ retry: { ...options().retry, limit: 3 } }));
    expect(response).toMatchObject({ status: 500, text: "down", attempts: 4 });
    expect(server.count()).toBe(4);
  });

  it("waits the Retry-After the server asks for, and not one longer than maxRetryAfterMs", async () => {
    reply = (n) => (n === 0 ? { status: 503, headers: { "retry-after": "0" } } : { status: 200 });
    const events: RetryEvent[] = [];
    await requestText(options({ onRetry: (e) => events.push(e) }));
    expect(events.map((e) => e.delayMs)).toEqual([0]);

    reply = () => ({ status: 429, body: "later", headers: { "retry-after": "31" } });
    const before = server.count();
    const response = await requestText(options());
    expect(response).toMatchObject({ status: 429, attempts: 1 });
    expect(server.count() - before).toBe(1);

    // Exactly maxRetryAfterMs is still waited for: the limit is inclusive.
    let first: number | undefined;
    reply = (n) => {
      first ??= n;
      return n === first ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 };
    };
    const atLimit: RetryEvent[] = [];
    const retry = { ...RETRY_DEFAULTS, maxRetryAfterMs: 1000 };
    expect(await requestText(options({ retry, onRetry: (e) => atLimit.push(e) }))).toMatchObject({ status: 200 });
    expect(atLimit.map((e) => e.delayMs)).toEqual([1000]);
  });

  it("retries a reset connection, then throws a NetworkError with the redacted URL", async () => {
    reply = () => "reset";
    const events: RetryEvent[] = [];
    const error = await rejection(requestText(options({ onRetry: (e) => events.push(e) })));
    expect(isMenagerieError(error, "network")).toBe(true);
    expect((error as NetworkError).message).toBe(`Network error: GET ${server.url}/a.obj?key=***`);
    expect((error as NetworkError).cause).toBeDefined();
    expect(server.count()).toBe(3);
    expect(events.map((e) => [e.retry, isMenagerieError(e.error, "network")])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it("times out an attempt that gets no answer, retries it, and throws a TimeoutError", async () => {
    reply = (n) => (n === 0 ? "hang" : { status: 200, body: "late" });
    // Long enough for the second attempt's answer on a loaded machine (a 50 ms limit timed it
    // out too once); the first attempt hangs, so it times out whatever the limit.
    const ok = await requestText(options({ timeoutMs: 1000 }));
    expect(ok).toMatchObject({ text: "late", attempts: 2 });

    reply = () => "hang";
    const before = server.count();
    const error = await rejection(requestText(options({ timeoutMs: 50, retry: { ...options().retry, limit: 1 } })));
    expect(isMenagerieError(error, "timeout")).toBe(true);
    expect((error as TimeoutError).message).toBe(`Request timed out after 50 ms: GET ${server.url}/a.obj?key=***`);
    expect(server.count() - before).toBe(2);
  });

  it("treats an error thrown by the reader as a failed attempt, retried like a network error", async () => {
    const error = await rejection(
      requestBody(options(), () => {
        throw new TypeError("bad body");
      }),
    );
    // The body is read inside the attempt (so a body cut short is retried): any reader error is.
    expect(isMenagerieError(error, "network")).toBe(true);
    expect(server.count()).toBe(3);
  });

  it("rejects with the signal's reason: before a request, during one, and during a backoff wait", async () => {
    const early = new AbortController();
    early.abort(new Error("before"));
    expect(await rejection(requestText(options({ signal: early.signal })))).toEqual(new Error("before"));
    expect(server.count()).toBe(0);

    reply = () => "hang";
    const during = new AbortController();
    const pending = requestText(options({ signal: during.signal }));
    while (server.count() < 1) await sleep(2);
    during.abort(new Error("during"));
    expect(await rejection(pending)).toEqual(new Error("during"));

    reply = () => ({ status: 503 });
    const waiting = new AbortController();
    const retry = { ...options().retry, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const backoff = requestText(options({ signal: waiting.signal, retry, onRetry: () => waiting.abort("stop") }));
    expect(await rejection(backoff)).toBe("stop");
    expect(server.count()).toBe(2);
  });
});

describe("sleep and abortReason", () => {
  it("resolves after the delay, or rejects at once when aborted", async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort("gone");
    await expect(pending).rejects.toBe("gone");
    await expect(sleep(1, controller.signal)).rejects.toBe("gone");
  });

  it("gives the signal's reason, or an AbortError when it has none", () => {
    const controller = new AbortController();
    controller.abort(42);
    expect(abortReason(controller.signal)).toBe(42);
    const fake = { reason: undefined } as AbortSignal;
    const reason = abortReason(fake) as DOMException;
    expect([reason.name, reason.message]).toEqual(["AbortError", "This operation was aborted"]);
  });
});
