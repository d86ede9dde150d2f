/**
 * What `planScenery` promises a scene: its eligible props in name order whatever the search's
 * order, the habitat as the game spelt it, every kind once before any twice (a small count still
 * shows variety, and which kinds is the seed's), aquatic props (by any of their tags) in the
 * water, 0.3 m between footprints, and each prop left out named.
 */
import { describe, expect, it } from "vitest";
import { type Area, containsPoint } from "../../src/motion/area.js";
import { planScenery, type SceneryPlanInput } from "../../src/population/sceneryPlan.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { speciesRecord } from "../helpers/speciesRecords.js";

const forestProps = ["oak tree", "pine tree", "bush", "fern", "toadstool"].map(speciesRecord);
const disc = (x: number, z: number, radius: number): Area => ({ center: { x, z }, radius });

function plan(input: Partial<SceneryPlanInput>) {
  return planScenery({
    habitat: "forest",
    records: forestProps,
    count: 5,
    area: disc(0, 0, 30),
    ground: () => 0,
    seed: 1,
    defaultHeight: 1,
    ...input,
  });
}

const kinds = (items: readonly { record: ModelRecord }[]) => items.map((i) => i.record.name);

describe("planScenery: what a scene gets", () => {
  it("its eligible props are in name order, whatever the search's order", () => {
    const sorted = ["bush", "fern", "oak tree", "pine tree", "toadstool"];
    for (let shift = 0; shift < 5; shift++) {
      const records = [...forestProps.slice(shift), ...forestProps.slice(0, shift)];
      expect(plan({ records }).eligible.map((r) => r.name)).toEqual(sorted);
      expect(plan({ records: [...records].reverse() }).eligible.map((r) => r.name)).toEqual(sorted);
    }
  });

  it("reads the habitat as the game spelt it", () => {
    const records = [...forestProps, speciesRecord("saguaro cactus"), speciesRecord("reeds")];
    expect(plan({ records, habitat: " Forest " }).eligible).toEqual(plan({ records }).eligible);
  });

  it("shows every kind once before any twice", () => {
    for (let seed = 1; seed <= 6; seed++) {
      expect(kinds(plan({ seed }).items).sort(), `seed ${seed}`).toEqual([
        "bush",
        "fern",
        "oak tree",
        "pine tree",
        "toadstool",
      ]);
      const twice = kinds(plan({ seed, count: 10 }).items);
      for (const name of new Set(twice)) expect(twice.filter((n) => n === name).length, name).toBeLessThanOrEqual(5);
      expect(new Set(twice.slice(0, 5)).size).toBe(5);
    }
  });

  it("a count smaller than the kinds still shows each kind for some seed", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) for (const name of kinds(plan({ seed, count: 2 }).items)) seen.add(name);
    expect(seen.size).toBe(5);
    const two = forestProps.slice(0, 2);
    const first = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) first.add(kinds(plan({ seed, records: two, count: 1 }).items)[0]!);
    expect(first).toEqual(new Set(["oak tree", "pine tree"]));
  });

  it("puts a prop tagged aquatic, underwater or reef (any case) in the water, others out of it", () => {
    const water = disc(5, 0, 6);
    for (const tag of ["aquatic", "underwater", "reef", "Reef"]) {
      const coral = { ...speciesRecord("brain coral"), tags: ["coral", tag] };
      const p = plan({ records: [coral, ...forestProps], habitat: "coral", count: 12, water, seed: 2 });
      const corals = p.items.filter((i) => i.record === coral);
      expect(corals.length, tag).toBeGreaterThan(0);
      for (const i of corals) expect(containsPoint(water, i.x, i.z), tag).toBe(true);
      for (const i of p.items.filter((i) => i.record !== coral))
        expect(containsPoint(water, i.x, i.z), tag).toBe(false);
    }
  });

  it("keeps 0.3 m between footprints, and leaves out, by name, the props with no room", () => {
    const p = plan({ count: 40, area: disc(0, 0, 6), seed: 5 });
    expect(p.items.length + p.omissions.length).toBe(40);
    expect(p.items.length).toBeGreaterThan(10);
    for (let i = 0; i < p.items.length; i++)
      for (let j = i + 1; j < p.items.length; j++) {
        const a = p.items[i]!;
        const b = p.items[j]!;
        expect(Math.hypot(a.x - b.x, a.z - b.z)).toBeGreaterThanOrEqual(a.radius + b.radius + 0.3 - 1e-9);
      }
    expect(p.omissions.length).toBeGreaterThan(0);
    for (const o of p.omissions)
      expect(o).toMatch(/^(bush|fern|oak tree|pine tree|toadstool): no room left in the area for scenery$/);
    expect(plan({ count: 5 }).omissions).toEqual([]);
  });
});
