/**
 * Leaks: 1 000 spawn/dispose cycles and 50 populate/dispose cycles leave the scene with exactly
 * the nodes, meshes, materials, textures, geometries and observers it had, and the JS heap
 * (after a full GC) within a small bound of where it started. Real HTTP: the reference service
 * on the generated catalog; the loader under NullEngine.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { GetEnvironmentBRDFTexture } from "@babylonjs/core/Misc/brdfTextureTools.js";
import type { Observable } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { LookupServer } from "../../src/service/index.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { nextTick, startFaultService } from "../helpers/faultHarness.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Heap used after full collections. */
async function heapAfterGc(): Promise<number> {
  await nextTick();
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Live observers on every `on...Observable` of the scene (those marked for removal are gone). */
function sceneObservers(scene: Scene): number {
  let total = 0;
  for (const key of Object.getOwnPropertyNames(scene)) {
    if (!/^on.*Observable$/.test(key)) continue;
    const observable = (scene as unknown as Record<string, Observable<unknown> | undefined>)[key];
    total +=
      observable?.observers?.filter((o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered).length ?? 0;
  }
  return total;
}

function census(scene: Scene) {
  return { ...sceneCounts(scene), rootNodes: scene.rootNodes.length, observers: sceneObservers(scene) };
}

/**
 * Heap growth allowed over a whole run of cycles. Measured: about 2 MB over 1 000 spawn cycles,
 * flattening out (0.4 MB more over the next 2 000); a leak of one creature per cycle would be
 * tens of MB.
 */
const HEAP_BOUND = 4 * 1024 * 1024;
const figures: string[] = [];

let server: LookupServer;
beforeAll(async () => {
  server = await startFaultService(undefined);
}, 120_000);
afterAll(async () => {
  await server?.close();
  console.log(`\nLeaks:\n${figures.join("\n")}\n`);
});

describe("leaks", () => {
  it("1 000 spawn/dispose cycles leave the scene and the heap as they were", async () => {
    const env = createNullScene();
    const empty = census(env.scene);
    const menagerie = new Menagerie(env.scene, {
      client: createLookupClient({ baseUrl: server.url, apiKey: "dev-key" }),
    });
    try {
      // First cycles load the model, register the one motion observer, make the crowd's level
      // meshes the places below need (made once per model and level, on first need) and let V8
      // and Babylon size their caches: the new baseline. The same places and frames as below.
      for (let i = 0; i < 100; i++) {
        const creature = await menagerie.spawnCreature("fox", { position: { x: i % 7, y: 0, z: i % 5 } });
        if (i % 10 === 0) env.scene.render();
        creature.dispose();
      }
      await nextTick();
      const loaded = census(env.scene);
      expect(loaded.meshes).toBeGreaterThan(empty.meshes); // the hidden template is in
      const heapStart = await heapAfterGc();
      let maxNodes = 0;
      for (let i = 0; i < 1000; i++) {
        const creature = await menagerie.spawnCreature("fox", { position: { x: i % 7, y: 0, z: i % 5 } });
        if (i % 10 === 0) {
          env.scene.render(); // the motion observer runs over a live creature
          maxNodes = Math.max(maxNodes, env.scene.meshes.length + env.scene.transformNodes.length);
        }
        creature.dispose();
      }
      await nextTick();
      const after = census(env.scene);
      const heapEnd = await heapAfterGc();
      expect(maxNodes).toBeGreaterThan(loaded.meshes + loaded.transformNodes); // creatures really were in the scene
      expect(after).toEqual(loaded);
      expect(menagerie.creatures).toHaveLength(0);
      expect(menagerie.stats.modelsLoaded).toBe(1);
      menagerie.dispose();
      await nextTick();
      expect(census(env.scene)).toEqual(empty);
      figures.push(
        `  spawn/dispose x1000: scene ${JSON.stringify(after)} (= after warm-up); after Menagerie.dispose ${JSON.stringify(census(env.scene))} (= empty scene); heap ${(heapStart / 1048576).toFixed(1)} -> ${(heapEnd / 1048576).toFixed(1)} MB (${((heapEnd - heapStart) / 1024).toFixed(0)} KB)`,
      );
      expect(heapEnd - heapStart).toBeLessThan(HEAP_BOUND);
    } finally {
      menagerie.dispose();
      env.dispose();
    }
  }, 180_000);

  it("50 populate/dispose cycles leave the scene and the heap as they were", async () => {
    const env = createNullScene();
    // The forest has rigged species: their PBR materials make the scene's shared BRDF lookup
    // texture on first use (Babylon's, kept for the scene's life), so it is made before the baseline.
    GetEnvironmentBRDFTexture(env.scene);
    const empty = census(env.scene);
    const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key" });
    const menagerie = new Menagerie(env.scene, { client });
    try {
      // Every forest species loaded first (seeds pick different mixes): the new baseline.
      const forest = await client.search("forest");
      for (const record of forest) await menagerie.preload(record);
      // A frame as a game's render loop has it: render, then end the frame (Babylon runs some
      // cleanups of disposed meshes at the frame's end); one after each dispose too, so the
      // deferred disposal of a skeleton's leftovers has run before each count.
      const frame = () => {
        env.scene.render();
        env.engine.endFrame();
      };
      // The same seeds as below: a crowd makes a level's meshes when a creature first stands at
      // its distance, once per model and level, so the baseline has every one the cycles need.
      for (let seed = 2; seed < 52; seed++) {
        const group = await menagerie.populate({ habitat: "forest", count: 20, seed });
        frame(); // the first renders size Babylon's per-mesh render caches
        group.dispose();
        frame();
      }
      await nextTick();
      const species = menagerie.stats.modelsLoaded;
      const loaded = census(env.scene);
      const heapStart = await heapAfterGc();
      let spawned = 0;
      for (let i = 0; i < 50; i++) {
        const group = await menagerie.populate({ habitat: "forest", count: 20, seed: i + 2 });
        spawned += group.creatures.length;
        frame();
        group.dispose();
        frame();
      }
      await nextTick();
      const after = census(env.scene);
      const heapEnd = await heapAfterGc();
      expect(spawned).toBe(50 * 20);
      expect(menagerie.stats.modelsLoaded).toBe(species); // nothing loaded twice
      expect(after).toEqual(loaded);
      expect(menagerie.creatures).toHaveLength(0);
      menagerie.dispose();
      frame(); // Babylon disposes a disposed skeleton's leftovers on the next frame
      await nextTick();
      expect(census(env.scene)).toEqual(empty);
      figures.push(
        `  populate/dispose x50 (20 creatures each, ${species} forest species loaded once): scene ${JSON.stringify(after)} (= after warm-up); after Menagerie.dispose = empty scene; heap ${(heapStart / 1048576).toFixed(1)} -> ${(heapEnd / 1048576).toFixed(1)} MB (${((heapEnd - heapStart) / 1024).toFixed(0)} KB)`,
      );
      expect(heapEnd - heapStart).toBeLessThan(HEAP_BOUND);
    } finally {
      menagerie.dispose();
      env.dispose();
    }
  }, 180_000);
});
