/**
 * What a game relies on from the swimmer kinds, engine-free: each swimmer named in the table
 * (by name, taxon or tag, any case, around spaces) keeps to its kind's band; a swimmer named in
 * none is a mid-water fish; the first word the table knows decides; a game's own table wins.
 */
import { describe, expect, it } from "vitest";
import { DEPTH_BANDS, SWIM_KINDS, type SwimKind, swimKindOf } from "../../src/motion/swimKinds.js";

/** Every word the table promises, with its kind (the doc: ducks and turtles float, rays and crabs keep low). */
const PROMISED: readonly [string, SwimKind][] = [
  ["duck", "surface"],
  ["goose", "surface"],
  ["swan", "surface"],
  ["anatidae", "surface"],
  ["turtle", "surface"],
  ["sea turtle", "surface"],
  ["testudines", "surface"],
  ["jellyfish", "surface"],
  ["ray", "bottom"],
  ["stingray", "bottom"],
  ["manta ray", "bottom"],
  ["myliobatiformes", "bottom"],
  ["rajiformes", "bottom"],
  ["flatfish", "bottom"],
  ["flounder", "bottom"],
  ["plaice", "bottom"],
  ["pleuronectiformes", "bottom"],
  ["crab", "bottom"],
  ["lobster", "bottom"],
  ["decapoda", "bottom"],
  ["catfish", "bottom"],
  ["siluriformes", "bottom"],
  ["octopus", "bottom"],
  ["starfish", "bottom"],
];

describe("swimKindOf with the built-in table", () => {
  it.each(PROMISED)("a swimmer called %s is a %s swimmer", (word, kind) => {
    expect(swimKindOf([word])).toBe(kind);
    expect(SWIM_KINDS.get(word)).toBe(kind);
  });

  it("holds exactly the promised words (no empty word, nothing else)", () => {
    expect([...SWIM_KINDS.keys()].sort()).toEqual(PROMISED.map(([w]) => w).sort());
    expect(swimKindOf([""])).toBe("mid");
  });

  it("reads words in any case and around spaces, as records spell them", () => {
    expect(swimKindOf(["Mallard", "Anatidae"])).toBe("surface");
    expect(swimKindOf(["  Sea Turtle "])).toBe("surface");
    expect(swimKindOf(["STINGRAY"])).toBe("bottom");
    expect(swimKindOf(["Octopus\n"])).toBe("bottom");
  });

  it("makes a swimmer named in none, or with no words, a mid-water fish", () => {
    expect(swimKindOf(["salmon", "salmonidae", "fish"])).toBe("mid");
    expect(swimKindOf([])).toBe("mid");
  });

  it("takes the first word the table knows", () => {
    expect(swimKindOf(["shark", "turtle", "crab"])).toBe("surface");
    expect(swimKindOf(["shark", "crab", "turtle"])).toBe("bottom");
  });
});

describe("swimKindOf with a game's own table", () => {
  it("reads the game's table instead of the built-in one", () => {
    const kinds = new Map<string, SwimKind>([["manatee", "bottom"]]);
    expect(swimKindOf(["Manatee"], kinds)).toBe("bottom");
    expect(swimKindOf(["duck"], kinds)).toBe("mid");
  });
});

describe("DEPTH_BANDS", () => {
  it("keeps each band's top no deeper than its bottom, within the column", () => {
    for (const band of Object.values(DEPTH_BANDS)) {
      expect(band.top).toBeGreaterThanOrEqual(0);
      expect(band.bottom).toBeGreaterThanOrEqual(band.top);
      expect(band.bottom).toBeLessThanOrEqual(1);
      expect(band.submerged).toBeGreaterThan(0);
      expect(band.submerged).toBeLessThanOrEqual(1);
    }
    expect(DEPTH_BANDS.surface).toEqual({ top: 0, bottom: 0, submerged: 0.6 });
    expect(DEPTH_BANDS.mid.submerged).toBe(1);
    expect(DEPTH_BANDS.bottom.bottom).toBe(1);
  });
});
