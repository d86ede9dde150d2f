/**
 * A request leaves nothing on the caller's signal: a long-lived signal (a page's, a scene's)
 * passed to many requests would otherwise gather one `abort` listener per attempt and per
 * backoff wait. Counted with Node's own `getEventListeners`, which sees what is registered (a
 * `{ once: true }` listener is gone once it has run). Real HTTP on 127.0.0.1.
 */
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RequestOptions, requestText, sleep } from "../../src/api/request.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { rejection } from "../helpers/rejection.js";

let statuses: number[];
let server: TestServer;

beforeEach(async () => {
  statuses = [];
  server = await createTestServer((_req, res) => {
    res.writeHead(statuses.shift() ?? 200, { "content-type": "text/plain" });
    res.end("ok");
  });
});

afterEach(async () => {
  await server.close();
});

const options = (signal: AbortSignal, overrides: Partial<RequestOptions> = {}): RequestOptions => ({
  url: `${server.url}/a.obj`,
  redactedUrl: `${server.url}/a.obj`,
  headers: {},
  timeoutMs: 10_000,
  bodyCap: { maxBytes: 1024 * 1024, option: "maxTestBytes" },
  retry: { ...RETRY_DEFAULTS, baseDelayMs: 1, maxDelayMs: 2 },
  fetch: globalThis.fetch,
  random: () => 0,
  now: Date.now,
  signal,
  ...overrides,
});

const listeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

describe("abort listeners on the caller's signal", () => {
  it("are all gone after an answer, also after retries with backoff waits", async () => {
    const { signal } = new AbortController();
    await requestText(options(signal));
    expect(listeners(signal)).toBe(0);
    statuses = [503, 503];
    expect(await requestText(options(signal))).toMatchObject({ status: 200, attempts: 3 });
    expect([listeners(signal), server.count()]).toEqual([0, 4]);
  });

  it("are all gone after an abort during a backoff wait", async () => {
    const controller = new AbortController();
    statuses = [503];
    const retry = { ...RETRY_DEFAULTS, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const pending = requestText(options(controller.signal, { retry, onRetry: () => controller.abort("stop") }));
    expect(await rejection(pending)).toBe("stop");
    expect(listeners(controller.signal)).toBe(0);
  });

  it("are gone from a sleep that ended either way", async () => {
    const controller = new AbortController();
    await sleep(1, controller.signal);
    expect(listeners(controller.signal)).toBe(0);
    const pending = sleep(60_000, controller.signal);
    expect(listeners(controller.signal)).toBe(1);
    controller.abort("gone");
    expect(await rejection(pending)).toBe("gone");
    expect(listeners(controller.signal)).toBe(0);
  });
});
