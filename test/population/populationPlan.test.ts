import { describe, expect, it } from "vitest";
import { type Area, containsPoint } from "../../src/motion/area.js";
import { type PopulationPlan, type PopulationPlanInput, planPopulation } from "../../src/population/populationPlan.js";
import { POPULATION_RULES, type PopulationRules } from "../../src/population/populationRules.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord } from "../helpers/records.js";
import { round } from "../helpers/round.js";

/** A record as the client would hand it over (parsed by the real schema). */
function record(
  name: string,
  fields: { behaviour?: string; height?: string | number; habitats?: string[]; extra?: Record<string, unknown> } = {},
): ModelRecord {
  const flags = Object.fromEntries((fields.habitats ?? ["forest"]).map((h) => [h, true]));
  return ModelRecordSchema.parse({
    ...makeRecord(name),
    forest: false,
    behaviour: fields.behaviour ?? "walk",
    scale: { height: fields.height ?? "45 cm" },
    ...flags,
    ...fields.extra,
  });
}

const fox = record("fox");
const deer = record("deer", { height: "1.3 m" });
const owl = record("owl", { behaviour: "fly", height: "30 cm" });
const trout = record("trout", { behaviour: "swim", height: "25 cm", habitats: ["forest", "lake"] });
const heron = record("heron", { height: "1 m", habitats: ["lake"] });
const camel = record("camel", { height: "2 m", habitats: ["desert"] });
const forestRecords = [fox, deer, owl, trout, camel];
const ground = (x: number, z: number) => 0.3 * Math.sin(x * 0.3) + 0.2 * Math.cos(z * 0.2);
const disc = (x: number, z: number, radius: number): Area => ({ center: { x, z }, radius });

function plan(input: Partial<PopulationPlanInput>): PopulationPlan {
  return planPopulation({
    habitat: "forest",
    records: forestRecords,
    count: 20,
    area: disc(0, 0, 12),
    ground,
    seed: 1,
    rules: POPULATION_RULES,
    defaultHeight: 1,
    ...input,
  });
}
const positions = (p: PopulationPlan) =>
  p.creatures.map((c) => [c.record.name, round(c.x), round(c.z), round(c.heading)]);
const footprint = (height: number) => Math.max(0.12, height * 0.45);

