import { describe, expect, it } from "vitest";
import { recordHabitats, recordHasHabitat } from "../../src/records/recordHabitats.js";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";

describe("recordHabitats", () => {
  it("reads the 16 flags", () => {
    expect(recordHabitats({ forest: true, farm: true, city: false })).toEqual(["forest", "farm"]);
    expect(recordHabitats(ModelRecordSchema.parse(makeRecord("fox")))).toEqual(["forest"]);
  });

  it("reads a habitats list and a single habitat string, in any case", () => {
    expect(recordHabitats({ habitats: ["Grass", "FARM"] })).toEqual(["farm", "grass"]);
    expect(recordHabitats({ habitat: " Forest " })).toEqual(["forest"]);
    expect(recordHabitats(ModelRecordSchema.parse(makeRiggedRecord("horse")))).toEqual(["farm", "grass"]);
  });

  it("unites the three forms, each habitat once, in the spec's order", () => {
    const record = { garden: true, forest: true, habitats: ["forest", "sea", "Sea"], habitat: "garden" };
    expect(recordHabitats(record)).toEqual(["forest", "sea", "garden"]);
  });

  it("reads loosely typed flags, a comma-separated string and a list under habitat", () => {
    expect(recordHabitats({ river: "true", lake: 1, pond: "false", swamp: 0 })).toEqual(["lake", "river"]);
    expect(recordHabitats({ habitats: "desert, beach" })).toEqual(["beach", "desert"]);
    expect(recordHabitats({ habitat: ["urban"] })).toEqual(["urban"]);
  });

  it("leaves out words that are no habitat and values of other types", () => {
    expect(recordHabitats({ habitats: ["moon", 7, null, "savanna"], habitat: 3 })).toEqual([]);
    expect(recordHabitats({ forest: "often", habitats: { forest: true } })).toEqual([]);
    expect(recordHabitats({})).toEqual([]);
  });

  it("answers for one habitat", () => {
    expect(recordHasHabitat({ habitat: "Forest" }, "forest")).toBe(true);
    expect(recordHasHabitat({ habitats: ["farm"] }, "forest")).toBe(false);
  });
});
