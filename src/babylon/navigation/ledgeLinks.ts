/**
 * Jump links found on a navmesh: where its surface ends at a drop of at most `maxHeight` (a
 * ledge over a floor) or at a gap of at most `maxLength` (a cleft, a gap between roofs) with the
 * same floor beyond, a link from the edge to the surface below or beyond. Recast makes none by
 * itself. The surface is sampled from above on a grid (its highest floor at each point); each
 * edge of it casts a ray outward along the grid to the first surface it meets. Links at most
 * one per `spacing` metres of an edge, per direction.
 */
import type { JumpLink } from "../../motion/jumpRoutes.js";
import type { RecastPoint } from "./recast.js";
import type { SurfaceProbe } from "./surfaceProbe.js";

/** What {@link findLedgeLinks} works with, metres. */
export interface LedgeLinkSizes {
  /** The level's extent on the ground. */
  readonly minX: number;
  readonly maxX: number;
  readonly minZ: number;
  readonly maxZ: number;
  /** Highest step walked up or down: a larger difference is a drop. */
  readonly climb: number;
  /** Highest drop linked. */
  readonly maxHeight: number;
  /** Widest gap (or drop's distance across) linked. */
  readonly maxLength: number;
  /**
   * True when something of the level stands higher than `y` at (x, z) (a wall, a fence, a
   * rock): no link jumps through it.
   */
  readonly blocked: (x: number, z: number, y: number) => boolean;
}

/** Grid step, metres, and most samples of one build (a larger level samples coarser). */
const STEP = 0.5;
const MAX_SAMPLES = 40_000;
/** Metres between two links along one edge. */
const SPACING = 2;
const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The jump links of the surface `probe` queries, within `sizes`. */
export function findLedgeLinks(probe: SurfaceProbe, sizes: LedgeLinkSizes): JumpLink[] {
  const spanX = sizes.maxX - sizes.minX;
  const spanZ = sizes.maxZ - sizes.minZ;
  const step = Math.max(STEP, Math.sqrt((spanX * spanZ) / MAX_SAMPLES));
  const nx = Math.max(1, Math.ceil(spanX / step) + 1);
  const nz = Math.max(1, Math.ceil(spanZ / step) + 1);
  const grid: (RecastPoint | undefined)[] = new Array(nx * nz);
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nz; j++) grid[i * nz + j] = probe.top(sizes.minX + i * step, sizes.minZ + j * step, step / 2);
  const at = (i: number, j: number) => (i < 0 || j < 0 || i >= nx || j >= nz ? undefined : grid[i * nz + j]);
  const links: JumpLink[] = [];
  const taken = new Set<string>();
  const reach = Math.ceil(sizes.maxLength / step) + 1;
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nz; j++) {
      const from = at(i, j);
      if (!from) continue;
      for (let d = 0; d < DIRECTIONS.length; d++) {
        const [di, dj] = DIRECTIONS[d]!;
        const next = at(i + di, j + dj);
        if (next && Math.abs(next.y - from.y) <= sizes.climb) continue; // not an edge this way
        const link = cast(at, i, j, di, dj, reach, sizes);
        if (!link) continue;
        const key = `${d}:${Math.floor(from.x / SPACING)}:${Math.floor(from.z / SPACING)}:${Math.round(from.y)}`;
        if (taken.has(key)) continue;
        taken.add(key);
        links.push(link);
      }
    }
  return links;
}

/** From the edge at (i, j), outward along (di, dj): a link to the first surface below or beyond, if within reach. */
function cast(
  at: (i: number, j: number) => RecastPoint | undefined,
  i: number,
  j: number,
  di: number,
  dj: number,
  reach: number,
  sizes: LedgeLinkSizes,
): JumpLink | undefined {
  const from = at(i, j)!;
  for (let k = 1; k <= reach; k++) {
    const to = at(i + di * k, j + dj * k);
    if (!to) continue; // over the gap, or the eroded foot of a wall
    const across = Math.hypot(to.x - from.x, to.z - from.z);
    if (across > sizes.maxLength) return undefined;
    const drop = from.y - to.y;
    if (drop > sizes.maxHeight) continue; // deep below: a gap over it, if the floor comes back
    if (drop > sizes.climb) return clear(from, to, sizes) ? { from, to, twoWay: true } : undefined;
    if (drop < -sizes.climb) return undefined; // a wall: the link up is found from its top
    // The same floor beyond a gap: a hole, unless something stands in it (then it is walked round).
    return k > 1 && clear(from, to, sizes) ? { from, to, twoWay: false } : undefined;
  }
  return undefined;
}

/** True when nothing stands more than a step above the take-off between `from` and `to`. */
function clear(from: RecastPoint, to: RecastPoint, sizes: LedgeLinkSizes): boolean {
  const y = Math.max(from.y, to.y) + sizes.climb;
  for (const t of [0.25, 0.5, 0.75])
    if (sizes.blocked(from.x + (to.x - from.x) * t, from.z + (to.z - from.z) * t, y)) return false;
  return true;
}
