/**
 * What the service answers and logs when its own code fails (not the request), and the headers
 * every kind of answer gets, over real HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureRecords } from "../helpers/serviceCatalog.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";

const API_KEY = "failures-api-key-3c1";
/** What the clock does next: tick, or fail. */
let clock: "tick" | "error" | "string" = "tick";
const lines: string[] = [];
let server: TestService;

beforeAll(async () => {
  server = await startTestService({
    apiKeys: [API_KEY],
    log: (line) => lines.push(line),
    now: () => {
      // A failing dependency whose message quotes the secrets: the log must not.
      if (clock === "error") throw new Error(`clock broke near ${API_KEY} and ${TEST_SIGNING_KEY}`);
      // A dependency that throws something other than an Error (Hono's onError never sees it).
      if (clock === "string") throw `clock string near ${API_KEY}`;
      return 1_800_000_000_000;
    },
  });
});
afterAll(() => server.close());

const lookup = (query = "name=fox") => fetch(`${server.url}/anything?key=${API_KEY}&${query}`);

describe("a failure of the service itself", () => {
  it("is a 500 that says nothing, not to be stored, logged once with the secrets redacted", async () => {
    lines.length = 0;
    clock = "error";
    const res = await lookup();
    clock = "tick";
    expect([res.status, res.headers.get("cache-control"), res.headers.get("x-content-type-options")]).toEqual([
      500,
      "no-store",
      "nosniff",
    ]);
    expect(await res.json()).toEqual({ code: "Internal error", message: "The service failed to answer." });
    // Logged with its stack.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Lookup service error: Error: clock broke near \*\*\* and \*\*\*\\u000a\s+at /); // one line (#29)
    expect((await lookup()).status).toBe(200);
  });

  it("answers and logs the same when what failed threw something other than an Error", async () => {
    lines.length = 0;
    clock = "string";
    const res = await lookup();
    clock = "tick";
    expect([res.status, res.headers.get("cache-control"), res.headers.get("content-type")]).toEqual([
      500,
      "no-store",
      "application/json; charset=utf-8",
    ]);
    expect(await res.json()).toEqual({ code: "Internal error", message: "The service failed to answer." });
    expect(lines).toEqual(["Lookup service error: clock string near ***"]);
  });

  it("in proxy mode, logs it with the upstream key redacted", async () => {
    const proxyLines: string[] = [];
    let fail = false;
    const proxy = await startTestService({
      upstream: { url: server.url, key: API_KEY },
      log: (line) => proxyLines.push(line),
      now: () => {
        if (fail) throw new Error(`proxy clock broke near ${API_KEY}`);
        return 1_800_000_000_000;
      },
    });
    try {
      fail = true;
      const res = await fetch(`${proxy.url}/anything?name=fox`);
      fail = false;
      expect(res.status).toBe(500);
      expect(proxyLines).toHaveLength(1);
      expect(proxyLines[0]).toMatch(/^Lookup service error: Error: proxy clock broke near \*\*\*\\u000a/);
    } finally {
      await proxy.close();
    }
  });
});

describe("headers of every kind of answer", () => {
  it("marks a 400 as not to be stored, as every error", async () => {
    const res = await lookup("name=fox&fuzzy=maybe");
    expect([res.status, res.headers.get("cache-control")]).toEqual([400, "no-store"]);
  });

  it("leaves a preflight's life to Access-Control-Max-Age", async () => {
    const res = await fetch(`${server.url}/anything`, {
      method: "OPTIONS",
      headers: { origin: "https://game.example", "access-control-request-method": "GET" },
    });
    expect([res.status, res.headers.get("access-control-max-age"), res.headers.get("cache-control")]).toEqual([
      204,
      "600",
      null,
    ]);
  });

  it("answers non-GET methods on the asset route with 405 and Allow", async () => {
    const res = await fetch(`${server.url}/assets/fox/body.obj`, { method: "PUT", body: "x" });
    expect([res.status, res.headers.get("allow"), await res.json()]).toEqual([
      405,
      "GET, HEAD, OPTIONS",
      { code: "Method not allowed", message: "Only GET requests are allowed." },
    ]);
  });
});

describe("the relay's routes", () => {
  it("exist only with the relay on, and answer other methods with 405", async () => {
    const none = await fetch(`${server.url}/relay/abc/body.obj`);
    expect([none.status, ((await none.json()) as { message: string }).message]).toEqual([
      404,
      "No such route: use /anything or /assets/.",
    ]);
    const relay = await startTestService({ upstream: { url: server.url, key: API_KEY, relayAssets: true } });
    try {
      const res = await fetch(`${relay.url}/relay/abc/body.obj`, { method: "DELETE" });
      expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
    } finally {
      await relay.close();
    }
  });
});

describe("the service object", () => {
  it("tells its mode and how many records it serves", async () => {
    expect([server.service.mode, server.service.recordCount]).toEqual(["catalog", fixtureRecords().length]);
    const proxy = await startTestService({ upstream: { url: server.url, key: API_KEY } });
    try {
      expect([proxy.service.mode, proxy.service.recordCount]).toEqual(["proxy", 0]);
    } finally {
      await proxy.close();
    }
  });
});
