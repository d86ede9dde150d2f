import { describe, expect, it } from "vitest";
import {
  type AssetDescriptor,
  modelAssets,
  modelForm,
  RIG_MODEL_CLIP,
  textureAssets,
  WHOLE_MODEL_PART,
} from "../../src/api/modelAssets.js";
import { splitMtl } from "../../src/obj/mtlText.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord, makeRiggedRecord, signedUrl } from "../helpers/records.js";

const CDN = "http://cdn.test";
type Raw = ReturnType<typeof makeRecord> & Record<string, unknown>;

function parse(raw: unknown): ModelRecord {
  return ModelRecordSchema.parse(raw);
}

/** A parts record: body and head OBJ, an MTL, a whole-model OBJ, one texture. */
const partsRecord = (expires = 2_000_000_000) => parse(makeRecord("fox", expires));

/** A whole-model record: no parts, the OBJ in `model.other.model`. */
function wholeRecord(expires = 2_000_000_000): ModelRecord {
  const raw: Raw = makeRecord("rock", expires);
  raw.model.parts = {} as never;
  return parse(raw);
}

/** A record with OBJ parts and rigged clips, as some of the newer dialect's are. */
function bothRecord(): ModelRecord {
  const rigged = makeRiggedRecord("horse", 2_000_000_000);
  return parse({ ...rigged, model: { ...makeRecord("horse", 2_000_000_000).model, rig: rigged.model.rig } });
}

/** What a descriptor says, with its link located in `record`. */
function located(assets: AssetDescriptor[], record: ModelRecord) {
  return assets.map((a) => ({ id: a.id, kind: a.kind, as: a.as, onFailure: a.onFailure, url: a.locate(record) }));
}

describe("modelForm", () => {
  it("loads parts, a whole model, or a rig, the rig first unless parts are preferred", () => {
    expect(modelForm(partsRecord())).toBe("parts");
    expect(modelForm(wholeRecord())).toBe("whole");
    expect(modelForm(parse(makeRiggedRecord("horse")))).toBe("rig");
    expect(modelForm(parse(makeRiggedRecord("horse")), "parts")).toBe("rig"); // it has nothing else
    expect(modelForm(bothRecord())).toBe("rig");
    expect(modelForm(bothRecord(), "rig")).toBe("rig");
    expect(modelForm(bothRecord(), "parts")).toBe("parts");
  });

  it("loads the whole-model OBJ when no part has a usable link", () => {
    const raw: Raw = makeRecord("fox", 2_000_000_000);
    raw.model.parts = { body: "", head: "head.obj" } as never;
    const record = parse(raw);
    expect(modelForm(record)).toBe("whole");
    expect(located(modelAssets(record).assets, record)[0]).toMatchObject({
      id: WHOLE_MODEL_PART,
      url: record.model.other.model,
    });
  });
});

