import { describe, expect, it } from "vitest";
import { ECOLOGY_RULES, isPredatorRecord, preysOn } from "../../src/population/ecology.js";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord } from "../helpers/records.js";

function record(name: string, height: string, taxonomy: string[], extra: Record<string, unknown> = {}): ModelRecord {
  return ModelRecordSchema.parse({ ...makeRecord(name), behaviour: "walk", scale: { height }, taxonomy, ...extra });
}

const lion = record("lion", "1.1 m", ["Carnivora", "Felidae", "Panthera leo"]);
const zebra = record("zebra", "1.9 m", ["Perissodactyla", "Equidae"]);
const elephant = record("elephant", "3.2 m", ["Proboscidea", "Elephantidae"]);
const beetle = record("beetle", "3 cm", ["Coleoptera"]);
const wolf = record("wolf#0002", "80 cm", ["Carnivora", "Canidae"]);
const dog = record("dog", "60 cm", ["Carnivora", "Canidae"], { pet: true });
const crow = record("crow", "40 cm", ["Passeriformes", "Corvidae"], { behaviour: "fly" });

describe("ecology", () => {
  it("predators by taxonomy or name, never pets", () => {
    expect([lion, wolf, zebra, dog].map((r) => isPredatorRecord(r))).toEqual([true, true, false, false]);
    expect(isPredatorRecord(zebra, { ...ECOLOGY_RULES, predators: ["zebra"] })).toBe(true);
  });

  it("a predator preys on non-predators of its realm within its size band", () => {
    expect(preysOn(lion, zebra)).toBe(true);
    expect(preysOn(lion, elephant)).toBe(false); // too big
    expect(preysOn(lion, beetle)).toBe(false); // too small
    expect(preysOn(lion, wolf)).toBe(false); // predators do not hunt each other
    expect(preysOn(lion, crow)).toBe(false); // another realm
    expect(preysOn(zebra, lion)).toBe(false);
    expect(preysOn(wolf, dog)).toBe(true); // a pet is prey, not a hunter
    expect(preysOn(lion, elephant, { ...ECOLOGY_RULES, largestPrey: 3 })).toBe(true);
  });

  it("raptors hunt from the air: prey on the ground, at the water's surface and in the air, a tenth of their size to their own", () => {
    const fly = { behaviour: "fly" };
    const eagle = record("eagle", "3 ft", ["Accipitriformes", "Accipitridae"], fly);
    const owl = record("owl", "1.2 ft", ["Strigiformes", "Strigidae"], fly);
    const crab = record("crab", "12cm", ["Decapoda"]);
    const carp = record("carp", "25 cm", ["Cypriniformes"], { behaviour: "swim" });
    const rabbit = record("rabbit", "25 cm", ["Lagomorpha"], { behaviour: "hop" });
    const mouse = record("mouse", "6 cm", ["Rodentia"]);
    expect([eagle, owl].map((r) => isPredatorRecord(r))).toEqual([true, true]);
    expect([crab, carp, rabbit, crow, zebra, lion].map((prey) => preysOn(eagle, prey))).toEqual([
      true, // on the ground
      true, // at the water's surface
      true,
      true, // in the air
      false, // bigger than an eagle
      false, // a predator
    ]);
    expect([mouse, rabbit].map((prey) => preysOn(owl, prey))).toEqual([true, true]);
    expect(preysOn(eagle, crab, { ...ECOLOGY_RULES, aerialPredators: [] })).toBe(false);
  });
});
