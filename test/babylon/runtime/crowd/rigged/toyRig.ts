/**
 * A rigged template built by hand on a NullEngine scene, for the bake's tests (riggedBake.ts,
 * riggedBakePlan.ts): a skinned box, a skeleton of `bones` root bones each driven by a node of its
 * own (as glTF's are: `linkTransformNode`), bind poses at the origin so that a bone's skinning
 * matrix is exactly its node's translation, and clips of linear position keys chosen by the test,
 * so that every baked row is known in advance. No catalog, no HTTP.
 */

import { Animation } from "@babylonjs/core/Animations/animation.js";
import { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { Bone } from "@babylonjs/core/Bones/bone.js";
import { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { RiggedTemplate } from "../../../../../src/babylon/gltf/index.js";

/** Where each bone's node rests: bone i at (i + 1, 2, 3). */
export const restOf = (bone: number): [number, number, number] => [bone + 1, 2, 3];

/** A box of `scene`, skinned to `skeleton` (every vertex on bone 0) when given. */
export function boxOf(scene: Scene, name: string, skeleton?: Skeleton): Mesh {
  const box = CreateBox(name, { size: 1 }, scene);
  if (skeleton) {
    const vertices = box.getTotalVertices();
    box.setVerticesData(VertexBuffer.MatricesIndicesKind, new Float32Array(vertices * 4), false, 4);
    box.setVerticesData(
      VertexBuffer.MatricesWeightsKind,
      Float32Array.from({ length: vertices * 4 }, (_, k) => (k % 4 === 0 ? 1 : 0)),
      false,
      4,
    );
    box.skeleton = skeleton;
  }
  return box;
}

/** A skeleton of `bones` root bones, bone i driven by node i resting at {@link restOf}(i). */
export function skeletonOf(scene: Scene, bones: number, name = "skeleton") {
  const skeleton = new Skeleton(name, name, scene);
  const nodes = Array.from({ length: bones }, (_, i) => {
    const node = new TransformNode(`${name}/node${i}`, scene);
    node.position = new Vector3(...restOf(i));
    new Bone(`${name}/bone${i}`, skeleton, null, Matrix.Identity()).linkTransformNode(node);
    return node;
  });
  return { skeleton, nodes };
}

/** A clip's keys: frame and value. */
export type Keys = readonly (readonly [number, Vector3 | Quaternion | number])[];

/** A group named `name` animating `property` of `target` with `keys` at `fps` frames a second. */
export function groupOf(
  scene: Scene,
  name: string,
  target: object,
  keys: Keys,
  options: { property?: string; fps?: number } = {},
): AnimationGroup {
  const property = options.property ?? "position";
  const first = keys[0]![1];
  const type =
    typeof first === "number"
      ? Animation.ANIMATIONTYPE_FLOAT
      : first instanceof Quaternion
        ? Animation.ANIMATIONTYPE_QUATERNION
        : Animation.ANIMATIONTYPE_VECTOR3;
  const animation = new Animation(`${name}/${property}`, property, options.fps ?? 60, type);
  animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
  const group = new AnimationGroup(name, scene);
  group.addTargetedAnimation(animation, target);
  return group;
}

/** A template (riggedTemplate.ts's interface) over `container`, its clips named as its groups. */
export function templateOf(container: AssetContainer, model = "toy"): RiggedTemplate & { disposed: boolean } {
  return {
    model,
    modelClip: container.animationGroups[0]?.name ?? "",
    get clips() {
      return container.animationGroups.map((g) => g.name);
    },
    bounds: { min: { x: -0.5, y: -0.5, z: -0.5 }, max: { x: 0.5, y: 0.5, z: 0.5 } },
    container,
    disposed: false,
    get isDisposed() {
      return this.disposed;
    },
    dispose() {
      this.disposed = true;
    },
  };
}

/** A container of `meshes`, and the skeletons, nodes and groups given. */
export function containerOf(
  scene: Scene,
  parts: {
    meshes: Mesh[];
    skeletons?: Skeleton[];
    nodes?: TransformNode[];
    groups?: AnimationGroup[];
  },
): AssetContainer {
  const container = new AssetContainer(scene);
  container.meshes.push(...parts.meshes);
  container.skeletons.push(...(parts.skeletons ?? []));
  container.transformNodes.push(...(parts.nodes ?? []));
  container.animationGroups.push(...(parts.groups ?? []));
  return container;
}

/**
 * The toy model most tests bake: a box skinned to 2 bones (`width` 12), and two clips at 60 fps.
 * `walk` moves bone 0's node along x from 1 to 7 over frames 0 to 60 (1 s: x = 1 + frame / 10);
 * `wave` moves bone 1's node along y from 0 to 3 over frames 30 to 60 (0.5 s: y = (frame - 30) / 10).
 * Baked at 60 fps: row 0 the rest pose, walk rows 1-60 (row 1 + k: x = 1 + k / 10), wave rows
 * 61-90 (row 61 + k: y = k / 10).
 */
export function toyRig(scene: Scene, extraBones = 0) {
  const { skeleton, nodes } = skeletonOf(scene, 2 + extraBones);
  const mesh = boxOf(scene, "body", skeleton);
  const [a, b] = [restOf(0), restOf(1)];
  const walk = groupOf(scene, "walk", nodes[0]!, [
    [0, new Vector3(...a)],
    [60, new Vector3(a[0] + 6, a[1], a[2])],
  ]);
  const wave = groupOf(scene, "wave", nodes[1]!, [
    [30, new Vector3(...b)],
    [60, new Vector3(b[0], b[1] + 3, b[2])],
  ]);
  const container = containerOf(scene, { meshes: [mesh], skeletons: [skeleton], nodes, groups: [walk, wave] });
  return { template: templateOf(container), skeleton, mesh, nodes, groups: [walk, wave] };
}

/** A row of `(bones + 1) × 16` floats: each bone's translation matrix to `translations[i]`, then identity. */
export function rowOfTranslations(translations: readonly (readonly number[])[]): number[] {
  return [...translations, [0, 0, 0]].flatMap(([x, y, z]) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x!, y!, z!, 1]);
}

/** The toy rig's expected row `row` (see {@link toyRig}) baked at 60 fps. */
export function toyRow(row: number, extraBones = 0): number[] {
  const rest = Array.from({ length: 2 + extraBones }, (_, i) => restOf(i) as number[]);
  if (row >= 1 && row <= 60) rest[0]![0]! += (row - 1) / 10;
  if (row >= 61 && row <= 90) rest[1]![1]! += (row - 61) / 10;
  return rowOfTranslations(rest);
}

/** The largest difference between two rows of floats (Infinity when their lengths differ). */
export function farthest(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  return Array.from(a).reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i]!)), 0);
}

/** Each node's position, to see a template is back at rest. */
export const positionsOf = (nodes: readonly TransformNode[]) => nodes.map((n) => n.position.asArray());
