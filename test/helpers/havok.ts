/**
 * Havok's WASM in Node: one engine instance per test file (loading it takes a moment), a fresh
 * physics world per scene, and a fixed physics step driven by the test, never by the clock.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import "@babylonjs/core/Physics/joinedPhysicsEngineComponent.js";
import { PhysicsMotionType } from "@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js";
import { HavokPlugin } from "@babylonjs/core/Physics/v2/Plugins/havokPlugin.js";
import { PhysicsBody } from "@babylonjs/core/Physics/v2/physicsBody.js";
import { PhysicsShapeCapsule, PhysicsShapeSphere } from "@babylonjs/core/Physics/v2/physicsShape.js";
import type { Scene } from "@babylonjs/core/scene.js";
import HavokPhysics from "@babylonjs/havok";

let havok: Promise<unknown> | undefined;

/** The Havok WASM module, loaded once from node_modules. */
export function loadHavok(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  const bytes = readFileSync(require.resolve("@babylonjs/havok/lib/esm/HavokPhysics.wasm"));
  // A copy into an ArrayBuffer of its own: a Node Buffer may sit inside a larger shared pool.
  havok ??= HavokPhysics({
    wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  });
  return havok;
}

/**
 * Enables Havok on the scene with a FIXED world step (1/60 s whatever the frame's delta), so
 * a test's N steps give the same result on any machine.
 */
export async function enableHavok(scene: Scene, gravity = new Vector3(0, -9.81, 0)): Promise<HavokPlugin> {
  const plugin = new HavokPlugin(false, await loadHavok());
  scene.enablePhysics(gravity, plugin);
  // Animations and the physics step both take a constant 16 ms from scene.animate().
  scene.useConstantAnimationDeltaTime = true;
  return plugin;
}

/** One physics step (1/60 s), with its before-physics observers, as a render would run it. */
export function stepPhysics(scene: Scene, steps = 1): void {
  for (let i = 0; i < steps; i++) scene.animate();
}

/** A dynamic ball without gravity's pull (unless asked), bouncy, at `position`. */
export function dynamicBall(
  scene: Scene,
  position: Vector3,
  options: { radius?: number; mass?: number; restitution?: number; gravity?: boolean } = {},
): PhysicsBody {
  const node = new TransformNode("ball", scene);
  node.position.copyFrom(position);
  const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, scene);
  body.shape = new PhysicsShapeSphere(Vector3.Zero(), options.radius ?? 0.05, scene);
  body.shape.material = { restitution: options.restitution ?? 0.8, friction: 0.2 };
  body.setMassProperties({ mass: options.mass ?? 0.2 });
  if (!options.gravity) body.setGravityFactor(0);
  return body;
}

/** A dynamic upright player capsule that does not tip over (no rotational inertia). */
export function playerCapsule(scene: Scene, position: Vector3, radius = 0.1, height = 0.6): PhysicsBody {
  const node = new TransformNode("player", scene);
  node.position.copyFrom(position);
  const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, scene);
  body.shape = new PhysicsShapeCapsule(new Vector3(0, radius, 0), new Vector3(0, height - radius, 0), radius, scene);
  body.setMassProperties({ mass: 70, inertia: Vector3.Zero() });
  body.setGravityFactor(0);
  return body;
}
