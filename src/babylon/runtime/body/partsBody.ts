/**
 * The body of one creature built from OBJ parts. By default it is one node, its root: its parts
 * are drawn as thin instances of its model's crowd (crowdRenderer.ts), which composes their
 * matrices from the root and the pose. When a game asks for nodes (`getPart()`, `meshes`) the
 * body grows them on demand: a joint node per part (rest pose = where the OBJ placed
 * the part) and an instance of each template mesh under its joint, and leaves the crowd.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { RecordSize } from "../../../records/recordSize.js";
import type { Box3 } from "../../../rig/box.js";
import type { CreatureBody } from "../../creature.js";
import { type CrowdRenderer, crowdOf, REST_POSE } from "../crowd/parts/crowdRenderer.js";
import type { CrowdMember, CrowdOwner } from "../crowd/shared/crowdMember.js";
import type { ModelTemplate } from "../load/buildTemplate.js";
import { crowdPose, type MotionBinding, syncMotion } from "../sync/syncMotion.js";

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
 * Builds the body; `tag(part)` gives the `metadata` of each node (the root without a part), and
 * `owner.current` is what a picked thin instance of it answers (`metadata.menagerie.creatureAt(index)`).
 */
export function buildPartsBody(
  scene: Scene,
  template: ModelTemplate,
  placement: BodyPlacement,
  tag: (part?: string) => unknown,
  owner?: CrowdOwner,
): CreatureBody {
  const { record, layout } = template;
  const extent = extentOf(layout.bounds, placement.size.axis);
  const scale = extent > 0 ? placement.size.meters / extent : 1;

  const root = new TransformNode(record.name, scene);
  root.scaling.setAll(scale);
  if (placement.position) root.position.set(placement.position.x, placement.position.y, placement.position.z);
  root.rotation.y = placement.rotationY ?? 0;
  root.metadata = tag();

  let crowd: CrowdRenderer | null = crowdOf(scene, template);
  let member: CrowdMember | null = crowd.add(owner, reachOf(layout.bounds));
  crowd.write(member, root.computeWorldMatrix(true));
  let binding: MotionBinding | undefined;

  // Nodes on demand: joints hang from their parent at (pivot - parent pivot); top joints from
  // the root, shifted so the lowest point of the creature rests on the root's y = 0.
  let joints: Map<string, TransformNode> | null = null;
  const meshes: AbstractMesh[] = [];
  let disposed = false;
  const grow = (): Map<string, TransformNode> => {
    if (joints) return joints;
    if (disposed) return new Map(); // a disposed creature grows nothing back
    const made = new Map<string, TransformNode>();
    joints = made;
    const pivots = new Map(layout.joints.map((j) => [j.part, j.pivot]));
    for (const joint of layout.joints) {
      const node = new TransformNode(`${record.name}/${joint.part}`, scene);
      const origin = joint.parent === null ? { x: 0, y: layout.bounds.min.y, z: 0 } : pivots.get(joint.parent)!;
      node.parent = joint.parent === null ? root : made.get(joint.parent)!;
      node.position.set(joint.pivot.x - origin.x, joint.pivot.y - origin.y, joint.pivot.z - origin.z);
      node.metadata = tag(joint.part);
      made.set(joint.part, node);
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
    leaveCrowd();
    if (binding) {
      bindNodes(binding, made);
      syncMotion(binding);
    }
    return made;
  };
  const leaveCrowd = () => {
    if (crowd && member) crowd.remove(member);
    crowd = null;
    member = null;
    if (binding) binding.crowd = undefined;
  };
  const known = new Set(layout.joints.map((j) => j.part));

  return {
    root,
    get meshes() {
      grow();
      return meshes;
    },
    heightMeters: (layout.bounds.max.y - layout.bounds.min.y) * scale,
    getPart: (name) => (known.has(name) ? (grow().get(name) ?? null) : null),
    listParts: () => layout.joints.map((j) => j.part),
    bindMotion: (b: MotionBinding) => {
      binding = b;
      const body = layout.joints[b.body];
      const parent = body?.parent ? layout.joints.find((j) => j.part === body.parent) : undefined;
      b.bodyRestY = body ? body.pivot.y - (parent ? parent.pivot.y : layout.bounds.min.y) : 0;
      if (joints) bindNodes(b, joints);
      else if (crowd && member) b.crowd = crowdPose(crowd, member);
    },
    measure: () => (crowd && !joints ? crowd.measure(binding?.crowd?.pose ?? REST_POSE) : null),
    dispose: () => {
      disposed = true;
      leaveCrowd();
      root.dispose(false, false);
    },
  };
}

/** Points the binding at the joint nodes, in the layout's (and the pose's) order. */
function bindNodes(binding: MotionBinding, joints: Map<string, TransformNode>): void {
  binding.joints = [...joints.values()];
}

/** How far from the root's origin (the feet) any part can reach, in model units, with room for limbs swinging. */
function reachOf(bounds: Box3): number {
  const dx = Math.max(Math.abs(bounds.min.x), Math.abs(bounds.max.x));
  const dz = Math.max(Math.abs(bounds.min.z), Math.abs(bounds.max.z));
  const dy = bounds.max.y - bounds.min.y;
  return Math.hypot(dx, dy, dz) * 1.25;
}
