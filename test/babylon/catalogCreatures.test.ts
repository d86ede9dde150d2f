/**
 * spawnCreature and populate against the reference service over real HTTP, on the generated
 * procedural catalog: every creature of every body type, and the request counts.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { GetEnvironmentBRDFTexture } from "@babylonjs/core/Misc/brdfTextureTools.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { recordRigClips } from "../../src/records/recordAssets.js";
import { recordHasHabitat } from "../../src/records/recordHabitats.js";
import { recordSize } from "../../src/records/recordSize.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { BODY_PLANS } from "../../src/rig/bodyPlans.js";
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
      // Rigged GLBs bring PBR materials, whose first use makes the scene's shared BRDF lookup
      // texture (Babylon's, kept for the scene's life): made before the baseline.
      GetEnvironmentBRDFTexture(t.env.scene);
      const before = sceneCounts(t.env.scene);
      let rigged = 0;
      for (const entry of service.catalogFile.records) {
        const creature = await t.menagerie.spawnCreature(entry.name, { fuzzy: false });
        expect(creature.record.name).toBe(entry.name);
        // The rig wins by default; its bones are named after the parts they move.
        const kind = entry.model.rig ? "rig" : "parts";
        expect(creature.form, entry.name).toBe(kind);
        if (kind === "rig") {
          rigged++;
          expect(creature.animations.size, entry.name).toBeGreaterThanOrEqual(2);
          expect(creature.animations.has("idle"), entry.name).toBe(true);
        }
        const partNames = Object.keys(entry.model.parts);
        if (partNames.length > 0) expect(creature.listParts().sort(), entry.name).toEqual(partNames.sort());
        else expect(creature.listParts(), entry.name).toContain("body");
        const plan = BODY_PLANS[entry.type]!;
        const present = new Set(creature.listParts());
        // What a root part hangs from: the creature's root node, or the rig's root bone.
        const rootName = kind === "rig" ? `${entry.name}/__root__` : creature.root.name;
        for (const part of present) {
          // A part the plan knows hangs from its planned parent, or the nearest ancestor present.
          let planned = plan[part]?.parent;
          while (planned && !present.has(planned)) planned = plan[planned]?.parent;
          if (plan[part]?.parent === undefined) continue; // not in the plan: layoutRig's own test covers it
          const parent = creature.getPart(part)!.parent!;
          expect(parent.name, `${entry.name} ${part}`).toBe(planned ? `${entry.name}/${planned}` : rootName);
        }
        creature.root.computeWorldMatrix(true);
        const min = { x: Infinity, y: Infinity, z: Infinity };
        const max = { x: -Infinity, y: -Infinity, z: -Infinity };
        for (const mesh of creature.meshes) {
          mesh.computeWorldMatrix(true);
          const box = mesh.getBoundingInfo().boundingBox;
          for (const axis of ["x", "y", "z"] as const) {
            min[axis] = Math.min(min[axis], box.minimumWorld[axis]);
            max[axis] = Math.max(max[axis], box.maximumWorld[axis]);
          }
        }
        // Sized by the record: its height, or (rig-only records, height 0) its length along +Z.
        const size = recordSize(entry)!;
        const axis = size.axis === "height" ? "y" : size.axis === "length" ? "z" : "x";
        expect(round(max[axis] - min[axis], 3), entry.name).toBe(round(size.meters, 3));
        expect(round(min.y, 4), entry.name).toBe(0);
        creature.dispose();
      }
      expect(rigged).toBeGreaterThanOrEqual(12);
      expect(t.warnings).toEqual([]);
      t.menagerie.dispose();
      t.env.scene.render(); // Babylon disposes a disposed skeleton's leftovers on the next frame
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
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 0) })),
      );
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
      const group = await t.menagerie.populate({
        habitat: "forest",
        count: 40,
        area: { center: { x: 0, z: 0 }, radius: 20 },
        seed: 42,
      });
      expect(group.creatures).toHaveLength(40);
      for (const c of group.creatures) expect(recordHasHabitat(c.record, "forest"), c.record.name).toBe(true);
      // Rig-only records say their habitats as a list: populate finds them too.
      expect(group.records.some((r) => Array.isArray(r.habitats) && r.forest !== true)).toBe(true);
      expect(group.creatures.some((c) => c.record.behaviour === "swim")).toBe(false);
      const lookups = t.counter.urls.filter((u) => u.includes("/anything?"));
      expect(lookups).toEqual([`${service.url}/anything?key=dev-key&search=forest`]);
      const assets = t.counter.urls.filter((u) => u.includes("/assets/"));
      expect(new Set(assets).size).toBe(assets.length);
      // A rigged record loads its GLB clips (the rig wins); a part-built one its parts, MTL and textures.
      const assetsOf = (r: ModelRecord) =>
        recordRigClips(r).size > 0
          ? recordRigClips(r).size
          : Object.keys(r.model.parts).length + 1 + r.model.other.texture.length;
      const expected = group.records.reduce((n, r) => n + assetsOf(r), 0);
      expect(assets.length).toBe(expected);
    } finally {
      t.dispose();
    }
  }, 60_000);
});
