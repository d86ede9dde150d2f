/** Boxes carried by a 4x4 matrix (Babylon's layout: row-major, translation in 12..14). Engine-free. */

/** A point in three dimensions. */
export interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** An axis-aligned box in world units and the sphere round it. */
export interface WorldBox {
  /** The box's lowest corner. */
  min: Point3;
  /** The box's highest corner. */
  max: Point3;
  /** The box's centre. */
  center: Point3;
  /** Half the box's diagonal: the radius of a sphere round it. */
  radius: number;
}

/** The box of the points (none: an empty, inside-out box), with its centre and radius. */
function boxOf(points: Iterable<Point3>): WorldBox {
  const min = { x: Infinity, y: Infinity, z: Infinity };
  const max = { x: -Infinity, y: -Infinity, z: -Infinity };
  for (const p of points) {
    min.x = Math.min(min.x, p.x);
    min.y = Math.min(min.y, p.y);
    min.z = Math.min(min.z, p.z);
    max.x = Math.max(max.x, p.x);
    max.y = Math.max(max.y, p.y);
    max.z = Math.max(max.z, p.z);
  }
  const center = { x: (min.x + max.x) / 2, y: (min.y + max.y) / 2, z: (min.z + max.z) / 2 };
  return { min, max, center, radius: Math.hypot(max.x - min.x, max.y - min.y, max.z - min.z) / 2 };
}

/** The world box of a local box (`min`, `max`) under the world matrix `m`: its 8 corners carried. */
export function boxUnderMatrix(min: Point3, max: Point3, m: ArrayLike<number>): WorldBox {
  const corners: Point3[] = [];
  for (let i = 0; i < 8; i++) {
    const x = i & 1 ? max.x : min.x;
    const y = i & 2 ? max.y : min.y;
    const z = i & 4 ? max.z : min.z;
    corners.push({
      x: x * m[0]! + y * m[4]! + z * m[8]! + m[12]!,
      y: x * m[1]! + y * m[5]! + z * m[9]! + m[13]!,
      z: x * m[2]! + y * m[6]! + z * m[10]! + m[14]!,
    });
  }
  return boxOf(corners);
}

/** The box between two world corners (already axis-aligned). */
export function boxBetween(min: Point3, max: Point3): WorldBox {
  return boxOf([min, max]);
}
