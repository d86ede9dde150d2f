/**
 * A creature's Havok body, through Babylon's own physics v2 classes. Loaded with `import()`
 * only when a spawn asks for physics, so a game without it bundles none of this.
 *
 * The body is kinematic (ANIMATED): the motion layer moves the creature's root and, before
 * every physics step, the body is sent toward the root's pose (`PhysicsPrestepType.ACTION`,
 * so Havok gives it the velocity that gets it there and a ball it meets is knocked away with
 * that velocity). It hangs on a node of its own, not on the root: a body turns its node's
 * rotation into a quaternion, and the motion layer turns the root through `rotation.y`.
 */
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { IPhysicsEngine } from "@babylonjs/core/Physics/IPhysicsEngine.js";
import type {} from "@babylonjs/core/Physics/joinedPhysicsEngineComponent.types.js";
import { PhysicsMotionType, PhysicsPrestepType } from "@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js";
import { PhysicsBody } from "@babylonjs/core/Physics/v2/physicsBody.js";
import { RegisterPhysicsV2PhysicsEngineComponent } from "@babylonjs/core/Physics/v2/physicsEngineComponent.pure.js";
import { type PhysicsShape, PhysicsShapeBox, PhysicsShapeCapsule } from "@babylonjs/core/Physics/v2/physicsShape.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../../core/errors.js";
import { type Creature, type CreatureNodeMetadata, creatureHandle } from "../creature.js";
import type { ResolvedPhysicsOptions } from "../options/physicsOptions.js";
import { type Bounds, creatureMass, fitShape, type Vec3 } from "./bodyFit.js";

/** A root that moved farther than this (metres) between two physics steps was placed, not walked: its body jumps there instead of sweeping through everything between. */
export const TELEPORT_METRES = 2;

const HOW_TO_ENABLE =
  "needs Havok physics enabled on the scene first: scene.enablePhysics(new Vector3(0, -9.81, 0), new HavokPlugin(true, await HavokPhysics())) (from @babylonjs/havok and @babylonjs/core/Physics/v2/Plugins/havokPlugin)";

/** The scene's physics engine, when it runs a physics v2 plugin (Havok); else an OptionsError. */
export function checkPhysicsScene(scene: Scene): IPhysicsEngine {
  // Without Babylon's physics side-effect import, getPhysicsEngine is a stub answering undefined.
  const engine = (scene.getPhysicsEngine as (() => IPhysicsEngine | null | undefined) | undefined)?.call(scene);
  if (!engine) throw new OptionsError("physics", HOW_TO_ENABLE);
  if (engine.getPluginVersion() !== 2)
    throw new OptionsError(
      "physics",
      `${HOW_TO_ENABLE}; the scene runs the v1 plugin ${engine.getPhysicsPluginName()}`,
    );
  return engine;
}

/** What keeps one creature's body on its root. */
interface Follower {
  root: TransformNode;
  node: TransformNode;
  body: PhysicsBody;
}

const followers = new WeakMap<Scene, { set: Set<Follower>; observer: Observer<Scene> }>();

/** Puts the body's node on the root's current pose; a long jump teleports the body. */
function follow(f: Follower): void {
  f.root.computeWorldMatrix(true);
  const to = f.root.absolutePosition;
  const jumped = Vector3.DistanceSquared(to, f.node.position) > TELEPORT_METRES * TELEPORT_METRES;
  f.node.position.copyFrom(to);
  f.node.rotationQuaternion!.copyFrom(f.root.absoluteRotationQuaternion);
  f.node.computeWorldMatrix(true);
  f.body.setPrestepType(jumped ? PhysicsPrestepType.TELEPORT : PhysicsPrestepType.ACTION);
}

function track(scene: Scene, f: Follower): () => void {
  let entry = followers.get(scene);
  if (!entry) {
    const set = new Set<Follower>();
    const observer = scene.onBeforePhysicsObservable.add(() => {
      for (const each of set) follow(each);
    });
    entry = { set, observer };
    followers.set(scene, entry);
  }
  entry.set.add(f);
  return () => {
    const current = followers.get(scene);
    if (!current?.set.delete(f) || current.set.size > 0) return;
    scene.onBeforePhysicsObservable.remove(current.observer);
    followers.delete(scene);
  };
}

