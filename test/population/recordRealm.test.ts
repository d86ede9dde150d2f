/**
 * `recordRealm` and `recordWords`: which records go in and out of water. A game relies on the
 * default table (`AMPHIBIOUS_CREATURES`) to let a hippo, a duck or a frog of any catalog into a
 * pond while every other walker keeps out, whether a record names the creature, one of its taxa
 * or a tag, and on its own table replacing the default.
 */
import { describe, expect, it } from "vitest";
import { AMPHIBIOUS_CREATURES, recordRealm, recordWords } from "../../src/population/populationRules.js";
import { SPECIES_RECORDS } from "../helpers/speciesRecords.js";

/** The names the default table documents, each a creature on its own. */
const NAMES = [
  "hippo",
  "hippopotamus",
  "crocodile",
  "alligator",
  "caiman",
  "frog",
  "toad",
  "newt",
  "salamander",
  "duck",
  "goose",
  "swan",
  "turtle",
  "terrapin",
  "otter",
  "beaver",
  "capybara",
  "platypus",
  "seal",
  "sea lion",
  "walrus",
  "penguin",
];

/** The taxa the default table documents: a record that gives only one of them is amphibious. */
const TAXA = [
  "Amphibia",
  "amphibian",
  "Anura",
  "Crocodylia",
  "Testudines",
  "Anatidae",
  "Hippopotamidae",
  "Castoridae",
  "Lutrinae",
  "Pinnipedia",
  "Spheniscidae",
];

describe("recordRealm", () => {
  it("of the reference catalog, the otter, hippo, crocodile, walrus, penguin, duck and frogs go in and out of water", () => {
    const amphibious = SPECIES_RECORDS.filter((r) => recordRealm(r) === "amphibious").map((r) => r.name);
    expect(amphibious).toEqual(["otter", "hippo", "crocodile", "walrus", "penguin", "duck", "frog", "frog#0002"]);
    for (const r of SPECIES_RECORDS) if (!amphibious.includes(r.name)) expect(recordRealm(r), r.name).toBeUndefined();
  });

  it("a record named by the default table is amphibious, by its creature or, without one, its name", () => {
    for (const name of NAMES) {
      expect(recordRealm({ name: `${name}#0002`, creature: name }), name).toBe("amphibious");
      expect(recordRealm({ name: `${name.toUpperCase()}#0003` }), name).toBe("amphibious");
    }
    expect(NAMES.every((n) => AMPHIBIOUS_CREATURES.has(n))).toBe(true);
  });

  it("a record with one amphibious taxon is amphibious, whatever form its taxonomy takes", () => {
    for (const taxon of TAXA) {
      expect(recordRealm({ name: "x", taxonomy: [taxon] }), taxon).toBe("amphibious");
      expect(recordRealm({ name: "x", taxonomy: { family: ` ${taxon} ` } }), taxon).toBe("amphibious");
      expect(recordRealm({ name: "x", taxonomy: `Animalia > ${taxon}` }), taxon).toBe("amphibious");
    }
    // Each separator of a taxonomy string splits it.
    for (const s of [",", ";", ">", "/"])
      expect(recordRealm({ name: "x", taxonomy: `Aves${s}Anatidae` }), s).toBe("amphibious");
    expect(recordRealm({ name: "x", taxonomy: "Aves Anatidae" })).toBeUndefined();
  });

  it("a tag counts, in any case", () => {
    expect(recordRealm({ name: "mallard", tags: ["bird", "Duck "] })).toBe("amphibious");
    expect(recordRealm({ name: "mallard", tags: ["bird"] })).toBeUndefined();
    expect(recordRealm({ name: "mallard", tags: null })).toBeUndefined();
  });

  it("no word, taxon or tag of the table: undefined (its behaviour decides), whatever else the record holds", () => {
    expect(recordRealm({ name: "zebra", taxonomy: ["Perissodactyla", "Equidae"], tags: ["striped"] })).toBeUndefined();
    // Only strings are words: numbers or objects in a taxonomy are not read.
    expect(recordRealm({ name: "zebra", taxonomy: [7, { family: "Anatidae" }, null] })).toBeUndefined();
    expect(recordRealm({ name: "zebra", taxonomy: { rank: 3, family: ["Anatidae"] } })).toBeUndefined();
    expect(recordRealm({ name: "zebra", taxonomy: 42 })).toBeUndefined();
    expect(recordRealm({ name: "zebra", taxonomy: null })).toBeUndefined();
  });

  it("a game's own table replaces the default", () => {
    const mine = new Set(["capybara", "rodentia"]);
    expect(recordRealm({ name: "capybara" }, mine)).toBe("amphibious");
    expect(recordRealm({ name: "vole", taxonomy: ["Rodentia"] }, mine)).toBe("amphibious");
    expect(recordRealm({ name: "hippo" }, mine)).toBeUndefined();
    expect(recordRealm({ name: "hippo" }, new Set())).toBeUndefined();
  });
});

describe("recordWords", () => {
  it("are the herd key, then the taxa, then the tags, as the record gives them", () => {
    expect(
      recordWords({ name: "Frog#0002", creature: "Poison Dart Frog", taxonomy: ["Anura", 3], tags: ["Jungle"] }),
    ).toEqual(["poison dart frog", "Anura", "Jungle"]);
    expect(recordWords({ name: "x", taxonomy: "Aves;Anatidae" })).toEqual(["x", "Aves", "Anatidae"]);
    expect(recordWords({ name: "x", taxonomy: { order: "Aves", size: 2 } })).toEqual(["x", "Aves"]);
    expect(recordWords({ name: "x", taxonomy: 5, tags: null })).toEqual(["x"]);
    expect(recordWords({ name: "x" })).toEqual(["x"]);
  });
});
