/** Bucketed link expiry: links live at least their lifetime, answers of one bucket are the same bytes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { listAssetUrls } from "../../src/records/signedUrl.js";
import { createLookupService, type LookupService } from "../../src/service/index.js";
import { bucketedExpiry } from "../../src/service/linkExpiry.js";
import { verifySignedUrl } from "../../src/service/signing.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

/** On a 300 s boundary, so the steps below land at known places in a bucket. */
const START_MS = 1_800_000_000_000;
const KEYS = [{ keyName: "menagerie", secret: "bucket-signing-key-of-32-bytes!!" }];
let catalog: FixtureCatalog;
let nowMs = START_MS;
let service: LookupService;

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await createLookupService({
    catalogDir: catalog.dir,
    signingKey: "bucket-signing-key-of-32-bytes!!",
    now: () => nowMs,
    rateLimit: false,
    linkLifetimeSeconds: 600,
  });
});
afterAll(() => catalog.remove());

async function text(path: string): Promise<string> {
  const res = await service.app.request(path);
  expect(res.status).toBe(200);
  return res.text();
}

/** The earliest Expires of every link in a name answer. */
async function earliestExpires(path: string): Promise<number> {
  const urls = listAssetUrls(ModelRecordSchema.parse(JSON.parse(await text(path))));
  expect(urls.length).toBeGreaterThan(0);
  return Math.min(...urls.map((u) => Number(new URL(u).searchParams.get("Expires"))));
}

describe("bucketedExpiry", () => {
  it("rounds up to the next bucket boundary, never below the lifetime", () => {
    expect(bucketedExpiry(1_000_000, 600, 300)).toBe(1_800);
    expect(bucketedExpiry(1_000_001, 600, 300)).toBe(1_800);
    expect(bucketedExpiry(1_200_000, 600, 300)).toBe(1_800);
    expect(bucketedExpiry(1_200_001, 600, 300)).toBe(2_100);
    expect(bucketedExpiry(1_000_500, 60, 1)).toBe(1_061);
  });
});

describe("bucketed signing", () => {
  it("answers identical lookups within a bucket with the same bytes", async () => {
    nowMs = START_MS + 1_000;
    const first = await text("/anything?key=dev-key&name=fox");
    nowMs = START_MS + 299_000;
    expect(await text("/anything?key=dev-key&name=FOX")).toBe(first);
    expect(await text("/anything?key=dev-key&search=forest")).toContain(JSON.parse(first).model.parts.body);
    nowMs = START_MS + 300_001;
    expect(await text("/anything?key=dev-key&name=fox")).not.toBe(first);
  });

  it("never serves links that live less than the configured lifetime, at any point of a bucket", async () => {
    // Every second of two buckets and the milliseconds around each boundary: the memo of signed
    // answers is warm, so a stale cached answer would show here.
    const steps: number[] = [];
    for (let s = 0; s <= 600; s += 7) steps.push(s * 1000);
    for (const edge of [300_000, 600_000]) steps.push(edge - 1, edge, edge + 1);
    for (const step of steps.sort((a, b) => a - b)) {
      nowMs = START_MS + step;
      for (const path of ["/anything?key=dev-key&name=fox", "/anything?key=dev-key&name=barn%20owl"]) {
        const expires = await earliestExpires(path);
        expect(expires * 1000 - nowMs, `${path} at +${step} ms`).toBeGreaterThanOrEqual(600_000);
        expect(expires * 1000 - nowMs, `${path} at +${step} ms`).toBeLessThan(900_000);
        expect(expires % 300).toBe(0);
      }
    }
  });

  it("signs links that verify until their bucketed expiry", async () => {
    nowMs = START_MS + 42_000;
    const record = ModelRecordSchema.parse(JSON.parse(await text("/anything?key=dev-key&name=fox")));
    const url = record.model.parts["body"]!;
    const expires = Number(new URL(url).searchParams.get("Expires"));
    expect(verifySignedUrl(url, { keys: KEYS, now: () => expires * 1000 - 1 }).valid).toBe(true);
    expect(verifySignedUrl(url, { keys: KEYS, now: () => expires * 1000 })).toEqual({
      valid: false,
      reason: "expired",
    });
  });

  it("caps the bucket at the lifetime, and takes a bucket of 1 s for exact expiry", async () => {
    const short = await createLookupService({
      catalogDir: catalog.dir,
      now: () => START_MS + 400,
      linkLifetimeSeconds: 60,
    });
    const body = await (await short.app.request("/anything?key=dev-key&name=fox")).json();
    expect(ModelRecordSchema.parse(body).model.parts["body"]).toContain(`Expires=${START_MS / 1000 + 120}&`);
    const exact = await createLookupService({
      catalogDir: catalog.dir,
      now: () => START_MS + 400,
      linkBucketSeconds: 1,
    });
    const record = ModelRecordSchema.parse(await (await exact.app.request("/anything?key=dev-key&name=fox")).json());
    expect(record.model.parts["body"]).toContain(`Expires=${START_MS / 1000 + 3601}&`);
  });

  it("keeps each link origin's signed answer apart, however the origins alternate", async () => {
    const proxied = await createLookupService({
      catalogDir: catalog.dir,
      now: () => START_MS + 5_000,
      trustProxyHeaders: true,
      rateLimit: false,
    });
    const from = async (host: string) =>
      (await proxied.app.request("/anything?key=dev-key&name=fox", { headers: { "x-forwarded-host": host } })).text();
    const first: Record<string, string> = {};
    for (const host of ["a.test", "b.test", "c.test", "d.test", "e.test"]) first[host] = await from(host);
    for (const host of ["e.test", "a.test", "c.test", "b.test", "a.test"]) {
      const body = await from(host);
      expect(body).toBe(first[host]);
      const links = listAssetUrls(ModelRecordSchema.parse(JSON.parse(body)));
      expect(links.every((link) => link.startsWith(`http://${host}/assets/`))).toBe(true);
    }
  });

  it("refuses a bucket that is not a positive integer", async () => {
    await expect(createLookupService({ catalogDir: catalog.dir, linkBucketSeconds: 0 })).rejects.toThrow(
      "linkBucketSeconds must be a positive integer, got 0",
    );
  });
});
