import { describe, expect, it } from "vitest";
import { HABITATS, ModelRecordSchema, isHabitat, recordHabitats } from "../../src/api/schemas.js";
import { makeRecord } from "../helpers/records.js";

describe("ModelRecordSchema", () => {
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
  });

  it("accepts scale as numbers in metres or strings with units", () => {
    expect(ModelRecordSchema.parse({ ...makeRecord("a"), scale: { height: 0.6, width: 0.2, length: 1 } }).scale?.height).toBe(0.6);
    expect(ModelRecordSchema.parse({ ...makeRecord("a"), scale: { height: "60 cm" } }).scale?.height).toBe("60 cm");
  });

  it("accepts a single texture string as a one-element list", () => {
    const raw = makeRecord("a");
    const record = ModelRecordSchema.parse({ ...raw, model: { ...raw.model, other: { ...raw.model.other, texture: "http://cdn.test/t.png" } } });
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

  it("rejects a record with no loadable OBJ URL", () => {
    const result = ModelRecordSchema.safeParse({ name: "ghost", model: { parts: { body: "not a url" }, other: {} } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["model"]);
    expect(result.error?.issues[0]?.message).toMatch(/no loadable OBJ/);
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
