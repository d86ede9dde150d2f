/**
 * The nodes of one creature built from OBJ parts: a root, one joint node per part (rest pose =
 * where the OBJ placed the part), and an instance of each template mesh under its joint. Copies
 * share geometry and materials with the template; each has its own joints, so each can move
 * its legs.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { RecordSize } from "../api/recordSize.js";
import type { Box3 } from "../rig/box.js";
import type { ModelTemplate } from "./buildTemplate.js";

/** What a creature's body gives it, whatever it was built from. */
export interface CreatureBody {
  readonly root: TransformNode;
  readonly meshes: readonly AbstractMesh[];
  /** Its height in metres once sized. */
  readonly heightMeters: number;
  getPart(name: string): TransformNode | null;
  listParts(): string[];
  dispose(): void;
}

/** Where a new body stands and how big it is. */
export interface BodyPlacement {
  size: RecordSize;
  position?: { x: number; y: number; z: number } | undefined;
  rotationY?: number | undefined;
}

/** The model's extent along a size's axis (height on Y, length on Z, width on X). */
export function extentOf(bounds: Box3, axis: RecordSize["axis"]): number {
  if (axis === "length") return bounds.max.z - bounds.min.z;
  if (axis === "width") return bounds.max.x - bounds.min.x;
  return bounds.max.y - bounds.min.y;
}

/**
 * Builds the body; `tag(part)` gives the `metadata` of each node (the root without a part).
 */
export function buildPartsBody(
  scene: Scene,
  template: ModelTemplate,
  placement: BodyPlacement,
  tag: (part?: string) => unknown,
): CreatureBody {
  const { record, layout } = template;
  const extent = extentOf(layout.bounds, placement.size.axis);
  const scale = extent > 0 ? placement.size.meters / extent : 1;

  const root = new TransformNode(record.name, scene);
  root.scaling.setAll(scale);
  if (placement.position) root.position.set(placement.position.x, placement.position.y, placement.position.z);
  root.rotation.y = placement.rotationY ?? 0;
  root.metadata = tag();

  // Joints hang from their parent at (pivot - parent pivot); top joints from the root, shifted
  // so the lowest point of the creature rests on the root's y = 0.
  const joints = new Map<string, TransformNode>();
  const pivots = new Map(layout.joints.map((j) => [j.part, j.pivot]));
  const meshes: AbstractMesh[] = [];
  for (const joint of layout.joints) {
    const node = new TransformNode(`${record.name}/${joint.part}`, scene);
    const origin = joint.parent === null ? { x: 0, y: layout.bounds.min.y, z: 0 } : pivots.get(joint.parent)!;
    node.parent = joint.parent === null ? root : joints.get(joint.parent)!;
    node.position.set(joint.pivot.x - origin.x, joint.pivot.y - origin.y, joint.pivot.z - origin.z);
    node.metadata = tag(joint.part);
    joints.set(joint.part, node);
    template.parts.get(joint.part)!.meshes.forEach((source, i, all) => {
      const name = all.length === 1 ? `${record.name}/${joint.part}` : `${record.name}/${joint.part}/${i}`;
      const instance = source.createInstance(name);
      instance.parent = node;
      instance.position.set(-joint.pivot.x, -joint.pivot.y, -joint.pivot.z);
      instance.isPickable = true;
      instance.metadata = tag(joint.part);
      meshes.push(instance);
    });
  }
  return {
    root,
    meshes,
    heightMeters: (layout.bounds.max.y - layout.bounds.min.y) * scale,
    getPart: (name) => joints.get(name) ?? null,
    listParts: () => [...joints.keys()],
    dispose: () => root.dispose(false, false),
  };
}
