/** The lookup path through `app.request()` (no socket): answers, links, every error and CORS. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { listAssetUrls } from "../../src/records/signedUrl.js";
import {
  createLookupService,
  LOOKUP_SERVICE_DEFAULTS,
  type LookupService,
  type LookupServiceOptions,
} from "../../src/service/index.js";
import { verifySignedUrl } from "../../src/service/signing.js";
import { type FixtureCatalog, FOREST_NAMES, TEXTURE_NAME, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

const NOW_MS = 1_800_000_000_000;
const SEARCH_NOT_FOUND = { code: "Model not found", message: "No model matches this search." };
const SIGNING_KEY = "unit-signing-key-of-at-least-32-bytes";
let catalog: FixtureCatalog;
let service: LookupService;

async function make(options: Partial<LookupServiceOptions> = {}): Promise<LookupService> {
  return createLookupService({
    catalogDir: catalog.dir,
    signingKey: SIGNING_KEY,
    now: () => NOW_MS,
    rateLimit: false,
    ...options,
  });
}

async function get(path: string, target = service, init?: RequestInit) {
  const response = await target.app.request(path, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await make();
});
afterAll(() => catalog.remove());

describe("name lookups", () => {
  it("answers a record as a JSON object that the client's schema accepts", async () => {
    const res = await get("/anything?key=dev-key&name=fox");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Array.isArray(res.json)).toBe(false);
    const record = ModelRecordSchema.parse(res.json);
    expect(record.name).toBe("fox");
    expect(record["taxonomy"]).toEqual({ family: "Canidae" });
    expect(record.forest && record.farm && !record.city).toBe(true);
  });

  it("signs every asset link for the request's origin, encoding each path segment", async () => {
    const record = ModelRecordSchema.parse((await get("/anything?key=dev-key&name=fox")).json);
    const expires = NOW_MS / 1000 + 3600;
    const urls = listAssetUrls(record);
    expect(urls).toHaveLength(6);
    expect(record.model.parts["body"]).toMatch(
      new RegExp(
        `^http://localhost/assets/fox/body\\.obj\\?Expires=${expires}&KeyName=menagerie&Signature=[A-Za-z0-9_-]{27}=$`,
      ),
    );
    expect(record.model.other.texture[0]!.split("?")[0]).toBe(
      `http://localhost/assets/fox/${encodeURIComponent(TEXTURE_NAME)}`,
    );
    for (const url of urls) {
      expect(
        verifySignedUrl(url, { keys: [{ keyName: "menagerie", secret: SIGNING_KEY }], now: () => NOW_MS }),
      ).toEqual({
        valid: true,
        expires,
        keyName: "menagerie",
      });
    }
  });

  it("signs again when the clock moves on (the signing memo follows Expires)", async () => {
    let now = NOW_MS;
    const moving = await make({ now: () => now });
    const first = ModelRecordSchema.parse((await get("/anything?key=dev-key&name=fox", moving)).json);
    now += 1000;
    const second = ModelRecordSchema.parse((await get("/anything?key=dev-key&name=fox", moving)).json);
    // Expires moves in 300 s buckets (linkBucketSeconds), rounded up: 1 s later, the next bucket.
    expect(first.model.parts["body"]).toContain(`Expires=${NOW_MS / 1000 + 3600}&`);
    expect(second.model.parts["body"]).toContain(`Expires=${NOW_MS / 1000 + 3900}&`);
  });

  it("follows the configured link lifetime and key name", async () => {
    const custom = await make({ linkLifetimeSeconds: 60, keyName: "edge-1" });
    const record = ModelRecordSchema.parse((await get("/anything?key=dev-key&name=fox", custom)).json);
    expect(record.model.parts["head"]).toContain(`?Expires=${NOW_MS / 1000 + 60}&KeyName=edge-1&Signature=`);
  });

  it("resolves suffixes, fuzzy names and fuzzy=false as the index does", async () => {
    const name = async (query: string) =>
      ((await get(`/anything?key=dev-key&${query}`)).json as { name?: string }).name;
    expect(await name("name=cat")).toBe("cat#0001");
    expect(await name("name=cat%230002")).toBe("cat#0002");
    expect(await name("name=Polar%20Baer")).toBe("polar bear");
    expect(await name("name=polar%20bear&fuzzy=FALSE")).toBe("polar bear");
    expect(await get("/anything?key=dev-key&name=polar%20baer&fuzzy=false")).toMatchObject({
      status: 404,
      json: { code: "Model not found", message: "No model matches this name." },
    });
  });

  it("answers 404 Model not found for an unknown name", async () => {
    const res = await get("/anything?key=dev-key&name=zebra");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: "Model not found", message: "No model matches this name." });
  });
});

describe("searches", () => {
  it("answers an array of full records, ordered, each accepted by the client's schema", async () => {
    const res = await get("/anything?key=dev-key&search=forest");
    expect(res.status).toBe(200);
    const records = (res.json as unknown[]).map((r) => ModelRecordSchema.parse(r));
    expect(records.map((r) => r.name)).toEqual(FOREST_NAMES);
    expect(records.every((r: ModelRecord) => listAssetUrls(r).length === 6)).toBe(true);
  });

  it("searches by name, group and type", async () => {
    const names = async (q: string) =>
      ((await get(`/anything?key=dev-key&search=${q}`)).json as { name: string }[]).map((r) => r.name);
    expect(await names("owl")).toEqual(["barn owl"]);
    expect(await names("fish")).toEqual(["brown trout"]);
    expect(await names("winged_flyer")).toEqual(["barn owl"]);
    const strict = await get("/anything?key=dev-key&search=mammels&fuzzy=false");
    expect([strict.status, strict.json]).toEqual([404, SEARCH_NOT_FOUND]);
  });

  it("answers 404 Model not found, as the real service does, when nothing matches", async () => {
    const res = await get("/anything?key=dev-key&search=zzzz");
    expect([res.status, res.json]).toEqual([404, SEARCH_NOT_FOUND]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("errors", () => {
  const cases: [string, string, number, { code: string; message: string }][] = [
    [
      "no key",
      "/anything?name=fox",
      401,
      { code: "Missing key", message: "An API key is required: add the key query parameter." },
    ],
    [
      "an empty key",
      "/anything?key=&name=fox",
      401,
      { code: "Missing key", message: "An API key is required: add the key query parameter." },
    ],
    [
      "an unknown key",
      "/anything?key=not-a-key-42&name=fox",
      403,
      { code: "Invalid key", message: "The API key is not valid." },
    ],
    [
      "two keys",
      "/anything?key=dev-key&key=dev-key&name=fox",
      400,
      { code: "Bad request", message: "The key parameter must be given once." },
    ],
    [
      "both name and search",
      "/anything?key=dev-key&name=fox&search=fox",
      400,
      { code: "Bad request", message: "Give only one of name, search or id." },
    ],
    [
      "both name and id",
      "/anything?key=dev-key&name=fox&id=fixture-fox",
      400,
      { code: "Bad request", message: "Give only one of name, search or id." },
    ],
    [
      "no name, search or id",
      "/anything?key=dev-key&app=zoo",
      400,
      { code: "Bad request", message: "Give a name, search or id parameter." },
    ],
    [
      "an empty id",
      "/anything?key=dev-key&id=",
      400,
      { code: "Bad request", message: "The id parameter must not be empty." },
    ],
    [
      "a repeated id",
      "/anything?key=dev-key&id=a&id=b",
      400,
      { code: "Bad request", message: "The id parameter must be given once." },
    ],
    [
      "an empty name",
      "/anything?key=dev-key&name=",
      400,
      { code: "Bad request", message: "The name parameter must not be empty." },
    ],
    [
      "a blank search",
      "/anything?key=dev-key&search=%20%20",
      400,
      { code: "Bad request", message: "The search parameter must not be empty." },
    ],
    [
      "a repeated name",
      "/anything?key=dev-key&name=fox&name=owl",
      400,
      { code: "Bad request", message: "The name parameter must be given once." },
    ],
    [
      "an invalid fuzzy",
      "/anything?key=dev-key&name=fox&fuzzy=maybe",
      400,
      { code: "Bad request", message: "The fuzzy parameter must be true or false." },
    ],
    [
      "an empty fuzzy",
      "/anything?key=dev-key&search=fox&fuzzy=",
      400,
      { code: "Bad request", message: "The fuzzy parameter must be true or false." },
    ],
    ...["0", "-2", "1.5", "ten", "", "1e3"].map((n): [string, string, number, { code: string; message: string }] => [
      `maxResultNum=${n}`,
      `/anything?key=dev-key&search=mammals&maxResultNum=${n}`,
      400,
      { code: "Bad request", message: "The maxResultNum parameter must be a positive integer or -1 (all)." },
    ]),
    [
      "a repeated maxResultNum",
      "/anything?key=dev-key&search=fox&maxResultNum=1&maxResultNum=2",
      400,
      { code: "Bad request", message: "The maxResultNum parameter must be given once." },
    ],
    [
      "a 257-character name",
      `/anything?key=dev-key&name=${"a".repeat(257)}`,
      400,
      { code: "Bad request", message: "The name parameter must be at most 256 characters long." },
    ],
    [
      "an unknown path",
      "/elsewhere?key=dev-key&name=fox",
      404,
      { code: "Not found", message: "No such route: use /anything or /assets/." },
    ],
  ];
  it.each(cases)("answers %s with the exact status and body", async (_what, path, status, body) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.json).toEqual(body);
  });

  it("accepts a 256-character name (the limit is inclusive)", async () => {
    expect((await get(`/anything?key=dev-key&name=${"a".repeat(256)}`)).status).toBe(404);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    const res = await get("/anything?key=dev-key&name=fox", service, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.json).toEqual({ code: "Method not allowed", message: "Only GET requests are allowed." });
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await get("/anything?key=dev-key&name=fox", service, { method: "HEAD" });
    expect([res.status, res.text]).toEqual([200, ""]);
  });

  it("accepts only the configured keys, compared exactly", async () => {
    const keyed = await make({ apiKeys: ["alpha-key", "beta-key"] });
    expect((await get("/anything?key=beta-key&name=fox", keyed)).status).toBe(200);
    expect((await get("/anything?key=dev-key&name=fox", keyed)).status).toBe(403);
    expect((await get("/anything?key=beta-ke&name=fox", keyed)).status).toBe(403);
    expect((await get("/anything?key=beta-key-&name=fox", keyed)).status).toBe(403);
  });

  it("with allowAnonymous, accepts a missing key but still refuses a wrong one", async () => {
    const open = await make({ allowAnonymous: true });
    expect((await get("/anything?name=fox", open)).status).toBe(200);
    expect((await get("/anything?key=wrong&name=fox", open)).status).toBe(403);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once a key's bucket is empty, per key, until it refills", async () => {
    let now = NOW_MS;
    const limited = await make({
      rateLimit: { capacity: 2, refillPerSecond: 0.5 },
      apiKeys: ["k1", "k2"],
      now: () => now,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get("/anything?key=k1&name=fox", limited)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await get("/anything?key=k1&search=forest", limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.json).toEqual({ code: "Rate limit exceeded", message: "Too many requests: try again in 2 s." });
    expect((await get("/anything?key=k2&name=fox", limited)).status).toBe(200);
    now += 2000;
    expect((await get("/anything?key=k1&name=fox", limited)).status).toBe(200);
    expect((await get("/anything?key=k1&name=fox", limited)).status).toBe(429);
  });

  it("checks the key before spending a token: unknown keys get 403, not 429", async () => {
    const limited = await make({ rateLimit: { capacity: 1, refillPerSecond: 1 } });
    expect((await get("/anything?key=nope&name=fox", limited)).status).toBe(403);
    expect((await get("/anything?key=nope&name=fox", limited)).status).toBe(403);
    expect((await get("/anything?key=dev-key&name=fox", limited)).status).toBe(200);
  });
});

describe("CORS", () => {
  it("answers a preflight for GET from any origin", async () => {
    const res = await get("/anything?key=dev-key&name=fox", service, {
      method: "OPTIONS",
      headers: { origin: "https://game.example", "access-control-request-method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET,HEAD,OPTIONS,POST");
  });

  it("marks answers and errors as readable cross-origin, Retry-After exposed", async () => {
    for (const path of ["/anything?key=dev-key&name=fox", "/anything?name=fox"]) {
      const res = await get(path, service, { headers: { origin: "https://game.example" } });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toBe("Retry-After,ETag,Content-Length");
    }
  });
});

describe("options", () => {
  it("has one defaults constant", () => {
    expect(LOOKUP_SERVICE_DEFAULTS).toMatchObject({
      lookupPath: "anything",
      assetsPath: "assets",
      linkLifetimeSeconds: 3600,
      keyName: "menagerie",
      maxQueryLength: 256,
      apiKeys: ["dev-key"],
    });
  });

  it("serves another lookup path", async () => {
    const other = await make({ lookupPath: "lookup" });
    expect((await get("/lookup?key=dev-key&name=fox", other)).status).toBe(200);
    expect((await get("/anything?key=dev-key&name=fox", other)).status).toBe(404);
  });

  const bad: [string, Partial<LookupServiceOptions> & { catalogDir?: string }, string][] = [
    [
      "catalogDir",
      { catalogDir: "" },
      "catalogDir must be the path of a catalog folder (or set upstream for proxy mode)",
    ],
    [
      "lookupPath",
      { lookupPath: "a/b" },
      "lookupPath must be one URL path segment of letters, digits, '.', '_', '~' or '-', got \"a/b\"",
    ],
    ["assetsPath", { assetsPath: "anything" }, "assetsPath must differ from lookupPath"],
    ["linkLifetimeSeconds", { linkLifetimeSeconds: 0 }, "linkLifetimeSeconds must be a positive integer, got 0"],
    ["rateLimit.capacity", { rateLimit: { capacity: 1.5 } }, "rateLimit.capacity must be a positive integer, got 1.5"],
    [
      "apiKeys",
      { apiKeys: ["ok", " padded "] },
      "apiKeys must be an array of non-empty strings without surrounding spaces",
    ],
    ["upstream.url", { upstream: { url: "ftp://x.test" } }, 'upstream.url must use http or https, got "ftp:"'],
    [
      "keyName",
      { keyName: "a b" },
      "keyName must be a non-empty string of letters, digits, '.', '_', '~' or '-', got \"a b\"",
    ],
  ];
  it.each(bad)("names a bad %s", async (_name, options, message) => {
    const error = await make(options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isMenagerieError(error, "options")).toBe(true);
    expect((error as Error).message).toBe(message);
  });

  it("does not quote a bad API key in the message", async () => {
    const error = await make({ apiKeys: [" secret-with-space"] }).catch((e: Error) => e);
    expect(String(error)).not.toContain("secret-with-space");
  });
});
