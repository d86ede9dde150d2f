/**
 * Browser test page for creature physics, set up as a game would: Havok from @babylonjs/havok
 * (its WASM located through Vite's `?url`), a static ground, a `name` creature with a body
 * (`physics: true`) and one without, and a ball thrown at each. Renders `frames` frames, each
 * one fixed 1/60 s physics step (HavokPlugin without delta stepping), with motion paused so
 * both creatures stand, and reports where the balls went.
 * Query: ?service=<url>&name=cow&key=dev-key[&frames=90]
 */

import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { CreateSphere } from "@babylonjs/core/Meshes/Builders/sphereBuilder.js";
import "@babylonjs/core/Physics/joinedPhysicsEngineComponent.js";
import { PhysicsShapeType } from "@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js";
import { HavokPlugin } from "@babylonjs/core/Physics/v2/Plugins/havokPlugin.js";
import { PhysicsAggregate } from "@babylonjs/core/Physics/v2/physicsAggregate.js";
import type { PhysicsEngine } from "@babylonjs/core/Physics/v2/physicsEngine.js";
import { Scene } from "@babylonjs/core/scene.js";
import HavokPhysics from "@babylonjs/havok";
import havokWasm from "@babylonjs/havok/lib/esm/HavokPhysics.wasm?url";
import { Menagerie } from "../../../src/index.js";

export interface PhysicsPageResult {
  shape: string | undefined;
  bodiesWithCreatures: number;
  bodiesAfterDispose: number;
  /** Where the creature with a body stands, and how far its flank reaches toward the ball. */
  creatureX: number;
  flankX: number;
  hit: { x: number; vx: number; startVx: number };
  missed: { x: number; vx: number };
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const frames = Number(params.get("frames") ?? 90);
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  const camera = new ArcRotateCamera("camera", -2.3, 1.15, 10, new Vector3(-1.5, 0.6, 2), scene);
  camera.minZ = 0.05;
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene);

  // The game's part: Havok on the scene, a ground that balls land on.
  const havok = await HavokPhysics({ locateFile: () => havokWasm });
  scene.enablePhysics(new Vector3(0, -9.81, 0), new HavokPlugin(false, havok));
  const ground = CreateGround("ground", { width: 30, height: 30 }, scene);
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.diffuseColor = new Color3(0.35, 0.55, 0.25);
  ground.material = groundMaterial;
  new PhysicsAggregate(ground, PhysicsShapeType.BOX, { mass: 0 }, scene);

  const menagerie = new Menagerie(scene, { baseUrl: params.get("service")!, apiKey: params.get("key") ?? undefined });
  const name = params.get("name") ?? "cow";
  const solid = await menagerie.spawnCreature(name, { physics: true });
  const ghost = await menagerie.spawnCreature(name, { position: new Vector3(0, 0, 4) });
  menagerie.pause(); // both stand still, side on to the balls
  const physics = scene.getPhysicsEngine() as PhysicsEngine;
  const bodiesWithCreatures = physics.getBodies().length;
  const flankX = solid.root.getHierarchyBoundingVectors().min.x;

  const throwBall = (z: number) => {
    const ball = CreateSphere("ball", { diameter: 0.24 }, scene);
    ball.position.set(-4, solid.heightMeters * 0.55, z);
    const aggregate = new PhysicsAggregate(ball, PhysicsShapeType.SPHERE, { mass: 0.4, restitution: 0.7 }, scene);
    aggregate.body.setLinearVelocity(new Vector3(9, 1.5, 0));
    return aggregate.body;
  };
  const hit = throwBall(0);
  const missed = throwBall(ghost.root.position.z);
  const startVx = hit.getLinearVelocity().x;
  await scene.whenReadyAsync(); // shaders compiled, so the frames below draw (physics steps either way)
  for (let i = 0; i < frames; i++) scene.render();

  const result: PhysicsPageResult = {
    shape: solid.physicsBody?.shape ? PhysicsShapeType[solid.physicsBody.shape.type] : undefined,
    bodiesWithCreatures,
    bodiesAfterDispose: -1,
    creatureX: solid.root.position.x,
    flankX,
    hit: { x: hit.transformNode.position.x, vx: hit.getLinearVelocity().x, startVx },
    missed: { x: missed.transformNode.position.x, vx: missed.getLinearVelocity().x },
  };
  // Leave the scene on screen for the screenshot; count what a dispose leaves on a twin.
  const twin = await menagerie.spawnCreature(name, { position: new Vector3(6, 0, -6), physics: true });
  twin.dispose();
  result.bodiesAfterDispose = physics.getBodies().length;
  window.__result = result;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
