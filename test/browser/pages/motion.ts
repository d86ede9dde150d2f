/**
 * Browser test page for motion: spawns `name` from `service`, sends it along +X (or wandering
 * for swimmers and flyers, which need room), and exposes `__step(frames)` which advances motion
 * by fixed 1/30 s steps, renders, and reports where the creature is and how its joints turn.
 * Query: ?service=<url>&name=fox&key=dev-key[&water=1]
 */

import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { CreatePlane } from "@babylonjs/core/Meshes/Builders/planeBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";

declare global {
  interface Window {
    __ready?: boolean;
    __error?: string;
    __step?: (frames: number) => {
      x: number;
      y: number;
      z: number;
      heading: number;
      joints: Record<string, number[]>;
      gait: string | undefined;
    };
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  const water = params.get("water") === "1";
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 1.2, 3, Vector3.Zero(), scene);
  camera.minZ = 0.01;
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene);
  const ground = CreateGround("ground", { width: 60, height: 60 }, scene);
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.diffuseColor = water ? new Color3(0.45, 0.42, 0.3) : new Color3(0.35, 0.55, 0.25);
  ground.material = groundMaterial;
  ground.position.y = water ? -2 : 0;
  if (water) {
    const surface = CreatePlane("water", { size: 60 }, scene);
    surface.rotation.x = Math.PI / 2;
    const m = new StandardMaterial("water", scene);
    m.diffuseColor = new Color3(0.2, 0.45, 0.65);
    m.alpha = 0.35;
    surface.material = m;
  }
  const menagerie = new Menagerie(scene, {
    baseUrl: params.get("service")!,
    apiKey: params.get("key") ?? undefined,
    seed: 3,
  });
  const creature: Creature = await menagerie.spawnCreature(params.get("name") ?? "fox", { rotationY: Math.PI / 2 });
  const motion = creature.motion;
  if (water) {
    motion.ground = () => -2;
    motion.waterLevel = 0;
    creature.wander({ area: { center: { x: 0, z: 0 }, radius: 6 } });
  } else if (motion.gait?.name === "fly") {
    creature.wander({ area: { center: { x: 0, z: 0 }, radius: 8 } });
  } else {
    void creature.moveTo({ x: 40, z: 0 });
  }
  const size = creature.heightMeters;
  window.__step = (frames: number) => {
    for (let i = 0; i < frames; i++) menagerie.stepMotion(1 / 30);
    // Follow the creature from its side.
    camera.target.copyFrom(creature.root.position).addInPlaceFromFloats(0, size * 0.5, 0);
    camera.radius = Math.max(1.5, size * 4);
    scene.render();
    const joints: Record<string, number[]> = {};
    for (const part of creature.listParts()) {
      const r = creature.getPart(part)!.rotation;
      joints[part] = [r.x, r.y, r.z];
    }
    const p = creature.root.position;
    return { x: p.x, y: p.y, z: p.z, heading: creature.root.rotation.y, joints, gait: motion.gait?.name };
  };
  await scene.whenReadyAsync();
  window.__ready = true;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
