/**
 * Browser test page for the persistent asset cache: populates a habitat from the service at
 * `service` with the Menagerie's default `assetCache` (the browser's Cache Storage), renders,
 * and publishes what the scene holds and the Menagerie's counters on `window.__result`.
 * Query: ?service=<url>&key=<api key>&habitat=forest&count=6
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { Menagerie, type MenagerieStats } from "../../../src/index.js";

/** What the page publishes. */
export interface CachePageResult {
  creatures: string[];
  meshes: number;
  materials: number;
  textures: number;
  stats: MenagerieStats;
  warnings: string[];
  /** Names of the Caches in Cache Storage after the load. */
  cacheNames: string[];
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true });
  const scene = new Scene(engine);
  new ArcRotateCamera("camera", -Math.PI / 2, 1.1, 16, Vector3.Zero(), scene);
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
  CreateGround("ground", { width: 30, height: 30 }, scene);

  const menagerie = new Menagerie(scene, { baseUrl: params.get("service")!, apiKey: params.get("key") ?? undefined });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code} ${w.asset ?? ""}: ${w.message}`));
  const group = await menagerie.populate({
    habitat: params.get("habitat") ?? "forest",
    count: Number(params.get("count") ?? "6"),
    seed: 5,
    wander: false,
  });
  await scene.whenReadyAsync();
  scene.render();
  const result: CachePageResult = {
    creatures: group.creatures.map((c) => c.record.name).sort(),
    // Level-of-detail drawing meshes (level > 0) are left out: when they are made depends on
    // timing (a rigged model's are made once its simplification, started after its first
    // spawn, is done), not on what the page shows.
    meshes: scene.meshes.filter((m) => !(m.metadata?.menagerie?.level > 0)).length,
    materials: scene.materials.length,
    textures: scene.textures.length,
    stats: { ...menagerie.stats },
    warnings,
    cacheNames: await caches.keys(),
  };
  window.__result = result;
}

main().catch((error: unknown) => {
  window.__error = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
});
