/**
 * The world's water as every order sees it: where the nearest shore is from a point, and
 * whether a point is in the water. Engine-free and allocation-free (steering and travel ask it
 * per agent per step); the waters are the world's `waters`, each with its bounding circle.
 */
import { type EdgeProbe, probeEdge } from "./area.js";
import { EdgeScratch, ForceVector } from "./behaviors/steeringBehavior.js";
import type { CreatureRealm, Obstacle } from "./types.js";

/**
 * Where a behaviour puts a creature unless its record or the game says otherwise (see
 * {@link CreatureRealm}); any other behaviour is `"ground"`.
 * @category Motion
 */
export const BEHAVIOR_REALMS: Readonly<Record<string, CreatureRealm>> = Object.freeze({
  fly: "air",
  swim: "water",
});

// Probes and points share the classes steering uses: one map each where `probeEdge` reads and
// writes them, so its field accesses stay monomorphic and box no double.
const one = new EdgeScratch();
/** Where `probeEdge` probes from: always this one map (a megamorphic read of a double field boxes it). */
const probeAt = new ForceVector();

/** How far beyond a water's bounding circle {@link probeWaters} looks, metres (a field: see there). */
class WaterReach {
  metres = 0.5;
}
export const waterReach = new WaterReach();

/**
 * Probes the waters from `at`: `out.distance` is the largest signed distance to a water's edge
 * (positive inside that water, negative outside all of them; -1e9 when none is within
 * `waterReach.metres` of its bounding circle), `out.x`, `out.z` the unit direction into that
 * water. Writes only into `out`, and takes its reach from a field: no number crosses the call
 * (see `probeEdge`).
 */
export function probeWaters(
  waters: readonly Obstacle[],
  at: { readonly x: number; readonly z: number },
  out: EdgeProbe,
): void {
  out.distance = -1e9;
  out.x = 0;
  out.z = 0;
  const reach = waterReach.metres;
  probeAt.x = at.x;
  probeAt.z = at.z;
  for (let i = 0; i < waters.length; i++) {
    const w = waters[i]!;
    const dx = probeAt.x - w.x;
    const dz = probeAt.z - w.z;
    const r = w.reach + reach;
    if (dx * dx + dz * dz > r * r) continue;
    probeEdge(w.area, probeAt, one);
    if (one.distance > out.distance!) {
      out.distance = one.distance;
      out.x = one.x;
      out.z = one.z;
    }
  }
}

const point = new ForceVector();

/** True when (x, z) is inside one of the waters. */
export function isInWater(waters: readonly Obstacle[], x: number, z: number): boolean {
  point.x = x;
  point.z = z;
  waterReach.metres = 0;
  probeWaters(waters, point, one);
  return one.distance > 0;
}

/** What {@link holdRealm} moves: a creature's position and velocity, and its realm. */
export interface RealmBody {
  x: number;
  z: number;
  vx: number;
  vz: number;
  readonly radius: number;
  readonly realm: CreatureRealm;
}

const shore = new EdgeScratch();

/**
 * The hard rule of realms, after steering: a ground body's step (from `from` to where it is)
 * never ends deeper in water than it started (none, on land): it slides along the shore
 * instead; a swimmer's step never takes it out of the water it is in. True when it moved it
 * (its speed changed).
 */
export function holdRealm(
  body: RealmBody,
  waters: readonly Obstacle[],
  from: { readonly x: number; readonly z: number },
): boolean {
  // Whether a point is in a water needs no reach beyond its bounding circle; how far out a
  // swimmer stepped needs every water, however far: a reach left by the last caller (0 after
  // keepRealm's swimmer rule) found no water round a pond and let the swimmer walk out.
  waterReach.metres = 0;
  if (body.realm === "ground") {
    probeWaters(waters, body, shore);
    if (!(shore.distance > 0)) return false;
    const inX = shore.x;
    const inZ = shore.z;
    const deep = shore.distance;
    probeWaters(waters, from, shore);
    const allowed = Math.max(0, shore.distance);
    if (deep <= allowed) return false;
    slide.x = inX;
    slide.z = inZ;
    slide.by = allowed - deep - (allowed === 0 ? 1e-3 : 0);
    return slideBody(body);
  }
  if (body.realm !== "water") return false;
  probeWaters(waters, from, shore);
  if (!(shore.distance > 0)) return false; // not in the water: nothing to keep to
  waterReach.metres = Number.POSITIVE_INFINITY;
  probeWaters(waters, body, shore);
  if (shore.distance > 1e-3) return false;
  slide.x = shore.x;
  slide.z = shore.z;
  slide.by = 1e-3 - shore.distance;
  return slideBody(body);
}

/** A slide: `by` metres along the unit direction (x, z), handed over in fields. */
class Slide {
  x = 0.5;
  z = 0.5;
  by = 0.5;
}
const slide = new Slide();

/** Moves the body by {@link slide} and drops its velocity against the slide's direction. */
function slideBody(body: RealmBody): boolean {
  const sign = Math.sign(slide.by);
  body.x += slide.x * slide.by;
  body.z += slide.z * slide.by;
  const against = (body.vx * slide.x + body.vz * slide.z) * sign;
  if (against < 0) {
    body.vx -= slide.x * against * sign;
    body.vz -= slide.z * against * sign;
  }
  return true;
}
