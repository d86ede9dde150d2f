/**
 * What a game reads off a population plan beyond who stands where: the eligible records in name
 * order whatever the search's order, herd group keys, each swimmer's depth within the water and
 * its size, the water region keeping out of scenery, and `habitatWater` as populate's scenery
 * asks for it (a habitat as the game spelt it, a polygon area).
 */
import { describe, expect, it } from "vitest";
import { type Area, containsPoint } from "../../src/motion/area.js";
import { habitatWater, type PopulationPlanInput, planPopulation } from "../../src/population/populationPlan.js";
import { POPULATION_RULES } from "../../src/population/populationRules.js";
import { speciesRecord } from "../helpers/speciesRecords.js";

const lakeRecords = ["trout", "carp", "duck", "flamingo", "frog", "reeds"].map(speciesRecord);
const disc = (x: number, z: number, radius: number): Area => ({ center: { x, z }, radius });

function plan(input: Partial<PopulationPlanInput>) {
  return planPopulation({
    habitat: "lake",
    records: lakeRecords,
    count: 20,
    area: disc(0, 0, 20),
    ground: () => 0,
    seed: 1,
    rules: POPULATION_RULES,
    defaultHeight: 1,
    ...input,
  });
}

/** Every order of `items` (for a few items). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("planPopulation: what a game reads off the plan", () => {
  it("the eligible records are in name order, whatever the search's order", () => {
    const creatures = lakeRecords.filter((r) => r.name !== "reeds");
    for (const records of permutations(creatures))
      expect(plan({ records, count: 1 }).eligible.map((r) => r.name)).toEqual([
        "carp",
        "duck",
        "flamingo",
        "frog",
        "trout",
      ]);
  });

  it("a record without a behaviour walks, as does one whose behaviour the rules do not name", () => {
    const { behaviour: _, ...still } = speciesRecord("flamingo");
    const p = plan({ records: [still, { ...speciesRecord("frog"), behaviour: "leap" }], count: 6 });
    expect(p.creatures).toHaveLength(6);
    for (const c of p.creatures) expect(c.realm, c.record.name).toBe("ground");
  });

  it('a game\'s rules place the records without a behaviour by the key ""', () => {
    const { behaviour: _, ...still } = speciesRecord("flamingo");
    const rules = {
      ...POPULATION_RULES,
      realmByBehaviour: { ...POPULATION_RULES.realmByBehaviour, "": "air" as const },
    };
    const p = plan({ records: [still, speciesRecord("frog")], count: 12, rules });
    expect(new Set(p.creatures.map((c) => `${c.record.name} ${c.realm}`))).toEqual(
      new Set(["flamingo air", "frog ground"]),
    );
  });

  it("herds are keyed herd:0, herd:1, ... in plan order; a lone walker has no group", () => {
    const rules = { ...POPULATION_RULES, herdSizes: { duck: [3, 3] as const, flamingo: [2, 2] as const } };
    const p = plan({ records: ["duck", "flamingo", "frog"].map(speciesRecord), count: 30, rules, seed: 4 });
    const herds = [...new Set(p.creatures.map((c) => c.group).filter((g) => g !== undefined))];
    expect(herds.length).toBeGreaterThan(3);
    expect(herds).toEqual(herds.map((_, i) => `herd:${i}`));
    for (const c of p.creatures) if (c.record.name === "frog") expect(c.group).toBeUndefined();
  });

  it("a swimmer swims deeper the bigger it is, within the water; no other creature has a depth", () => {
    // Flat ground at 0 and a level 2 m up: room enough, so a swimmer's depth is 1.3 of its height.
    const p = plan({ waterLevel: 2, seed: 2 });
    const swimmers = p.creatures.filter((c) => c.realm === "water");
    expect(new Set(swimmers.map((c) => c.record.name))).toEqual(new Set(["carp", "trout"]));
    for (const c of swimmers) expect(c.swimDepth, c.record.name).toBeCloseTo(c.height * 1.3, 9);
    const others = p.creatures.filter((c) => c.realm !== "water");
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) expect(c.swimDepth, c.record.name).toBeUndefined();
    // Shallow water: a swimmer stays 2 cm off the bottom, but never shallower than 5 cm.
    for (const c of plan({ waterLevel: 0.3, seed: 2 }).creatures.filter((c) => c.realm === "water"))
      expect(c.swimDepth).toBeCloseTo(Math.min(0.28, c.height * 1.3), 9);
    for (const c of plan({ waterLevel: 0.03, seed: 2 }).creatures.filter((c) => c.realm === "water"))
      expect(c.swimDepth).toBe(0.05);
    // A tiny swimmer still swims 10 cm down.
    const minnow = { ...speciesRecord("goldfish"), scale: { height: "2 cm" } };
    const tiny = plan({ records: [minnow], waterLevel: 2, count: 3 });
    expect(tiny.creatures.map((c) => c.swimDepth)).toEqual([0.1, 0.1, 0.1]);
  });

  it("swimmers, like walkers, are not placed on the scenery's footprints", () => {
    const rock = disc(0, 0, 3);
    const p = plan({ records: ["trout", "carp"].map(speciesRecord), count: 30, obstacles: [rock], seed: 3 });
    expect(p.regions.water.obstacles).toEqual([rock]);
    expect(p.creatures.length).toBeGreaterThan(10);
    for (const c of p.creatures) expect(containsPoint(rock, c.x, c.z), `${c.record.name} on the rock`).toBe(false);
  });
});

describe("habitatWater", () => {
  it("reads the habitat as a game spelt it", () => {
    expect(habitatWater(" Lake ", disc(2, 1, 10), POPULATION_RULES)).toEqual({ center: { x: 2, z: 1 }, radius: 4.5 });
    expect(habitatWater("grass", disc(2, 1, 10), POPULATION_RULES)).toBeUndefined();
  });

  it("a polygon's water reaches 45% of the way to its farthest corner", () => {
    const field: Area = {
      points: [
        { x: 10, z: 10 },
        { x: 30, z: 10 },
        { x: 30, z: 50 },
        { x: 10, z: 50 },
      ],
    };
    const water = habitatWater("pond", field, POPULATION_RULES) as { center: { x: number; z: number }; radius: number };
    expect(water.center).toEqual({ x: 20, z: 30 });
    expect(water.radius).toBeCloseTo(0.45 * Math.hypot(10, 20), 9);
    const kite: Area = {
      points: [
        { x: 10, z: 0 },
        { x: 12, z: 10 },
        { x: 10, z: 20 },
        { x: 8, z: 10 },
      ],
    };
    const kiteWater = habitatWater("pond", kite, POPULATION_RULES) as {
      center: { x: number; z: number };
      radius: number;
    };
    expect(kiteWater.radius).toBeCloseTo(0.45 * 10, 9);
  });
});
