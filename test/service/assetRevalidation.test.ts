/**
 * What a browser's asset cache needs from the asset route, over real HTTP on 127.0.0.1: a
 * freshly signed link of an unchanged file answers 304 to its ETag; the preflight a
 * cross-origin `If-None-Match` needs (it is no CORS-safelisted header) is allowed without a
 * signature or a file read; the 304 is readable cross-origin; a refused link stays refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const START_MS = 1_800_000_000_000;
let nowMs = START_MS;
let server: TestService;

async function lookupFox(): Promise<ModelRecord> {
  return ModelRecordSchema.parse(await (await fetch(`${server.url}/anything?key=dev-key&name=fox`)).json());
}

beforeAll(async () => {
  server = await startTestService({ now: () => nowMs });
});
afterAll(() => server.close());

const ORIGIN = "https://game.example";

describe("revalidating an asset on a freshly signed link", () => {
  it("answers 304 with no body, readable cross-origin, with the ETag exposed", async () => {
    const first = (await lookupFox()).model.parts["body"]!;
    const etag = (await fetch(first)).headers.get("etag")!;
    nowMs += 30_000;
    const fresh = (await lookupFox()).model.parts["body"]!;
    expect(fresh).not.toBe(first);
    const res = await fetch(fresh, { headers: { origin: ORIGIN, "if-none-match": etag } });
    expect([res.status, await res.text(), res.headers.get("etag")]).toEqual([304, "", etag]);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")?.toLowerCase().split(",")).toContain("etag");
  });

  it("allows the preflight of a cross-origin If-None-Match, for any asset path, without touching a file", async () => {
    const signed = (await lookupFox()).model.parts["body"]!;
    for (const url of [signed, `${server.url}/assets/fox/no-such-file.obj`]) {
      const res = await fetch(url, {
        method: "OPTIONS",
        headers: {
          origin: ORIGIN,
          "access-control-request-method": "GET",
          "access-control-request-headers": "if-none-match",
        },
      });
      expect([res.status, res.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
      expect(res.headers.get("access-control-allow-methods")?.split(",")).toContain("GET");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase().split(",")).toContain("if-none-match");
      expect(await res.text()).toBe("");
    }
  });

  it("still refuses a tampered or expired link that asks with the right ETag, and names no ETag", async () => {
    const url = (await lookupFox()).model.parts["head"]!;
    const etag = (await fetch(url)).headers.get("etag")!;
    const tampered = url.replace(/Signature=[^&]+/, "Signature=AAAA");
    const refused = await fetch(tampered, { headers: { "if-none-match": etag } });
    expect([refused.status, refused.headers.get("etag")]).toEqual([403, null]);
    nowMs += 2 * 3600 * 1000;
    const expired = await fetch(url, { headers: { "if-none-match": etag } });
    expect([expired.status, expired.headers.get("etag")]).toEqual([403, null]);
  });
});
