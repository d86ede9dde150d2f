/**
 * How the demo sees what draws its creatures without disturbing it: a creature (part-built or
 * rigged) is one thin instance of its model's shared crowd meshes until something reads its
 * `meshes`, calls `getPart()` or reads a rigged one's animation groups, and then it grows nodes
 * of its own for good (slower). So the demo reads `meshes` only of props and grown creatures,
 * and finds the crowd meshes in the scene. Shadows come from `menagerie.addShadowCaster`.
 */
import type { Camera } from "@babylonjs/core/Cameras/camera.js";
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { Creature, SceneryProp } from "../src/index.js";

/** The mesh whose draw call a mesh shares: an instance's source, else the mesh itself. */
export function sourceOf(mesh: AbstractMesh): AbstractMesh {
  return "sourceMesh" in mesh ? (mesh as InstancedMesh).sourceMesh : mesh;
}

const isCrowd = (mesh: AbstractMesh): boolean =>
  (mesh.metadata as { menagerie?: { crowd?: boolean } } | null)?.menagerie?.crowd === true;

/**
 * True when a creature has grown its own nodes (it left its crowd). Told without growing: its
 * joints or bones hang from its root, which has no children while it is crowd-drawn.
 */
export function hasGrown(creature: Creature): boolean {
  return creature.root.getChildren(undefined, true).length > 0;
}

/** The crowd meshes met so far, each until its model is disposed. */
export interface CrowdMeshes {
  readonly meshes: ReadonlySet<AbstractMesh>;
  /** Looks for crowd meshes not seen yet (a model's crowd is made with its first creature). */
  find(): void;
}

export function crowdMeshes(scene: Scene): CrowdMeshes {
  const meshes = new Set<AbstractMesh>();
  return {
    meshes,
    find() {
      for (const mesh of scene.meshes) {
        if (meshes.has(mesh) || !isCrowd(mesh)) continue;
        meshes.add(mesh);
        mesh.onDisposeObservable.addOnce(() => void meshes.delete(mesh));
      }
    },
  };
}

/**
 * Rigged creatures whose clips play, told without growing any: a crowd-drawn one plays when its
 * model's crowd meshes are posed from baked clips; a grown one when all its groups play.
 */
export function riggedPlaying(creatures: readonly Creature[], crowds: ReadonlySet<AbstractMesh>): number {
  const baked = new Set<string>();
  for (const mesh of crowds) {
    const manager = (mesh as { bakedVertexAnimationManager?: { isEnabled: boolean } | null })
      .bakedVertexAnimationManager;
    const name = (mesh.metadata as { menagerie?: { record?: { name: string } } }).menagerie?.record?.name;
    if (manager?.isEnabled && name) baked.add(name);
  }
  return creatures.filter((c) => {
    if (c.form !== "rig" || c.animations.size === 0) return false;
    if (!hasGrown(c)) return baked.has(c.record.name);
    return [...c.animations.values()].every((g) => g.isPlaying);
  }).length;
}

/** The demo's instancing readout (see `instances` and `distinctSources` in main.ts). */
export function drawCounts(
  creatures: readonly Creature[],
  props: readonly SceneryProp[],
  crowds: ReadonlySet<AbstractMesh>,
): { instances: number; distinctSources: number } {
  // Grown creatures and props have meshes of their own (reading them grows nothing); a crowd
  // mesh draws one copy per thin instance and is its own source.
  const own = [...creatures.filter(hasGrown).flatMap((c) => c.meshes), ...props.flatMap((p) => p.meshes)];
  let instances = own.length;
  const sources = new Set(own.map(sourceOf));
  for (const mesh of crowds) {
    const copies = (mesh as { thinInstanceCount?: number }).thinInstanceCount ?? 0;
    if (copies === 0) continue; // an empty crowd is hidden: it draws nothing
    instances += copies;
    sources.add(mesh);
  }
  return { instances, distinctSources: sources.size };
}

/** Where a creature is on screen, in CSS pixels (for tests that click it). */
export function screenPoint(creature: Creature, scene: Scene, camera: Camera): { x: number; y: number } {
  const engine = scene.getEngine();
  const canvas = engine.getRenderingCanvas()!;
  // Halfway up from its feet: reading a part-built creature's meshes would take it out of
  // its crowd, and a skinned mesh's bounding box stays in its bind pose.
  const center = creature.root.position.add(new Vector3(0, creature.heightMeters / 2, 0));
  const p = Vector3.Project(
    center,
    Matrix.IdentityReadOnly,
    scene.getTransformMatrix(),
    camera.viewport.toGlobal(engine.getRenderWidth(), engine.getRenderHeight()),
  );
  const scaleX = canvas.clientWidth / engine.getRenderWidth();
  const scaleY = canvas.clientHeight / engine.getRenderHeight();
  const rect = canvas.getBoundingClientRect();
  return { x: rect.left + p.x * scaleX, y: rect.top + p.y * scaleY };
}
