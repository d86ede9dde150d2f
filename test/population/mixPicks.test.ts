/**
 * How a mix's weights pick species, at the edges a sampled share cannot show: each species
 * owns a half-open run of the generator's draws, so over its 2^32 equally likely draws a
 * species gets exactly its weight over the sum; and a species weighted 0 is left out even when
 * the other weights are so large that their sum overflows.
 */
import { describe, expect, it } from "vitest";
import { type PopulationPlanInput, planPopulation } from "../../src/population/populationPlan.js";
import { POPULATION_RULES } from "../../src/population/populationRules.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { speciesRecord } from "../helpers/speciesRecords.js";

/** Every species alone (no herds), so a pick weighs its mix weight as given. */
const rules = { ...POPULATION_RULES, herdSizes: {} };

function plan(input: Partial<PopulationPlanInput>) {
  return planPopulation({
    habitat: "animals",
    records: ["lion", "zebra", "crow"].map(speciesRecord),
    count: 1,
    area: { center: { x: 0, z: 0 }, radius: 30 },
    ground: () => 0,
    seed: 1,
    rules,
    defaultHeight: 1,
    ...input,
  });
}

describe("planPopulation: the mix's picks", () => {
  it("a draw on the boundary between two shares picks the later species, so each gets exactly its share of the draws", () => {
    const draws = 2 ** 32;
    for (const seed of [1, 2, 3]) {
      // The first pick is the plan's first draw: k of the generator's 2^32 draws lie below it.
      const k = new SeededRandom(seed).next() * draws;
      expect(k, "the draw is a whole number of 2^-32 steps").toBe(Math.round(k));
      // Names sort crow, lion, zebra: crow owns the draws [0, weight), lion the next run.
      const first = (crow: number) =>
        plan({ seed, mix: { crow, lion: draws - crow } }).creatures.map((c) => c.record.name);
      expect(first(k), `seed ${seed}: crow's share ends just below this draw`).toEqual(["lion"]);
      expect(first(k + 1), `seed ${seed}: one more draw in crow's share`).toEqual(["crow"]);
    }
  });

  it("a species weighted 0 is left out even when the other weights' sum overflows", () => {
    // zebra is not named and there is no "*": it weighs 0, and sorts last.
    const p = plan({ mix: { crow: 1e308, lion: 1e308 }, count: 12 });
    expect(p.creatures).toHaveLength(12);
    for (const c of p.creatures) expect(c.record.name).not.toBe("zebra");
  });
});
