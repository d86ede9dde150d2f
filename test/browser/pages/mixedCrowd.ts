/**
 * Browser test page for part-built crowds drawn as one joined, skinned mesh per look: one
 * creature (`name`, a fox by default) walks mid-stride, motion paused, in a scene with a
 * directional light whose shadow generator it casts into (`menagerie.addShadowCaster`), and is
 * looked at up close. Its pixels drawn by its crowd are compared with the same pose drawn from
 * its own grown nodes (Babylon's instances under joint nodes), and with its rest pose, so that
 * the comparison is known to see a pose.
 * Query: ?service=<url>&key=dev-key&name=fox
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import "@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js";
import { Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";
import { watchedClient } from "./watchedClient.js";

export interface MixedCrowdResult {
  /** Pixels (of the whole canvas) that differ between the crowd's drawing and the grown nodes'. */
  crowdVsGrown: number;
  /** Pixels that differ between the crowd's mid-stride drawing and its rest pose. */
  strideVsRest: number;
  /** Pixels that differ with the creature hidden (it, and its shadow, are really drawn). */
  creaturePixels: number;
  /** Where crowd and grown differ: [minX, minY, maxX, maxY] (y up), or null. */
  differingBox: number[] | null;
  /** Draw calls of the crowd-drawn frame (ground, creature, shadow pass). */
  crowdDrawCalls: number;
  /** The crowd's meshes in the scene (joined meshes), and the part meshes the grown creature shows. */
  crowdMeshes: number;
  grownMeshes: number;
  warnings: string[];
  timedOutLookups: string[];
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

const THRESHOLD = 24;

export function differing(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > THRESHOLD) n++;
  return n;
}

function differingBox(a: Uint8Array, b: Uint8Array, width: number): number[] | null {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) <= THRESHOLD)
      continue;
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    box[0] = Math.min(box[0]!, x);
    box[1] = Math.min(box[1]!, y);
    box[2] = Math.max(box[2]!, x);
    box[3] = Math.max(box[3]!, y);
  }
  return box[0] === Infinity ? null : box;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const service = params.get("service")!;
  const key = params.get("key") ?? "dev-key";
  const name = params.get("name") ?? "fox";
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene).intensity = 0.6;
  const sun = new DirectionalLight("sun", new Vector3(-0.4, -1, 0.3), scene);
  sun.position.set(8, 20, -6);
  const shadows = new ShadowGenerator(1024, sun);
  const ground = CreateGround("ground", { width: 40, height: 40 }, scene);
  ground.receiveShadows = true;
  const camera = new ArcRotateCamera("camera", 0, 1.25, 4, Vector3.Zero(), scene);
  camera.minZ = 0.05;
  const lookups = watchedClient(service, key);
  const menagerie = new Menagerie(scene, { client: lookups.client, seed: 7, animationLod: false });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code}: ${w.message}`));
  menagerie.addShadowCaster(shadows);
  const creature: Creature = await menagerie.spawnCreature(name, { position: new Vector3(0, 0, 0), rotationY: 0 });
  menagerie.pause();
  camera.target.set(0, creature.heightMeters * 0.5, 0);
  camera.radius = creature.heightMeters * 3.5;
  const pixels = async () => {
    menagerie.stepMotion(0); // explicit steps write what changed while paused
    scene.render();
    await scene.whenReadyAsync();
    scene.render();
    return (await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight())) as Uint8Array;
  };
  const rest = await pixels();
  creature.setBehaviour("walk");
  void creature.moveTo({ x: 0, z: 30 }).catch(() => undefined);
  for (let i = 0; i < 23; i++) menagerie.stepMotion(1 / 60); // mid-stride
  const crowd = await pixels();
  const instrumentation = new SceneInstrumentation(scene);
  scene.render();
  const crowdDrawCalls = instrumentation.drawCallsCounter.current;
  const isCrowd = (m: { metadata?: { menagerie?: { crowd?: boolean } } | null }) =>
    m.metadata?.menagerie?.crowd === true;
  const crowdMeshes = scene.meshes.filter(isCrowd).length;
  creature.root.setEnabled(false);
  const hidden = await pixels();
  creature.root.setEnabled(true);
  const grownMeshes = creature.meshes.length; // grows its nodes, posed as the crowd drew it; leaves the crowd
  const grown = await pixels();
  const result: MixedCrowdResult = {
    crowdVsGrown: differing(crowd, grown),
    strideVsRest: differing(crowd, rest),
    creaturePixels: differing(crowd, hidden),
    differingBox: differingBox(crowd, grown, engine.getRenderWidth()),
    crowdDrawCalls,
    crowdMeshes,
    grownMeshes,
    warnings,
    timedOutLookups: lookups.timedOut,
  };
  menagerie.dispose();
  scene.dispose();
  engine.dispose();
  window.__result = result;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
