/**
 * populate takes the real service's habitat words (and everyday ones) and lands on the records'
 * flags; a word that names no habitat is an OptionsError naming the known ones, never a search
 * that populates something or nothing in silence. The reference service over real HTTP,
 * NullEngine, fixed steps.
 */
import { describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import { recordHasHabitat } from "../../src/records/recordHabitats.js";
import { catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();

describe("populate({ habitat }) with habitat words", () => {
  it("lands a grammar word on its flag: savannah is the grass", async () => {
    const { menagerie } = fixture.setup();
    const group = await menagerie.populate({ habitat: "Savannah", count: 6, seed: 3 });
    expect(group.habitat).toBe("grass");
    expect(group.creatures).toHaveLength(6);
    expect(group.records.length).toBeGreaterThan(0);
    expect(group.records.every((r) => recordHasHabitat(r, "grass"))).toBe(true);
  });

  it("takes everyday words and the grammar's places without a flag (underwater, mountain, space)", async () => {
    const { menagerie } = fixture.setup();
    const landed: string[] = [];
    for (const habitat of ["savanna", "underwater", "mountain", "space"]) {
      const group = await menagerie.populate({ habitat, count: 1, seed: 1 });
      landed.push(group.habitat);
      group.dispose();
    }
    expect(landed).toEqual(["grass", "sea", "icescape", "desert"]);
  });

  it("refuses a word that names no habitat, nearest known words first", async () => {
    const { menagerie } = fixture.setup();
    const error = await menagerie.populate({ habitat: "savana", count: 3 }).catch((e: unknown) => e);
    expect(isMenagerieError(error, "options")).toBe(true);
    expect(error).toMatchObject({ option: "habitat" });
    expect((error as Error).message).toMatch(/^habitat "savana" is not a habitat \(nearest: savanna, savannah/);
    expect((error as Error).message).toContain("known: savanna, savannah, garden, urban");
    await expect(menagerie.populate({ habitat: "zebra" })).rejects.toThrow(/"zebra" is not a habitat/);
  });
});
