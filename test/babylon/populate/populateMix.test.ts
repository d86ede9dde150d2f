/**
 * A populate `mix` is checked against the species the habitat search found: a key that names
 * none (`lions`, a plural typo) fails with the nearest names instead of leaving its species out
 * in silence, and an empty mix says so, before any request. Over the reference service and its
 * catalog, so the species are those its habitat search really answers with.
 */
import { describe, expect, it } from "vitest";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";
import { countingFetch } from "../../helpers/catalogService.js";

const fixture = catalogMenagerieFixture();

/** The catalog's grass species as mix keys: creatures (not scenery), lower case, no `#0002`. */
function grassSpecies(): string[] {
  const records = fixture.service().catalogFile.records.filter((r) => r.grass && r.type !== "scenery");
  return [...new Set(records.map((r) => r.name.replace(/#\d+$/, "").toLowerCase()))].sort();
}

describe("populate: mix keys", () => {
  it("a key that names no species of the habitat is an OptionsError with the nearest names", async () => {
    const { menagerie } = fixture.setup();
    const species = grassSpecies();
    expect(species).toContain("lion");
    expect(species).not.toContain("camel");
    const failure = menagerie.populate({ habitat: "grass", count: 6, mix: { lions: 1, sheep: 1 } });
    await expect(failure).rejects.toMatchObject({ name: "OptionsError", option: "mix" });
    await expect(failure).rejects.toThrow(
      `mix names no species of the grass: "lions" (nearest: lion); its species are ${species.slice(0, 8).join(", ")}, ...`,
    );
    // A species of another habitat is not one of this habitat's.
    await expect(menagerie.populate({ habitat: "grass", mix: { camel: 1 } })).rejects.toThrow(
      'mix names no species of the grass: "camel"',
    );
    expect(menagerie.creatures).toHaveLength(0); // nothing was spawned
    const group = await menagerie.populate({ habitat: "grass", count: 6, mix: { lion: 1, "*": 0.5 } });
    expect(group.creatures.length).toBeGreaterThan(0);
  });

  it("a weight that is negative or not finite, or weights of nothing or past the largest number, say so before any request", async () => {
    const counted = countingFetch();
    const { menagerie } = fixture.setup({ fetch: counted.fetch });
    for (const [mix, option, message] of [
      [{ crow: -1, lion: 1 }, "mix.crow", /mix\.crow must be a non-negative finite number/],
      [{ crow: Number.POSITIVE_INFINITY, lion: 1 }, "mix.crow", /non-negative finite number/],
      [{ lion: Number.NaN }, "mix.lion", /non-negative finite number/],
      [{ lion: 0, "*": 0 }, "mix", /weighs nothing/],
      [{ crow: 1e308, lion: 1e308 }, "mix", /past the largest number/],
    ] as const) {
      await expect(menagerie.populate({ habitat: "grass", mix })).rejects.toMatchObject({
        name: "OptionsError",
        option,
        message: expect.stringMatching(message),
      });
    }
    expect(counted.urls).toHaveLength(0);
  });

  it("an empty mix says so, before any request", async () => {
    const counted = countingFetch();
    const { menagerie } = fixture.setup({ fetch: counted.fetch });
    await expect(menagerie.populate({ habitat: "grass", mix: {} })).rejects.toMatchObject({
      name: "OptionsError",
      option: "mix",
      message: 'mix is empty: name species with their weights ({ zebra: 3, "*": 1 }), or leave it out',
    });
    expect(counted.urls).toHaveLength(0);
    // The same Menagerie asks the service once its mix is good: the counter does see its requests.
    await menagerie.populate({ habitat: "grass", count: 2, mix: { lion: 1 } });
    expect(counted.urls.length).toBeGreaterThan(0);
  });
});
