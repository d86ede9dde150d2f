/**
 * The default ecology as a game meets it: which creatures of the reference catalog hunt, that a
 * record naming any one documented predator taxon or name hunts (catalogs give a family, an
 * order or only a name), that tame names and pets never hunt, and the prey size bands at their
 * very edges, on the ground, in the water and from the air.
 */
import { describe, expect, it } from "vitest";
import { ECOLOGY_RULES, isPredatorRecord, preysOn } from "../../src/population/ecology.js";
import { isSceneryRecord } from "../../src/records/recordKind.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord } from "../helpers/records.js";
import { SPECIES_RECORDS } from "../helpers/speciesRecords.js";

function record(name: string, height: string, behaviour = "walk", extra: Record<string, unknown> = {}): ModelRecord {
  return ModelRecordSchema.parse({ ...makeRecord(name), behaviour, scale: { height }, taxonomy: [], ...extra });
}

describe("ecology: who hunts", () => {
  it("of the reference catalog, the foxes, wolf, big cats, bears, crocodile, eagle, owl, shark, dolphin and piranha", () => {
    const hunters = SPECIES_RECORDS.filter((r) => !isSceneryRecord(r) && isPredatorRecord(r)).map((r) => r.name);
    expect(hunters).toEqual([
      "fox",
      "arctic fox",
      "wolf",
      "tiger",
      "leopard",
      "lion",
      "bear",
      "bear#0002",
      "crocodile",
      "eagle",
      "owl",
      "shark",
      "dolphin",
      "piranha",
    ]);
  });

  it("each documented predator taxon or name on its own makes a hunter, on land and in water", () => {
    const land = ["Felidae", "Canidae", "Ursidae", "Hyaenidae", "Crocodylidae", "Crocodilia"];
    const water = [
      "Selachimorpha",
      "Lamniformes",
      "Carcharhiniformes",
      "Orcinus",
      "Delphinidae",
      "Sphyraenidae",
      "Esocidae",
      "Serrasalmidae",
    ];
    for (const taxon of land)
      expect(isPredatorRecord(record("x", "1 m", "walk", { taxonomy: [taxon] })), taxon).toBe(true);
    for (const taxon of water)
      expect(isPredatorRecord(record("x", "1 m", "swim", { taxonomy: [taxon] })), taxon).toBe(true);
    for (const name of ["shark", "orca", "barracuda", "pike", "piranha"])
      expect(isPredatorRecord(record(`${name}#0002`, "1 m", "swim")), name).toBe(true);
    expect(isPredatorRecord(record("carp", "1 m", "swim", { taxonomy: ["Cyprinidae"] }))).toBe(false);
  });

  it("each documented raptor taxon or name makes a hunter of a flier, never of a walker", () => {
    const taxa = [
      "Accipitriformes",
      "Accipitridae",
      "Falconiformes",
      "Falconidae",
      "Strigiformes",
      "Strigidae",
      "Tytonidae",
      "Pandionidae",
    ];
    for (const taxon of taxa)
      expect(isPredatorRecord(record("x", "1 m", "fly", { taxonomy: [taxon] })), taxon).toBe(true);
    for (const name of ["eagle", "hawk", "falcon", "owl", "osprey"])
      expect(isPredatorRecord(record(name, "1 m", "fly")), name).toBe(true);
    // The secretary bird is an Accipitriform that hunts on foot: not a hunter from the air.
    const secretary = record("secretary bird", "1.2 m", "walk", { taxonomy: ["Accipitriformes", "Sagittariidae"] });
    expect(isPredatorRecord(secretary)).toBe(false);
    expect(isPredatorRecord(record("eagle", "1 m", "walk"))).toBe(false);
    expect(isPredatorRecord(record("crow", "1 m", "fly", { taxonomy: ["Corvidae"] }))).toBe(false);
  });

  it("dogs and cats are tame whether or not the record says pet, and any pet is tame", () => {
    const dog = record("dog#0002", "0.6 m", "walk", { taxonomy: ["Canidae"], pet: false });
    const cat = record("cat", "0.3 m", "walk", { taxonomy: ["Felidae"], pet: false });
    const ferret = record("ferret", "0.3 m", "walk", { taxonomy: ["Felidae"], pet: true });
    expect([dog, cat, ferret].map((r) => isPredatorRecord(r))).toEqual([false, false, false]);
    expect(isPredatorRecord(ferret, { ...ECOLOGY_RULES, tame: [] })).toBe(false);
    expect(isPredatorRecord(cat, { ...ECOLOGY_RULES, tame: [] })).toBe(true);
  });
});

