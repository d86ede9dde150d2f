/**
 * The client's cache and in-flight sharing, key by key: which calls may share an answer and which
 * must not (search pages, look-alike names), with the cache on and off, and the reports of
 * skipped records heard by every sharer. Real HTTP on 127.0.0.1; counts of requests, no clock.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient, type InvalidRecordReport, type LookupClientOptions } from "../../src/api/client.js";
import { createTestServer, sendJson, type TestServer } from "../helpers/httpServer.js";
import { makeRecord } from "../helpers/records.js";

/** Answers each lookup with the record(s) named by its query, so a wrong cache hit shows. */
let server: TestServer;

beforeEach(async () => {
  server = await createTestServer((_req, res, { query }) => {
    const search = query.get("search");
    if (search === "mixed") {
      sendJson(res, 200, [makeRecord("fox"), { name: "broken" }]);
      return;
    }
    if (search !== null) {
      const offset = Number(query.get("offset") ?? 0);
      sendJson(res, 200, [makeRecord(`${search}-${offset}`), makeRecord(`${search}-${offset + 1}`)]);
      return;
    }
    const name = query.get("name") ?? `by-id-${query.get("id")}`;
    sendJson(res, 200, { ...makeRecord(name), _id: `${name}/${query.get("fuzzy") ?? "-"}/${server.count()}` });
  });
});

afterEach(async () => {
  await server.close();
});

const client = (options: Partial<LookupClientOptions> = {}) =>
  createLookupClient({ baseUrl: server.url, apiKey: "sk_cache_5e1d", ...options });

describe("cache keys", () => {
  it("keeps look-alike lookups apart: name+fuzzy, name and id, search query+limit+offset", async () => {
    const c = client();
    expect((await c.getModel("fox", { fuzzy: true }))?.name).toBe("fox");
    expect((await c.getModel("foxtrue"))?.name).toBe("foxtrue");
    expect((await c.getModel("fox", { fuzzy: false }))?.name).toBe("fox");
    expect((await c.getModelById("fox"))?.name).toBe("by-id-fox");
    expect((await c.search("owl")).map((r) => r.name)).toEqual(["owl-0", "owl-1"]);
    expect((await c.search("owl", { offset: 1 })).map((r) => r.name)).toEqual(["owl-1", "owl-2"]);
    expect((await c.search("owl", { limit: 1 })).map((r) => r.name)).toEqual(["owl-0"]);
    expect((await c.search("owl1")).map((r) => r.name)).toEqual(["owl1-0", "owl1-1"]);
    expect(server.count()).toBe(8);
  });

  it("serves a repeated search from the cache, as a copy the caller may change", async () => {
    const c = client();
    const first = await c.search("owl", { offset: 2 });
    first.pop();
    const again = await c.search("owl", { offset: 2 });
    expect(again.map((r) => r.name)).toEqual(["owl-2", "owl-3"]);
    expect(server.count()).toBe(1);
  });

  it("asks again for every call with the cache off: names, ids, searches, refreshes", async () => {
    const c = client({ cache: false });
    const fox = (await c.getModel("fox"))!;
    await c.getModel("fox");
    await c.getModelById("fox");
    await c.getModelById("fox");
    await c.search("owl");
    await c.search("owl");
    await c.refresh(fox);
    await c.getModel("fox", { fuzzy: false }); // what a refresh would have cached
    expect(server.count()).toBe(8);
  });

  it("caches what refresh fetched under the exact-name lookup", async () => {
    const c = client();
    const fox = (await c.getModel("fox"))!;
    const fresh = await c.refresh(fox);
    expect(fresh?._id).toBe("fox/false/2");
    expect((await c.getModel("fox", { fuzzy: false }))?._id).toBe("fox/false/2");
    expect((await c.getModel("fox"))?._id).toBe("fox/false/2"); // the older entry, replaced
    expect(server.count()).toBe(2);
  });
});

describe("cache keys, continued", () => {
  it("keeps limit and offset apart (1 and 23 is not 12 and 3)", async () => {
    const c = client();
    expect((await c.search("owl", { limit: 1, offset: 23 })).map((r) => r.name)).toEqual(["owl-23"]);
    expect((await c.search("owl", { limit: 12, offset: 3 })).map((r) => r.name)).toEqual(["owl-3", "owl-4"]);
    expect(server.count()).toBe(2);
  });

  it("asks again after clearCache", async () => {
    const c = client();
    await c.getModel("fox");
    await c.getModel("fox");
    c.clearCache();
    await c.getModel("fox");
    expect(server.count()).toBe(2);
  });
});

describe("reports of skipped records", () => {
  it("reach each sharer's own callback, and a call without one is fine", async () => {
    const c = client({ cache: false });
    const heard: [string, InvalidRecordReport][] = [];
    const [a, b, plain] = await Promise.all([
      c.search("mixed", { onInvalidRecord: (r) => heard.push(["a", r]) }),
      c.search("mixed", { onInvalidRecord: (r) => heard.push(["b", r]) }),
      c.search("mixed"),
    ]);
    expect(server.count()).toBe(1);
    expect([a, b, plain].map((records) => records.map((r) => r.name))).toEqual([["fox"], ["fox"], ["fox"]]);
    expect(heard.map(([who, r]) => [who, r.index, r.name])).toEqual([
      ["a", 1, "broken"],
      ["b", 1, "broken"],
    ]);
  });
});
