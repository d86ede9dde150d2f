/**
 * populate over the reference service and its catalog: the forest and lake records its habitat
 * search really answers with, their footprints from the catalog's heights, one lookup and one
 * request per distinct signed asset, creatures that appear before a slow species' model is in
 * (the service's fault mode holds the deer's assets), cancelling, bad options refused before
 * any request, and creatures stood on a ground mesh.
 */
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { afterEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../src/api/client.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { CreatureGroup } from "../../../src/babylon/populate/index.js";
import { containsPoint } from "../../../src/motion/area.js";
import { recordHabitats } from "../../../src/records/recordHabitats.js";
import { recordSize } from "../../../src/records/recordSize.js";
import type { ModelRecord } from "../../../src/records/schemas.js";
import { createNullScene, sceneCounts } from "../../helpers/babylonScene.js";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";
import { countingFetch, startCatalogService } from "../../helpers/catalogService.js";

const fixture = catalogMenagerieFixture();
const ground = (x: number, z: number) => 0.3 * Math.sin(x * 0.3) + 0.2 * Math.cos(z * 0.2);
const threeSpecies = (r: ModelRecord) => ["fox", "deer", "owl"].includes(r.name);

/** A catalog record by name. */
const recordOf = (name: string) => fixture.service().catalogFile.records.find((r) => r.name === name)!;

/**
 * The catalog files a spawn of `record` loads: its parts, MTL and textures, or a rig-only
 * record's clips (each carries the rigged model, so `rig.GLB` is never asked for).
 */
function filesOf(record: ReturnType<typeof recordOf>): string[] {
  const { parts, other, rig } = record.model;
  if (Object.keys(parts).length === 0) {
    return Object.values(rig!.animations ?? {}).map((clip) => clip!.GLB!);
  }
  return [...Object.values(parts), other.material!, ...(other.texture ?? [])];
}

const summary = (group: CreatureGroup) =>
  group.creatures.map((c) => [
    c.name,
    +c.root.position.x.toFixed(6),
    +c.root.position.z.toFixed(6),
    +c.root.rotation.y.toFixed(6),
  ]);

let slow: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await slow?.close();
  slow = undefined;
});

/**
 * A service of its own whose deer assets each answer `latencyMs` late (its fault mode), and a
 * Menagerie on a fresh scene asking it.
 */
async function slowDeer(latencyMs: number) {
  const service = await startCatalogService({
    faults: { rules: [{ targets: ["asset"], kind: "latency", match: "/deer/", latencyMs }] },
  });
  const env = createNullScene();
  const menagerie = new Menagerie(env.scene, {
    client: createLookupClient({ baseUrl: service.url, apiKey: "dev-key" }),
  });
  slow = {
    close: async () => {
      menagerie.dispose();
      env.dispose();
      await service.close();
    },
  };
  return menagerie;
}

