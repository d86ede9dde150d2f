/**
 * Areas creatures stay inside: a circle or a polygon on the ground plane (x, z). Engine-free.
 */

/** A circle on the ground. */
export interface CircleArea {
  center: { x: number; z: number };
  radius: number;
}

/** A simple polygon on the ground, its points in order (either winding). */
export interface PolygonArea {
  points: readonly { x: number; z: number }[];
}

export type Area = CircleArea | PolygonArea;

export function isCircleArea(area: Area): area is CircleArea {
  return (area as CircleArea).radius !== undefined;
}

/** True when (x, z) is inside the area. */
export function containsPoint(area: Area, x: number, z: number): boolean {
  if (isCircleArea(area)) {
    const dx = x - area.center.x;
    const dz = z - area.center.z;
    return dx * dx + dz * dz <= area.radius * area.radius;
  }
  let inside = false;
  const p = area.points;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const a = p[i]!;
    const b = p[j]!;
    if (a.z > z !== b.z > z && x < ((b.x - a.x) * (z - a.z)) / (b.z - a.z) + a.x) inside = !inside;
  }
  return inside;
}

/** Where {@link edgeDistance} writes: the unit direction toward the inside, and the distance. */
export interface EdgeProbe {
  x: number;
  z: number;
  /** Signed distance to the edge: positive inside, negative outside. */
  distance?: number;
}

/**
 * Distance from (x, z) to the area's edge, positive inside, negative outside, and the unit
 * direction toward the inside (written into `out`, with the distance as `out.distance`), for
 * steering back before the edge.
 */
export function edgeDistance(area: Area, x: number, z: number, out: EdgeProbe): number {
  const d = edgeDistanceInto(area, x, z, out);
  out.distance = d;
  return d;
}

/**
 * {@link edgeDistance} for a point read from `at` (an agent), writing only into `out`: no
 * double crosses the call, for per-frame steering.
 */
export function probeEdge(area: Area, at: { readonly x: number; readonly z: number }, out: EdgeProbe): void {
  if (isCircleArea(area)) {
    // The common case, computed here so no double crosses a call.
    const dx = area.center.x - at.x;
    const dz = area.center.z - at.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    out.x = d > 1e-9 ? dx / d : 0;
    out.z = d > 1e-9 ? dz / d : 0;
    out.distance = area.radius - d;
    return;
  }
  out.distance = edgeDistanceInto(area, at.x, at.z, out);
}

function edgeDistanceInto(area: Area, x: number, z: number, out: EdgeProbe): number {
  if (isCircleArea(area)) {
    const dx = area.center.x - x;
    const dz = area.center.z - z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (d > 1e-9) {
      out.x = dx / d;
      out.z = dz / d;
    } else {
      out.x = 0;
      out.z = 0;
    }
    return area.radius - d;
  }
  // Nearest point on the polygon's edges.
  const p = area.points;
  let best = Infinity;
  let bx = x;
  let bz = z;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const a = p[j]!;
    const b = p[i]!;
    const ex = b.x - a.x;
    const ez = b.z - a.z;
    const len2 = ex * ex + ez * ez;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - a.x) * ex + (z - a.z) * ez) / len2)) : 0;
    const nx = a.x + ex * t;
    const nz = a.z + ez * t;
    const d2 = (x - nx) * (x - nx) + (z - nz) * (z - nz);
    if (d2 < best) {
      best = d2;
      bx = nx;
      bz = nz;
    }
  }
  const d = Math.sqrt(best);
  const inside = containsPoint(area, x, z);
  // Toward the inside: away from the nearest edge point when inside, toward it when outside.
  const sx = inside ? x - bx : bx - x;
  const sz = inside ? z - bz : bz - z;
  const len = Math.sqrt(sx * sx + sz * sz);
  if (len > 1e-9) {
    out.x = sx / len;
    out.z = sz / len;
  } else {
    out.x = 0;
    out.z = 0;
  }
  return inside ? d : -d;
}

/** The centre of an area (the mean of a polygon's points). */
export function areaCenter(area: Area): { x: number; z: number } {
  if (isCircleArea(area)) return { x: area.center.x, z: area.center.z };
  let x = 0;
  let z = 0;
  for (const p of area.points) {
    x += p.x;
    z += p.z;
  }
  return { x: x / area.points.length, z: z / area.points.length };
}
