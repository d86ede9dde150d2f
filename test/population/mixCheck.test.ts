/**
 * `checkMixKeys`: a populate's `mix` key that names none of the species the habitat search found
 * fails, with the nearest names and the species there are, instead of weighing nothing in silence.
 */
import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { checkMixKeys } from "../../src/population/mixCheck.js";
import { speciesRecord } from "../helpers/speciesRecords.js";

const grass = ["lion", "zebra", "zebra", "elephant"].map(speciesRecord);

/** The error `checkMixKeys` throws, or undefined. */
function failure(mix: Record<string, number> | undefined, eligible = grass, habitat = "grass"): unknown {
  try {
    checkMixKeys(mix, eligible, habitat);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("checkMixKeys", () => {
  it("accepts keys that name a species (lower case, without a #0002 suffix) and the wildcard", () => {
    expect(failure(undefined)).toBeUndefined();
    expect(failure({ lion: 1, zebra: 3, elephant: 0.5, "*": 1 })).toBeUndefined();
    expect(failure({ "*": 2 })).toBeUndefined();
    // Variants share their species' key: frog#0002 is a "poison dart frog", frog is "frog".
    expect(
      failure({ frog: 1, "poison dart frog": 1 }, [speciesRecord("frog"), speciesRecord("frog#0002")]),
    ).toBeUndefined();
  });

  it("with no species found there is nothing to check against", () => {
    expect(failure({ lions: 1 }, [])).toBeUndefined();
  });

  it("a key that names no species is an OptionsError on `mix` naming it, its nearest species and the species there are", () => {
    const error = failure({ lions: 1, zebra: 1 });
    expect(error).toBeInstanceOf(OptionsError);
    expect(error).toMatchObject({ option: "mix" });
    expect((error as Error).message).toBe(
      'mix names no species of the grass: "lions" (nearest: lion); its species are elephant, lion, zebra (keys are lower case, without a #0002 suffix)',
    );
  });

  it("names every unknown key, each with its own nearest names or none", () => {
    const message = (failure({ Zebra: 1, zebras: 2, camel: 1, "*": 1 }) as Error).message;
    expect(message).toBe(
      'mix names no species of the grass: "Zebra" (nearest: zebra); "zebras" (nearest: zebra); "camel"; its species are elephant, lion, zebra (keys are lower case, without a #0002 suffix)',
    );
  });

  it("gives up to three nearest names, nearest first, then alphabetically", () => {
    const small = ["rat", "cat", "bat", "fox"].map(speciesRecord);
    expect((failure({ gat: 1 }, small, "city") as Error).message).toBe(
      'mix names no species of the city: "gat" (nearest: bat, cat, rat); its species are bat, cat, fox, rat (keys are lower case, without a #0002 suffix)',
    );
  });

  it("lists at most eight species, sorted, then an ellipsis", () => {
    const names = ["wolf", "deer", "bear", "fox", "owl", "eagle", "squirrel", "raccoon"];
    const eight = names.map(speciesRecord);
    expect((failure({ unicorn: 1 }, eight, "forest") as Error).message).toBe(
      'mix names no species of the forest: "unicorn"; its species are bear, deer, eagle, fox, owl, raccoon, squirrel, wolf (keys are lower case, without a #0002 suffix)',
    );
    const nine = [...eight, speciesRecord("beetle")];
    expect((failure({ unicorn: 1 }, nine, "forest") as Error).message).toBe(
      'mix names no species of the forest: "unicorn"; its species are bear, beetle, deer, eagle, fox, owl, raccoon, squirrel, ... (keys are lower case, without a #0002 suffix)',
    );
  });
});
