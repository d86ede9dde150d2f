import { describe, expect, it } from "vitest";
import { recordSpecies, recordTaxonomy } from "../../src/records/recordTaxonomy.js";

describe("recordTaxonomy and recordSpecies", () => {
  it("reads a taxonomy of any shape, in order", () => {
    expect(recordTaxonomy({ taxonomy: ["Coleoptera", "Coccinellidae"] })).toEqual(["Coleoptera", "Coccinellidae"]);
    expect(recordTaxonomy({ taxonomy: "Felidae" })).toEqual(["Felidae"]);
    expect(recordTaxonomy({ taxonomy: { order: "Carnivora", family: "Canidae", count: 2 } })).toEqual([
      "Carnivora",
      "Canidae",
    ]);
    expect(recordTaxonomy({ taxonomy: null })).toEqual([]);
  });

  it("names the species: the creature field, else the name without its variant suffix", () => {
    expect(recordSpecies({ name: "beetle#0002", creature: "ladybird" })).toBe("ladybird");
    expect(recordSpecies({ name: "zebra#0003" })).toBe("zebra");
    expect(recordSpecies({ name: "oak tree", creature: " " })).toBe("oak tree");
  });
});
