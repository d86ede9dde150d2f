/**
 * A new user's page, built by Vite from the installed tarball: a fox from the reference service
 * spawns and wanders. Publishes what happened on `window.__result` (or `window.__error`).
 * Query: ?service=<url>&key=<api key>
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, isMenagerieError, Menagerie, type MenagerieWarning } from "babylon-menagerie";

/** What the test reads. */
export interface ConsumerResult {
  name: string;
  form: Creature["form"];
  meshes: number;
  heightMeters: number;
  /** Frames rendered while the fox wandered, and how far it got from where it started. */
  frames: number;
  distance: number;
  warnings: string[];
}

declare global {
  interface Window {
    __result?: ConsumerResult;
    __error?: string;
  }
}

async function main(): Promise<ConsumerResult> {
  const params = new URLSearchParams(location.search);
  const service = params.get("service");
  if (!service) throw new Error("no ?service=");
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas");
  if (!canvas) throw new Error("no canvas");
  const engine = new Engine(canvas, true);
  const scene = new Scene(engine);
  new ArcRotateCamera("camera", -Math.PI / 2, 1.1, 6, Vector3.Zero(), scene);
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
  CreateGround("ground", { width: 20, height: 20 }, scene);

  const key = params.get("key");
  const menagerie = new Menagerie(scene, key === null ? { baseUrl: service } : { baseUrl: service, apiKey: key });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((warning: MenagerieWarning) => warnings.push(warning.message));
  const fox = await menagerie.spawnCreature("fox");
  const start = fox.root.position.clone();
  fox.wander({ area: { center: { x: 0, z: 0 }, radius: 5 } });

  // Counted in frames, not time: the test passes on a slow machine too.
  let frames = 0;
  await new Promise<void>((resolve) => {
    engine.runRenderLoop(() => {
      scene.render();
      if (++frames === 120) resolve();
    });
  });
  engine.stopRenderLoop();
  return {
    name: fox.record.name,
    form: fox.form,
    meshes: fox.meshes.length,
    heightMeters: fox.heightMeters,
    frames,
    distance: Vector3.Distance(start, fox.root.position),
    warnings,
  };
}

main().then(
  (result) => {
    window.__result = result;
  },
  (error: unknown) => {
    window.__error = isMenagerieError(error) ? `${error.kind}: ${error.message}` : String(error);
  },
);