describe("planPopulation", () => {
  it("gives the same plan for the same seed whatever the records' order, another for another seed", () => {
    const a = plan({ seed: 7 });
    expect(positions(plan({ seed: 7, records: [...forestRecords].reverse() }))).toEqual(positions(a));
    expect(positions(plan({ seed: 8 }))).not.toEqual(positions(a));
    expect(a.creatures.map((c) => c.slot)).toEqual([...Array(20).keys()]);
  });

  it("keeps records whose habitat flag is true, once each, that the filter accepts", () => {
    expect(plan({ records: [...forestRecords, fox, fox] }).eligible.map((r) => r.name)).toEqual(["deer", "fox", "owl"]); // no camel, no trout
    expect(plan({ filter: (r) => r.name !== "deer" }).eligible.map((r) => r.name)).toEqual(["fox", "owl"]);
    // A query that is not a habitat checks no flag (the service chose the records).
    expect(plan({ habitat: "pets" }).eligible.map((r) => r.name)).toEqual(["camel", "deer", "fox", "owl"]);
    const flagged = plan({ habitat: " Forest " });
    expect(new Set(flagged.creatures.map((c) => c.record.name))).toEqual(new Set(["deer", "fox", "owl"]));
  });

  it("puts walkers on the ground, flyers in the air, and no water where there is none", () => {
    const p = plan({ count: 30 });
    expect(p.water).toBeUndefined();
    expect(p.waterLevel).toBeUndefined();
    for (const c of p.creatures) {
      expect(c.realm).toBe(c.record.name === "owl" ? "air" : "ground");
      expect(c.groundY).toBe(ground(c.x, c.z));
      expect(c.swimDepth).toBeUndefined();
      expect(containsPoint(p.regions.ground.area, c.x, c.z)).toBe(true);
    }
  });

  it("puts swimmers in the water, under its level, and walkers out of it, in a water habitat", () => {
    const p = plan({ habitat: "lake", records: [trout, heron, fox], count: 24, seed: 3 });
    const water = p.water as { center: { x: number; z: number }; radius: number };
    expect([water.center.x, water.center.z, round(water.radius)]).toEqual([0, 0, round(12 * 0.45)]);
    expect(p.waterLevel).toBe(ground(0, 0) + 0.6); // trout: 0.25 m * 1.6 < the 0.6 m least depth
    const names = new Set(p.creatures.map((c) => c.record.name));
    expect(names).toEqual(new Set(["trout", "heron"]));
    for (const c of p.creatures) {
      const fromCentre = Math.hypot(c.x - water.center.x, c.z - water.center.z);
      if (c.record.name === "trout") {
        expect(c.realm).toBe("water");
        expect(fromCentre).toBeLessThanOrEqual(water.radius - footprint(c.height));
        expect(c.swimDepth).toBeGreaterThan(0);
        expect(p.waterLevel! - c.swimDepth!).toBeGreaterThanOrEqual(c.groundY - 1e-9);
      } else {
        expect(c.realm).toBe("ground");
        expect(fromCentre).toBeGreaterThanOrEqual(water.radius + footprint(c.height));
      }
    }
    // Water and level given are used as given.
    const given = plan({ habitat: "lake", records: [trout], count: 3, water: disc(4, 4, 2), waterLevel: 1.25 });
    expect(given.waterLevel).toBe(1.25);
    for (const c of given.creatures) expect(Math.hypot(c.x - 4, c.z - 4)).toBeLessThanOrEqual(2);
  });

  it("gathers herds around their first member, and does not without herd rules", () => {
    const rules: PopulationRules = { ...POPULATION_RULES, herdSizes: { deer: [3, 3] } };
    const herded = plan({ records: [deer], count: 9, area: disc(0, 0, 30), rules });
    const spread = (p: PopulationPlan) => {
      let far = 0;
      for (let i = 0; i < p.creatures.length; i += 3) {
        const leader = p.creatures[i]!;
        for (const c of p.creatures.slice(i + 1, i + 3)) {
          if (Math.hypot(c.x - leader.x, c.z - leader.z) > 5 * footprint(1.3) + 0.1) far++;
        }
      }
      return far;
    };
    expect(herded.creatures).toHaveLength(9);
    expect(spread(herded)).toBe(0);
    expect(
      spread(plan({ records: [deer], count: 9, area: disc(0, 0, 30), rules: { ...rules, herdSizes: {} } })),
    ).toBeGreaterThan(0);
  });

  it("places no two creatures overlapping", () => {
    const p = plan({ count: 60, area: disc(0, 0, 10), seed: 5 });
    const cs = p.creatures;
    expect(cs.length).toBeGreaterThan(20);
    for (let i = 0; i < cs.length; i++) {
      for (let j = i + 1; j < cs.length; j++) {
        const d = Math.hypot(cs[i]!.x - cs[j]!.x, cs[i]!.z - cs[j]!.z);
        expect(d).toBeGreaterThanOrEqual(footprint(cs[i]!.height) + footprint(cs[j]!.height));
      }
    }
  });

  it("names the creatures left out when there is no room, and lists only placed species", () => {
    const p = plan({ records: [deer, fox], count: 15, area: disc(0, 0, 2), seed: 9 });
    expect(p.slots).toBe(15);
    expect(p.omissions.length).toBeGreaterThan(0);
    expect(p.creatures.length + p.omissions.length).toBe(15);
    for (const o of p.omissions) expect(o).toMatch(/^(deer|fox): no room left in the area$/);
    expect(p.species.flatMap((s) => s.creatures)).toHaveLength(p.creatures.length);
    const tiny = plan({ records: [deer], count: 3, area: disc(0, 0, 0.3) });
    expect(tiny.creatures).toEqual([]);
    expect(tiny.species).toEqual([]);
    expect(tiny.omissions).toEqual(Array(3).fill("deer: no room left in the area"));
  });

  it("uses the default height for a record whose height cannot be read", () => {
    const blob = record("blob", { behaviour: "swim", height: "tall", habitats: ["lake"] });
    const p = plan({ habitat: "lake", records: [blob], count: 2, defaultHeight: 1.5 });
    expect(p.creatures.map((c) => c.height)).toEqual([1.5, 1.5]);
    expect(p.waterLevel).toBe(ground(0, 0) + Math.min(3, 1.5 * 1.6));
    expect(plan({ habitat: "lake", records: [blob], count: 2, defaultHeight: 0.2 }).waterLevel).toBe(
      ground(0, 0) + 0.6,
    );
  });

  it("plans nothing for no count or no eligible record", () => {
    for (const p of [plan({ count: 0 }), plan({ records: [camel, trout] })]) {
      expect([p.slots, p.creatures.length, p.species.length, p.omissions.length]).toEqual([0, 0, 0, 0]);
    }
  });
});
