/**
 * What the client puts on the wire and what it shows of it: the lookup path however it is
 * written, the headers, the redacted URL of messages (the key hidden, every other value encoded),
 * and a relative base URL resolved against the page, as in a browser. Real HTTP on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import type { HTTPError } from "../../src/core/errors.js";
import { createTestServer, sendJson, type TestServer } from "../helpers/httpServer.js";
import { makeRecord } from "../helpers/records.js";
import { rejection } from "../helpers/rejection.js";

const KEY = "sk&live=7f/3a";
let server: TestServer;

beforeEach(async () => {
  server = await createTestServer((_req, res, { query }) => {
    if (query.get("name") === "missing") sendJson(res, 400, { code: "bad", message: "no" });
    else sendJson(res, 200, makeRecord(query.get("name") ?? "fox"));
  });
});

afterEach(async () => {
  await server.close();
});

describe("the request", () => {
  it("drops every leading slash of lookupPath and keeps the inner ones", async () => {
    for (const lookupPath of ["v2/lookup", "//v2/lookup"]) {
      await createLookupClient({ baseUrl: server.url, lookupPath }).getModel("fox");
    }
    expect(server.requests.map((r) => r.url)).toEqual(["/v2/lookup?name=fox", "/v2/lookup?name=fox"]);
  });

  it("GETs the base URL itself when lookupPath is empty", async () => {
    await createLookupClient({ baseUrl: `${server.url}/api/lookup/`, lookupPath: "" }).getModel("fox");
    expect(server.requests.map((r) => r.url)).toEqual(["/api/lookup?name=fox"]);
  });

  it("asks for JSON and sends the caller's headers beside it", async () => {
    const c = createLookupClient({ baseUrl: server.url, headers: { "x-trace": "t-1" } });
    await c.getModel("fox");
    await createLookupClient({ baseUrl: server.url, headers: { accept: "application/x.menagerie+json" } }).getModel(
      "fox",
    );
    const [plain, overridden] = server.requests;
    expect([plain!.headers.accept, plain!.headers["x-trace"]]).toEqual(["application/json", "t-1"]);
    expect(overridden!.headers.accept).toBe("application/x.menagerie+json");
  });

  it("encodes a key with reserved characters in the request, and shows it as *** only", async () => {
    const c = createLookupClient({ baseUrl: server.url, apiKey: KEY });
    await c.getModel("fox");
    expect(server.requests[0]!.query.get("key")).toBe(KEY);
    expect(server.requests[0]!.url).toBe(`/anything?key=${encodeURIComponent(KEY)}&name=fox`);
    expect(c.describeRequest({ name: "red fox&co" })).toBe(`${server.url}/anything?key=***&name=red%20fox%26co`);
  });

  it("names the redacted, encoded URL in an HTTP error", async () => {
    const c = createLookupClient({ baseUrl: server.url, apiKey: KEY, app: "my app" });
    const error = (await rejection(c.getModel("missing", { fuzzy: true }))) as HTTPError;
    expect([error.method, error.url]).toEqual([
      "GET",
      `${server.url}/anything?key=***&name=missing&fuzzy=true&app=my%20app`,
    ]);
  });
});

describe("in a browser", () => {
  it("resolves a relative base URL against the page", async () => {
    const g = globalThis as { location?: { href: string } };
    const before = g.location;
    g.location = { href: `${server.url}/shop/index.html` };
    try {
      const c = createLookupClient({ baseUrl: "svc/" });
      expect(c.baseUrl).toBe(`${server.url}/shop/svc`);
      await c.getModel("fox");
    } finally {
      if (before === undefined) delete g.location;
      else g.location = before;
    }
    expect(server.requests.map((r) => r.url)).toEqual(["/shop/svc/anything?name=fox"]);
  });
});

describe("bad arguments", () => {
  it("names the argument at fault, before any request", async () => {
    const c = createLookupClient({ baseUrl: server.url });
    const messages = await Promise.all(
      [c.getModel(" "), c.search(""), c.refresh({ name: "" } as never), c.refresh(undefined as never)].map(
        async (call) => ((await rejection(call)) as Error).message,
      ),
    );
    expect(messages).toEqual([
      'name must be a non-empty string, got " "',
      'query must be a non-empty string, got ""',
      'record.name must be a non-empty string, got ""',
      "record.name must be a non-empty string, got undefined",
    ]);
    let caught: unknown;
    try {
      createLookupClient(null as never);
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toBe("options must be an object, got null");
    expect(server.count()).toBe(0);
  });
});