describe("ecology: whom it hunts", () => {
  const lion = record("lion", "1 m", "walk", { taxonomy: ["Felidae"] });
  const eagle = record("eagle", "1 m", "fly", { taxonomy: ["Accipitridae"] });
  const shark = record("shark", "2 m", "swim");

  it("a creature that does not hunt preys on nothing, however fit the prey", () => {
    const zebra = record("zebra", "1.4 m", "walk", { taxonomy: ["Equidae"] });
    const deer = record("deer", "1.2 m", "walk", { taxonomy: ["Cervidae"] });
    expect(preysOn(zebra, deer)).toBe(false);
    expect(preysOn(deer, zebra)).toBe(false);
    expect(preysOn(lion, lion)).toBe(false);
  });

  it("on the ground: from a fifth of its size to twice it, both edges included", () => {
    const prey = (height: string) => record("goat", height, "walk");
    expect(["0.2 m", "2 m", "1 m"].map((h) => preysOn(lion, prey(h)))).toEqual([true, true, true]);
    expect(["0.19 m", "2.01 m"].map((h) => preysOn(lion, prey(h)))).toEqual([false, false]);
  });

  it("a game's band for the ground replaces the default one", () => {
    const rules = { ...ECOLOGY_RULES, preyByRealm: { ...ECOLOGY_RULES.preyByRealm, ground: [0.5, 0.8] as const } };
    expect(preysOn(lion, record("goat", "0.6 m"), rules)).toBe(true);
    expect(preysOn(lion, record("goat", "0.3 m"), rules)).toBe(false);
    expect(preysOn(lion, record("goat", "1.5 m"), rules)).toBe(false);
  });

  it("in the water: fish from a fiftieth of its size to half of it", () => {
    const fish = (height: string) => record("carp", height, "swim");
    expect(["0.04 m", "1 m", "0.4 m"].map((h) => preysOn(shark, fish(h)))).toEqual([true, true, true]);
    expect(["0.03 m", "1.2 m", "1.5 m"].map((h) => preysOn(shark, fish(h)))).toEqual([false, false, false]);
    expect(preysOn(shark, record("goat", "0.5 m"))).toBe(false); // another realm
  });

  it("from the air: prey of any realm from a tenth of its size to its own, both edges included", () => {
    const prey = (height: string, behaviour = "walk") => record("rabbit", height, behaviour);
    expect(["0.1 m", "1 m"].map((h) => preysOn(eagle, prey(h)))).toEqual([true, true]);
    expect(["0.09 m", "1.01 m"].map((h) => preysOn(eagle, prey(h)))).toEqual([false, false]);
    expect(preysOn(eagle, prey("0.5 m", "swim"))).toBe(true);
    expect(preysOn(eagle, prey("0.5 m", "fly"))).toBe(true);
    const bolder = { ...ECOLOGY_RULES, aerialPreySize: [0.5, 2] as const };
    expect(["0.5 m", "2 m"].map((h) => preysOn(eagle, prey(h), bolder))).toEqual([true, true]);
    expect(["0.4 m", "2.5 m"].map((h) => preysOn(eagle, prey(h), bolder))).toEqual([false, false]);
  });

  it("without a readable size on either side there is no hunt", () => {
    const unsized = (name: string, behaviour: string, taxonomy: string[]) =>
      ModelRecordSchema.parse({ ...makeRecord(name), behaviour, scale: {}, taxonomy });
    expect(preysOn(lion, unsized("goat", "walk", []))).toBe(false);
    expect(preysOn(unsized("lion", "walk", ["Felidae"]), record("goat", "0.5 m"))).toBe(false);
  });
});
