/**
 * How the demo sees what draws its creatures without disturbing it: a part-built creature is
 * one thin instance of its model's shared crowd meshes until something reads its `meshes` or
 * calls `getPart()`, and then it grows nodes of its own for good (slower). So the demo reads
 * `meshes` only of rigged creatures and props, and finds the crowd meshes in the scene.
 */
import type { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
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
 * True when a part-built creature has grown its own nodes (it left its crowd). Told without
 * growing: its joints hang from its root, which has no children while it is crowd-drawn.
 */
export function hasGrown(creature: Creature): boolean {
  return creature.form !== "rig" && creature.root.getChildren(undefined, true).length > 0;
}

/** The crowd meshes met so far; each casts and receives shadows until its model is disposed. */
export interface CrowdShadows {
  readonly meshes: ReadonlySet<AbstractMesh>;
  /** Looks for crowd meshes not seen yet (a model's crowd is made with its first creature). */
  find(): void;
}

export function crowdShadows(scene: Scene, shadows: ShadowGenerator): CrowdShadows {
  const meshes = new Set<AbstractMesh>();
  return {
    meshes,
    find() {
      for (const mesh of scene.meshes) {
        if (meshes.has(mesh) || !isCrowd(mesh)) continue;
        meshes.add(mesh);
        shadows.addShadowCaster(mesh, false);
        mesh.receiveShadows = true;
        mesh.onDisposeObservable.addOnce(() => {
          meshes.delete(mesh);
          shadows.removeShadowCaster(mesh, false);
        });
      }
    },
  };
}

/** The demo's instancing readout (see `instances` and `distinctSources` in main.ts). */
export function drawCounts(
  creatures: readonly Creature[],
  props: readonly SceneryProp[],
  crowds: ReadonlySet<AbstractMesh>,
): { instances: number; distinctSources: number } {
  // Rigged creatures, grown part-built ones and props have meshes of their own (reading them
  // grows nothing); a crowd mesh draws one copy per thin instance and is its own source.
  const own = [
    ...creatures.filter((c) => c.form === "rig" || hasGrown(c)).flatMap((c) => c.meshes),
    ...props.flatMap((p) => p.meshes),
  ];
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
