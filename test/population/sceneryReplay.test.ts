/**
 * A seed's scenery, pinned: a game that saves a seed, or a link that carries one (the demo's
 * `?seed=`), shows the same props at the same spots from one run and one release to the next.
 * The plan draws the kinds' order and then every dart from one stream, so a draw more or fewer
 * anywhere moves every prop after it. A deliberate change of the layout updates these figures and
 * says so in the changelog.
 */
import { describe, expect, it } from "vitest";
import { planScenery } from "../../src/population/sceneryPlan.js";
import { speciesRecord } from "../helpers/speciesRecords.js";

const forestProps = ["oak tree", "pine tree", "bush", "fern", "toadstool"].map(speciesRecord);

describe("planScenery: a seed replays its scene", () => {
  it("seed 7 lays seven forest props out where it always has", () => {
    const plan = planScenery({
      habitat: "forest",
      records: forestProps,
      count: 7,
      area: { center: { x: 0, z: 0 }, radius: 30 },
      ground: () => 0,
      seed: 7,
      defaultHeight: 1,
    });
    const expected: [string, number, number, number][] = [
      ["fern", -13.715, -16.472, 2.071],
      ["oak tree", 4.959, -6.927, 3.117],
      ["pine tree", -0.056, -7.395, -2.522],
      ["toadstool", -19.053, -7.763, -0.651],
      ["bush", -7.525, 0.587, 2.162],
      ["bush", -5.345, 17.642, 2.845],
      ["fern", -1.215, -4.916, -1.488],
    ];
    expect(plan.items.map((i) => i.record.name)).toEqual(expected.map(([name]) => name));
    plan.items.forEach((item, i) => {
      const [name, x, z, heading] = expected[i]!;
      expect(item.x, name).toBeCloseTo(x, 2);
      expect(item.z, name).toBeCloseTo(z, 2);
      expect(item.heading, name).toBeCloseTo(heading, 2);
    });
  });
});
