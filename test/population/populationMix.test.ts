import { describe, expect, it } from "vitest";
import { type Area, containsPoint, edgeDistance } from "../../src/motion/area.js";
import { type PopulationPlanInput, planPopulation } from "../../src/population/populationPlan.js";
import { POPULATION_RULES } from "../../src/population/populationRules.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord } from "../helpers/records.js";

function record(name: string, behaviour = "walk", height = "1.4 m"): ModelRecord {
  return ModelRecordSchema.parse({ ...makeRecord(name), savanna: true, behaviour, scale: { height } });
}

const zebra = record("zebra");
const elephant = record("elephant", "walk", "3 m");
const lion = record("lion", "walk", "1.1 m");
const crow = record("crow", "fly", "40 cm");
const fish = record("fish", "swim", "20 cm");
const savanna = [zebra, elephant, lion, crow, fish];
const field: Area = { center: { x: 0, z: 0 }, radius: 40 };
const pond: Area = { center: { x: 8, z: -5 }, radius: 7 };

function plan(input: Partial<PopulationPlanInput>) {
  return planPopulation({
    habitat: "savanna",
    records: savanna,
    count: 40,
    area: field,
    ground: () => 0,
    seed: 1,
    rules: POPULATION_RULES,
    defaultHeight: 1,
    ...input,
  });
}

describe("planPopulation: mix, water, groups", () => {
  it("the species mix follows the weights (shares of creatures) within sampling error", () => {
    // 30 seeds of 40: zebra 3 : elephant 1 : others 0, so 75% zebras. Herd sizes make draws
    // lumpy (zebras come 3 to 5 at a time); 1200 creatures keep the error to a few per cent.
    let zebras = 0;
    let elephants = 0;
    let others = 0;
    for (let seed = 1; seed <= 30; seed++) {
      for (const c of plan({ seed, mix: { zebra: 3, elephant: 1 }, area: { center: { x: 0, z: 0 }, radius: 80 } })
        .creatures) {
        if (c.record === zebra) zebras++;
        else if (c.record === elephant) elephants++;
        else others++;
      }
    }
    expect(others).toBe(0);
    expect(zebras / (zebras + elephants)).toBeGreaterThan(0.7);
    expect(zebras / (zebras + elephants)).toBeLessThan(0.8);
    // "*" weighs the species not named; without a mix every species is drawn.
    const wild = plan({ mix: { zebra: 1, "*": 1 } });
    expect(new Set(wild.creatures.map((c) => c.record.name)).size).toBeGreaterThan(2);
    expect(plan({ mix: { nothing: 1 } }).creatures).toEqual([]);
    // Two records of one name share its weight: zebra and zebra#0002 together still make 3 of 4.
    const zebra2 = record("zebra#0002");
    let z = 0;
    let all = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const p = plan({
        seed,
        records: [...savanna, zebra2],
        mix: { zebra: 3, elephant: 1 },
        area: { center: { x: 0, z: 0 }, radius: 80 },
      });
      z += p.creatures.filter((c) => c.record === zebra || c.record === zebra2).length;
      all += p.creatures.length;
    }
    expect(z / all).toBeGreaterThan(0.7);
    expect(z / all).toBeLessThan(0.8);
  });

  it("a game's water counts outside water habitats: no walker stands in it, swimmers only in it", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const p = plan({ seed, water: pond });
      expect(p.water).toEqual(pond);
      const walkers = p.creatures.filter((c) => c.realm === "ground");
      const swimmers = p.creatures.filter((c) => c.realm === "water");
      expect(walkers.length).toBeGreaterThan(10);
      expect(swimmers.length).toBeGreaterThan(0);
      for (const c of walkers) expect(containsPoint(pond, c.x, c.z), `${c.record.name} in the pond`).toBe(false);
      for (const c of swimmers) expect(containsPoint(pond, c.x, c.z)).toBe(true);
      for (const c of walkers) expect(c.region.avoid).toContain(pond);
    }
    // Without water no swimmer is planned on the savanna.
    expect(plan({}).creatures.filter((c) => c.realm === "water")).toEqual([]);
  });

  it("an area with a hole: creatures placed around it, none inside", () => {
    const meadow: Area = { center: { x: 0, z: 0 }, radius: 20, holes: [{ center: { x: 0, z: 0 }, radius: 10 }] };
    const p = plan({ area: meadow, records: [zebra, lion] });
    expect(p.creatures.length).toBe(40);
    for (const c of p.creatures) {
      expect(Math.hypot(c.x, c.z)).toBeGreaterThan(10);
      expect(edgeDistance(meadow, c.x, c.z, { x: 0, z: 0 })).toBeGreaterThan(0);
    }
  });

  it("herds, flocks and shoals get a group key; lone walkers none", () => {
    const p = plan({ water: pond, seed: 3, mix: { zebra: 2, lion: 1, crow: 2 } });
    const zebras = p.creatures.filter((c) => c.record === zebra);
    expect(zebras.every((c) => c.group?.startsWith("herd:"))).toBe(true);
    expect(p.creatures.filter((c) => c.record === lion).every((c) => c.group === undefined)).toBe(true);
    const crows = p.creatures.filter((c) => c.record === crow);
    expect(crows.length).toBeGreaterThan(1);
    expect(new Set(crows.map((c) => c.group))).toEqual(new Set(["air:crow"]));
  });
});
