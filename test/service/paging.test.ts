/** Paged search: maxResultNum, offset, the default cap, and a stable order across pages. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { createLookupService, LOOKUP_SERVICE_DEFAULTS, type LookupService } from "../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const MAMMALS = ["cat#0001", "cat#0002", "fox", "polar bear"];
let catalog: FixtureCatalog;
let service: LookupService;

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await createLookupService({ catalogDir: catalog.dir, rateLimit: false });
});
afterAll(() => catalog.remove());

async function get(query: string) {
  const res = await service.app.request(`/anything?key=dev-key&${query}`);
  const body = (await res.json()) as unknown;
  return { status: res.status, body };
}
const names = async (query: string) => ((await get(query)).body as { name: string }[]).map((r) => r.name);

describe("paged search", () => {
  it("walks every match in pages, in one stable order", async () => {
    const pages: string[] = [];
    for (let offset = 0; offset < 6; offset += 2)
      pages.push(...(await names(`search=mammals&maxResultNum=2&offset=${offset}`)));
    expect(pages).toEqual(MAMMALS);
    expect(await names("search=mammals&maxResultNum=3&offset=1")).toEqual(MAMMALS.slice(1));
    expect(await names("search=mammals&offset=3")).toEqual(MAMMALS.slice(3));
    expect(await names("search=mammals&maxResultNum=-1&offset=2")).toEqual(MAMMALS.slice(2));
    expect(await names("search=mammals&offset=4")).toEqual([]);
    expect(await names("search=mammals&offset=0")).toEqual(MAMMALS);
  });

  it("caps a search without maxResultNum at defaultMaxResultNum (100 unless configured)", async () => {
    expect(LOOKUP_SERVICE_DEFAULTS.defaultMaxResultNum).toBe(100);
    const capped = await createLookupService({ catalogDir: catalog.dir, rateLimit: false, defaultMaxResultNum: 3 });
    const res = await capped.app.request("/anything?key=dev-key&search=mammals");
    expect(((await res.json()) as { name: string }[]).map((r) => r.name)).toEqual(MAMMALS.slice(0, 3));
    const all = await capped.app.request("/anything?key=dev-key&search=mammals&maxResultNum=-1");
    expect(((await all.json()) as { name: string }[]).map((r) => r.name)).toEqual(MAMMALS);
  });

  it("refuses an offset that is not a non-negative integer", async () => {
    for (const offset of ["-1", "1.5", "x", "", "1e3"]) {
      expect(await get(`search=mammals&offset=${offset}`), offset).toEqual({
        status: 400,
        body: { code: "Bad request", message: "The offset parameter must be a non-negative integer." },
      });
    }
    expect((await get("search=mammals&offset=1&offset=2")).status).toBe(400);
  });
});

describe("the client's search paging", () => {
  let server: TestService;
  beforeAll(async () => {
    server = await startTestService({ catalogDir: catalog.dir });
  });
  afterAll(() => server.close());

  it("sends limit as maxResultNum and offset, and caches each page apart", async () => {
    const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key", retry: 0 });
    expect((await client.search("mammals", { limit: 2 })).map((r) => r.name)).toEqual(MAMMALS.slice(0, 2));
    expect((await client.search("mammals", { limit: 2, offset: 2 })).map((r) => r.name)).toEqual(MAMMALS.slice(2));
    expect((await client.search("mammals", { offset: 3 })).map((r) => r.name)).toEqual(MAMMALS.slice(3));
    expect(client.describeRequest({ search: "mammals", maxResultNum: "2", offset: "2" })).toContain("offset=2");
  });

  it("refuses an offset that is not a non-negative integer", async () => {
    const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key", retry: 0 });
    await expect(client.search("mammals", { offset: -1 })).rejects.toThrow(
      "offset must be a non-negative integer, got -1",
    );
  });
});
