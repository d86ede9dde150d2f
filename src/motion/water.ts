/**
 * The world's water as every order sees it: where the nearest shore is from a point, and
 * whether a point is in the water. Engine-free and allocation-free (steering and travel ask it
 * per agent per step); the waters are the world's `waters`, each with its bounding circle.
 */
import { type EdgeProbe, probeEdge } from "./area.js";
import type { Obstacle } from "./types.js";

class WaterProbe implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}
const one = new WaterProbe();

/**
 * Probes the waters from `at`: `out.distance` is the largest signed distance to a water's edge
 * (positive inside that water, negative outside all of them; `-Infinity` when none is within
 * `reach` metres of its bounding circle), `out.x`, `out.z` the unit direction into that water.
 * Writes only into `out` (no number crosses the call: see `probeEdge`).
 */
export function probeWaters(
  waters: readonly Obstacle[],
  at: { readonly x: number; readonly z: number },
  out: EdgeProbe,
  reach: number,
): void {
  out.distance = Number.NEGATIVE_INFINITY;
  out.x = 0;
  out.z = 0;
  for (let i = 0; i < waters.length; i++) {
    const w = waters[i]!;
    const dx = at.x - w.x;
    const dz = at.z - w.z;
    const r = w.reach + reach;
    if (dx * dx + dz * dz > r * r) continue;
    probeEdge(w.area, at, one);
    if (one.distance > out.distance!) {
      out.distance = one.distance;
      out.x = one.x;
      out.z = one.z;
    }
  }
}

/** A point with a map of its own, for {@link isInWater}. */
class WaterPoint {
  x = 0.5;
  z = 0.5;
}
const point = new WaterPoint();

/** True when (x, z) is inside one of the waters. */
export function isInWater(waters: readonly Obstacle[], x: number, z: number): boolean {
  point.x = x;
  point.z = z;
  probeWaters(waters, point, one, 0);
  return one.distance > 0;
}
