/** The gait strategy interface and shared helpers. */
import type { Pose } from "../pose.js";
import type { RigRoles } from "../rigRoles.js";

/**
 * What a gait reads each frame (and where the agent keeps per-frame gait numbers).
 * @category Body plans and gaits
 */
export interface GaitContext {
  /** What each joint of the rig does. */
  roles: RigRoles;
  /** Ground speed, m/s (>= 0). */
  speed: number;
  /** Heading change rate, rad/s (positive turns toward +X of the world... sign only matters for banking). */
  turnRate: number;
  /**
   * Seconds per cycle, written by {@link Gait.prepare} so the hot path passes no boxed double
   * between calls.
   */
  cycle?: number;
  /** Phase of the cycle to pose, [0, 1). */
  phase: number;
}

/**
 * A periodic motion for one behaviour. Pure: all state is the phase the caller advances.
 * @category Body plans and gaits
 */
export interface Gait {
  /** The gait's name, such as `walk` or `fly`. */
  readonly name: string;
  /** Seconds per cycle at the context's speed. */
  cycleSeconds(ctx: GaitContext): number;
  /** Optional fast path: writes `ctx.cycle` (same value as {@link cycleSeconds}). */
  prepare?(ctx: GaitContext): void;
  /**
   * Writes the pose at `ctx.phase` into `out` (which has been reset). Numbers travel in `ctx`,
   * not as arguments: V8 boxes a double passed to a call it does not inline, every frame.
   */
  pose(ctx: GaitContext, out: Pose): void;
  /** A comfortable travel speed for this rig, m/s. */
  cruiseSpeed(roles: RigRoles): number;
}

export const TAU = Math.PI * 2;

/** Hermite smoothstep of t in [0, 1]. */
export function smoothstep(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x * x * (3 - 2 * x);
}

/** The fractional part, in [0, 1). */
export function fract(x: number): number {
  return x - Math.floor(x);
}

/**
 * A cycle of `seconds` at a gait's cruise speed, quickened in proportion above it: the steps
 * keep their length, so a creature running at three times its cruise takes three times the
 * steps instead of sliding its feet over the ground.
 */
export function quickened(seconds: number, cruise: number, speed: number): number {
  return speed > cruise && cruise > 0 ? (seconds * cruise) / speed : seconds;
}