describe("modelAssets", () => {
  it("lists a parts record's parts by name, then its material, all read as text", () => {
    const record = partsRecord();
    const { assets, jointed, form } = modelAssets(record);
    expect([jointed, form]).toEqual([true, "parts"]);
    expect(located(assets, record)).toEqual([
      { id: "body", kind: "part", as: "text", onFailure: "part-failed", url: record.model.parts["body"] },
      { id: "head", kind: "part", as: "text", onFailure: "part-failed", url: record.model.parts["head"] },
      { id: "material", kind: "material", as: "text", onFailure: "material-failed", url: record.model.other.material },
    ]);
  });

  it("locates each link again in a renewed record", () => {
    const { assets } = modelAssets(partsRecord(1_900_000_000));
    const renewed = partsRecord(2_100_000_000);
    expect(assets.map((a) => a.locate(renewed))).toEqual([
      signedUrl(CDN, "fox/body.obj", 2_100_000_000),
      signedUrl(CDN, "fox/head.obj", 2_100_000_000),
      signedUrl(CDN, "fox/fox.mtl", 2_100_000_000),
    ]);
  });

  it("lists a whole-model record's OBJ as its body, not jointed", () => {
    const record = wholeRecord();
    const { assets, jointed, form } = modelAssets(record);
    expect([jointed, form]).toEqual([false, "whole"]);
    expect(located(assets, record)).toEqual([
      { id: WHOLE_MODEL_PART, kind: "part", as: "text", onFailure: "part-failed", url: record.model.other.model },
      { id: "material", kind: "material", as: "text", onFailure: "material-failed", url: record.model.other.material },
    ]);
    expect(WHOLE_MODEL_PART).toBe("body");
  });

  it("takes a whole model from formats.obj, and lists no material when there is none", () => {
    const raw: Raw = makeRecord("rock");
    const obj = signedUrl(CDN, "rock/model.obj", 2_000_000_000);
    raw.model = { parts: {}, other: { texture: [] }, formats: { OBJ: obj } } as never;
    const record = parse(raw);
    expect(located(modelAssets(record).assets, record)).toEqual([
      { id: "body", kind: "part", as: "text", onFailure: "part-failed", url: obj },
    ]);
  });

  it("lists a rigged record's clips as bytes, in the record's order: idle required, the others degradable", () => {
    const record = parse(makeRiggedRecord("horse", 2_000_000_000));
    const { assets, jointed, form } = modelAssets(record);
    expect([jointed, form]).toEqual([false, "rig"]);
    const link = (file: string) => signedUrl(CDN, `horse/${file}`, 2_000_000_000);
    expect(located(assets, record)).toEqual([
      { id: "clip:idle", kind: "clip", as: "bytes", onFailure: "required", url: link("idle.glb") },
      { id: "clip:walk", kind: "clip", as: "bytes", onFailure: "clip-failed", url: link("walk.glb") },
      { id: "clip:run", kind: "clip", as: "bytes", onFailure: "clip-failed", url: link("run.glb") },
    ]);
  });

  it("requires the first clip when there is no idle", () => {
    const raw = makeRiggedRecord("horse");
    const { walk, run } = raw.model.rig.animations;
    const record = parse({ ...raw, model: { ...raw.model, rig: { animations: { run, walk } } } });
    expect(modelAssets(record).assets.map((a) => [a.id, a.onFailure])).toEqual([
      ["clip:run", "required"],
      ["clip:walk", "clip-failed"],
    ]);
  });

  it("lists the one rigged model of a record without clips: rig.GLB, else formats.glb", () => {
    const raw = makeRiggedRecord("horse");
    const glb = signedUrl(CDN, "horse/rigged.glb", 2_000_000_000);
    const withRigGlb = parse({ ...raw, model: { ...raw.model, rig: { GLB: glb } } });
    expect(located(modelAssets(withRigGlb).assets, withRigGlb)).toEqual([
      { id: `clip:${RIG_MODEL_CLIP}`, kind: "clip", as: "bytes", onFailure: "required", url: glb },
    ]);
    const formatsOnly = parse({ ...raw, model: { ...raw.model, rig: undefined } });
    expect(located(modelAssets(formatsOnly).assets, formatsOnly)).toEqual([
      { id: "clip:model", kind: "clip", as: "bytes", onFailure: "required", url: raw.model.formats.glb },
    ]);
  });

  it("follows prefer for a record with both forms", () => {
    const record = bothRecord();
    expect(modelAssets(record).assets.map((a) => a.id)).toEqual(["clip:idle", "clip:walk", "clip:run"]);
    expect(modelAssets(record, "parts").assets.map((a) => a.id)).toEqual(["body", "head", "material"]);
    expect(modelAssets(record, "parts").jointed).toBe(true);
  });
});

describe("textureAssets", () => {
  const mtl = splitMtl("newmtl fur\nmap_Kd fur.png\nmap_Bump -bm 0.5 fur.png\nnewmtl eye\nmap_Kd eye.png\n");

  it("lists the record's textures the MTL uses, each file once, as bytes", () => {
    const raw: Raw = makeRecord("fox", 2_000_000_000);
    const eye = signedUrl(CDN, "fox/eye.png", 2_000_000_000);
    raw.model.other.texture = [...raw.model.other.texture, signedUrl(CDN, "fox/unused.png", 1), eye, eye];
    const record = parse(raw);
    const textures = textureAssets(record, mtl);
    expect(textures.map((t) => ({ id: t.id, file: t.file, kind: t.kind, as: t.as, onFailure: t.onFailure }))).toEqual([
      { id: "texture:fur.png", file: "fur.png", kind: "texture", as: "bytes", onFailure: "texture-failed" },
      { id: "texture:eye.png", file: "eye.png", kind: "texture", as: "bytes", onFailure: "texture-failed" },
    ]);
    expect(textures.map((t) => t.locate(record))).toEqual([signedUrl(CDN, "fox/fur.png", 2_000_000_000), eye]);
  });

  it("lists none without an MTL, or when the MTL names none of the record's files", () => {
    expect(textureAssets(partsRecord(), undefined)).toEqual([]);
    expect(textureAssets(partsRecord(), splitMtl("newmtl a\nmap_Kd other.png\n"))).toEqual([]);
  });
});
