/** The typed lookup client against a real reference service on 127.0.0.1. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { listAssetUrls } from "../../src/records/signedUrl.js";
import { FOREST_NAMES } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

let server: TestService;
beforeAll(async () => {
  server = await startTestService();
});
afterAll(() => server.close());

const client = () => createLookupClient({ baseUrl: server.url, apiKey: "dev-key", cache: false, retry: 0 });

describe("createLookupClient against the reference service", () => {
  it("gets a record by exact, suffixed and fuzzy name, and null with fuzzy off", async () => {
    const c = client();
    expect((await c.getModel("fox"))?.name).toBe("fox");
    expect((await c.getModel("cat"))?.name).toBe("cat#0001");
    expect((await c.getModel("cat#0002"))?.name).toBe("cat#0002");
    expect((await c.getModel("Polar Baer"))?.name).toBe("polar bear");
    expect(await c.getModel("polar baer", { fuzzy: false })).toBeNull();
    expect(await c.getModel("zebra")).toBeNull();
  });

  it("searches by habitat, group, type and name", async () => {
    const c = client();
    const names = async (q: string) => (await c.search(q)).map((r) => r.name);
    expect(await names("forest")).toEqual(FOREST_NAMES);
    expect(await names("birds")).toEqual(["barn owl"]);
    expect(await names("winged_flyer")).toEqual(["barn owl"]);
    expect(await names("trout")).toEqual(["brown trout"]);
    expect(await names("zzzz")).toEqual([]);
  });

  it("receives links that download, each once, with the right types", async () => {
    const record = (await client().getModel("barn owl"))!;
    const urls = listAssetUrls(record);
    expect(urls.every((u) => u.startsWith(`${server.url}/assets/barn_owl/`))).toBe(true);
    const statuses = await Promise.all(urls.map(async (u) => (await fetch(u)).status));
    expect(statuses).toEqual(urls.map(() => 200));
  });

  it("gets an HTTPError 403 for an unknown key, without the key in its message", async () => {
    const c = createLookupClient({ baseUrl: server.url, apiKey: "wrong-key-123", retry: 0 });
    const error = await c.getModel("fox").catch((e: unknown) => e);
    expect(isMenagerieError(error, "http")).toBe(true);
    expect(error).toMatchObject({ status: 403, code: "Invalid key", serviceMessage: "The API key is not valid." });
    expect(String((error as Error).message)).not.toContain("wrong-key-123");
  });
});

describe("limits over HTTP", () => {
  it("answers 429 with Retry-After after the burst, which the client reports", async () => {
    const limited = await startTestService({ rateLimit: { capacity: 2, refillPerSecond: 0.01 } });
    try {
      const url = `${limited.url}/anything?key=dev-key&name=fox`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(url)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await fetch(url);
      expect(res.headers.get("retry-after")).toBe("100");
      expect(await res.json()).toEqual({
        code: "Rate limit exceeded",
        message: "Too many requests: try again in 100 s.",
      });
      const error = await createLookupClient({ baseUrl: limited.url, apiKey: "dev-key", retry: 0 })
        .getModel("owl")
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 100 });
    } finally {
      await limited.close();
    }
  });

  it("answers a CORS preflight on the real port", async () => {
    const res = await fetch(`${server.url}/anything?key=dev-key&name=fox`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "GET" },
    });
    expect([
      res.status,
      res.headers.get("access-control-allow-origin"),
      res.headers.get("access-control-allow-methods"),
    ]).toEqual([204, "*", "GET,HEAD,OPTIONS,POST"]);
  });

  it("signs links for the address it listens on, whatever host name the client used", async () => {
    const res = await fetch(`http://localhost:${server.port}/anything?key=dev-key&name=fox`);
    const record = ModelRecordSchema.parse(await res.json());
    const body = record.model.parts["body"]!;
    expect(body.startsWith(`http://127.0.0.1:${server.port}/assets/fox/body.obj?`)).toBe(true);
    expect((await fetch(body)).status).toBe(200);
    // Verified on that same origin, so the host name a client reaches it by does not matter.
    expect((await fetch(body.replace("127.0.0.1", "localhost"))).status).toBe(200);
  });
});
