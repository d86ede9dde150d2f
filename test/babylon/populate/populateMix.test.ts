/**
 * A populate `mix` is checked against the species the habitat search found: a key that names
 * none (`zebras`, a plural typo) fails with the nearest names instead of leaving its species out
 * in silence, and an empty mix says so, before any request.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import { createNullScene } from "../../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../../helpers/tinyModels.js";

const quadruped = (height: string, habitats: string[]): InlineModel => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats,
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
});

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    zebra: quadruped("1.4 m", ["grass"]),
    lion: quadruped("1.1 m", ["grass"]),
    camel: quadruped("2 m", ["desert"]),
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, autoStep: false });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

describe("populate: mix keys", () => {
  it("a key that names no species of the habitat is an OptionsError with the nearest names", async () => {
    const failure = menagerie.populate({ habitat: "grass", count: 6, mix: { zebras: 1, lion: 1 } });
    await expect(failure).rejects.toMatchObject({ name: "OptionsError", option: "mix" });
    await expect(failure).rejects.toThrow(
      'mix names no species of the grass: "zebras" (nearest: zebra); its species are lion, zebra',
    );
    // A species of another habitat is not one of this habitat's.
    await expect(menagerie.populate({ habitat: "grass", mix: { camel: 1 } })).rejects.toThrow(
      'mix names no species of the grass: "camel"',
    );
    expect(menagerie.creatures).toHaveLength(0); // nothing was spawned
    const group = await menagerie.populate({ habitat: "grass", count: 6, mix: { zebra: 1, "*": 0.5 } });
    expect(group.creatures.length).toBeGreaterThan(0);
  });

  it("an empty mix says so, before any request", async () => {
    await expect(menagerie.populate({ habitat: "grass", mix: {} })).rejects.toMatchObject({
      name: "OptionsError",
      option: "mix",
      message: 'mix is empty: name species with their weights ({ zebra: 3, "*": 1 }), or leave it out',
    });
    expect(server.requests).toHaveLength(0);
  });
});
