/** The client in the service's newer dialect: app=, id= lookups, search limits, JSON 404s (real HTTP, exact URLs). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient, type LookupClientOptions } from "../../src/api/client.js";
import { type HTTPError, isMenagerieError } from "../../src/core/errors.js";
import { createTestServer, sendJson, type TestServer } from "../helpers/httpServer.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";
import { rejection } from "../helpers/rejection.js";

const KEY = "sk_live_7f3a9c2e41b8";

/** What the test server answers, per lookup; set by each test. */
let answer: (query: URLSearchParams) => { status: number; body?: unknown; raw?: string };
let server: TestServer;

beforeEach(async () => {
  answer = () => ({ status: 500, body: { code: "unset", message: "no answer set" } });
  server = await createTestServer((_req, res, recorded) => {
    const reply = answer(recorded.query);
    if (reply.raw === undefined) return sendJson(res, reply.status, reply.body);
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(reply.raw);
  });
});

afterEach(async () => {
  await server.close();
});

function client(options: Partial<LookupClientOptions> = {}) {
  return createLookupClient({ baseUrl: server.url, apiKey: KEY, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
}

describe("404 answers", () => {
  it.each([
    ["another code", { code: "Not found", message: "Nothing called zzz" }],
    ["a message only", { message: "No such animal" }],
    ["no code and no message", { error: "missing" }],
    ["an empty object", {}],
    ["a JSON string", "not here"],
  ])("returns null for a JSON 404 with %s, by name and by id", async (_label, body) => {
    answer = () => ({ status: 404, body });
    expect(await client().getModel("zzz")).toBeNull();
    expect(await client().getModelById("64f0c0ffee")).toBeNull();
    expect(await client().search("zzz")).toEqual([]);
    expect(server.count("/anything")).toBe(3);
  });

  it.each([
    ["an empty body", ""],
    ["plain text", "Not Found"],
  ])("throws an HTTPError for a 404 with %s, by name, by id and for a search", async (_label, raw) => {
    answer = () => ({ status: 404, raw });
    for (const call of [
      () => client().getModel("fox"),
      () => client().getModelById("64f0"),
      () => client().search("fox"),
    ]) {
      const error = (await rejection(call())) as HTTPError;
      expect(isMenagerieError(error, "http")).toBe(true);
      expect([error.status, error.body]).toEqual([404, raw]);
    }
  });
});

describe("the newer dialect: app, id lookups, search limits", () => {
  it("sends app=<name> on every lookup, after the operation's own parameters", async () => {
    answer = (q) => ({ status: 200, body: q.has("search") ? [makeRecord("fox")] : makeRecord("fox") });
    const c = client({ app: "zoo game", cache: false });
    await c.getModel("fox", { fuzzy: true });
    await c.getModelById("id-fox");
    await c.search("forest", { limit: 5 });
    await c.refresh({ name: "fox" });
    expect(server.requests.map((r) => r.url)).toEqual([
      `/anything?key=${KEY}&name=fox&fuzzy=true&app=zoo%20game`,
      `/anything?key=${KEY}&id=id-fox&app=zoo%20game`,
      `/anything?key=${KEY}&search=forest&maxResultNum=5&app=zoo%20game`,
      `/anything?key=${KEY}&name=fox&fuzzy=false&app=zoo%20game`,
    ]);
    expect(c.describeRequest({ name: "fox" })).toBe(`${server.url}/anything?key=***&name=fox&app=zoo%20game`);
  });

  it("getModelById sends id=, URL-encoded, and returns the record, rig-only ones included", async () => {
    answer = (q) => ({
      status: 200,
      body: q.get("id") === "6512ab34" ? makeRiggedRecord("horse#0003") : makeRecord("fox"),
    });
    const horse = await client().getModelById("6512ab34");
    expect(horse?.name).toBe("horse#0003");
    expect(horse?.model.parts).toEqual({});
    await client().getModelById("a/b#c");
    expect(server.requests.map((r) => r.url)).toEqual([
      `/anything?key=${KEY}&id=6512ab34`,
      `/anything?key=${KEY}&id=a%2Fb%23c`,
    ]);
  });

  it("shares and caches id lookups by id, apart from name lookups", async () => {
    answer = () => ({ status: 200, body: makeRecord("fox") });
    const c = client();
    const shared = await Promise.all([c.getModelById("id-fox"), c.getModelById("id-fox"), c.getModel("id-fox")]);
    expect(shared.map((r) => r?.name)).toEqual(["fox", "fox", "fox"]);
    expect(server.count()).toBe(2); // one id lookup, one name lookup
    await c.getModelById("id-fox");
    expect(server.count()).toBe(2); // served from cache
    await c.getModelById("id-wolf");
    expect(server.requests.map((r) => r.url.split("&")[1])).toEqual(["id=id-fox", "name=id-fox", "id=id-wolf"]);
  });

  it("search sends maxResultNum and returns at most limit records, even from a service that ignores it", async () => {
    answer = () => ({ status: 200, body: ["a", "b", "c", "d"].map((n) => makeRecord(n)) });
    const c = client();
    expect((await c.search("forest", { limit: 2 })).map((r) => r.name)).toEqual(["a", "b"]);
    expect((await c.search("forest", { limit: -1 })).map((r) => r.name)).toEqual(["a", "b", "c", "d"]);
    expect((await c.search("forest", { limit: 10 })).map((r) => r.name)).toEqual(["a", "b", "c", "d"]);
    expect((await c.search("forest", { limit: 2 })).map((r) => r.name)).toEqual(["a", "b"]); // cached per limit
    expect(server.requests.map((r) => r.url)).toEqual([
      `/anything?key=${KEY}&search=forest&maxResultNum=2`,
      `/anything?key=${KEY}&search=forest&maxResultNum=-1`,
      `/anything?key=${KEY}&search=forest&maxResultNum=10`,
    ]);
  });

  it.each([
    [0, "limit must be a positive integer or -1 (all), got 0"],
    [-2, "limit must be a positive integer or -1 (all), got -2"],
    [1.5, "limit must be a positive integer or -1 (all), got 1.5"],
    [Number.NaN, "limit must be a positive integer or -1 (all), got NaN"],
    ["3", 'limit must be a positive integer or -1 (all), got "3"'],
  ])("refuses limit %j with an OptionsError naming limit, before any request", async (limit, message) => {
    const error = await rejection(client().search("forest", { limit: limit as number }));
    expect(isMenagerieError(error, "options")).toBe(true);
    expect((error as Error).message).toBe(message);
    expect(server.count()).toBe(0);
  });

  it("refuses an empty id and an app that is not a non-empty string", async () => {
    const error = await rejection(client().getModelById(" "));
    expect([isMenagerieError(error, "options"), (error as Error).message]).toEqual([
      true,
      'id must be a non-empty string, got " "',
    ]);
    for (const app of ["", 7]) {
      let caught: unknown;
      try {
        client({ app: app as string });
      } catch (e) {
        caught = e;
      }
      expect((caught as Error).message).toBe(`app must be a non-empty string, got ${JSON.stringify(app)}`);
    }
    expect(server.count()).toBe(0);
  });
});
