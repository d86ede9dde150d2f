/**
 * From part bounding boxes (in the model frame) to a joint layout: each present part's parent
 * among the present parts, and its pivot. Engine-free; the Babylon side turns the layout into
 * TransformNodes.
 */
import { BODY_PLANS, type BodyPlan, type BodyPlans, type JointAnchor } from "./bodyPlans.js";
import { AXES, type Box3, boxCenter, unionBoxes, type Vec3 } from "./box.js";

/** One joint of a laid-out rig. */
export interface JointLayout {
  part: string;
  /** The parent part's name, or `null` when the joint hangs from the creature's root. */
  parent: string | null;
  /** Where the joint sits, in the model frame. */
  pivot: Vec3;
  /** False for a part the body plan does not name (it is attached to the body). */
  known: boolean;
}

/** A laid-out rig: joints ordered parents first, and the bounds of all parts. */
export interface RigLayout {
  type: string;
  joints: JointLayout[];
  bounds: Box3;
}

/** The name of the part unknown parts attach to. */
export const BODY_PART = "body";

/** The pivot of a part's box for an anchor, given its parent's box (if any). */
export function anchorPoint(box: Box3, anchor: JointAnchor, parentBox: Box3 | undefined): Vec3 {
  if (anchor === "center" || (anchor === "nearest" && !parentBox)) return boxCenter(box);
  const target = parentBox ? boxCenter(parentBox) : boxCenter(box);
  const spec = anchor === "nearest" ? ({ x: "nearest", y: "nearest", z: "nearest" } as const) : anchor;
  const out = { x: 0, y: 0, z: 0 };
  for (const a of AXES) {
    const s = spec[a];
    out[a] =
      s === "nearest"
        ? Math.min(box.max[a], Math.max(box.min[a], target[a]))
        : box.min[a] + (box.max[a] - box.min[a]) * s;
  }
  return out;
}

/**
 * The parent of `part` among the present parts: the plan's parent, or the nearest present
 * ancestor of it, or the body for parts the plan does not know, or `null` (the root).
 */
function resolveParent(part: string, plan: BodyPlan, present: ReadonlySet<string>): string | null {
  const seen = new Set<string>([part]);
  let candidate = plan[part]?.parent;
  while (candidate) {
    if (present.has(candidate)) return candidate;
    if (seen.has(candidate)) break; // a cycle in a user-supplied plan
    seen.add(candidate);
    candidate = plan[candidate]?.parent;
  }
  if (plan[part]?.parent === null) return null;
  return part !== BODY_PART && present.has(BODY_PART) ? BODY_PART : null;
}

/**
 * Lays out the rig of a creature of body type `type` from its parts' boxes.
 *
 * @param boxes part name → bounding box in the model frame (only parts that loaded).
 * @param plans the body plans to use. @default BODY_PLANS
 * @throws Error when `boxes` is empty: a caller's bug, never a bad record or option (so not a
 * MenagerieError). The template builder fails a model with no loaded part as a `no-body`
 * LoadError before it lays one out, and every part that parses has faces, hence a box.
 */
export function layoutRig(
  type: string | undefined,
  boxes: Readonly<Record<string, Box3>>,
  plans: BodyPlans = BODY_PLANS,
): RigLayout {
  const names = Object.keys(boxes).sort();
  const bounds = unionBoxes(names.map((n) => boxes[n]!));
  if (!bounds) throw new Error("layoutRig: no parts to lay out");
  const plan: BodyPlan = (type !== undefined && plans[type]) || {};
  const present = new Set(names);
  const parents = new Map(names.map((n) => [n, resolveParent(n, plan, present)]));

  const joints: JointLayout[] = [];
  const placed = new Set<string>();
  const place = (part: string, trail: Set<string>) => {
    if (placed.has(part)) return;
    let parent = parents.get(part) ?? null;
    if (parent !== null && trail.has(parent)) parent = null; // break cycles at the root
    if (parent !== null) place(parent, new Set([...trail, part]));
    const anchor = plan[part]?.anchor ?? "nearest";
    joints.push({
      part,
      parent,
      pivot: anchorPoint(boxes[part]!, anchor, parent === null ? undefined : boxes[parent]),
      known: part in plan,
    });
    placed.add(part);
  };
  for (const name of names) place(name, new Set([name]));
  return { type: type ?? "unknown", joints, bounds };
}
