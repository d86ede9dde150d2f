/**
 * `GET /names` over real HTTP: every model name from a catalog (the key as on the lookup path),
 * its bytes made once, forwarded and cached by a proxy, and read by the client's `names()`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { CatalogStore } from "../../src/service/catalogStore.js";
import { FIXTURE_SPECS } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const UPSTREAM_KEY = "upstream-secret-names-1";
const ALL_NAMES = FIXTURE_SPECS.map((s) => s.name).sort();
let upstream: TestService;
let proxy: TestService;
/** Every URL the proxy sent upstream. */
let sent: string[] = [];

beforeAll(async () => {
  upstream = await startTestService({ apiKeys: [UPSTREAM_KEY, "dev-key"] });
  const countingFetch: typeof fetch = (input, init) => {
    sent.push(String(input));
    return fetch(input, init);
  };
  proxy = await startTestService({ upstream: { url: upstream.url, key: UPSTREAM_KEY, fetch: countingFetch } });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});
beforeEach(() => {
  sent = [];
});

describe("GET /names from a catalog", () => {
  it("answers every model name, sorted, as JSON; the same bytes every time", async () => {
    const res = await fetch(`${upstream.url}/names?key=dev-key`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(ALL_NAMES);
    expect(ALL_NAMES).toContain("cat#0002");
    expect(await (await fetch(`${upstream.url}/names?key=dev-key&app=zoo`)).text()).toBe(text);
  });

  it("is made once per catalog: every answer is the one set of bytes", async () => {
    const store = await CatalogStore.load(upstream.catalog!.dir);
    expect(store.namesBytes()).toBe(store.namesBytes());
  });

  it("asks for the key as the lookup path does, and refuses other methods", async () => {
    const missing = await fetch(`${upstream.url}/names`);
    expect([missing.status, await missing.json()]).toEqual([401, { code: "Missing key", message: expect.any(String) }]);
    const wrong = await fetch(`${upstream.url}/names?key=nope`);
    expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([403, "Invalid key"]);
    const post = await fetch(`${upstream.url}/names?key=dev-key`, { method: "POST" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
  });
});

describe("GET /names through a proxy", () => {
  it("forwards with the server's key and caches the answer", async () => {
    const first = await fetch(`${proxy.url}/names`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(ALL_NAMES);
    expect(await (await fetch(`${proxy.url}/names`)).json()).toEqual(ALL_NAMES);
    expect(sent).toEqual([`${upstream.url}/names?key=${UPSTREAM_KEY}`]);
  });
});

describe("client.names()", () => {
  it("reads the list, validated, once while the cache holds it, keyless through a proxy too", async () => {
    const c = createLookupClient({ baseUrl: upstream.url, apiKey: "dev-key", retry: 0 });
    expect(await c.names()).toEqual(ALL_NAMES);
    const mine = await c.names();
    mine.pop(); // a copy: the cached list stays whole
    expect(await c.names()).toEqual(ALL_NAMES);
    expect(await createLookupClient({ baseUrl: proxy.url, retry: 0 }).names()).toEqual(ALL_NAMES);
  });

  it("rejects an answer that is not a list of strings, and a service without the route, keyless in the error", async () => {
    const fake =
      (body: string, status = 200): typeof fetch =>
      async () =>
        new Response(body, { status, headers: { "content-type": "application/json" } });
    const bad = createLookupClient({ baseUrl: upstream.url, apiKey: "k-123", retry: 0, fetch: fake("[1, 2]") });
    const error = await bad.names().catch((e: unknown) => e);
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect((error as Error).message).toContain("Invalid names answer");
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain("k-123");
    const none = createLookupClient({ baseUrl: upstream.url, retry: 0, fetch: fake('{"code":"Not found"}', 404) });
    await expect(none.names()).rejects.toThrow(/No names route/);
  });

  it("stops at its signal", async () => {
    const c = createLookupClient({ baseUrl: upstream.url, apiKey: "dev-key", retry: 0 });
    const controller = new AbortController();
    controller.abort(new Error("left the page"));
    await expect(c.names({ signal: controller.signal })).rejects.toThrow("left the page");
  });
});
