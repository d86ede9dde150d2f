/**
 * The water column a swimmer lives in: between the surface (its water's `level`) and the floor
 * (its ground). Each kind of swimmer keeps to a band of that column (surface swimmers float at
 * the top, mid-water fish in the middle, bottom dwellers just off the floor) and wanders in
 * depth within it; its whole body stays under the surface and above the floor, and a column too
 * shallow for its body is one it does not swim into. Engine-free and allocation-free: asked per
 * swimmer per step.
 */
import { probeEdge } from "./area.js";
import { EdgeScratch, ForceVector } from "./behaviors/steeringBehavior.js";
import type { DepthBand } from "./swimKinds.js";
import type { HeightFunction, Obstacle } from "./types.js";

/** What {@link swimTargetY} and {@link fitsColumn} read of a swimmer. */
export interface ColumnBody {
  readonly id: number;
  readonly x: number;
  readonly z: number;
  /** Its height, metres (its body's top is `y + bodyHeight`). */
  readonly bodyHeight: number;
  readonly ground: HeightFunction | undefined;
  readonly depthBand: DepthBand;
}

const inside = new EdgeScratch();
const probeAt = new ForceVector();

/**
 * The surface of the water at (x, z): the `level` of the water it is deepest in (0 when that
 * water gives none), or NaN when it is in none.
 */
export function waterLevelAt(waters: readonly Obstacle[], x: number, z: number): number {
  let level = Number.NaN;
  let best = 0;
  probeAt.x = x;
  probeAt.z = z;
  for (let i = 0; i < waters.length; i++) {
    const w = waters[i]!;
    const dx = x - w.x;
    const dz = z - w.z;
    if (dx * dx + dz * dz > w.reach * w.reach) continue;
    probeEdge(w.area, probeAt, inside);
    if (inside.distance > best) {
      best = inside.distance;
      level = w.level ?? 0;
    }
  }
  return level;
}

/**
 * Metres of water over the floor at (x, z) under a surface at `level`: how tall a body fits
 * there (negative on dry ground).
 */
export function columnDepth(ground: HeightFunction | undefined, level: number, x: number, z: number): number {
  return level - (ground ? ground(x, z) : 0);
}

/** True when the body fits under the surface at (x, z): the column is deeper than its submerged height. */
export function fitsColumn(body: ColumnBody, level: number, x: number, z: number): boolean {
  return columnDepth(body.ground, level, x, z) >= body.bodyHeight * body.depthBand.submerged + 0.02;
}

/** How slowly a swimmer's depth wanders within its band: the period of the slower swell, seconds. */
const DEPTH_PERIOD = 47;

/**
 * Where a swimmer's feet (the bottom of its body) aim this step at time `t`: inside its band of
 * the column at its place, wandering through the band over tens of seconds (two slow swells
 * whose phases follow its id: no random draw, so its other random choices stay as they were).
 */
export function swimTargetY(body: ColumnBody, level: number, t: number): number {
  const floor = body.ground ? body.ground(body.x, body.z) : 0;
  const band = body.depthBand;
  const top = level - body.bodyHeight * band.submerged; // feet when its back (or waterline) is at the surface
  const room = Math.max(0, top - floor);
  const phase = body.id * 2.399963;
  const swell =
    0.5 + 0.35 * Math.sin((t * 2 * Math.PI) / DEPTH_PERIOD + phase) + 0.15 * Math.sin(t * 0.37 + phase * 1.7);
  const f = band.top + (band.bottom - band.top) * swell;
  return Math.max(floor, top - room * f);
}

/**
 * Holds a swimmer's feet at `y` inside the column: never below the floor, never with its back
 * over the surface (nor, floating, more of it out than its band lets); the floor wins where the
 * column is too shallow for it.
 */
export function clampToColumn(body: ColumnBody, level: number, y: number): number {
  const floor = body.ground ? body.ground(body.x, body.z) : 0;
  const top = level - body.bodyHeight * body.depthBand.submerged;
  return Math.max(floor, Math.min(top, y));
}

/** A steering agent that swims in a column: a `MotionAgent` is one. */
export function isColumnBody(agent: object): agent is ColumnBody {
  return (agent as Partial<ColumnBody>).depthBand !== undefined && "bodyHeight" in agent;
}

/**
 * Steers a swimmer away from water too shallow for it: when the point `ahead` metres along its
 * velocity would not fit it, `out` points down the floor's slope (into deeper water), or back
 * the way it came on a flat shallow; otherwise zero. Returns whether it pushed.
 */
export function steerFromShallows(
  body: ColumnBody & { readonly vx: number; readonly vz: number },
  level: number,
  ahead: number,
  out: { x: number; z: number },
): boolean {
  out.x = 0;
  out.z = 0;
  const speed = Math.sqrt(body.vx * body.vx + body.vz * body.vz);
  if (speed < 1e-4 || !body.ground) return false;
  const ax = body.x + (body.vx / speed) * ahead;
  const az = body.z + (body.vz / speed) * ahead;
  if (fitsColumn(body, level, ax, az)) return false;
  const g = body.ground;
  const gx = g(body.x + 0.5, body.z) - g(body.x - 0.5, body.z);
  const gz = g(body.x, body.z + 0.5) - g(body.x, body.z - 0.5);
  const len = Math.sqrt(gx * gx + gz * gz);
  if (len > 1e-6) {
    out.x = -gx / len;
    out.z = -gz / len;
  } else {
    out.x = -body.vx / speed;
    out.z = -body.vz / speed;
  }
  return true;
}

/**
 * The hard rule after a swimmer's step from `from`: a step that ends where the column does not
 * fit its body, and shallower than where it started, is taken back (its speed dropped). True
 * when it took the step back.
 */
export function holdColumn(
  body: ColumnBody & { x: number; z: number; vx: number; vz: number },
  level: number,
  from: { readonly x: number; readonly z: number },
): boolean {
  if (!body.ground || fitsColumn(body, level, body.x, body.z)) return false;
  if (columnDepth(body.ground, level, body.x, body.z) >= columnDepth(body.ground, level, from.x, from.z)) return false;
  body.x = from.x;
  body.z = from.z;
  body.vx = 0;
  body.vz = 0;
  return true;
}

/**
 * Moves a swimmer put where the column is too shallow for its body down the floor's slope,
 * a quarter metre at a time for at most `reach` metres, until it fits (a placement on a beach's
 * shallow edge), then `beyond` metres more (room to turn before the shallows). True when it
 * moved it.
 */
export function deepenPlace(
  body: ColumnBody & { x: number; z: number },
  level: number,
  reach = 20,
  beyond = 0,
): boolean {
  const g = body.ground;
  if (!g || fitsColumn(body, level, body.x, body.z)) return false;
  let extra = -1;
  for (let i = 0; i < reach * 4 && extra < beyond; i++) {
    const gx = g(body.x + 0.25, body.z) - g(body.x - 0.25, body.z);
    const gz = g(body.x, body.z + 0.25) - g(body.x, body.z - 0.25);
    const len = Math.sqrt(gx * gx + gz * gz);
    if (len < 1e-9) break; // a flat shallow: nowhere deeper to go
    body.x -= (gx / len) * 0.25;
    body.z -= (gz / len) * 0.25;
    if (extra >= 0) extra += 0.25;
    else if (fitsColumn(body, level, body.x, body.z)) extra = 0;
  }
  return true;
}
