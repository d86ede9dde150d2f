/**
 * The matrix arithmetic of a crowd-drawn creature, in JavaScript: its root's world matrix, its
 * joints' world matrices from the pose (the same composition Babylon applies to joint nodes:
 * scaling, yaw-pitch-roll rotation, translation, times the parent), and each part mesh's matrix.
 */
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { RigLayout } from "../../../rig/layoutRig.js";

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

/** Length of a transform for {@link composeToRef}. */
const TRANSFORM_LENGTH = 9;

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

/**
 * A root's world matrix, composed directly when it hangs from nothing (Babylon's
 * `computeWorldMatrix` costs several times more, with its flags and observers, and Babylon
 * recomputes the root's own matrix lazily when a game asks for it); Babylon's otherwise.
 */
export function rootWorldOf(root: TransformNode, out: Matrix): Matrix {
  if (root.parent || root.rotationQuaternion || root.billboardMode || root.isUsingPivotMatrix()) {
    return root.computeWorldMatrix(true);
  }
  const { rotation: r, scaling: s, position: p } = root;
  const t = rootTransform;
  t[0] = s.x;
  t[1] = s.y;
  t[2] = s.z;
  t[3] = r.y;
  t[4] = r.x;
  t[5] = r.z;
  t[6] = p.x;
  t[7] = p.y;
  t[8] = p.z;
  composeToRef(t, out);
  return out;
}

const rootTransform = new Float64Array(TRANSFORM_LENGTH);

/**
 * out = scale × rotation × translation from `t` = [scale x, y, z, yaw, pitch, roll, translation
 * x, y, z]: Babylon's `Quaternion.RotationYawPitchRollToRef` then `Matrix.ComposeToRef`, the
 * same arithmetic in the same order (so the same matrix). The numbers travel in a typed array,
 * not as arguments or Quaternion fields: V8 boxes every fraction passed to a call it did not
 * inline, and Babylon's quaternion call was not inlined into the joint loop. Those boxes (three
 * per joint per frame) were nearly all a walking crowd allocated.
 */
export function composeToRef(t: Float64Array, out: Matrix): void {
  const sx = t[0]!;
  const sy = t[1]!;
  const sz = t[2]!;
  const yaw = t[3]!;
  const pitch = t[4]!;
  const roll = t[5]!;
  const halfRoll = roll * 0.5;
  const halfPitch = pitch * 0.5;
  const halfYaw = yaw * 0.5;
  const sinRoll = Math.sin(halfRoll);
  const cosRoll = Math.cos(halfRoll);
  const sinPitch = Math.sin(halfPitch);
  const cosPitch = Math.cos(halfPitch);
  const sinYaw = Math.sin(halfYaw);
  const cosYaw = Math.cos(halfYaw);
  const x = cosYaw * sinPitch * cosRoll + sinYaw * cosPitch * sinRoll;
  const y = sinYaw * cosPitch * cosRoll - cosYaw * sinPitch * sinRoll;
  const z = cosYaw * cosPitch * sinRoll - sinYaw * sinPitch * cosRoll;
  const w = cosYaw * cosPitch * cosRoll + sinYaw * sinPitch * sinRoll;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const xy = x * y2;
  const xz = x * z2;
  const yy = y * y2;
  const yz = y * z2;
  const zz = z * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  // Babylon types a matrix's array as read-only; markAsUpdated below is what its own writers call.
  const m = out.m as unknown as Float32Array;
  m[0] = (1 - (yy + zz)) * sx;
  m[1] = (xy + wz) * sx;
  m[2] = (xz - wy) * sx;
  m[3] = 0;
  m[4] = (xy - wz) * sy;
  m[5] = (1 - (xx + zz)) * sy;
  m[6] = (yz + wx) * sy;
  m[7] = 0;
  m[8] = (xz + wy) * sz;
  m[9] = (yz - wx) * sz;
  m[10] = (1 - (xx + yy)) * sz;
  m[11] = 0;
  m[12] = t[6]!;
  m[13] = t[7]!;
  m[14] = t[8]!;
  m[15] = 1;
  out.markAsUpdated();
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
