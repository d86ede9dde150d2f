/**
 * A search that finds nothing, over real HTTP: 404 with the real service's error shape
 * (`{ code: "Model not found", message }`, the 404 its official Python client's test
 * `test_sync_404_on_find` expects), as a proxy passes it on; a name that finds nothing stays
 * the documented 404; and the client reads both as "none" (`[]`, `null`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const SEARCH_NOT_FOUND = { code: "Model not found", message: "No model matches this search." };
const NAME_NOT_FOUND = { code: "Model not found", message: "No model matches this name." };
let service: TestService;
let proxy: TestService;

beforeAll(async () => {
  service = await startTestService();
  proxy = await startTestService({ upstream: { url: service.url, key: "dev-key" } });
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

async function get(base: string, query: string) {
  const res = await fetch(`${base}/anything?${query}`);
  return { status: res.status, body: (await res.json()) as unknown, cache: res.headers.get("cache-control") };
}

describe("a lookup with no result", () => {
  it("answers a search 404 Model not found, not 200 []", async () => {
    expect(await get(service.url, "key=dev-key&search=ararate")).toEqual({
      status: 404,
      body: SEARCH_NOT_FOUND,
      cache: "no-store",
    });
    expect(await get(service.url, "key=dev-key&search=mammels&fuzzy=false")).toMatchObject({ status: 404 });
  });

  it("keeps a page past the last match of a search that found some an empty page", async () => {
    expect(await get(service.url, "key=dev-key&search=mammals&offset=40")).toMatchObject({ status: 200, body: [] });
  });

  it("answers a name 404 as documented", async () => {
    expect(await get(service.url, "key=dev-key&name=zebra")).toMatchObject({ status: 404, body: NAME_NOT_FOUND });
  });

  it("passes through a proxy as the upstream said it", async () => {
    expect(await get(proxy.url, "search=ararate")).toMatchObject({ status: 404, body: SEARCH_NOT_FOUND });
  });

  it("reads as none in the client: [] for a search, null for a name", async () => {
    for (const base of [service.url, proxy.url]) {
      const client = createLookupClient({ baseUrl: base, apiKey: "dev-key", retry: 0 });
      expect(await client.search("ararate")).toEqual([]);
      expect(await client.getModel("zebra")).toBeNull();
    }
  });
});
