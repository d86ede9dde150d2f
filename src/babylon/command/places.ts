/**
 * Where a text command's place puts things: relative to a named creature or prop in the scene,
 * or to the viewer (the active camera) for `here` or when nothing in the scene has the name.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { TextCommandAction } from "../../api/textCommandAnswer.js";
import type { Creature } from "../creature.js";

type Relative = NonNullable<TextCommandAction["models"][number]["location"]>["relative"];

/** A point with a facing, on the ground plane (y kept for `above`). */
export interface Anchor {
  position: Vector3;
  /** Unit, horizontal. */
  forward: Vector3;
  /** What it is, for notes: "the lion", "the oak tree", "the camera". */
  label: string;
}

/** A record name without the catalog's `#0002` variant suffix, lower-cased. */
export function baseName(name: string): string {
  return name.replace(/#\d+$/, "").toLowerCase();
}

/** True when `name` (as a command says it) names a record called `recordName`: "tree" names "oak tree". */
export function names(name: string, recordName: string): boolean {
  const wanted = name.toLowerCase();
  const base = baseName(recordName);
  return base === wanted || base.endsWith(` ${wanted}`);
}

function flat(v: Vector3): Vector3 {
  const out = new Vector3(v.x, 0, v.z);
  return out.lengthSquared() > 1e-9 ? out.normalize() : new Vector3(0, 0, 1);
}

/** Where a node is now (its world matrix brought up to date: motion moves roots between frames). */
export function whereIs(node: TransformNode): Vector3 {
  return node.computeWorldMatrix(true).getTranslation();
}

/** The active camera, `distance` metres ahead of it on the ground, facing away from it. */
export function viewerAnchor(scene: Scene, distance: number): Anchor {
  const camera = scene.activeCamera;
  if (!camera) return { position: new Vector3(0, 0, distance), forward: new Vector3(0, 0, 1), label: "the camera" };
  const forward = flat(camera.getDirection(Vector3.Forward(scene.useRightHandedSystem)));
  const eye = camera.globalPosition;
  return {
    position: new Vector3(eye.x + forward.x * distance, 0, eye.z + forward.z * distance),
    forward,
    label: "the camera",
  };
}

/** The creature or prop called `name` nearest the viewer, or undefined. */
export function findAnchor(scene: Scene, creatures: readonly Creature[], name: string): Anchor | undefined {
  const viewer = viewerAnchor(scene, 0).position;
  let best: { node: TransformNode; label: string; d: number } | undefined;
  const consider = (node: TransformNode, label: string) => {
    const d = Vector3.DistanceSquared(whereIs(node), viewer);
    if (!best || d < best.d) best = { node, label, d };
  };
  for (const c of creatures)
    if (!c.isDisposed && names(name, c.record.name)) consider(c.root, `the ${baseName(c.record.name)}`);
  if (!best)
    for (const node of scene.transformNodes) {
      const tag = (node.metadata as { menagerie?: { scenery?: { root: TransformNode; name: string } } } | null)
        ?.menagerie;
      if (tag?.scenery && tag.scenery.root === node && names(name, tag.scenery.name))
        consider(node, `the ${baseName(tag.scenery.name)}`);
    }
  if (!best) return undefined;
  const found = best as { node: TransformNode; label: string };
  return { position: whereIs(found.node), forward: flat(found.node.forward), label: found.label };
}

/**
 * The `index`-th of several spots `relative` to `anchor`: 4 m off to its front, back, left or
 * right, 3 m up, 20 m away from the viewer for `far`, around it for `near` and `here`; several
 * creatures spread on a small spiral (golden angle) so that none stands on another.
 */
export function spot(anchor: Anchor, relative: Relative, index: number, viewer: Anchor): Vector3 {
  const f = anchor.forward;
  const right = new Vector3(f.z, 0, -f.x);
  const base = anchor.position.clone();
  switch (relative) {
    case "front":
      base.addInPlace(f.scale(4));
      break;
    case "behind":
      base.addInPlace(f.scale(-4));
      break;
    case "left":
      base.addInPlace(right.scale(-4));
      break;
    case "right":
      base.addInPlace(right.scale(4));
      break;
    case "above":
      base.y += 3;
      break;
    case "far": {
      const away = flat(anchor.position.subtract(viewer.position));
      base.addInPlace(away.scale(20));
      break;
    }
    default:
      break;
  }
  // Around the spot: `near` (and `here`) start a ring out, the others at the spot itself.
  const ring = relative === "near" || relative === "below" ? 2.5 : 0;
  const r = ring + 1.6 * Math.sqrt(index);
  if (r === 0) return base;
  const angle = index * 2.399963;
  return new Vector3(base.x + Math.cos(angle) * r, base.y, base.z + Math.sin(angle) * r);
}
