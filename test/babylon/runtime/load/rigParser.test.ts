/**
 * A rigged load builds meshes, materials and textures for its model GLB only, and starts on each
 * GLB as it arrives (rigParser.ts): counted through Babylon's loader observables over real HTTP
 * (the reference service's catalog zebra; the signed-asset test server's tiny deer, whose GLBs
 * it can hold back or break). NullEngine; counts, no clock.
 */

import { readFileSync } from "node:fs";
import type { ISceneLoaderPlugin, ISceneLoaderPluginAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import { SceneLoader } from "@babylonjs/core/Loading/sceneLoader.js";
import type { GLTFFileLoader } from "@babylonjs/loaders/glTF/glTFFileLoader.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../../src/api/client.js";
import { loadGlb } from "../../../../src/babylon/gltf/loadGlb.js";
import { Menagerie } from "../../../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../../../src/babylon/types.js";
import { countingFetch, startCatalogService } from "../../../helpers/catalogService.js";
import { withGlbJson } from "../../../helpers/clipGlbs.js";
import { generatedCatalog, watchUnhandledRejections } from "../../../helpers/faultHarness.js";
import { createModelServer, type InlineModel } from "../../../helpers/modelServer.js";
import { createRiggedScene, riggedCounts } from "../../../helpers/riggedScene.js";
import { tinyRiggedGlb } from "../../../helpers/tinyGlb.js";

/** What Babylon's glTF loader makes, load by load, while counting. */
function countLoader() {
  const made = { loads: 0, meshes: 0, materials: 0, textures: 0 };
  const observer = SceneLoader.OnPluginActivatedObservable.add(
    (plugin: ISceneLoaderPlugin | ISceneLoaderPluginAsync) => {
      if (plugin.name !== "gltf") return;
      const gltf = plugin as GLTFFileLoader;
      made.loads++;
      gltf.onMeshLoadedObservable.add(() => void made.meshes++);
      gltf.onMaterialLoadedObservable.add(() => void made.materials++);
      gltf.onTextureLoadedObservable.add(() => void made.textures++);
    },
  );
  return { made, stop: () => SceneLoader.OnPluginActivatedObservable.remove(observer) };
}

let rejections: ReturnType<typeof watchUnhandledRejections>;
beforeAll(() => {
  rejections = watchUnhandledRejections();
});
afterAll(() => rejections.stop());
afterEach(() => expect(rejections.count, "unhandled rejections").toBe(0));

describe("a rigged load builds its model GLB only", () => {
  let service: Awaited<ReturnType<typeof startCatalogService>>;
  beforeAll(async () => {
    service = await startCatalogService();
  }, 120_000);
  afterAll(() => service?.close());

  it("the zebra: one glTF load, the meshes, materials and textures of its idle GLB alone; each GLB fetched once", async () => {
    const env = createRiggedScene();
    const counter = countLoader();
    try {
      // What a load of the model GLB alone makes.
      const idle = new Uint8Array(readFileSync(`${await generatedCatalog()}/zebra/rig/idle.glb`));
      (await loadGlb(env.scene, idle)).dispose();
      const alone = { ...counter.made };
      expect(alone).toMatchObject({ loads: 1, materials: 4, textures: 2 });
      expect(alone.meshes).toBeGreaterThan(1);
      Object.assign(counter.made, { loads: 0, meshes: 0, materials: 0, textures: 0 });

      const fetches = countingFetch();
      const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: fetches.fetch });
      const menagerie = new Menagerie(env.scene, { client, fetch: fetches.fetch });
      try {
        const zebra = await menagerie.spawnCreature("zebra");
        expect(counter.made).toEqual(alone);
        const glbs = fetches.urls.filter((u) => /\.glb\?/.test(u)).map((u) => new URL(u).pathname.split("/").at(-1));
        expect(glbs.sort()).toEqual(["idle.glb", "run.glb", "walk.glb"]);
        // Every clip still there, each on the creature's own nodes once grown.
        expect([...zebra.animations.keys()]).toEqual(["idle", "walk", "run"]);
        for (const [clip, group] of zebra.animations) expect(group.targetedAnimations.length, clip).toBe(13);
      } finally {
        menagerie.dispose();
      }
    } finally {
      counter.stop();
      env.dispose();
    }
  });
});

