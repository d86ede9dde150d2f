import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { CreatureGroup } from "../../../src/babylon/populate/index.js";
import { containsPoint } from "../../../src/motion/area.js";
import { parseHeight } from "../../../src/records/height.js";
import { createNullScene, sceneCounts } from "../../helpers/babylonScene.js";
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

const summary = (group: CreatureGroup) =>
  group.creatures.map((c) => [
    c.name,
    +c.root.position.x.toFixed(6),
    +c.root.position.z.toFixed(6),
    +c.root.rotation.y.toFixed(6),
  ]);

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

  it("places no two creatures overlapping, spaced by their footprints", async () => {
    const group = await menagerie.populate({
      habitat: "forest",
      count: 40,
      area: { center: { x: 0, z: 0 }, radius: 14 },
      seed: 3,
    });
    const r = (name: string) => Math.max(0.12, parseHeight(server.models.get(name)!.height!) * 0.45);
    const cs = group.creatures;
    expect(cs).toHaveLength(40); // all of them: none placed would overlap none
    for (let i = 0; i < cs.length; i++) {
      for (let j = i + 1; j < cs.length; j++) {
        const d = Math.hypot(
          cs[i]!.root.position.x - cs[j]!.root.position.x,
          cs[i]!.root.position.z - cs[j]!.root.position.z,
        );
        expect(d).toBeGreaterThanOrEqual(r(cs[i]!.name) + r(cs[j]!.name));
      }
    }
  });

  it("gives the same scene for the same seed, another for another", async () => {
    const a = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 7 }));
    const b = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 7 }));
    const c = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 8 }));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("puts swimmers only in water habitats, below the water level, inside the water", async () => {
    const lake = await menagerie.populate({
      habitat: "lake",
      count: 8,
      area: { center: { x: 0, z: 0 }, radius: 12 },
      seed: 5,
    });
    expect(lake.creatures.map((c) => c.name)).toEqual(Array(8).fill("trout"));
    expect(lake.waterLevel).toBeGreaterThan(0);
    for (let i = 0; i < 300; i++) menagerie.stepMotion(1 / 30);
    for (const c of lake.creatures) {
      expect(c.root.position.y).toBeLessThan(lake.waterLevel!);
      expect(containsPoint(lake.water!, c.root.position.x, c.root.position.z)).toBe(true);
    }
  });

  it("makes exactly one lookup plus one request per distinct asset", async () => {
    await menagerie.populate({ habitat: "forest", count: 25, seed: 1 });
    expect(server.requests.filter((r) => r.url.startsWith("/anything"))).toHaveLength(1);
    const assets = server.requests.filter((r) => r.url.startsWith("/assets/"));
    expect(new Set(assets.map((r) => r.url.split("?")[0])).size).toBe(assets.length); // none twice
    // fox and deer: 11 parts + MTL + texture each; owl: 3 parts.
    expect(assets).toHaveLength(13 + 13 + 3);
  });

  it("shows the first creatures before the last model has loaded, and reports progress", async () => {
    server.models.set("deer", quadruped("1.3 m", ["forest"], { delayMs: 400 }));
    const progress: { modelsLoaded: number; creaturesSpawned: number }[] = [];
    let deerLoadedAtFirstCreature: boolean | undefined;
    const group = await menagerie.populate({
      habitat: "forest",
      count: 20,
      seed: 11,
      onProgress: (p) => {
        progress.push(p);
        if (p.creaturesSpawned === 1) deerLoadedAtFirstCreature = menagerie.isLoaded("deer");
      },
    });
    expect(deerLoadedAtFirstCreature).toBe(false);
    expect(progress.at(-1)).toEqual({ modelsLoaded: 3, modelsTotal: 3, creaturesSpawned: 20, creaturesTotal: 20 });
    expect(group.creatures.map((c) => c.name)).toContain("deer");
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

  it("applies a filter, skips and reports bad records, and disposes the group's creatures", async () => {
    const before = sceneCounts(env.scene);
    const group = await menagerie.populate({ habitat: "forest", count: 10, filter: (r) => r.name === "fox", seed: 2 });
    expect(new Set(group.creatures.map((c) => c.name))).toEqual(new Set(["fox"]));
    const first = group.creatures[0]!;
    first.dispose();
    expect(group.creatures).not.toContain(first); // a creature disposed alone leaves the group
    expect(group.creatures).toHaveLength(9);
    group.dispose();
    expect(menagerie.creatures).toHaveLength(0);
    menagerie.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("cancels with its signal and leaves no creature behind", async () => {
    server.models.set("deer", quadruped("1.3 m", ["forest"], { delayMs: 300 }));
    const controller = new AbortController();
    const pending = menagerie.populate({
      habitat: "forest",
      count: 20,
      seed: 4,
      signal: controller.signal,
      onProgress: (p) => p.creaturesSpawned === 1 && controller.abort(),
    });
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 400));
    expect(menagerie.creatures).toHaveLength(0);
  });

  it("returns an empty group for a habitat nobody lives in, and rejects bad options", async () => {
    const group = await menagerie.populate({ habitat: "icescape", count: 5 });
    expect(group.creatures).toEqual([]);
    await expect(menagerie.populate({ habitat: "forest", count: -1 })).rejects.toThrow(
      "count must be a non-negative integer, got -1",
    );
  });

  it("rejects a concurrency or count that would quietly do nothing, before any request", async () => {
    for (const concurrency of [0, -2, Number.NaN, 1.5]) {
      await expect(menagerie.populate({ habitat: "forest", concurrency })).rejects.toMatchObject({
        name: "OptionsError",
        option: "concurrency",
        message: `concurrency must be a positive integer, got ${concurrency}`,
      });
    }
    await expect(menagerie.populate({ habitat: "forest", count: Number.NaN })).rejects.toMatchObject({
      name: "OptionsError",
      option: "count",
    });
    expect(server.requests).toHaveLength(0);
    const one = await menagerie.populate({ habitat: "forest", count: 6, seed: 2, concurrency: 1 });
    const all = await menagerie.populate({ habitat: "forest", count: 6, seed: 2, concurrency: Infinity });
    expect(one.creatures).toHaveLength(6);
    expect(summary(all)).toEqual(summary(one)); // the limit changes load order, never the scene
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

  it("stands creatures on a ground mesh: a tilted box sampled by raycasts", async () => {
    const slab = CreateBox("slab", { width: 30, depth: 30, height: 1 }, env.scene);
    slab.rotation.x = 0.1; // a gentle slope along z
    slab.position.y = 2;
    slab.computeWorldMatrix(true);
    const group = await menagerie.populate({
      habitat: "forest",
      count: 10,
      area: { center: { x: 0, z: 0 }, radius: 8 },
      ground: slab,
      seed: 9,
      filter: (r) => r.behaviour === "walk",
    });
    expect(group.creatures).toHaveLength(10);
    for (const c of group.creatures) {
      const { x, z, y } = c.root.position;
      // The top face of the slab at (x, z): y = 2 + 0.5 / cos(0.1) - z * tan(0.1).
      const top = 2 + 0.5 / Math.cos(0.1) - z * Math.tan(0.1);
      expect(Math.abs(y - top), `${c.name} at ${x.toFixed(2)}, ${z.toFixed(2)}`).toBeLessThan(0.02);
    }
    slab.dispose();
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
