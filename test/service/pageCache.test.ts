/**
 * Search pages kept for their link bucket: the second ask of a page within one bucket is the
 * first ask's bytes, built from nothing (counted: every record a page serialises goes through
 * `CatalogStore.recordBytes`, as the pageBody tests count); a new bucket gives new links; the
 * cache is bounded; it serves every key alike but only after the key is checked; its links
 * still expire.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { CatalogEntry } from "../../src/catalog/catalogFormat.js";
import { CatalogStore } from "../../src/service/catalogStore.js";
import { PAGE_CACHE_LIMITS, PageCache } from "../../src/service/pageCache.js";
import type { FixtureCatalog } from "../helpers/serviceCatalog.js";
import { writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

/** Records tagged "herd": more than a default page, and more than the cache keeps pages of one. */
const HERD = PAGE_CACHE_LIMITS.maxPages + 4;
/** On a 300 s bucket boundary. */
const START_MS = 1_800_000_000_000;
const LIFETIME_S = 600;

let catalog: FixtureCatalog;
let service: TestService;
let nowMs = START_MS + 1_000;
const serialised = vi.spyOn(CatalogStore.prototype, "recordBytes");

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  const template = catalog.records[0]!;
  const herd: CatalogEntry[] = Array.from({ length: HERD }, (_, i) => ({
    ...template,
    _id: `herd-${i}`,
    name: `herd beast ${String(i).padStart(4, "0")}`,
    tags: ["herd"],
  }));
  const records = [...catalog.records, ...herd];
  await writeFile(join(catalog.dir, "catalog.json"), JSON.stringify({ version: 1, generator: "test", records }));
  service = await startTestService({
    catalogDir: catalog.dir,
    apiKeys: ["alpha-key", "beta-key"],
    now: () => nowMs,
    linkLifetimeSeconds: LIFETIME_S,
  });
});
afterAll(async () => {
  serialised.mockRestore();
  await service?.close();
  await catalog?.remove();
});
afterEach(() => {
  nowMs += 300_000;
});

/** GET `path`: status, body, framing, and how many records the service serialised for it. */
async function ask(path: string) {
  const before = serialised.mock.calls.length;
  const res = await fetch(`${service.url}${path}`);
  const body = await res.text();
  return {
    status: res.status,
    body,
    length: res.headers.get("content-length"),
    serialised: serialised.mock.calls.length - before,
  };
}

const HERD_PAGE = "/anything?key=alpha-key&search=herd";

describe("a search page kept for its link bucket", () => {
  it("answers the second ask of a page within the bucket with the same bytes, serialising nothing", async () => {
    const first = await ask(HERD_PAGE);
    expect(first.status).toBe(200);
    // The default page of 100 records, built and streamed a piece at a time.
    expect(JSON.parse(first.body)).toHaveLength(100);
    expect(first.serialised).toBe(100);
    expect(first.length).toBeNull();
    nowMs += 200_000;
    const second = await ask(HERD_PAGE);
    expect(second.body).toBe(first.body);
    expect(second.serialised).toBe(0);
    // Kept whole, it goes out whole.
    expect(second.length).toBe(String(Buffer.byteLength(second.body)));
    // A one-piece page is kept too.
    const small = await ask("/anything?key=alpha-key&search=icescape");
    expect(small.serialised).toBe(1);
    expect(await ask("/anything?key=alpha-key&search=icescape")).toMatchObject({ body: small.body, serialised: 0 });
  });

  it("gives new links in a new bucket", async () => {
    const first = await ask(HERD_PAGE);
    const expires = (body: string) => Number(/Expires=(\d+)/.exec(body)![1]);
    nowMs += 300_000;
    const next = await ask(HERD_PAGE);
    expect(next.serialised).toBe(100);
    expect(next.body).not.toBe(first.body);
    expect(expires(next.body)).toBe(expires(first.body) + 300);
  });

  it("keeps at most maxPages pages, the least recently asked going first", async () => {
    const page = (offset: number) => `/anything?key=alpha-key&search=herd&maxResultNum=1&offset=${offset}`;
    for (let offset = 0; offset <= PAGE_CACHE_LIMITS.maxPages; offset++) {
      expect((await ask(page(offset))).serialised).toBe(1);
    }
    // The newest is kept; the oldest was dropped for it, and is built again.
    expect((await ask(page(PAGE_CACHE_LIMITS.maxPages))).serialised).toBe(0);
    expect((await ask(page(0))).serialised).toBe(1);
  });

  it("serves one page to every key, only after the key is checked", async () => {
    const alpha = await ask(HERD_PAGE);
    const beta = await ask(HERD_PAGE.replace("alpha-key", "beta-key"));
    // Answers do not depend on the key: the same records and links for both.
    expect(beta).toMatchObject({ status: 200, body: alpha.body, serialised: 0 });
    const wrong = await ask(HERD_PAGE.replace("alpha-key", "gamma-key"));
    expect(wrong.status).toBe(403);
    expect(wrong.body).not.toContain("herd");
    const none = await ask(HERD_PAGE.replace("key=alpha-key&", ""));
    expect(none.status).toBe(401);
    expect(none.body).not.toContain("herd");
  });

  it("hands out links that still expire", async () => {
    const page = JSON.parse((await ask(HERD_PAGE)).body) as { model: { parts: Record<string, string> } }[];
    const link = Object.values(page[0]!.model.parts)[0]!;
    const expires = Number(new URL(link).searchParams.get("Expires"));
    expect((await fetch(link)).status).toBe(200);
    nowMs = expires * 1000;
    expect((await fetch(link)).status).toBe(403);
  });
});

describe("PageCache", () => {
  const bytes = (n: number) => new Uint8Array(n);

  it("keeps no page longer than maxPageBytes, and no more than maxBytes in all", () => {
    const cache = new PageCache({ maxPages: 10, maxBytes: 100, maxPageBytes: 60 });
    cache.set("long", 1, bytes(61));
    expect(cache.get("long", 1)).toBeUndefined();
    cache.set("a", 1, bytes(50));
    cache.set("b", 1, bytes(40));
    expect(cache.get("a", 1)).toBeDefined();
    // "a" was asked last: "b" goes first.
    cache.set("c", 1, bytes(30));
    expect(cache.get("b", 1)).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
  });

  it("forgets every page when the bucket changes", () => {
    const cache = new PageCache({ maxPages: 10, maxBytes: 100, maxPageBytes: 60 });
    cache.set("a", 1, bytes(10));
    expect(cache.get("a", 2)).toBeUndefined();
    cache.set("b", 2, bytes(10));
    expect(cache.get("a", 1)).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([1, 10]);
  });
});