describe("each GLB is started on as it arrives", () => {
  let idle: Uint8Array;
  let walk: Uint8Array;
  let run: Uint8Array;
  beforeAll(async () => {
    idle = await tinyRiggedGlb({ clip: "idle" });
    walk = await tinyRiggedGlb({ clip: "walk" });
    run = await tinyRiggedGlb({ clip: "run" });
    await import("../../../../src/babylon/gltf/index.js"); // the chunk, as a page has it after its first rig
  });
  const deer = (extra: Partial<InlineModel> = {}): InlineModel => ({
    type: "quadruped",
    clips: { idle, walk, run },
    height: "1.2 m",
    ...extra,
  });

  it("the model GLB's load starts while another clip's GLB is still held back by the server", async () => {
    const env = createRiggedScene();
    const counter = countLoader();
    let loadsWhileHeld = -1;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = 0;
    // run.glb is let go when the model's load has started, or, failing that, once idle and walk
    // were answered and many turns of the event loop have passed: then loadsWhileHeld is 0.
    const server = await createModelServer({
      deer: deer({
        hold: (file) => {
          if (file !== "run.glb") {
            answered++;
            return undefined;
          }
          void (async () => {
            for (let turn = 0; turn < 5_000 && counter.made.loads === 0; turn++)
              await new Promise((r) => setImmediate(r));
            loadsWhileHeld = counter.made.loads;
            release();
          })();
          return held;
        },
      }),
    });
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    try {
      const creature = await menagerie.spawnCreature("deer");
      expect(answered).toBe(2);
      expect(loadsWhileHeld).toBe(1);
      expect(counter.made.loads).toBe(1);
      expect([...creature.animations.keys()]).toEqual(["idle", "walk", "run"]);
    } finally {
      menagerie.dispose();
      counter.stop();
      env.dispose();
      await server.close();
    }
  });

  it("a clip GLB that cannot be read degrades the creature (that clip lost) and does not fail the spawn", async () => {
    const env = createRiggedScene();
    // The walk GLB's animation data points past its binary chunk: only reading the clip sees it.
    const broken = withGlbJson(walk, (json) => {
      (json["accessors"]!.at(-1) as { byteOffset?: number }).byteOffset = 1 << 20;
    });
    const server = await createModelServer({ deer: deer({ clips: { idle, walk: broken, run } }) });
    const warnings: MenagerieWarning[] = [];
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    menagerie.onWarningObservable.add((w) => void warnings.push(w));
    try {
      const creature = await menagerie.spawnCreature("deer");
      expect(warnings.map((w) => [w.code, w.asset])).toEqual([["clip-failed", "clip:walk"]]);
      expect(warnings[0]!.message).toMatch(/walk.*cannot be read.*runs past its bufferView/);
      expect([...creature.animations.keys()]).toEqual(["idle", "run"]);
    } finally {
      menagerie.dispose();
      env.dispose();
      await server.close();
    }
  });

  it("an abort while the model GLB loads leaves the scene as it was", async () => {
    const env = createRiggedScene();
    const baseline = riggedCounts(env.scene);
    const controller = new AbortController();
    const counter = countLoader();
    // run.glb is held until the model's load has started; then the spawn is aborted.
    const server = await createModelServer({
      deer: deer({
        hold: (file) => {
          if (file !== "run.glb") return undefined;
          return (async () => {
            for (let turn = 0; turn < 5_000 && counter.made.loads === 0; turn++)
              await new Promise((r) => setImmediate(r));
            controller.abort(new Error("gone"));
          })();
        },
      }),
    });
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    try {
      const error = await menagerie.spawnCreature("deer", { signal: controller.signal }).catch((e: unknown) => e);
      expect((error as Error).message).toBe("gone");
      expect(counter.made.loads).toBe(1);
      // The caller hears of the abort at once; the load it shared winds down after (bounded wait).
      const same = () => JSON.stringify(riggedCounts(env.scene)) === JSON.stringify(baseline);
      for (let turn = 0; turn < 5_000 && !same(); turn++) await new Promise((r) => setImmediate(r));
      expect(riggedCounts(env.scene)).toEqual(baseline);
    } finally {
      menagerie.dispose();
      counter.stop();
      env.dispose();
      await server.close();
    }
  });
});
