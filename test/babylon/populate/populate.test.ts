/**
 * populate on hand-made records (kept off the reference service on purpose), for answers the
 * service never gives: a search that mentions species whose habitat flag is false (the camel)
 * and a swimmer flagged for a dry forest (the trout), where the service answers a habitat word
 * with exactly that habitat's records; a habitat nobody lives in (every catalog habitat has
 * residents); a height nobody can read and a record with no loadable model (the catalog's are
 * all readable and valid). The pinned placements stay on these species of fixed heights, so only
 * a change of the plan can move a pin, never a new catalog revision. Records, requests, progress,
 * cancelling and placement over the service are in populateCatalog.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { CreatureGroup } from "../../../src/babylon/populate/index.js";
import { containsPoint } from "../../../src/motion/area.js";
import { createNullScene } from "../../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../../helpers/modelServer.js";
import { round } from "../../helpers/round.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../../helpers/tinyModels.js";

const quadruped = (height: string, habitats: string[], extra: Partial<InlineModel> = {}): InlineModel => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats,
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
  ...extra,
});
const fish = (habitats: string[]): InlineModel => ({
  type: "uniform",
  behaviour: "swim",
  height: "25 cm",
  habitats,
  parts: { body: boxObj([-0.05, 0, -0.2], [0.05, 0.1, 0.2]) },
});
const bird = (habitats: string[]): InlineModel => ({
  type: "winged_flyer",
  behaviour: "fly",
  height: "30 cm",
  habitats,
  parts: {
    body: boxObj([-0.06, 0.05, -0.1], [0.06, 0.2, 0.1]),
    wing_left: boxObj([0.06, 0.15, -0.05], [0.3, 0.17, 0.05]),
    wing_right: boxObj([-0.3, 0.15, -0.05], [-0.06, 0.17, 0.05]),
  },
});

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;
const ground = (x: number, z: number) => 0.3 * Math.sin(x * 0.3) + 0.2 * Math.cos(z * 0.2);

beforeEach(async () => {
  server = await createModelServer({
    fox: quadruped("45 cm", ["forest", "grass"]),
    deer: quadruped("1.3 m", ["forest"]),
    owl: bird(["forest"]),
    trout: fish(["forest", "lake", "river"]), // flagged forest, but a swimmer: not in a dry forest
    camel: quadruped("2 m", ["desert"]), // mentioned by every search, flagged desert only
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

describe("populate", () => {
  it("fills the area with creatures whose habitat flag is true, walkers on the ground, flyers above", async () => {
    const group = await menagerie.populate({
      habitat: "forest",
      count: 30,
      area: { center: { x: 5, z: -5 }, radius: 15 },
      ground,
      seed: 42,
    });
    expect(group.creatures).toHaveLength(30);
    const names = new Set(group.creatures.map((c) => c.name));
    expect([...names].sort()).toEqual(["deer", "fox", "owl"]); // no camel (desert), no trout (no water)
    for (const c of group.creatures) {
      const { x, y, z } = c.root.position;
      expect(containsPoint(group.area, x, z)).toBe(true);
      if (c.name === "owl") expect(y).toBeGreaterThan(ground(x, z));
      else expect(y).toBeCloseTo(ground(x, z), 9); // feet on the ground
    }
  });

  it("starts the next model's downloads once a model is in, before its creatures are all made (concurrency 1)", async () => {
    const asked: string[] = []; // the model folder of each asset request, in order
    const tracked = new Menagerie(env.scene, {
      baseUrl: server.url,
      fetch: (input, init) => {
        const [root, model] = new URL(String(input)).pathname.split("/").slice(1);
        if (root === "assets") asked.push(model!);
        return globalThis.fetch(input, init);
      },
    });
    const added: { name: string; modelsAsked: number }[] = [];
    const group = await tracked.populate({
      habitat: "forest",
      count: 20,
      seed: 11,
      concurrency: 1,
      onCreatureAdded: (creature) => added.push({ name: creature.name, modelsAsked: new Set(asked).size }),
    });
    expect(new Set(group.creatures.map((c) => c.name)).size).toBeGreaterThan(1);
    const firstSpecies = added.filter((a) => a.name === added[0]!.name);
    // The last creature of the first model appeared after the second model's downloads began.
    expect(firstSpecies.length).toBeGreaterThan(1);
    expect(firstSpecies.at(-1)!.modelsAsked).toBeGreaterThan(1);
    tracked.dispose();
  });

  it("returns an empty group for a habitat nobody lives in, and rejects bad options", async () => {
    const group = await menagerie.populate({ habitat: "icescape", count: 5 });
    expect(group.creatures).toEqual([]);
    await expect(menagerie.populate({ habitat: "forest", count: -1 })).rejects.toThrow(
      "count must be a non-negative integer, got -1",
    );
  });

  it("skips a search result with no loadable model and reports it", async () => {
    server.models.set("ghost", { habitats: ["forest"] }); // no parts, whole model, rig or format
    const warnings: { code: string; model?: string }[] = [];
    menagerie.onWarningObservable.add((w) => warnings.push(w));
    const group = await menagerie.populate({ habitat: "forest", count: 6, seed: 2 });
    expect(group.skipped.map((r) => r.name)).toEqual(["ghost"]);
    expect(group.skipped[0]!.issues.map((i) => i.path.join("."))).toEqual(["model"]);
    expect(warnings.filter((w) => w.code === "record-skipped").map((w) => w.model)).toEqual(["ghost"]);
    expect(group.creatures).toHaveLength(6);
    expect(group.creatures.map((c) => c.name)).not.toContain("ghost");
  });

  it("sizes a creature whose height cannot be read with the Menagerie's defaultHeightMeters", async () => {
    server.models.set("blob", { ...fish(["lake"]), height: "tall" });
    const level = async (defaultHeightMeters: number) => {
      const other = new Menagerie(env.scene, { baseUrl: server.url, defaultHeightMeters });
      const group = await other.populate({
        habitat: "lake",
        count: 2,
        ground,
        filter: (r) => r.name === "blob",
        seed: 1,
      });
      expect(group.creatures).toHaveLength(2);
      other.dispose();
      return group.waterLevel! - ground(0, 0);
    };
    // Swimmers set the water's depth: 1.6 times their height, at least 0.6 m, at most 3 m.
    expect(round(await level(1.5))).toBe(round(1.5 * 1.6));
    expect(round(await level(0.25))).toBe(0.6);
  });
});

describe("populate placements pinned for a seed (kept equal through refactors)", () => {
  const pinned = (group: CreatureGroup) =>
    group.creatures.map((c) => [
      c.name,
      round(c.root.position.x, 4),
      round(c.root.position.y, 4),
      round(c.root.position.z, 4),
      round(c.root.rotation.y, 4),
    ]);

  it("forest, seed 42, on a sine ground", async () => {
    const group = await menagerie.populate({
      habitat: "forest",
      count: 12,
      area: { center: { x: 5, z: -5 }, radius: 8 },
      ground,
      seed: 42,
    });
    expect(pinned(group)).toEqual([
      ["owl", 11.8201, 14.0171, -4.1444, 2.6616], // in the middle of a raptor's band, 8–20 m up
      ["fox", 2.8084, 0.1654, -9.338, -1.0337],
      ["fox", 8.4521, 0.1237, -9.0454, 2.7084],
      ["deer", 6.2761, 0.4363, -3.5842, 3.1042],
      ["deer", 4.9109, 0.4254, -4.4184, 2.7778],
      ["deer", 8.0734, 0.37, -2.6651, 3.0695],
      ["deer", 6.9662, 0.3433, -5.7201, 3.0921],
      ["deer", -1.024, 0.1072, -0.7205, -2.9816],
      ["deer", -1.4589, 0.0407, -2.8752, -2.9541],
      ["deer", 7.9574, 0.1928, -8.1702, -2.6284],
      ["deer", 8.0583, 0.2365, -6.9039, -2.3285],
      ["deer", 6.1946, 0.1898, -10.4124, -2.2631],
    ]);
    expect(group.omissions).toEqual([]);
  });

  it("lake, seed 5, in a polygon: water, water level and swimmers", async () => {
    const group = await menagerie.populate({
      habitat: "lake",
      count: 6,
      area: {
        points: [
          { x: -6, z: -4 },
          { x: 7, z: -5 },
          { x: 6, z: 6 },
          { x: -5, z: 5 },
        ],
      },
      ground,
      seed: 5,
    });
    expect(pinned(group)).toEqual([
      ["trout", 3.4185, 0.5188, -1.703, -2.0288],
      ["trout", 3.7942, 0.5188, 0.8362, 0.0185],
      ["trout", -1.16, 0.5188, 2.9711, -0.6685],
      ["trout", -2.1918, 0.5188, 1.382, -2.8004],
      ["trout", 0.8108, 0.5188, 2.5522, 1.5924],
      ["trout", -2.7078, 0.5188, 0.7368, -1.9139],
    ]);
    const water = group.water as { center: { x: number; z: number }; radius: number };
    expect([water.center.x, water.center.z, round(water.radius, 4)]).toEqual([0.5, 0.5, 3.8316]);
    expect(round(group.waterLevel!, 4)).toBe(0.8438);
  });

  it("no room: a small area leaves creatures out, named in omissions", async () => {
    const group = await menagerie.populate({
      habitat: "forest",
      count: 12,
      area: { center: { x: 0, z: 0 }, radius: 2 },
      seed: 9,
    });
    expect(pinned(group)).toEqual([
      ["fox", -1.3429, 0, 0.3115, 2.8846],
      ["deer", 0.1625, 0, -1.2292, -1.8506],
      ["deer", 0.4636, 0, 0.3419, -2.2319],
      ["fox", -0.1808, 0, 1.2065, 1.8701],
      ["fox", 1.0834, 0, 1.2348, 2.9165],
      ["deer", -1.1314, 0, -0.6843, 0.8878],
    ]);
    expect(group.omissions).toEqual(Array(6).fill("deer: no room left in the area"));
  });
});
