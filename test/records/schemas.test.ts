import { describe, expect, it } from "vitest";
import { recordHabitats } from "../../src/records/recordHabitats.js";
import { ErrorBodySchema, HABITATS, isHabitat, ModelRecordSchema, PARSE_OPTIONS } from "../../src/records/schemas.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";

describe("ModelRecordSchema", () => {
  it("words type issues as zod's English locale does (zod/mini has none), and keeps its own messages", () => {
    const parsed = ModelRecordSchema.safeParse(
      { ...makeRecord("fox"), name: " ", creature: null, tags: "x", mass: Number.NaN, pet: [], detail: 5 },
      PARSE_OPTIONS,
    );
    expect(parsed.success).toBe(false);
    expect(Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      name: "name must be a non-empty string",
      creature: "Invalid input: expected string, received null",
      tags: "Invalid input: expected array, received string",
      mass: "Invalid input: expected number, received NaN",
      pet: "Invalid input: expected boolean, received array",
      detail: "Invalid input: expected string, received number",
    });
  });

  it("accepts a full record and keeps unknown fields", () => {
    const raw = { ...makeRecord("fox"), taxonomy: ["animalia", "canidae"], thumbnails: { small: "x" } };
    const record = ModelRecordSchema.parse(raw);
    expect(record.name).toBe("fox");
    expect(record.taxonomy).toEqual(["animalia", "canidae"]);
    expect(record.thumbnails).toEqual({ small: "x" });
    expect(record.tags).toEqual(["test"]);
  });

  it("reads missing habitat flags as false and has all 16", () => {
    const record = ModelRecordSchema.parse(makeRecord("fox"));
    expect(HABITATS).toHaveLength(16);
    for (const habitat of HABITATS) expect(typeof record[habitat]).toBe("boolean");
    expect(recordHabitats(record)).toEqual(["forest"]);
  });

  it("accepts loosely typed flags", () => {
    const record = ModelRecordSchema.parse({ ...makeRecord("fox"), pet: "true", sea: 1, forest: "false" });
    expect(record.pet).toBe(true);
    expect(record.sea).toBe(true);
    expect(record.forest).toBe(false);
    const numeric = ModelRecordSchema.parse({ ...makeRecord("fox"), pet: 0, sea: 1 });
    expect([numeric.pet, numeric.sea]).toEqual([false, true]);
  });

  it("reads a missing pet flag as false", () => {
    const { pet: _pet, ...raw } = makeRecord("fox");
    expect(ModelRecordSchema.parse(raw).pet).toBe(false);
  });

  it("rejects a scale dimension that is neither a number nor a string, naming its path", () => {
    const result = ModelRecordSchema.safeParse({ ...makeRecord("fox"), scale: { height: true } });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["scale.height"]);
  });

  it("reads a missing texture, or a missing model.other, as no textures", () => {
    const obj = "https://cdn.test/rock.obj";
    expect(ModelRecordSchema.parse({ name: "rock", model: { other: { model: obj } } }).model.other).toEqual({
      model: obj,
      texture: [],
    });
    expect(ModelRecordSchema.parse({ name: "rock", model: { parts: { body: obj } } }).model.other).toEqual({
      texture: [],
    });
  });

  it("accepts habitat as one name or a list, as sent", () => {
    const habitat = (value: unknown) => ModelRecordSchema.parse({ ...makeRecord("fox"), habitat: value }).habitat;
    expect(habitat("forest")).toBe("forest");
    expect(habitat(["forest", "lake"])).toEqual(["forest", "lake"]);
  });

  it("accepts scale as numbers in metres or strings with units", () => {
    expect(
      ModelRecordSchema.parse({ ...makeRecord("a"), scale: { height: 0.6, width: 0.2, length: 1 } }).scale?.height,
    ).toBe(0.6);
    expect(ModelRecordSchema.parse({ ...makeRecord("a"), scale: { height: "60 cm" } }).scale?.height).toBe("60 cm");
  });

  it("accepts a single texture string as a one-element list", () => {
    const raw = makeRecord("a");
    const record = ModelRecordSchema.parse({
      ...raw,
      model: { ...raw.model, other: { ...raw.model.other, texture: "http://cdn.test/t.png" } },
    });
    expect(record.model.other.texture).toEqual(["http://cdn.test/t.png"]);
  });

  it("accepts a record with only a whole-model OBJ", () => {
    const record = ModelRecordSchema.parse({ name: "rock", model: { other: { model: "https://cdn.test/rock.obj" } } });
    expect(record.model.parts).toEqual({});
  });

  it("rejects a record without a name, naming the path", () => {
    const { name: _name, ...raw } = makeRecord("fox");
    const result = ModelRecordSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["name"]);
  });

  it("rejects a record with nothing loadable, naming every place it looked", () => {
    const result = ModelRecordSchema.safeParse({ name: "ghost", model: { parts: { body: "not a url" }, other: {} } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "model",
        "no loadable model: model.parts has no absolute http(s) URL, and model.other.model, model.rig and model.formats (glb, gltf, obj) give none",
      ],
    ]);
  });

  it("rejects a habitat flag that is not a boolean", () => {
    const result = ModelRecordSchema.safeParse({ ...makeRecord("fox"), forest: "often" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["forest"]);
  });

  it("knows habitat names", () => {
    expect(isHabitat("forest")).toBe(true);
    expect(isHabitat("moon")).toBe(false);
  });
});

