/**
 * The base of every steering behaviour (after Yuka's `SteeringBehavior`), with the small
 * helpers the behaviours share: steering toward a point, running from one, distances. Each
 * behaviour writes into the force it is given and allocates nothing.
 */
import type { EdgeProbe } from "../area.js";
import type { SteeringAgent, SteeringTarget, Vec2 } from "../types.js";

/**
 * A steering behaviour (after Yuka's `SteeringBehavior`): each step, every active behaviour
 * of a creature writes a force (an acceleration on the ground plane, m/s²); the creature sums
 * them by weight, caps the total at `maxForce` and its speed at `speedLimit`. The built-in
 * behaviours extend this class; a game's own may extend it too, or be any object of this shape
 * (the type carries public members only, so a plain object fits it).
 *
 * @example
 * // Drift toward +X, gently, whatever else the creature does.
 * const breeze: SteeringBehavior = {
 *   active: true,
 *   weight: 0.5,
 *   calculate(agent, force) {
 *     force.x = agent.walkSpeed - agent.vx;
 *     force.z = 0;
 *   },
 * };
 * creature.addBehavior(breeze);
 * @category Motion
 */
export abstract class SteeringBehavior {
  /** Inactive behaviours are skipped. */
  active = true;
  /** Multiplies the force before summing. */
  weight = 1;
  /**
   * While true, this behaviour has taken over (a creature fleeing): the current order's goal
   * (wandering, walking to a point) pauses, and the creature's state reads {@link state}. A
   * reaction (flee, evade, flee predators, hunt) sets it as it engages and calms down; a
   * behaviour that never takes over leaves it false (or, as a plain object, undefined).
   */
  engaged?: boolean = false;
  /** The creature's state while {@link engaged} (`"flee"`, `"evade"`, or a game's own). */
  declare readonly state?: string;
  /**
   * Writes this behaviour's force on `agent` into `force` (both components, every call).
   * `dt` is the step in seconds, also `agent.dt`.
   */
  abstract calculate(agent: SteeringAgent, force: Vec2, dt: number): void;
}

/**
 * How briskly chases and escapes change velocity: the force is GAIN × (desired − current
 * velocity), so a creature gets most of the way to its new speed in 1 / GAIN seconds (a game's
 * chases and escapes need that snap; wandering keeps its gentle 1).
 */
export const GAIN = 3;

/**
 * Scratch objects are class instances with initialised number fields: they get a map of their
 * own whose fields hold doubles in place (a literal `{ x, z }` shares its map with every other
 * `{ x, z }` literal, and one of those holding anything but a double makes them all box).
 */
/** A force on the ground plane, as a scratch object of its own map. */
export class ForceVector implements Vec2 {
  x = 0.5;
  z = 0.5;
}

/** A probe of an area's edge, as a scratch object of its own map (see {@link ForceVector}). */
export class EdgeScratch implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}

/** Where {@link seekTarget} steers: a point and a speed, handed over in fields. */
class SeekTarget {
  x = 0.5;
  z = 0.5;
  speed = 0.5;
}

/** The point and speed {@link seek} steers to; numbers travel in fields, not arguments. */
export const seekTarget = new SeekTarget();

/** Desired velocity toward `seekTarget` at its speed, minus the current velocity. */
export function seek(agent: SteeringAgent, out: Vec2): void {
  const speed = seekTarget.speed;
  const dx = seekTarget.x - agent.x;
  const dz = seekTarget.z - agent.z;
  const d = Math.sqrt(dx * dx + dz * dz);
  if (d < 1e-9) {
    out.x = -agent.vx;
    out.z = -agent.vz;
    return;
  }
  out.x = (dx / d) * speed - agent.vx;
  out.z = (dz / d) * speed - agent.vz;
}

/** A point or direction on the world's walkable surface, as its planner answers (scratch). */
const onSurface = new ForceVector();
/** The point handed to the planner's `aim` (scratch). */
const aimAt = new ForceVector();

/**
 * Writes into `out` the force that turns the agent's velocity to `speed` toward (x, z), briskly;
 * on a navmesh by the way round its edges (a chase across a river goes by the bridge).
 */
export function steerToward(agent: SteeringAgent, x: number, z: number, speed: number, out: Vec2): void {
  const planner = agent.world?.pathPlanner;
  if (planner?.aim !== undefined) {
    aimAt.x = x;
    aimAt.z = z;
    planner.aim(agent, aimAt, onSurface);
    x = onSurface.x;
    z = onSurface.z;
  }
  const dx = x - agent.x;
  const dz = z - agent.z;
  const d = Math.sqrt(dx * dx + dz * dz);
  if (d < 1e-9) {
    out.x = -agent.vx * GAIN;
    out.z = -agent.vz * GAIN;
    return;
  }
  out.x = ((dx / d) * speed - agent.vx) * GAIN;
  out.z = ((dz / d) * speed - agent.vz) * GAIN;
}

/** Writes into `out` the force that turns the agent's velocity to `speed` away from (x, z), briskly (on a navmesh, along it). */
export function runFrom(agent: SteeringAgent, x: number, z: number, speed: number, out: Vec2): void {
  let ax = agent.x - x;
  let az = agent.z - z;
  const len = Math.sqrt(ax * ax + az * az);
  if (len < 1e-9) {
    // On top of it: run the way it faces.
    ax = Math.sin(agent.heading);
    az = Math.cos(agent.heading);
  } else {
    ax /= len;
    az /= len;
  }
  const planner = agent.world?.pathPlanner;
  if (planner?.openWay !== undefined) {
    // On a navmesh, along the way nearest to straight away that stays on it (along a bank, not into the river).
    planner.openWay(agent, ax, az, Math.max(3, speed * 1.5), onSurface);
    ax = onSurface.x;
    az = onSurface.z;
  }
  out.x = (ax * speed - agent.vx) * GAIN;
  out.z = (az * speed - agent.vz) * GAIN;
}

/** Writes into `out` the force that brakes the agent to a halt. */
export function brake(agent: SteeringAgent, out: Vec2): void {
  out.x = -agent.vx * 4;
  out.z = -agent.vz * 4;
}

/** Metres between the agent and a target on the ground plane. */
export function distance(agent: SteeringAgent, target: SteeringTarget): number {
  const dx = target.x - agent.x;
  const dz = target.z - agent.z;
  return Math.sqrt(dx * dx + dz * dz);
}

/** Raises this step's speed cap to `speed` when it is above it. */
export function allow(agent: SteeringAgent, speed: number): void {
  if (speed > agent.speedLimit) agent.speedLimit = speed;
}

/** Seconds ahead to predict a target `d` metres away, closing at `speed` (Reynolds' pursuit). */
export function lookAhead(target: SteeringTarget, d: number, speed: number): number {
  const tvx = target.vx ?? 0;
  const tvz = target.vz ?? 0;
  const closing = speed + Math.sqrt(tvx * tvx + tvz * tvz);
  return closing > 1e-6 ? Math.min(3, d / closing) : 0;
}