const corner = new Vector3();
const toRoot = new Matrix();

/** The creature's bounding box in metres in its root's frame (feet at y = 0, +Z forward). */
export function measureBounds(creature: Creature): Bounds {
  const root = creature.root;
  root.computeWorldMatrix(true);
  root.getWorldMatrix().invertToRef(toRoot);
  const metresPerUnit = root.absoluteScaling.y;
  // A crowd-drawn creature is measured from its model's part boxes, posed as the crowd draws
  // it: reading `meshes` would grow its nodes and take it out of the crowd for good.
  const drawn = creatureHandle(creature).body.measure?.() ?? null;
  if (drawn) {
    const at = (v: Vector3): Vec3 => ({ x: v.x * metresPerUnit, y: v.y * metresPerUnit, z: v.z * metresPerUnit });
    return { min: at(drawn.min), max: at(drawn.max) };
  }
  const min: Vec3 = { x: Infinity, y: Infinity, z: Infinity };
  const max: Vec3 = { x: -Infinity, y: -Infinity, z: -Infinity };
  for (const mesh of creature.meshes) {
    if (mesh.getTotalVertices() === 0) continue;
    mesh.computeWorldMatrix(true);
    for (const world of mesh.getBoundingInfo().boundingBox.vectorsWorld) {
      Vector3.TransformCoordinatesToRef(world, toRoot, corner).scaleInPlace(metresPerUnit);
      for (const axis of ["x", "y", "z"] as const) {
        min[axis] = Math.min(min[axis], corner[axis]);
        max[axis] = Math.max(max[axis], corner[axis]);
      }
    }
  }
  if (min.x > max.x) {
    // Nothing drawn to measure: a box as tall as the creature and half as wide and long.
    const h = creature.heightMeters;
    return { min: { x: -h / 4, y: 0, z: -h / 4 }, max: { x: h / 4, y: h, z: h / 4 } };
  }
  return { min, max };
}

function buildShape(bounds: Bounds, options: ResolvedPhysicsOptions, scene: Scene): PhysicsShape {
  const fit = fitShape(bounds, options.shape);
  const v = (p: Vec3) => new Vector3(p.x, p.y, p.z);
  return fit.kind === "box"
    ? new PhysicsShapeBox(v(fit.center), Quaternion.Identity(), v(fit.extents), scene)
    : new PhysicsShapeCapsule(v(fit.pointA), v(fit.pointB), fit.radius, scene);
}

/**
 * Gives a creature its kinematic Havok body, sized from its bounds at spawn. The body, its
 * shape and its node go when the creature is disposed.
 *
 * @throws OptionsError when the scene has no physics v2 (Havok) engine.
 */
export function attachCreaturePhysics(creature: Creature, options: ResolvedPhysicsOptions, scene: Scene): PhysicsBody {
  const engine = checkPhysicsScene(scene);
  RegisterPhysicsV2PhysicsEngineComponent();
  const bounds = measureBounds(creature);
  const root = creature.root;
  const node = new TransformNode(`${root.name}/physics`, scene);
  node.metadata = { menagerie: { record: creature.record, creature } satisfies CreatureNodeMetadata };
  node.position.copyFrom(root.absolutePosition);
  node.rotationQuaternion = root.absoluteRotationQuaternion.clone();
  const body = new PhysicsBody(node, PhysicsMotionType.ANIMATED, false, scene);
  const shape = buildShape(bounds, options, scene);
  body.shape = shape;
  body.setMassProperties({ mass: creatureMass(options.mass, creature.record, bounds) });
  body.disableSync = true; // the motion layer owns the creature's pose; Havok only follows it
  body.setPrestepType(PhysicsPrestepType.ACTION);
  const untrack = track(scene, { root, node, body });
  const handle = creatureHandle(creature);
  handle.physicsBody = body;
  creature.onDisposeObservable.addOnce(() => {
    untrack();
    // A physics engine disposed first (scene.disablePhysicsEngine) took its bodies with it.
    if (scene.getPhysicsEngine() === engine) {
      body.dispose();
      shape.dispose();
    }
    node.dispose();
    handle.physicsBody = null;
  });
  return body;
}
