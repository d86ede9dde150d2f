/**
 * A crowd-drawn creature's root world matrix, in JavaScript (both families write their
 * creatures' matrices from it), and the transform composition it shares with the part-built
 * joint chain (parts/crowdRenderer.ts).
 */
import type { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";

/** Length of a transform for {@link composeToRef}. */
export const TRANSFORM_LENGTH = 9;

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
