/**
 * spawnCreature and populate against the reference service over real HTTP, on the generated
 * procedural catalog: every creature of every body type, and the request counts.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { parseHeight } from "../../src/api/height.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { BODY_PLANS } from "../../src/rig/bodyPlans.js";
import { RIG_ONLY_SPECIES } from "../../src/service/catalog/species/rigged.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { countingFetch, startCatalogService } from "../helpers/catalogService.js";
import { round } from "../helpers/round.js";

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
  const warnings: MenagerieWarning[] = [];
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counter.fetch });
  const menagerie = new Menagerie(env.scene, { client, fetch: counter.fetch });
  menagerie.onWarningObservable.add((w) => warnings.push(w));
  return {
    env,
    menagerie,
    counter,
    warnings,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

describe("catalog creatures through the reference service", () => {
  it("spawns every creature of the catalog, rigged by its body plan, sized to its record, without a warning", async () => {
    const t = setup();
    try {
      const before = sceneCounts(t.env.scene);
      // rig-only: spawned by the GLB loader (branch rigged)
      for (const entry of service.catalogFile.records.filter((r) => !RIG_ONLY_SPECIES.includes(r.name))) {
        const creature = await t.menagerie.spawnCreature(entry.name, { fuzzy: false });
        expect(creature.record.name).toBe(entry.name);
        expect(creature.listParts().sort(), entry.name).toEqual(Object.keys(entry.model.parts).sort());
        const plan = BODY_PLANS[entry.type]!;
        for (const part of creature.listParts()) {
          const parent = creature.getPart(part)!.parent!.name;
          const planned = plan[part]?.parent;
          // A part the plan knows hangs from its planned parent (or the nearest one present).
          if (planned) expect([`${entry.name}/${planned}`, `${entry.name}/body`], `${entry.name} ${part}`).toContain(parent);
        }
        creature.root.computeWorldMatrix(true);
        let minY = Infinity;
        let maxY = -Infinity;
        for (const mesh of creature.meshes) {
          mesh.computeWorldMatrix(true);
          const box = mesh.getBoundingInfo().boundingBox;
          minY = Math.min(minY, box.minimumWorld.y);
          maxY = Math.max(maxY, box.maximumWorld.y);
        }
        expect(round(maxY - minY, 3), entry.name).toBe(round(parseHeight(entry.scale.height), 3));
        expect(round(minY, 4), entry.name).toBe(0);
        creature.dispose();
      }
      expect(t.warnings).toEqual([]);
      t.menagerie.dispose();
      expect(sceneCounts(t.env.scene)).toEqual(before);
    } finally {
      t.dispose();
    }
  }, 120_000);

  it("faces a catalog fox forward with its left legs on its left, and its textures from signed links", async () => {
    const t = setup();
    try {
      const fox = await t.menagerie.spawnCreature("fox");
      const at = (part: string) => fox.getPart(part)!.getAbsolutePosition();
      expect(at("head").z).toBeGreaterThan(at("tail").z);
      expect(at("leg_front_left_top").x).toBeLessThan(0); // left-handed scene: left is -X
      expect(at("leg_front_right_top").x).toBeGreaterThan(0);
      expect(at("leg_front_left_top").y).toBeGreaterThan(at("leg_front_left_bot").y);
      const materials = new Set(fox.meshes.map((m) => m.material!));
      const textured = [...materials].filter((m) => (m as unknown as { diffuseTexture: unknown }).diffuseTexture);
      expect(textured.length).toBeGreaterThan(0);
      expect(fox.getPart("head")!.getChildMeshes().length).toBeGreaterThanOrEqual(2); // fur and eyes
      const textureUrls = t.counter.urls.filter((u) => /\.(png|jpg)\?/.test(u));
      expect(textureUrls.length).toBeGreaterThan(0);
      for (const url of textureUrls) expect(new URL(url).searchParams.get("Signature")).toBeTruthy();
    } finally {
      t.dispose();
    }
  });

  it("fetches each asset once for 20 copies of a fox, with one lookup", async () => {
    const t = setup();
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => t.menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 0) })));
      const lookups = t.counter.urls.filter((u) => u.includes("/anything?"));
      const assets = t.counter.urls.filter((u) => u.includes("/assets/"));
      expect(lookups).toHaveLength(1);
      const fox = service.catalogFile.records.find((r) => r.name === "fox")!;
      // Every part, the MTL and the textures the MTL uses: each exactly once.
      expect(new Set(assets).size).toBe(assets.length);
      expect(assets.length).toBe(Object.keys(fox.model.parts).length + 1 + fox.model.other.texture!.length);
    } finally {
      t.dispose();
    }
  });

  it("populates the forest with one search plus one request per distinct asset, habitat flags honoured", async () => {
    const t = setup();
    try {
      const group = await t.menagerie.populate({ habitat: "forest", count: 40, area: { center: { x: 0, z: 0 }, radius: 20 }, seed: 42 });
      expect(group.creatures).toHaveLength(40);
      for (const c of group.creatures) expect(c.record.forest).toBe(true);
      expect(group.creatures.some((c) => c.record.behaviour === "swim")).toBe(false);
      const lookups = t.counter.urls.filter((u) => u.includes("/anything?"));
      expect(lookups).toEqual([`${service.url}/anything?key=dev-key&search=forest`]);
      const assets = t.counter.urls.filter((u) => u.includes("/assets/"));
      expect(new Set(assets).size).toBe(assets.length);
      const expected = group.records.reduce((n, r) => n + Object.keys(r.model.parts).length + 1 + r.model.other.texture.length, 0);
      expect(assets.length).toBe(expected);
    } finally {
      t.dispose();
    }
  }, 60_000);
});
