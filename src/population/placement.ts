/**
 * Blue-noise placement with footprints: positions inside an area, no two closer than the sum
 * of their radii plus a gap (Poisson-disk by dart throwing with a hash grid), herds placed
 * around a leader. Deterministic for the generator passed in.
 */

import { type Area, containsPoint, edgeDistance, isCircleArea } from "../motion/area.js";
import type { SeededRandom } from "../util/seededRandom.js";

/** One creature to place. */
export interface PlacementRequest {
  /** Footprint radius, metres. */
  radius: number;
  /** Members with the same herd id gather around the first one placed. */
  herd?: number;
  /** Where it may stand (defaults to the main area). */
  area?: Area;
  /** Areas it must stay out of (for example water, for walkers). */
  avoid?: readonly Area[];
}

/** A placed creature: position and heading; `undefined` for requests that found no room. */
export interface Placement {
  x: number;
  z: number;
  heading: number;
}

export interface PlacementOptions {
  /** Extra space between footprints, metres. @default 0.1 */
  gap?: number;
  /** Darts thrown per creature before giving up. @default 60 */
  attempts?: number;
}

/** A bounding square of an area: [minX, minZ, maxX, maxZ]. */
function bounds(area: Area): [number, number, number, number] {
  if (isCircleArea(area)) {
    return [
      area.center.x - area.radius,
      area.center.z - area.radius,
      area.center.x + area.radius,
      area.center.z + area.radius,
    ];
  }
  const xs = area.points.map((p) => p.x);
  const zs = area.points.map((p) => p.z);
  return [Math.min(...xs), Math.min(...zs), Math.max(...xs), Math.max(...zs)];
}

const scratch = { x: 0, z: 0 };

/**
 * Places every request inside `area` (or its own area), in order, without overlaps. Returns one
 * entry per request; an entry is `undefined` when no room was found after `attempts` darts.
 */
export function placeCreatures(
  area: Area,
  requests: readonly PlacementRequest[],
  rng: SeededRandom,
  options: PlacementOptions = {},
): (Placement | undefined)[] {
  const gap = options.gap ?? 0.1;
  const attempts = options.attempts ?? 60;
  const placed: { x: number; z: number; r: number }[] = [];
  const maxR = Math.max(0.01, ...requests.map((r) => r.radius));
  const cell = 2 * maxR + gap;
  const grid = new Map<string, number[]>();
  const key = (cx: number, cz: number) => `${cx},${cz}`;
  const herdLeaders = new Map<number, Placement>();

  const fits = (x: number, z: number, r: number, req: PlacementRequest): boolean => {
    const inside = req.area ?? area;
    if (!containsPoint(inside, x, z) || edgeDistance(inside, x, z, scratch) < r) return false;
    for (const a of req.avoid ?? []) if (edgeDistance(a, x, z, scratch) > -r) return false;
    const cx = Math.floor(x / cell);
    const cz = Math.floor(z / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        for (const i of grid.get(key(cx + dx, cz + dz)) ?? []) {
          const p = placed[i]!;
          if ((p.x - x) ** 2 + (p.z - z) ** 2 < (p.r + r + gap) ** 2) return false;
        }
      }
    }
    return true;
  };

  return requests.map((req) => {
    const region = req.area ?? area;
    const [x0, z0, x1, z1] = bounds(region);
    const leader = req.herd !== undefined ? herdLeaders.get(req.herd) : undefined;
    for (let k = 0; k < attempts; k++) {
      let x: number;
      let z: number;
      if (leader && k < attempts / 2) {
        // Herd members first try a ring around the leader.
        const angle = rng.range(0, Math.PI * 2);
        const dist = rng.range(2, 5) * req.radius + gap;
        x = leader.x + Math.cos(angle) * dist;
        z = leader.z + Math.sin(angle) * dist;
      } else {
        x = rng.range(x0, x1);
        z = rng.range(z0, z1);
      }
      if (!fits(x, z, req.radius, req)) continue;
      const index = placed.push({ x, z, r: req.radius }) - 1;
      const k2 = key(Math.floor(x / cell), Math.floor(z / cell));
      const list = grid.get(k2);
      if (list) list.push(index);
      else grid.set(k2, [index]);
      // A herd grazes facing roughly one way; others face anywhere.
      const heading = leader ? leader.heading + rng.range(-0.4, 0.4) : rng.range(-Math.PI, Math.PI);
      const placement = { x, z, heading };
      if (req.herd !== undefined && !leader) herdLeaders.set(req.herd, placement);
      return placement;
    }
    return undefined;
  });
}