describe("populate over the catalog", () => {
  it("fills the area with the forest's creatures, walkers on the ground, flyers above", async () => {
    const { menagerie } = fixture.setup();
    const group = await menagerie.populate({
      habitat: "forest",
      count: 30,
      area: { center: { x: 5, z: -5 }, radius: 15 },
      ground,
      seed: 42,
    });
    expect(group.creatures).toHaveLength(30);
    for (const c of group.creatures) {
      const record = recordOf(c.name);
      expect(recordHabitats(record), c.name).toContain("forest");
      expect(record.type).not.toBe("scenery");
      const { x, y, z } = c.root.position;
      expect(containsPoint(group.area, x, z)).toBe(true);
      if (record.behaviour === "fly") expect(y, c.name).toBeGreaterThan(ground(x, z));
      else expect(y, c.name).toBeCloseTo(ground(x, z), 9); // feet on the ground
    }
    const behaviours = new Set(group.creatures.map((c) => recordOf(c.name).behaviour));
    expect(behaviours).toContain("fly");
    expect(behaviours).toContain("walk");
  });

  it("places no two creatures overlapping, spaced by their footprints", async () => {
    const { menagerie } = fixture.setup();
    const group = await menagerie.populate({
      habitat: "forest",
      count: 40,
      area: { center: { x: 0, z: 0 }, radius: 14 },
      seed: 3,
    });
    // The record's size: its height, else (a rig-only record) its length or width.
    const r = (name: string) => Math.max(0.12, recordSize(recordOf(name))!.meters * 0.45);
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
    const { menagerie } = fixture.setup();
    const a = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 7 }));
    const b = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 7 }));
    const c = summary(await menagerie.populate({ habitat: "forest", count: 15, seed: 8 }));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("puts the lake's swimmers below the water level, inside the water", async () => {
    const { menagerie } = fixture.setup();
    const lake = await menagerie.populate({
      habitat: "lake",
      count: 8,
      area: { center: { x: 0, z: 0 }, radius: 12 },
      seed: 5,
      filter: (r) => r.behaviour === "swim",
    });
    expect(lake.creatures).toHaveLength(8);
    for (const c of lake.creatures) expect(["carp", "goldfish", "trout"]).toContain(c.name);
    expect(lake.waterLevel).toBeGreaterThan(0);
    for (let i = 0; i < 300; i++) menagerie.stepMotion(1 / 30);
    for (const c of lake.creatures) {
      expect(c.root.position.y).toBeLessThan(lake.waterLevel!);
      expect(containsPoint(lake.water!, c.root.position.x, c.root.position.z)).toBe(true);
    }
  });

  it("makes exactly one lookup plus one request per distinct asset of the species it used", async () => {
    const counted = countingFetch();
    const { menagerie } = fixture.setup({ fetch: counted.fetch });
    const group = await menagerie.populate({ habitat: "forest", count: 25, seed: 1 });
    const paths = counted.urls.map((u) => decodeURIComponent(new URL(u).pathname));
    expect(paths.filter((p) => p === "/anything")).toHaveLength(1);
    const assets = paths.filter((p) => p.startsWith("/assets/"));
    expect(new Set(assets).size).toBe(assets.length); // none twice
    const expected = group.records.flatMap((r) => filesOf(recordOf(r.name)).map((f) => `/assets/${f}`));
    expect(group.records.length).toBeGreaterThan(3);
    expect([...assets].sort()).toEqual(expected.sort());
    expect(paths).toHaveLength(1 + expected.length);
  });

  it("shows the first creatures before the last model has loaded, and reports progress", async () => {
    const menagerie = await slowDeer(400);
    const progress: { modelsLoaded: number; creaturesSpawned: number }[] = [];
    let deerLoadedAtFirstCreature: boolean | undefined;
    const group = await menagerie.populate({
      habitat: "forest",
      count: 20,
      seed: 11,
      filter: threeSpecies,
      onProgress: (p) => {
        progress.push(p);
        if (p.creaturesSpawned === 1) deerLoadedAtFirstCreature = menagerie.isLoaded("deer");
      },
    });
    expect(deerLoadedAtFirstCreature).toBe(false);
    expect(progress.at(-1)).toEqual({ modelsLoaded: 3, modelsTotal: 3, creaturesSpawned: 20, creaturesTotal: 20 });
    expect(group.creatures.map((c) => c.name)).toContain("deer");
  });

  it("applies a filter and disposes the group's creatures", async () => {
    const { menagerie, env } = fixture.setup();
    const before = sceneCounts(env.scene);
    const group = await menagerie.populate({ habitat: "forest", count: 10, filter: (r) => r.name === "fox", seed: 2 });
    expect(new Set(group.creatures.map((c) => c.name))).toEqual(new Set(["fox"]));
    expect(group.creatures).toHaveLength(10);
    expect(group.skipped).toEqual([]); // the catalog's records are all valid
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
    const menagerie = await slowDeer(300);
    const controller = new AbortController();
    const pending = menagerie.populate({
      habitat: "forest",
      count: 20,
      seed: 4,
      filter: threeSpecies,
      signal: controller.signal,
      onProgress: (p) => p.creaturesSpawned === 1 && controller.abort(),
    });
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 400));
    expect(menagerie.creatures).toHaveLength(0);
  });

  it("rejects a concurrency or count that would quietly do nothing, before any request", async () => {
    const counted = countingFetch();
    const { menagerie } = fixture.setup({ fetch: counted.fetch });
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
    await expect(menagerie.populate({ habitat: "forest", count: -1 })).rejects.toThrow(
      "count must be a non-negative integer, got -1",
    );
    expect(counted.urls).toHaveLength(0);
    const one = await menagerie.populate({ habitat: "forest", count: 6, seed: 2, concurrency: 1 });
    const all = await menagerie.populate({ habitat: "forest", count: 6, seed: 2, concurrency: Infinity });
    expect(one.creatures).toHaveLength(6);
    expect(counted.urls.length).toBeGreaterThan(0); // the counter does see this Menagerie's requests
    expect(summary(all)).toEqual(summary(one)); // the limit changes load order, never the scene
  });

  it("stands creatures on a ground mesh: a tilted box sampled by raycasts", async () => {
    const { menagerie, env } = fixture.setup();
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
