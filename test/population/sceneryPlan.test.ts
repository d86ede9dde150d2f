import { describe, expect, it } from "vitest";
import { containsPoint, edgeDistance } from "../../src/motion/area.js";
import { planPopulation } from "../../src/population/populationPlan.js";
import { POPULATION_RULES } from "../../src/population/populationRules.js";
import { planScenery, sceneryFootprint } from "../../src/population/sceneryPlan.js";
import { isSceneryRecord } from "../../src/records/recordKind.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { makeRecord } from "../helpers/records.js";

/** A record of `type`/`behaviour` with the given habitat flags and scale. */
function record(name: string, type: string, behaviour: string, habitats: string[], scale: object, tags: string[] = []) {
  const r = makeRecord(name) as unknown as Record<string, unknown>;
  return {
    ...r,
    type,
    behaviour,
    forest: false,
    ...Object.fromEntries(habitats.map((h) => [h, true])),
    scale,
    tags,
  } as ModelRecord;
}

const oak = record("oak", "scenery", "static", ["forest", "lake"], { height: "6 m", width: "4 m", length: "4.2 m" });
const rock = record("rock", "uniform", "none", ["forest", "lake"], { height: "1 m" });
const coral = record("coral", "scenery", "static", ["lake"], { height: "50 cm", width: "40 cm" }, ["aquatic"]);
const cactus = record("cactus", "scenery", "static", ["desert"], { height: "3 m", width: "1 m" });
const fox = record("fox", "quadruped", "walk", ["forest", "lake"], { height: "45 cm" });
const trout = record("trout", "uniform", "swim", ["lake"], { height: "25 cm" });
const RECORDS = [fox, oak, rock, trout, coral, cactus, oak];
const flat = () => 0;
const area = { center: { x: 0, z: 0 }, radius: 12 };
const base = { records: RECORDS, area, ground: flat, seed: 3, defaultHeight: 1 };

describe("isSceneryRecord", () => {
  it("takes scenery/uniform records that are static or do nothing, never a moving creature", () => {
    expect([oak, rock, coral, cactus].map(isSceneryRecord)).toEqual([true, true, true, true]);
    expect([fox, trout].map(isSceneryRecord)).toEqual([false, false]);
    expect(isSceneryRecord({ type: "Scenery" })).toBe(true);
    expect(isSceneryRecord({ type: "quadruped", behaviour: "static" })).toBe(false);
    expect(isSceneryRecord({ type: "uniform" })).toBe(false);
  });
});

describe("planScenery", () => {
  it("places only scenery of the habitat, every kind once before any twice, apart from each other", () => {
    const plan = planScenery({ ...base, habitat: "forest", count: 5 });
    expect(plan.eligible.map((r) => r.name)).toEqual(["oak", "rock"]);
    expect(plan.items).toHaveLength(5);
    expect(new Set(plan.items.slice(0, 2).map((i) => i.record.name))).toEqual(new Set(["oak", "rock"]));
    for (const [i, a] of plan.items.entries()) {
      expect(containsPoint(area, a.x, a.z)).toBe(true);
      for (const b of plan.items.slice(i + 1))
        expect(Math.hypot(a.x - b.x, a.z - b.z)).toBeGreaterThan(a.radius + b.radius);
    }
    expect(plan.obstacles).toEqual(plan.items.map((i) => ({ center: { x: i.x, z: i.z }, radius: i.radius })));
  });

  it("sizes footprints from width and length, else from the height", () => {
    expect(sceneryFootprint(oak, 1)).toBeCloseTo(2.1 * 0.75, 6);
    expect(sceneryFootprint(rock, 1)).toBeCloseTo(1 / 3, 6);
    expect(sceneryFootprint(record("x", "scenery", "static", [], {}), 0.9)).toBeCloseTo(0.3, 6);
  });

  it("keeps land props out of the water and aquatic ones in it", () => {
    const water = { center: { x: 0, z: 0 }, radius: 5 };
    const plan = planScenery({ ...base, habitat: "lake", count: 9, water });
    expect(new Set(plan.items.map((i) => i.record.name))).toEqual(new Set(["oak", "rock", "coral"]));
    for (const item of plan.items) {
      const inside = edgeDistance(water, item.x, item.z, { x: 0, z: 0 }) >= item.radius;
      expect(inside, item.record.name).toBe(item.record.name === "coral");
    }
  });

  it("applies the filter, gives nothing for count 0 or no scenery, and repeats a seed exactly", () => {
    expect(
      planScenery({ ...base, habitat: "forest", count: 3, filter: (r) => r.name === "rock" }).items.map(
        (i) => i.record.name,
      ),
    ).toEqual(["rock", "rock", "rock"]);
    expect(planScenery({ ...base, habitat: "forest", count: 0 }).items).toEqual([]);
    expect(planScenery({ ...base, habitat: "river", count: 4 }).items).toEqual([]);
    const once = planScenery({ ...base, habitat: "forest", count: 6 });
    expect(planScenery({ ...base, habitat: "forest", count: 6 })).toEqual(once);
    expect(planScenery({ ...base, habitat: "forest", count: 6, seed: 4 }).items).not.toEqual(once.items);
  });
});

describe("planPopulation with scenery", () => {
  it("never picks scenery as a creature, and places creatures outside the props' footprints", () => {
    const dressing = planScenery({ ...base, habitat: "forest", count: 8 });
    const plan = planPopulation({
      ...base,
      habitat: "forest",
      count: 30,
      rules: POPULATION_RULES,
      obstacles: dressing.obstacles,
    });
    expect(plan.eligible.map((r) => r.name)).toEqual(["fox"]);
    expect(plan.creatures.length).toBeGreaterThan(20);
    for (const c of plan.creatures) {
      // Placed outside the footprints; not told to avoid them (the world's obstacles steer round them).
      expect([c.region.obstacles, c.region.avoid]).toEqual([dressing.obstacles, []]);
      for (const o of dressing.obstacles)
        expect(Math.hypot(c.x - o.center.x, c.z - o.center.z)).toBeGreaterThan(o.radius);
    }
    // Without obstacles the same seed puts some fox inside a footprint: the avoid list is what keeps them out.
    const bare = planPopulation({ ...base, habitat: "forest", count: 30, rules: POPULATION_RULES });
    const inside = bare.creatures.filter((c) =>
      dressing.obstacles.some((o) => Math.hypot(c.x - o.center.x, c.z - o.center.z) <= o.radius),
    );
    expect(inside.length).toBeGreaterThan(0);
  });
});
