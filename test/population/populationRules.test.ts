import { describe, expect, it } from "vitest";
import {
  HERD_SIZES,
  herdKey,
  POPULATION_RULES,
  REALM_BY_BEHAVIOUR,
  WATER_HABITATS,
} from "../../src/population/populationRules.js";

describe("population rules", () => {
  it("name the water habitats, and the realms other than ground", () => {
    expect([...WATER_HABITATS].sort()).toEqual(["lake", "pond", "river", "sea", "swamp"]);
    expect(REALM_BY_BEHAVIOUR).toEqual({ fly: "air", swim: "water" });
  });

  it("give herds of at least one, min no more than max, keyed in lower case", () => {
    expect(Object.keys(HERD_SIZES).length).toBeGreaterThan(0);
    for (const [name, [min, max]] of Object.entries(HERD_SIZES)) {
      expect(name, name).toBe(name.toLowerCase());
      expect(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && min <= max, name).toBe(true);
    }
    expect(HERD_SIZES["sheep"]).toEqual([3, 6]);
  });

  it("gather the tables into the frozen default rules", () => {
    expect(POPULATION_RULES).toEqual({
      waterHabitats: WATER_HABITATS,
      realmByBehaviour: REALM_BY_BEHAVIOUR,
      herdSizes: HERD_SIZES,
    });
    expect(Object.isFrozen(POPULATION_RULES)).toBe(true);
    expect(Object.isFrozen(HERD_SIZES)).toBe(true);
    expect(Object.isFrozen(REALM_BY_BEHAVIOUR)).toBe(true);
  });
});

describe("herdKey", () => {
  it("is the creature, else the name, in lower case without a # suffix", () => {
    expect(herdKey({ name: "Sheep#0002", creature: "Sheep" })).toBe("sheep");
    expect(herdKey({ name: "Sheep#0002" })).toBe("sheep");
    expect(herdKey({ name: "x", creature: "Red Deer #12" })).toBe("red deer");
    expect(herdKey({ name: "wolf", creature: undefined })).toBe("wolf");
    expect(herdKey({ name: "#1" })).toBe("");
  });
});
