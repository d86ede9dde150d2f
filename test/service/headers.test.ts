/** Security and cache headers of every answer, through `app.request()` (no socket). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { createLookupService, type LookupService } from "../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

const NOW_MS = 1_800_000_000_400;
let catalog: FixtureCatalog;
let service: LookupService;

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await createLookupService({ catalogDir: catalog.dir, now: () => NOW_MS, rateLimit: false });
});
afterAll(() => catalog.remove());

describe("headers", () => {
  it("sends X-Content-Type-Options: nosniff with answers, errors, assets and preflights", async () => {
    const fox = ModelRecordSchema.parse(await (await service.app.request("/anything?key=dev-key&name=fox")).json());
    const requests: [string, RequestInit?][] = [
      ["/anything?key=dev-key&name=fox"],
      ["/anything?key=dev-key&search=forest"],
      ["/anything?key=dev-key&name=qqqqqqqq&fuzzy=false"],
      ["/anything?name=fox"],
      ["/anything?key=wrong&name=fox"],
      ["/nothing"],
      [fox.model.parts["body"]!],
      [fox.model.parts["body"]!.replace("Signature=", "Signature=x")],
      ["/anything", { method: "POST" }],
      [
        "/anything",
        { method: "OPTIONS", headers: { origin: "https://a.test", "access-control-request-method": "GET" } },
      ],
    ];
    for (const [path, init] of requests) {
      const res = await service.app.request(path, init);
      expect([path, res.headers.get("x-content-type-options")]).toEqual([path, "nosniff"]);
    }
  });

  it("lets a lookup answer be cached privately until a margin before its first link expires", async () => {
    // Links expire on the 300 s bucket boundary at or after 3 600 s from now (+3 899.6 s, as
    // 0.4 s of a bucket has passed); the margin is 60 s.
    for (const path of ["/anything?key=dev-key&name=fox", "/anything?key=dev-key&search=forest"]) {
      const res = await service.app.request(path);
      expect([path, res.headers.get("cache-control")]).toEqual([path, "private, max-age=3839"]);
    }
    const custom = await createLookupService({
      catalogDir: catalog.dir,
      now: () => NOW_MS,
      linkLifetimeSeconds: 600,
      cacheMarginSeconds: 100,
    });
    expect((await custom.app.request("/anything?key=dev-key&name=fox")).headers.get("cache-control")).toBe(
      "private, max-age=799",
    );
  });

  it("marks error answers as not to be stored", async () => {
    for (const path of ["/anything?key=dev-key&name=qqqqqqqq&fuzzy=false", "/anything?name=fox", "/nothing"]) {
      const res = await service.app.request(path);
      expect([path, res.status >= 400, res.headers.get("cache-control")]).toEqual([path, true, "no-store"]);
    }
  });
});
