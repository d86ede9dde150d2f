import { describe, expect, it } from "vitest";
import { baseName, CatalogIndex, normalizeName, singular } from "../../src/service/searchIndex.js";
import { FOREST_NAMES, fixtureRecords } from "../helpers/serviceCatalog.js";

const index = new CatalogIndex(fixtureRecords());
const byName = (name: string, fuzzy = true) => index.findByName(name, fuzzy)?.name;
const search = (query: string, fuzzy = true) => index.search(query, fuzzy).map((r) => r.name);

describe("CatalogIndex.findByName", () => {
  it("finds exact names, ignoring case and surrounding or repeated spaces", () => {
    expect(byName("fox")).toBe("fox");
    expect(byName("  FOX ")).toBe("fox");
    expect(byName("Polar   Bear", false)).toBe("polar bear");
  });

  it("treats the #0001 suffix as exact: base name to lowest suffix, full name to itself", () => {
    expect(byName("cat", false)).toBe("cat#0001");
    expect(byName("CAT#0002", false)).toBe("cat#0002");
    expect(byName("cat#0009", false)).toBeUndefined(); // another variant is only similar
    expect(byName("cat#0009")).toBe("cat#0001"); // which fuzzy matching allows
  });

  it("finds the most similar name for typos, plurals and word order while fuzzy", () => {
    expect(byName("polar baer")).toBe("polar bear");
    expect(byName("foks")).toBe("fox");
    expect(byName("foxes")).toBe("fox");
    expect(byName("barn owls")).toBe("barn owl");
    expect(byName("cats")).toBe("cat#0001");
    expect(byName("trout brown")).toBe("brown trout");
    expect(byName("owl")).toBe("barn owl");
  });

  it("finds nothing for an unrelated name", () => {
    expect(byName("zebra")).toBeUndefined();
  });

  it("with fuzzy off, finds exact (and suffix) matches only", () => {
    for (const near of ["polar baer", "foxes", "trout brown", "owl", "cats"])
      expect(byName(near, false)).toBeUndefined();
  });
});

describe("CatalogIndex.findById", () => {
  it("finds a record by its exact _id only", () => {
    expect(index.findById("fixture-polar_bear")?.name).toBe("polar bear");
    expect(index.findById("FIXTURE-POLAR_BEAR")).toBeUndefined();
    expect(index.findById("polar bear")).toBeUndefined();
  });

  it("keeps the first of two records sharing an _id, and skips records without one", () => {
    const twins = new CatalogIndex([
      { name: "a", _id: "same" },
      { name: "b", _id: "same" },
      { name: "c", _id: 7 },
    ]);
    expect(twins.findById("same")?.name).toBe("a");
    expect(twins.findById("7")).toBeUndefined();
  });
});

describe("CatalogIndex.search", () => {
  it("reads habitats from flags, a habitats list and a habitat string alike", () => {
    const mixed = new CatalogIndex([
      { name: "camel", desert: true },
      { name: "fennec", habitats: ["Desert", "beach"] },
      { name: "lizard", habitat: "DESERT" },
      { name: "gull", habitat: "beach" },
    ]);
    expect(mixed.search("desert", true).map((r) => r.name)).toEqual(["camel", "fennec", "lizard"]);
    expect(mixed.search("beach", false).map((r) => r.name)).toEqual(["fennec", "gull"]);
    // In a search of several words, the habitat is one more indexed word, in every form.
    expect(mixed.search("gull beach", false).map((r) => r.name)).toEqual(["gull"]);
    expect(mixed.search("fennec beach", false).map((r) => r.name)).toEqual(["fennec"]);
    expect(mixed.search("camel beach", false).map((r) => r.name)).toEqual([]);
  });

  it("returns exactly the records whose habitat flag is set, by name", () => {
    expect(search("forest")).toEqual(FOREST_NAMES);
    expect(search(" Forest ", false)).toEqual(FOREST_NAMES);
    expect(search("icescape")).toEqual(["polar bear"]);
    expect(search("city")).toEqual(["cat#0001", "cat#0002"]);
    expect(search("desert")).toEqual([]);
  });

  it("matches group, type, tags, taxonomy and name words", () => {
    expect(search("birds")).toEqual(["barn owl"]);
    expect(search("mammals")).toEqual(["cat#0001", "cat#0002", "fox", "polar bear"]);
    expect(search("winged_flyer")).toEqual(["barn owl"]);
    expect(search("feline")).toEqual(["cat#0001", "cat#0002"]);
    expect(search("Ursidae")).toEqual(["polar bear"]);
    expect(search("bear")).toEqual(["polar bear"]);
  });

  it("orders by relevance, then name: an exact type word outranks a longer type", () => {
    expect(search("quadruped")).toEqual(["cat#0001", "cat#0002", "fox", "polar bear"]);
  });

  it("needs every word to match, habitats included", () => {
    expect(search("forest birds")).toEqual(["barn owl"]);
    expect(search("red fox")).toEqual(["fox"]);
    expect(search("red birds")).toEqual([]);
  });

  it("matches typos and prefixes only while fuzzy", () => {
    expect(search("mammels")).toEqual(["cat#0001", "cat#0002", "fox", "polar bear"]);
    expect(search("mammels", false)).toEqual([]);
    expect(search("tro")).toEqual(["brown trout"]);
    expect(search("tro", false)).toEqual([]);
  });

  it("returns an empty list when nothing matches", () => {
    expect(search("zzzz")).toEqual([]);
  });
});

describe("name helpers", () => {
  it("normalise, strip suffixes and fold plurals consistently", () => {
    expect(normalizeName(" Polar\tBEAR ")).toBe("polar bear");
    expect(baseName("cat#0001")).toBe("cat");
    expect(baseName("cat #12")).toBe("cat");
    expect(["foxes", "wolves", "flies", "owls", "grass", "platypus", "cat"].map(singular)).toEqual([
      "fox",
      "wolf",
      "fly",
      "owl",
      "grass",
      "platypus",
      "cat",
    ]);
  });
});
