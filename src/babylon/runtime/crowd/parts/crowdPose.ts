/**
 * The matrix arithmetic of a part-built creature drawn by its crowd, in JavaScript: its joints'
 * world matrices from the pose (the same composition Babylon applies to joint nodes: scaling,
 * yaw-pitch-roll rotation, translation, times the parent), and each part mesh's matrix.
 */
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { RigLayout } from "../../../../rig/layoutRig.js";
import { composeToRef, TRANSFORM_LENGTH } from "../shared/rootWorld.js";

/** A pose to draw: Euler rotations per joint (x, y, z, in the model's frame), body lift and breath. */
export interface JointPose {
  rotations: ArrayLike<number> | null;
  /** -1 in a left-handed scene (the model is mirrored in X: rotations about Y and Z flip), else 1. */
  mirror: number;
  /** Index of the body joint, or -1; it is lifted by `bodyLift` (model units) and scaled by `breath` in Y. */
  body: number;
  bodyLift: number;
  breath: number;
}

/** The rest pose: where the OBJ placed every part. */
export const REST_POSE: Readonly<JointPose> = Object.freeze({
  rotations: null,
  mirror: 1,
  body: -1,
  bodyLift: 0,
  breath: 1,
});

/** One rig's joints, ready to compose: parents first, each with its offset from its parent. */
export class JointChain {
  /** Each joint's pivot in the model frame (a part mesh hangs at -pivot from its joint). */
  readonly pivots: Vector3[];
  readonly #offsets: Vector3[];
  readonly #parents: number[];
  readonly #world: Matrix[];
  readonly #local = new Matrix();
  readonly #transform = new Float64Array(TRANSFORM_LENGTH);

  constructor(layout: RigLayout) {
    const { joints, bounds } = layout;
    const index = new Map(joints.map((j, i) => [j.part, i]));
    this.#parents = joints.map((j) => (j.parent === null ? -1 : index.get(j.parent)!));
    this.pivots = joints.map((j) => new Vector3(j.pivot.x, j.pivot.y, j.pivot.z));
    this.#offsets = joints.map((j) => {
      // Top joints hang from the root shifted so the creature's lowest point rests on y = 0.
      const origin = j.parent === null ? { x: 0, y: bounds.min.y, z: 0 } : joints[index.get(j.parent)!]!.pivot;
      return new Vector3(j.pivot.x - origin.x, j.pivot.y - origin.y, j.pivot.z - origin.z);
    });
    this.#world = joints.map(() => new Matrix());
  }

  /** Every joint's world matrix for `pose` under `rootWorld` (reused arrays: read before the next call). */
  compose(rootWorld: Matrix, pose: Readonly<JointPose>): readonly Matrix[] {
    const world = this.#world;
    const r = pose.rotations;
    for (let j = 0; j < world.length; j++) {
      const offset = this.#offsets[j]!;
      const lifted = j === pose.body;
      const t = this.#transform;
      t[0] = 1;
      t[1] = lifted ? pose.breath : 1;
      t[2] = 1;
      t[3] = r ? pose.mirror * r[j * 3 + 1]! : 0; // yaw
      t[4] = r ? r[j * 3]! : 0; // pitch
      t[5] = r ? pose.mirror * r[j * 3 + 2]! : 0; // roll
      t[6] = offset.x;
      t[7] = lifted ? offset.y + pose.bodyLift : offset.y;
      t[8] = offset.z;
      composeToRef(t, this.#local);
      const parent = this.#parents[j]!;
      this.#local.multiplyToRef(parent < 0 ? rootWorld : world[parent]!, world[j]!);
    }
    return world;
  }
}

/** out[base..] = translate(-pivot) × m: the part mesh sits in the model frame, hung at its joint. */
export function writeOffsetMatrix(out: Float32Array, base: number, m: ArrayLike<number>, pivot: Vector3): void {
  const px = -pivot.x;
  const py = -pivot.y;
  const pz = -pivot.z;
  for (let i = 0; i < 12; i++) out[base + i] = m[i]!;
  out[base + 12] = px * m[0]! + py * m[4]! + pz * m[8]! + m[12]!;
  out[base + 13] = px * m[1]! + py * m[5]! + pz * m[9]! + m[13]!;
  out[base + 14] = px * m[2]! + py * m[6]! + pz * m[10]! + m[14]!;
  out[base + 15] = px * m[3]! + py * m[7]! + pz * m[11]! + m[15]!;
}

const IDENTITY = Matrix.Identity();
const corner = new Vector3();

/**
 * The box of parts posed by `pose` in the root's own frame (model units), as nodes grown at
 * that pose would measure it: each part's own box corners hung at -pivot from its joint.
 * Null when no part has a corner (no vertices).
 */
export function measurePosed(
  chain: JointChain,
  parts: readonly { joint: number; corners: readonly Vector3[] }[],
  pose: Readonly<JointPose>,
): { min: Vector3; max: Vector3 } | null {
  const world = chain.compose(IDENTITY, pose);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  for (const part of parts) {
    const joint = world[part.joint]!;
    const pivot = chain.pivots[part.joint]!;
    for (const c of part.corners) {
      Vector3.TransformCoordinatesToRef(corner.copyFrom(c).subtractInPlace(pivot), joint, corner);
      min.minimizeInPlace(corner);
      max.maximizeInPlace(corner);
    }
  }
  return min.x > max.x ? null : { min, max };
}
