/** Plain 3D vectors and axis-aligned boxes, engine-free. */

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface Box3 {
  min: Vec3;
  max: Vec3;
}

export const AXES = ["x", "y", "z"] as const;

export function boxCenter(box: Box3): Vec3 {
  return {
    x: (box.min.x + box.max.x) / 2,
    y: (box.min.y + box.max.y) / 2,
    z: (box.min.z + box.max.z) / 2,
  };
}

/** The smallest box holding every given box; `undefined` for none. */
export function unionBoxes(boxes: Iterable<Box3>): Box3 | undefined {
  let out: Box3 | undefined;
  for (const b of boxes) {
    if (!out) {
      out = { min: { ...b.min }, max: { ...b.max } };
      continue;
    }
    for (const a of AXES) {
      out.min[a] = Math.min(out.min[a], b.min[a]);
      out.max[a] = Math.max(out.max[a], b.max[a]);
    }
  }
  return out;
}

/** The box of a flat `[x, y, z, x, y, z, ...]` position array; `undefined` when empty. */
export function boxOfPositions(positions: ArrayLike<number>): Box3 | undefined {
  if (positions.length < 3) return undefined;
  const min = { x: Infinity, y: Infinity, z: Infinity };
  const max = { x: -Infinity, y: -Infinity, z: -Infinity };
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < min.x) min.x = x;
    if (y < min.y) min.y = y;
    if (z < min.z) min.z = z;
    if (x > max.x) max.x = x;
    if (y > max.y) max.y = y;
    if (z > max.z) max.z = z;
  }
  return { min, max };
}
