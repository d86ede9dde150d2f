import { describe, expect, it } from "vitest";
import {
  isHttpUrl,
  recordFormatUrl,
  recordHasObj,
  recordHasRig,
  recordIsLoadable,
  recordObjModelUrl,
  recordRigClips,
  recordRigModelClip,
  recordRigModelUrl,
} from "../../src/records/recordAssets.js";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";

const url = (file: string) => `https://cdn.test/horse/${file}?Expires=1&KeyName=k&Signature=s`;

describe("recordRigClips", () => {
  it("maps each clip to its GLB in the record's order, GLB or glb, validated or raw", () => {
    const raw = makeRiggedRecord("horse");
    const expected = [
      ["idle", raw.model.rig.animations.idle.GLB],
      ["walk", raw.model.rig.animations.walk.GLB],
      ["run", raw.model.rig.animations.run.glb],
    ];
    expect([...recordRigClips(raw)]).toEqual(expected);
    expect([...recordRigClips(ModelRecordSchema.parse(raw))]).toEqual(expected);
  });

  it("prefers GLB over glb and leaves out clips without an http(s) link", () => {
    const model = {
      rig: {
        animations: {
          a: { GLB: url("a.glb"), glb: url("other.glb") },
          b: { GLB: "b.glb" },
          c: null,
          d: "https://x.test/d.glb",
          e: { glb: url("e.glb") },
        },
      },
    };
    expect([...recordRigClips({ model })]).toEqual([
      ["a", url("a.glb")],
      ["e", url("e.glb")],
    ]);
  });

  it("is empty for records without a rig, whatever their model holds", () => {
    for (const model of [undefined, null, 7, [], {}, { rig: null }, { rig: [] }, { rig: { animations: "idle" } }]) {
      expect(recordRigClips({ model }).size, JSON.stringify(model)).toBe(0);
    }
    expect(recordRigClips(makeRecord("fox")).size).toBe(0);
  });
});

describe("recordRigModelClip and recordRigModelUrl", () => {
  it("takes the idle clip's GLB as the model, wherever idle is listed", () => {
    const model = { rig: { animations: { walk: { GLB: url("walk.glb") }, idle: { GLB: url("idle.glb") } } } };
    expect(recordRigModelClip({ model })).toBe("idle");
    expect(recordRigModelUrl({ model })).toBe(url("idle.glb"));
  });

  it("takes an idle clip in another case, else the first clip", () => {
    expect(
      recordRigModelClip({ model: { rig: { animations: { walk: { GLB: url("w") }, Idle: { GLB: url("i") } } } } }),
    ).toBe("Idle");
    const noIdle = { model: { rig: { animations: { walk: { GLB: url("walk.glb") }, run: { GLB: url("run.glb") } } } } };
    expect(recordRigModelClip(noIdle)).toBe("walk");
    expect(recordRigModelUrl(noIdle)).toBe(url("walk.glb"));
  });

  it("falls back to rig.GLB, then formats.glb, then formats.gltf", () => {
    const formats = { gltf: url("model.gltf"), glb: url("model.glb") };
    expect(recordRigModelUrl({ model: { rig: { GLB: url("rig.glb") }, formats } })).toBe(url("rig.glb"));
    expect(recordRigModelUrl({ model: { rig: { glb: url("rig.glb") }, formats } })).toBe(url("rig.glb"));
    expect(recordRigModelUrl({ model: { rig: { animations: {} }, formats } })).toBe(url("model.glb"));
    expect(recordRigModelUrl({ model: { formats: { gltf: url("model.gltf"), fbx: url("model.fbx") } } })).toBe(
      url("model.gltf"),
    );
    expect(recordRigModelClip({ model: { rig: { GLB: url("rig.glb") } } })).toBeUndefined();
  });

  it("is undefined without any glTF model", () => {
    expect(recordRigModelUrl(makeRecord("fox"))).toBeUndefined();
    expect(recordRigModelUrl({ model: { formats: { fbx: url("model.fbx"), glb: "model.glb" } } })).toBeUndefined();
    expect(recordRigModelUrl({})).toBeUndefined();
  });
});

describe("recordFormatUrl and recordObjModelUrl", () => {
  it("matches the format in any case and only with an http(s) link", () => {
    const record = { model: { formats: { GLB: url("model.glb"), obj: "model.obj", fbx: null } } };
    expect(recordFormatUrl(record, "glb")).toBe(url("model.glb"));
    expect(recordFormatUrl(record, "GLB")).toBe(url("model.glb"));
    expect(recordFormatUrl(record, "obj")).toBeUndefined();
    expect(recordFormatUrl(record, "fbx")).toBeUndefined();
  });

  it("takes other.model, else formats.obj", () => {
    const fox = makeRecord("fox");
    expect(recordObjModelUrl(fox)).toBe(fox.model.other.model);
    expect(recordObjModelUrl({ model: { other: {}, formats: { obj: url("model.obj") } } })).toBe(url("model.obj"));
    expect(recordObjModelUrl({ model: { other: { model: "x.obj" } } })).toBeUndefined();
  });
});

describe("recordHasObj, recordHasRig and recordIsLoadable", () => {
  it.each([
    ["OBJ parts and a whole OBJ", makeRecord("fox"), true, false],
    ["a rig and glb / fbx formats", makeRiggedRecord("horse"), false, true],
    ["both", { model: { ...makeRecord("fox").model, rig: makeRiggedRecord("horse").model.rig } }, true, true],
    ["only a part", { model: { parts: { body: url("body.obj") } } }, true, false],
    ["only formats.obj", { model: { formats: { obj: url("model.obj") } } }, true, false],
    ["only formats.fbx", { model: { formats: { fbx: url("model.fbx") } } }, false, false],
    ["relative links only", { model: { parts: { body: "body.obj" }, rig: { GLB: "rig.glb" } } }, false, false],
    ["no model", { name: "ghost", model: undefined }, false, false],
  ])("%s: obj %s, rig %s", (_label, record, obj, rig) => {
    expect(recordHasObj(record)).toBe(obj);
    expect(recordHasRig(record)).toBe(rig);
    expect(recordIsLoadable(record)).toBe(obj || rig);
  });

  it("isHttpUrl accepts only absolute http(s) URLs", () => {
    expect([url("a"), "http://127.0.0.1:8787/a", "ftp://x.test/a", "/a.glb", "", 7].map(isHttpUrl)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
