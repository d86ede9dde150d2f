/**
 * Where an order can take a creature: the nearest point to a target that it can stand at (out
 * of obstacles' clearance, out of the water on the ground, in it when swimming), and the
 * nearest point of an area's edge (the shore a visit walks to). Called once per order, so
 * these may allocate.
 */
import { type Area, edgeDistance, isCircleArea } from "./area.js";
import { EdgeScratch, ForceVector } from "./behaviors/steeringBehavior.js";
import type { CreatureRealm, SteeringWorld, Vec2 } from "./types.js";
import { probeWaters, waterReach } from "./water.js";
import { deepenPlace, isColumnBody, waterLevelAt } from "./waterColumn.js";

const probe = new EdgeScratch();
const at = new ForceVector();

/** What {@link reachablePoint} reads of the creature sent. */
export interface Reacher {
  readonly x: number;
  readonly z: number;
  readonly world: SteeringWorld | undefined;
  readonly realm: CreatureRealm;
  readonly altitude: number;
  /** Metres its centre keeps from an obstacle's edge. */
  readonly clearance: number;
  /** Keeps it to its realm; its margin is how far a ground creature keeps from the shore, metres. */
  readonly keepRealm: { readonly margin: number };
}

/** An area a creature keeps out of whatever its order, from `margin` metres beyond its edge. */
export interface KeptOut {
  readonly area: Area;
  readonly margin: number;
}

/**
 * The nearest point to (x, z) that `agent` can stand at: out of every obstacle's clearance,
 * out of the water by its shore margin on the ground, into the nearest water for a swimmer;
 * as given for a flyer. Every creature's target is also moved out of the areas it keeps out
 * of (`avoid`), by their margin.
 */
export function reachablePoint(agent: Reacher, x: number, z: number, avoid: readonly KeptOut[] = []): Vec2 {
  const p = { x, z };
  const world = agent.world;
  const flying = !world || agent.altitude > 0 || agent.realm === "air";
  if (flying && avoid.length === 0) return p;
  const obstacles = flying ? [] : world.obstacles;
  const waters = flying ? [] : (world.waters ?? []);
  const shores = agent.realm === "ground" ? waters : []; // what a walker keeps out of
  for (let pass = 0; pass < 4; pass++) {
    let moved = false;
    for (const o of obstacles) moved = pushOut(o.area, p, agent.clearance + 0.05, agent) || moved;
    for (const w of shores) moved = pushOut(w.area, p, agent.keepRealm.margin + 0.05, agent) || moved;
    for (const a of avoid) moved = pushOut(a.area, p, a.margin + 0.05, agent) || moved;
    if (!moved) break;
  }
  if (flying) return p;
  if (agent.realm === "water" && waters.length > 0) {
    waterReach.metres = Number.POSITIVE_INFINITY;
    at.x = p.x;
    at.z = p.z;
    probeWaters(waters, at, probe); // from a point of the map steering uses (see water.ts)
    const inside = Math.min(agent.keepRealm.margin, 0.5);
    if (probe.distance < inside) {
      p.x += probe.x * (inside - probe.distance);
      p.z += probe.z * (inside - probe.distance);
    }
    deeperFor(agent, p);
  }
  return p;
}

/** Moves a swimmer's target in the water on to where the column fits its body (off the shallows). */
function deeperFor(agent: Reacher, p: Vec2): void {
  if (!isColumnBody(agent)) return;
  const level =
    (agent as { waterLevel?: number | undefined }).waterLevel ?? waterLevelAt(agent.world!.waters!, p.x, p.z);
  if (Number.isNaN(level)) return;
  const body = {
    id: agent.id,
    bodyHeight: agent.bodyHeight,
    depthBand: agent.depthBand,
    ground: agent.ground,
    x: p.x,
    z: p.z,
  };
  if (!deepenPlace(body, level, 20, agent.bodyHeight)) return;
  p.x = body.x;
  p.z = body.z;
}

/** Moves `p` out of `area` to `clearance` beyond its edge when nearer; true when it moved it. */
function pushOut(area: Area, p: Vec2, clearance: number, from: Vec2): boolean {
  const d = edgeDistance(area, p.x, p.z, probe);
  if (d <= -clearance) return false;
  let ix = probe.x;
  let iz = probe.z;
  if (ix === 0 && iz === 0) {
    // At a circle's very centre: out on the side the creature comes from.
    const dx = from.x - p.x;
    const dz = from.z - p.z;
    const len = Math.sqrt(dx * dx + dz * dz);
    ix = len > 1e-9 ? -dx / len : -1;
    iz = len > 1e-9 ? -dz / len : 0;
  }
  p.x -= ix * (d + clearance);
  p.z -= iz * (d + clearance);
  return true;
}

/** The point of an area's edge nearest to `from` (the shore of a water). */
export function nearestEdgePoint(area: Area, from: Vec2): Vec2 {
  const d = edgeDistance(area, from.x, from.z, probe);
  if (probe.x === 0 && probe.z === 0 && isCircleArea(area)) return { x: area.center.x, z: area.center.z + area.radius }; // at the centre: any edge point
  // The probe points inward: outside, the edge is ahead along it; inside, behind.
  return { x: from.x - probe.x * d, z: from.z - probe.z * d };
}
