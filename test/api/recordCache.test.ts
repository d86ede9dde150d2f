import { describe, expect, it } from "vitest";
import { RecordCache } from "../../src/api/recordCache.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";

/** Unix seconds the tests start at. */
const T0 = 1_700_000_000;

function record(name: string, expires: number): ModelRecord {
  return ModelRecordSchema.parse(makeRecord(name, expires));
}

/** A record whose links carry no `Expires`. */
function unsigned(name: string): ModelRecord {
  return ModelRecordSchema.parse(JSON.parse(JSON.stringify(makeRecord(name)).replace(/\?Expires=[^"]*/g, "")));
}

/** A cache with a clock the test moves, a 60 s link margin and a 300 s maximum age. */
function cache() {
  const clock = { ms: T0 * 1000 };
  const records = new RecordCache({ linkMarginSeconds: 60, maxAgeMs: 300_000, now: () => clock.ms });
  return { clock, records };
}

describe("RecordCache", () => {
  it("keeps an answer without signed links for maxAgeMs", () => {
    const { clock, records } = cache();
    const fox = unsigned("fox");
    expect(records.freshUntil([fox])).toBe(T0 * 1000 + 300_000);
    records.set("name=fox", [fox]);
    clock.ms = T0 * 1000 + 299_999;
    expect(records.get("name=fox")).toEqual([fox]);
    clock.ms = T0 * 1000 + 300_000;
    expect(records.get("name=fox")).toBeUndefined();
    expect(records.size).toBe(0);
  });

  it("serves an answer until its earliest link is within the margin of expiring", () => {
    const { clock, records } = cache();
    const answer = [record("fox", T0 + 200), record("owl", T0 + 100), unsigned("cat")];
    expect(records.freshUntil(answer)).toBe((T0 + 100 - 60) * 1000);
    records.set("q=forest", answer);
    clock.ms = (T0 + 40) * 1000 - 1;
    expect(records.get("q=forest")).toBe(answer);
    clock.ms = (T0 + 40) * 1000;
    expect(records.get("q=forest")).toBeUndefined();
    expect(records.size).toBe(0);
  });

  it("counts every link of a record, rigged GLBs included", () => {
    const { records } = cache();
    const raw = makeRiggedRecord("horse", T0 + 3600);
    raw.model.rig.animations.walk.GLB = raw.model.rig.animations.walk.GLB.replace(
      `Expires=${T0 + 3600}`,
      `Expires=${T0 + 90}`,
    );
    expect(records.freshUntil([ModelRecordSchema.parse(raw)])).toBe((T0 + 30) * 1000);
  });

  it("does not keep an answer whose links are already inside the margin, and drops the old one", () => {
    const { records } = cache();
    records.set("name=fox", [record("fox", T0 + 3600)]);
    expect(records.size).toBe(1);
    records.set("name=fox", [record("fox", T0 + 60)]);
    expect(records.size).toBe(0);
    expect(records.get("name=fox")).toBeUndefined();
    records.set("name=owl", [record("owl", T0 + 61)]);
    expect(records.size).toBe(1);
  });

  it("caches an empty answer for maxAgeMs", () => {
    const { records } = cache();
    expect(records.freshUntil([])).toBe(T0 * 1000 + 300_000);
    records.set("q=nothing", []);
    expect(records.get("q=nothing")).toEqual([]);
  });

  it("replaces a refreshed record in every answer that holds it, with the new freshness", () => {
    const { clock, records } = cache();
    const oldFox = record("fox", T0 + 100);
    const owl = record("owl", T0 + 3600);
    records.set("name=fox", [oldFox]);
    records.set("q=forest", [owl, oldFox]);
    records.set("name=owl", [owl]);
    const newFox = record("fox", T0 + 7200);
    records.replace("fox", newFox);
    expect(records.get("name=fox")).toEqual([newFox]);
    expect(records.get("q=forest")).toEqual([owl, newFox]);
    expect(records.get("name=owl")).toEqual([owl]);
    clock.ms = (T0 + 200) * 1000; // past the old fox's expiry: the answers now last as the new one does
    expect(records.get("name=fox")).toEqual([newFox]);
    expect(records.get("q=forest")).toEqual([owl, newFox]);
  });

  it("drops the answers that held a record that no longer exists, or whose renewal is stale", () => {
    const { records } = cache();
    records.set("name=fox", [record("fox", T0 + 3600)]);
    records.set("q=forest", [record("owl", T0 + 3600), record("fox", T0 + 3600)]);
    records.set("name=owl", [record("owl", T0 + 3600)]);
    records.replace("fox", null);
    expect([records.get("name=fox"), records.get("q=forest"), records.size]).toEqual([undefined, undefined, 1]);
    records.replace("owl", record("owl", T0 + 30));
    expect(records.size).toBe(0);
  });

  it("forgets everything on clear", () => {
    const { records } = cache();
    records.set("a", [unsigned("fox")]);
    records.set("b", [unsigned("owl")]);
    records.clear();
    expect([records.size, records.get("a"), records.get("b")]).toEqual([0, undefined, undefined]);
  });
});