describe("ModelRecordSchema, the newer dialect", () => {
  const GLB = "https://cdn.test/horse/idle.glb?Expires=1&KeyName=k&Signature=s";
  const accepts = (model: unknown) => ModelRecordSchema.safeParse({ name: "horse", model }).success;

  it("accepts a rig-only record and keeps every field it sent", () => {
    const raw = makeRiggedRecord("horse");
    const record = ModelRecordSchema.parse(raw);
    expect(record.model.parts).toEqual({});
    expect(record.habitats).toEqual(["farm", "grass"]);
    expect(record.scale).toEqual({ length: 2.4, height: 0, width: 0.6 });
    expect([record.entity, record.mass, record.popularity, record.preserveOriginalScale]).toEqual([
      "animal",
      450,
      12,
      false,
    ]);
    expect(record.movement).toEqual({ walk: 1.5, run: 8 });
    expect(record.thumbnails).toEqual(raw.thumbnails);
    expect(record["themeCategories"]).toEqual(["farm"]);
    expect(record.model.formats).toEqual(raw.model.formats);
  });

  it("normalises a lower-case glb link to GLB and keeps the glb as sent", () => {
    const raw = makeRiggedRecord("horse");
    const record = ModelRecordSchema.parse(raw);
    const run = raw.model.rig.animations.run.glb;
    expect(record.model.rig?.animations?.["run"]).toEqual({ GLB: run, glb: run });
    expect(record.model.rig?.animations?.["idle"]).toEqual(raw.model.rig.animations.idle);
    expect(ModelRecordSchema.parse({ name: "horse", model: { rig: { glb: GLB } } }).model.rig).toEqual({
      GLB,
      glb: GLB,
    });
  });

  it("keeps a GLB sent beside a different glb, and adds no GLB where neither is sent", () => {
    const other = "https://cdn.test/horse/other.glb";
    const rig = ModelRecordSchema.parse({ name: "horse", model: { rig: { GLB, glb: other } } }).model.rig;
    expect(rig).toEqual({ GLB, glb: other });
    const clips = ModelRecordSchema.parse({
      name: "horse",
      model: { rig: { animations: { walk: { GLB, glb: other } } } },
    }).model.rig;
    expect(clips).toStrictEqual({ animations: { walk: { GLB, glb: other } } });
  });

  it("rejects a clip whose GLB is not a string, naming its path", () => {
    const result = ModelRecordSchema.safeParse({
      name: "horse",
      model: { rig: { GLB, animations: { walk: { GLB: 7 } } } },
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["model.rig.animations.walk.GLB"]);
  });

  it("accepts each loadable form alone and refuses a record with none", () => {
    expect(accepts({ rig: { animations: { walk: { GLB } } } })).toBe(true);
    expect(accepts({ rig: { animations: { walk: { glb: GLB } } } })).toBe(true);
    expect(accepts({ rig: { GLB } })).toBe(true);
    expect(accepts({ formats: { glb: GLB } })).toBe(true);
    expect(accepts({ formats: { GLTF: GLB } })).toBe(true);
    expect(accepts({ formats: { obj: GLB } })).toBe(true);
    expect(accepts({ formats: { fbx: GLB, usdz: GLB, dae: GLB } })).toBe(false);
    expect(accepts({ rig: { animations: { idle: { GLB: "idle.glb" }, walk: null } }, formats: { glb: null } })).toBe(
      false,
    );
    expect(accepts({ parts: {}, other: { reference: GLB }, rig: null, formats: null })).toBe(false);
  });

  it("types voteScore, themeCategories, shape and original_source, and never rejects a record for them", () => {
    const typed = ModelRecordSchema.parse({
      ...makeRiggedRecord("horse"),
      voteScore: 4,
      themeCategories: ["farm"],
      shape: "",
      original_source: "AW-API",
    });
    const read: [number | null | undefined, string[] | null | undefined, string | null | undefined] = [
      typed.voteScore,
      typed.themeCategories,
      typed.shape,
    ];
    expect(read).toEqual([4, ["farm"], ""]);
    expect(typed.original_source).toBe("AW-API");
    const odd = ModelRecordSchema.parse({ ...makeRiggedRecord("horse"), voteScore: "many", shape: { round: true } });
    expect([odd.voteScore, odd.shape]).toEqual([undefined, undefined]);
  });

  it("types taxonomy as a list, one name or ranks, keeps each as sent, and never rejects a record for it", () => {
    const parse = (taxonomy: unknown) => ModelRecordSchema.parse({ ...makeRiggedRecord("lion"), taxonomy }).taxonomy;
    const read: string | string[] | Record<string, unknown> | null | undefined = parse(["Carnivora", "Felidae"]);
    expect(read).toEqual(["Carnivora", "Felidae"]);
    expect(parse("Felidae")).toBe("Felidae");
    expect(parse({ family: "Felidae", rank: 3 })).toEqual({ family: "Felidae", rank: 3 });
    expect(parse(42)).toBeUndefined(); // an unreadable shape reads as undefined; the record stays
  });

  it("accepts null for the newer optional fields", () => {
    const nulls = Object.fromEntries(
      [
        "habitats",
        "habitat",
        "tags",
        "thumbnails",
        "entity",
        "movement",
        "mass",
        "popularity",
        "preserveOriginalPosition",
      ].map((k) => [k, null]),
    );
    expect(ModelRecordSchema.safeParse({ ...makeRecord("fox"), ...nulls }).success).toBe(true);
  });

  it("names the path of a newer field of the wrong type", () => {
    const result = ModelRecordSchema.safeParse({
      ...makeRiggedRecord("horse"),
      mass: "heavy",
      movement: { walk: "slow" },
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["movement.walk", "mass"]);
  });
});

describe("ErrorBodySchema", () => {
  it("reads the service's error body, keeps other fields, and refuses a code or message that is not a string", () => {
    expect(ErrorBodySchema.parse({ code: "not_found", message: "no such model", id: 3 })).toEqual({
      code: "not_found",
      message: "no such model",
      id: 3,
    });
    expect(ErrorBodySchema.safeParse({ code: 404 }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ message: ["no"] }).success).toBe(false);
  });
});
