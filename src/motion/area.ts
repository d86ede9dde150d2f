/**
 * Areas creatures stay inside: a circle or a polygon on the ground plane (x, z). Engine-free.
 */

/**
 * A circle on the ground.
 * @category Motion
 */
export interface CircleArea {
  /** Its centre on the ground plane, metres. */
  center: { x: number; z: number };
  /** Its radius, metres. */
  radius: number;
  /** Parts cut out of it (a pond in a meadow): not inside the area (a hole's own holes count for nothing). @default none */
  holes?: readonly Area[] | undefined;
}

/**
 * A simple polygon on the ground, its points in order (either winding).
 * @category Motion
 */
export interface PolygonArea {
  /** The corners on the ground plane (x, z), metres. */
  points: readonly { x: number; z: number }[];
  /** Parts cut out of it (a pond in a meadow): not inside the area (a hole's own holes count for nothing). @default none */
  holes?: readonly Area[] | undefined;
}

/**
 * A region of the ground plane: a circle or a polygon.
 * @category Motion
 */
export type Area = CircleArea | PolygonArea;

export function isCircleArea(area: Area): area is CircleArea {
  return (area as CircleArea).radius !== undefined;
}

/** True when (x, z) is inside the area (and in none of its holes). */
export function containsPoint(area: Area, x: number, z: number): boolean {
  const holes = area.holes;
  if (holes) for (let i = 0; i < holes.length; i++) if (containsOutline(holes[i]!, x, z)) return false;
  return containsOutline(area, x, z);
}

function containsOutline(area: Area, x: number, z: number): boolean {
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

/** A point with a map of its own, for {@link edgeDistance} to hand to {@link probeEdge}. */
class PlanePoint {
  x = 0.5;
  z = 0.5;
}
const point = new PlanePoint();

/**
 * Distance from (x, z) to the area's edge, positive inside, negative outside, and the unit
 * direction toward the inside (written into `out`, with the distance as `out.distance`), for
 * steering back before the edge.
 */
export function edgeDistance(area: Area, x: number, z: number, out: EdgeProbe): number {
  point.x = x;
  point.z = z;
  probeEdge(area, point, out);
  return out.distance!;
}

/**
 * {@link edgeDistance} for a point read from `at` (an agent), writing only into `out`: it
 * takes no number argument and returns nothing, because V8 boxes a double that crosses a call
 * it does not inline, and steering calls this per agent per frame.
 */
export function probeEdge(area: Area, at: { readonly x: number; readonly z: number }, out: EdgeProbe): void {
  probeOutline(area, at, out);
  const holes = area.holes;
  if (!holes) return;
  // The area minus its holes: the signed distance is the least of the outline's and each
  // hole's turned inside out (inside a hole is outside the area).
  for (let i = 0; i < holes.length; i++) {
    probeOutline(holes[i]!, at, holeProbe); // a hole's own holes are not looked at
    const d = -holeProbe.distance!;
    if (d < out.distance!) {
      out.distance = d;
      out.x = -holeProbe.x;
      out.z = -holeProbe.z;
    }
  }
}

class HoleProbe implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}
const holeProbe = new HoleProbe();

function probeOutline(area: Area, at: { readonly x: number; readonly z: number }, out: EdgeProbe): void {
  const x = at.x;
  const z = at.z;
  if (isCircleArea(area)) {
    const dx = area.center.x - x;
    const dz = area.center.z - z;
    const d = Math.sqrt(dx * dx + dz * dz);
    out.x = d > 1e-9 ? dx / d : 0;
    out.z = d > 1e-9 ? dz / d : 0;
    out.distance = area.radius - d;
    return;
  }
  // Nearest point on the polygon's edges, and inside or not (even-odd), in one pass.
  const p = area.points;
  let best = Infinity;
  let bx = x;
  let bz = z;
  let inside = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const a = p[j]!;
    const b = p[i]!;
    if (b.z > z !== a.z > z && x < ((a.x - b.x) * (z - b.z)) / (a.z - b.z) + b.x) inside = !inside;
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
  // Toward the inside: away from the nearest edge point when inside, toward it when outside.
  const sx = inside ? x - bx : bx - x;
  const sz = inside ? z - bz : bz - z;
  const len = Math.sqrt(sx * sx + sz * sz);
  out.x = len > 1e-9 ? sx / len : 0;
  out.z = len > 1e-9 ? sz / len : 0;
  out.distance = inside ? d : -d;
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
