import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import {
  areLinksValid,
  assetFileName,
  getRecordExpiry,
  getUrlExpiry,
  listAssetUrls,
} from "../../src/records/signedUrl.js";
import { makeRecord, makeRiggedRecord, signedUrl } from "../helpers/records.js";

/** The files a rigged record links, each once, in the order listAssetUrls gives them. */
const RIGGED_FILES = ["reference.png", "idle.glb", "walk.glb", "run.glb", "model.glb", "model.fbx", "thumbnail.png"];

describe("signed links", () => {
  it("reads Expires from a signed URL", () => {
    expect(getUrlExpiry("https://cdn.test/a.obj?Expires=1700000000&KeyName=k&Signature=ab_-")).toBe(1700000000);
    expect(getUrlExpiry("https://cdn.test/a.obj?KeyName=k&Signature=ab&Expires=42")).toBe(42);
  });

  it("has no expiry for unsigned or malformed links", () => {
    expect(getUrlExpiry("https://cdn.test/a.obj")).toBeUndefined();
    expect(getUrlExpiry("https://cdn.test/a.obj?Expires=soon")).toBeUndefined();
    expect(getUrlExpiry("https://cdn.test/a.obj?Expires=")).toBeUndefined();
  });

  it("reads Expires only as whole digits before any fragment, around spaces", () => {
    const at = (expires: string) => getUrlExpiry(`https://cdn.test/a.obj?Expires=${expires}&Signature=s`);
    expect([at("12x"), at("x12"), at("%2012%20"), at("1.5")]).toEqual([undefined, undefined, 12, undefined]);
    expect(getUrlExpiry("https://cdn.test/a.obj#frag?Expires=12")).toBeUndefined();
    expect(getUrlExpiry("https://cdn.test/a.obj?Expires=12#frag")).toBe(12);
  });

  it("reads Expires when the signature holds '/' and '+' (plain base64)", () => {
    expect(getUrlExpiry("https://cdn.test/x/a.obj?Expires=99&KeyName=k&Signature=a/b+c=")).toBe(99);
  });

  it("takes the earliest expiry of a record's links", () => {
    const raw = makeRecord("fox", 2000);
    raw.model.other.texture.push(signedUrl("http://cdn.test", "fox/late.png", 1500));
    const record = ModelRecordSchema.parse(raw);
    expect(listAssetUrls(record)).toHaveLength(7);
    expect(getRecordExpiry(record)).toBe(1500);
  });

  it("lists a rigged record's clips, formats and thumbnails, each once, and counts them for expiry", () => {
    const raw = makeRiggedRecord("horse", 2000);
    raw.model.rig.animations.walk.GLB = signedUrl("http://cdn.test", "horse/walk.glb", 1200);
    const record = ModelRecordSchema.parse(raw); // run's glb is also its GLB now: still one URL
    expect(listAssetUrls(record).map(assetFileName)).toEqual(RIGGED_FILES);
    expect(getRecordExpiry(record)).toBe(1200);
  });

  it("lists no link for a clip the record gives as null", () => {
    const raw = makeRiggedRecord("horse", 2000) as { model: { rig: { animations: Record<string, unknown> } } };
    raw.model.rig.animations.sleep = null;
    const record = ModelRecordSchema.parse(raw);
    expect(listAssetUrls(record).map(assetFileName)).toEqual(RIGGED_FILES);
  });

  it("tells whether links stay valid for a margin", () => {
    const record = ModelRecordSchema.parse(makeRecord("fox", 1000));
    expect(areLinksValid(record, 60, 900_000)).toBe(true); // 100 s left
    expect(areLinksValid(record, 60, 940_000)).toBe(true); // exactly 60 s left
    expect(areLinksValid(record, 60, 941_000)).toBe(false); // 59 s left
    expect(areLinksValid(record, 0, 1_001_000)).toBe(false); // expired
  });

  it("treats a record without signed links as always valid", () => {
    const record = ModelRecordSchema.parse({ name: "rock", model: { parts: { body: "https://cdn.test/rock.obj" } } });
    expect(areLinksValid(record, 3600, Date.now())).toBe(true);
  });

  it("finds an asset's file name before the query, URL-decoded", () => {
    expect(assetFileName("https://cdn.test/a/b/fur%20coat.png?Expires=1&KeyName=k&Signature=a/b/c")).toBe(
      "fur coat.png",
    );
    expect(assetFileName("https://cdn.test/a/%C3%A9caille.png?Expires=1")).toBe("écaille.png");
    expect(assetFileName("https://cdn.test/texture.png")).toBe("texture.png");
  });
});

describe("signed links, edge cases", () => {
  it("lists no empty link (a service may send an empty material or reference)", () => {
    const record = ModelRecordSchema.parse({
      name: "rock",
      model: { parts: { body: "https://cdn.test/rock.obj?Expires=50" }, other: { material: "", reference: "" } },
    });
    expect(listAssetUrls(record)).toEqual(["https://cdn.test/rock.obj?Expires=50"]);
  });

  it("takes no sign, exponent or hex form of Expires (Number() would)", () => {
    const at = (expires: string) => getUrlExpiry(`https://cdn.test/a.obj?Expires=${expires}&Signature=s`);
    expect([at("-5"), at("5e3"), at("0x1A")]).toEqual([undefined, undefined, undefined]);
  });

  it("reads the query verbatim after the first '?': a stray '?' after Expires makes it no integer", () => {
    expect(getUrlExpiry("https://cdn.test/a.obj?Expires=12?")).toBeUndefined();
    expect(getUrlExpiry("https://cdn.test/a.obj?x=1?&Expires=12")).toBe(12);
  });
});
