/**
 * One rigged creature from a {@link RiggedTemplate}: `instantiateModelsToScene` gives it its
 * own copy of the nodes, its own skeleton and its own animation group per clip (meshes are
 * clones that share geometry and materials with the template). It hangs under a root node of
 * its own, sized from the record, feet on the root's y = 0, head toward the root's +Z. A creature
 * drawn by its model's crowd (riggedBody.ts) grows one under its root when a game asks for its
 * nodes; a model whose clips could not be baked gives one to every creature.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../../../core/errors.js";
import type { RestBounds, RiggedTemplate } from "../../gltf/index.js";

/**
 * The size a record asks for: metres along one axis of the creature (height along Y, length
 * along its forward Z, width along X), measured on the rest pose.
 */
export interface RiggedSize {
  axis: "height" | "length" | "width";
  meters: number;
}

/** Options of {@link instantiateRigged}. */
export interface RiggedInstanceOptions {
  /** Name of the root node; other nodes are named `<name>/<source name>`. */
  name: string;
  size: RiggedSize;
  /** Where the feet stand. @default the origin */
  position?: { x: number; y: number; z: number };
  /** Heading about +Y, radians (0 faces +Z). @default 0 */
  rotationY?: number;
  /**
   * The `metadata` of the root, every mesh (no part) and every bone node (`part`: the bone
   * name), so a pick finds its owner (NodeTags, runtime/makeCreature.ts). @default no metadata
   */
  tag?: (part?: string) => unknown;
  /**
   * Hangs the copy under this node instead of a new one: a crowd-drawn creature's root, already
   * placed, sized and tagged (`position`, `rotationY` and `tag` of the root are then not applied).
   * It becomes the copy's: `dispose()` disposes it too.
   */
  root?: TransformNode;
}

/** A rigged creature's nodes and clips. */
export interface RiggedInstance {
  /** The node to move and turn: local +Z forward, y = 0 the feet. Its scaling sizes the model. */
  readonly root: TransformNode;
  /** The meshes that draw it (skinned clones). */
  readonly meshes: readonly AbstractMesh[];
  /** Its own skeletons (one for a one-skin model). */
  readonly skeletons: readonly Skeleton[];
  /** Clip name → this creature's group (not started; see `startClips`). */
  readonly animations: ReadonlyMap<string, AnimationGroup>;
  /** Metres per model unit (the root's scale). */
  readonly scale: number;
  /** Height of the rest pose in metres. */
  readonly heightMeters: number;
  /** The bone's transform node, which the skeleton follows; `null` for an unknown name. */
  getPart(name: string): TransformNode | null;
  /** Bone names, in skeleton order. */
  listParts(): string[];
  readonly isDisposed: boolean;
  /** Removes its nodes, meshes, skeletons and groups (the template's shared data stays). */
  dispose(): void;
}

const EXTENT: Record<RiggedSize["axis"], (b: RestBounds) => number> = {
  height: (b) => b.max.y - b.min.y,
  length: (b) => b.max.z - b.min.z,
  width: (b) => b.max.x - b.min.x,
};

/** Metres per model unit for a size; 1 when the model is flat along that axis. */
export function riggedScale(bounds: RestBounds, size: RiggedSize): number {
  if (!(size.meters > 0) || !Number.isFinite(size.meters))
    throw new OptionsError("size.meters", `must be a positive number, got ${size.meters}`);
  const extent = EXTENT[size.axis]?.(bounds);
  if (extent === undefined)
    throw new OptionsError("size.axis", `must be "height", "length" or "width", got ${JSON.stringify(size.axis)}`);
  return extent > 0 ? size.meters / extent : 1;
}

/** A root placed, sized and tagged as `options` say. */
function newRoot(scene: Scene, options: RiggedInstanceOptions, scale: number, tag: (part?: string) => unknown) {
  const root = new TransformNode(options.name, scene);
  root.scaling.setAll(scale);
  if (options.position) root.position.set(options.position.x, options.position.y, options.position.z);
  root.rotation.y = options.rotationY ?? 0;
  root.metadata = tag();
  return root;
}

/** A new creature from `template`; see the module comment. */
export function instantiateRigged(
  scene: Scene,
  template: RiggedTemplate,
  options: RiggedInstanceOptions,
): RiggedInstance {
  if (template.isDisposed) throw new OptionsError("template", `of "${template.model}" was disposed`);
  const { bounds } = template;
  const scale = riggedScale(bounds, options.size);
  const tag = options.tag ?? (() => null);

  const root = options.root ?? newRoot(scene, options, scale, tag);

  const entries = template.container.instantiateModelsToScene((source) => `${options.name}/${source}`, false, {
    doNotInstantiate: true,
  });
  for (const node of entries.rootNodes) {
    node.parent = root;
    // The model's lowest point rests on the root's y = 0; X and Z keep the model's own origin.
    (node as TransformNode).position.y -= bounds.min.y;
  }
  const meshes: AbstractMesh[] = [];
  for (const node of entries.rootNodes) {
    for (const mesh of node.getChildMeshes(false)) {
      if (mesh.getTotalVertices() === 0) continue;
      mesh.isPickable = true;
      mesh.metadata = tag();
      meshes.push(mesh);
    }
  }
  const parts = new Map<string, TransformNode>();
  for (const skeleton of entries.skeletons) {
    for (const bone of skeleton.bones) {
      const node = bone.getTransformNode();
      if (!node || parts.has(bone.name)) continue;
      node.metadata = tag(bone.name);
      parts.set(bone.name, node);
    }
  }
  const animations = new Map<string, AnimationGroup>();
  entries.animationGroups.forEach((group, i) => {
    const clip = template.clips[i]!;
    group.name = `${options.name}/${clip}`;
    animations.set(clip, group);
  });

  let disposed = false;
  return {
    root,
    meshes,
    skeletons: entries.skeletons,
    animations,
    scale,
    heightMeters: (bounds.max.y - bounds.min.y) * scale,
    getPart: (name) => parts.get(name) ?? null,
    listParts: () => [...parts.keys()],
    get isDisposed() {
      return disposed;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const group of animations.values()) group.dispose(); // stops it first
      for (const skeleton of entries.skeletons) skeleton.dispose();
      // Babylon (9.34) leaves a disposed clone's id in its material's meshMap and its source's
      // cloneMeshMap (set to undefined, not deleted): a dead key per creature ever made, kept
      // for the template's life and walked by Material.dispose. Dropped here.
      const clones = root
        .getChildMeshes(false)
        .map((m) => ({ id: m.uniqueId, material: m.material, source: (m as Mesh).source }));
      root.dispose(false, false); // materials and geometry belong to the template
      for (const { id, material, source } of clones) {
        if (material?.meshMap) delete material.meshMap[id];
        const map = source?.cloneMeshMap;
        if (map) delete map[id];
      }
    },
  };
}
