/**
 * populate({ scenery }) against the reference service over real HTTP, on the generated catalog:
 * props of the habitat placed first as frozen instances, creatures around them, disposal with
 * the group, and the two picks (creature, scenery) never crossing.
 */
import { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.js";
import { GetEnvironmentBRDFTexture } from "@babylonjs/core/Misc/brdfTextureTools.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../src/api/client.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import { OptionsError } from "../../../src/core/errors.js";
import type { CircleArea } from "../../../src/motion/area.js";
import { AvoidAreaBehavior } from "../../../src/motion/behaviors/avoidArea.js";
import { recordHasHabitat } from "../../../src/records/recordHabitats.js";
import { isSceneryRecord } from "../../../src/records/recordKind.js";
import { HABITATS } from "../../../src/records/schemas.js";
import { createNullScene, sceneCounts } from "../../helpers/babylonScene.js";
import { countingFetch, startCatalogService } from "../../helpers/catalogService.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;

beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);

afterAll(async () => {
  await service?.close();
});

function setup() {
  const env = createNullScene();
  const counter = countingFetch();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counter.fetch });
  const menagerie = new Menagerie(env.scene, { client, fetch: counter.fetch });
  return {
    env,
    menagerie,
    counter,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

const area = { center: { x: 0, z: 0 }, radius: 16 };

describe("populate with scenery", () => {
  it("finds 3+ kinds of scenery in every habitat by search, and the catalog's search answers mix both kinds", async () => {
    const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
    for (const habitat of HABITATS) {
      const records = await client.search(habitat);
      const scenery = records.filter((r) => isSceneryRecord(r) && recordHasHabitat(r, habitat));
      expect(new Set(scenery.map((r) => r.name)).size, habitat).toBeGreaterThanOrEqual(3);
      expect(
        records.some((r) => !isSceneryRecord(r)),
        habitat,
      ).toBe(true);
    }
    expect((await client.search("tree")).filter(isSceneryRecord).length).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it("places props first, creatures outside their footprints, and disposes both with the group", async () => {
    const t = setup();
    try {
      // Rigged creatures bring PBR materials, whose first use makes the scene's shared BRDF
      // texture (kept for the scene's life): made before the baseline, as in catalogCreatures.
      GetEnvironmentBRDFTexture(t.env.scene);
      const before = sceneCounts(t.env.scene);
      // Crowded on purpose: without the footprints in the plan, some creature lands on a prop.
      const small = { center: { x: 0, z: 0 }, radius: 11 };
      const group = await t.menagerie.populate({ habitat: "forest", count: 40, area: small, seed: 7, scenery: 14 });
      expect(group.scenery).toHaveLength(14);
      expect(group.creatures).toHaveLength(40);
      for (const prop of group.scenery) {
        expect(isSceneryRecord(prop.record), prop.name).toBe(true);
        expect(recordHasHabitat(prop.record, "forest"), prop.name).toBe(true);
        expect(prop.meshes.length).toBeGreaterThan(0);
        // A pick's way back leads to the prop, never to a creature.
        for (const node of [prop.root, ...prop.meshes]) {
          expect(node.metadata.menagerie.scenery).toBe(prop);
          expect(node.metadata.menagerie.creature).toBeUndefined();
        }
        for (const mesh of prop.meshes) {
          expect(mesh).toBeInstanceOf(InstancedMesh);
          expect(mesh.isWorldMatrixFrozen).toBe(true);
          expect(mesh.isPickable).toBe(false);
        }
      }
      expect(new Set(group.scenery.map((p) => p.name)).size).toBeGreaterThanOrEqual(3);
      // Scenery is not a creature: not in the group's creatures or records, nor the Menagerie's.
      for (const c of [...group.creatures, ...t.menagerie.creatures])
        expect(isSceneryRecord(c.record), c.name).toBe(false);
      for (const r of group.records) expect(isSceneryRecord(r), r.name).toBe(false);
      expect(t.menagerie.creatures).toHaveLength(40);

      // Creatures stand outside every footprint, and still do after 20 s of wandering.
      const outside = () => {
        const problems: string[] = [];
        for (const c of group.creatures) {
          if (c.motion.altitude > 0) continue; // flyers pass over
          for (const p of group.scenery) {
            const d = Math.hypot(c.root.position.x - p.root.position.x, c.root.position.z - p.root.position.z);
            if (d < p.radius * 0.5)
              problems.push(`${c.name} ${d.toFixed(2)} m from ${p.name} (r ${p.radius.toFixed(2)})`);
          }
        }
        return problems;
      };
      for (const c of group.creatures)
        for (const p of group.scenery) {
          const d = Math.hypot(c.root.position.x - p.root.position.x, c.root.position.z - p.root.position.z);
          expect(d, `${c.name} / ${p.name}`).toBeGreaterThan(p.radius);
        }
      for (let i = 0; i < 400; i++) t.menagerie.stepMotion(0.05);
      expect(outside()).toEqual([]);
      // Props never move.
      const spots = group.scenery.map((p) => p.root.position.asArray());
      t.menagerie.stepMotion(0.05);
      expect(group.scenery.map((p) => p.root.position.asArray())).toEqual(spots);

      // Each kind loaded once: one GET per asset, whatever the number of copies.
      const assets = t.counter.urls.filter((u) => u.includes("/assets/"));
      expect(new Set(assets).size).toBe(assets.length);

      const props = [...group.scenery];
      group.dispose();
      expect(group.scenery).toHaveLength(0);
      expect(props.every((p) => p.isDisposed && p.root.isDisposed())).toBe(true);
      t.menagerie.dispose();
      t.env.scene.render(); // Babylon disposes a disposed skeleton's leftovers on the next frame
      expect(sceneCounts(t.env.scene)).toEqual(before);
    } finally {
      t.dispose();
    }
  }, 90_000);

  it("steers a populate's own creatures round each prop once, as any creature: a world obstacle, not also a wander avoid", async () => {
    const t = setup();
    try {
      const pond = { center: { x: 5, z: 5 }, radius: 2.5 };
      const group = await t.menagerie.populate({
        habitat: "forest",
        count: 24,
        area,
        seed: 7,
        scenery: 10,
        water: pond,
      });
      expect(group.scenery).toHaveLength(10);
      // One world obstacle per prop: it steers every creature, the populate's own included.
      const world = group.creatures[0]!.motion.world!;
      expect(world.obstacles).toHaveLength(10);
      const isProp = (a: unknown) =>
        group.scenery.some((p) => {
          const c = a as Partial<CircleArea>;
          return c.center?.x === p.root.position.x && c.center.z === p.root.position.z;
        });
      // Their wander avoids the pond (walkers) and nothing else: a prop avoided here as well
      // would push them twice as hard as a creature spawned on its own.
      const avoided = group.creatures.flatMap((c) =>
        c.motion.orderBehaviours.filter((b) => b instanceof AvoidAreaBehavior).map((b) => b.area),
      );
      expect(avoided.filter(isProp)).toEqual([]);
      expect(avoided.length).toBeGreaterThan(0);
      expect(avoided.every((a) => a === pond)).toBe(true);
      // A lone creature of the same kind wanders with the same limits as the populate's own.
      const one = group.creatures.find((c) => c.motion.altitude === 0 && c.motion.waterLevel === undefined)!;
      const lone = await t.menagerie.spawnCreature(one.record);
      lone.wander({ area, avoid: [pond] });
      const limits = (c: typeof lone) => c.motion.orderBehaviours.map((b) => b.constructor.name);
      expect(limits(lone)).toEqual(limits(one));
    } finally {
      t.dispose();
    }
  }, 90_000);

  it("puts aquatic props in the water of a sea, takes a filter, repeats a seed and needs no creatures", async () => {
    const t = setup();
    try {
      const sea = await t.menagerie.populate({ habitat: "sea", count: 0, area, seed: 3, scenery: 12 });
      expect(sea.creatures).toHaveLength(0);
      expect(sea.scenery).toHaveLength(12);
      const coral = sea.scenery.filter((p) => p.record.tags?.includes("aquatic"));
      expect(coral.length).toBeGreaterThan(0);
      for (const p of sea.scenery) {
        const water = sea.water as CircleArea;
        const d = Math.hypot(p.root.position.x - water.center.x, p.root.position.z - water.center.z);
        expect(d < water.radius, p.name).toBe(coral.includes(p));
      }
      const trees = await t.menagerie.populate({
        habitat: "forest",
        count: 2,
        area,
        seed: 3,
        scenery: { count: 6, filter: (r) => r.tags?.includes("tree") === true },
      });
      expect(trees.scenery.map((p) => p.name).every((n) => n.endsWith("tree"))).toBe(true);
      const again = await t.menagerie.populate({
        habitat: "forest",
        count: 2,
        area,
        seed: 3,
        scenery: { count: 6, filter: (r) => r.tags?.includes("tree") === true },
      });
      const where = (g: typeof trees) => g.scenery.map((p) => [p.name, p.root.position.x, p.root.position.z]);
      expect(where(again)).toEqual(where(trees));
    } finally {
      t.dispose();
    }
  }, 90_000);

  it("never spawns scenery by a creature's name, nor a creature by a prop's", async () => {
    const t = setup();
    try {
      for (const name of ["fox", "deer", "trout", "penguin"]) {
        const creature = await t.menagerie.spawnCreature(name);
        expect(isSceneryRecord(creature.record), name).toBe(false);
        expect(creature.name).toBe(name);
      }
      const records = await createLookupClient({ baseUrl: service.url, apiKey: "dev-key" }).search("rock");
      expect(records.filter(isSceneryRecord).map((r) => r.name)).toContain("boulder");
      await expect(t.menagerie.populate({ habitat: "forest", scenery: -1 })).rejects.toThrow(OptionsError);
      await expect(t.menagerie.populate({ habitat: "forest", scenery: { count: 1.5 } })).rejects.toThrow(
        /scenery\.count must be a non-negative integer/,
      );
    } finally {
      t.dispose();
    }
  }, 60_000);
});
