/**
 * A jump across a link (a drop off a ledge, a gap), engine-free: a parabola under gravity from
 * where the creature takes off to where it lands, rising to an apex a little above the higher
 * end, with the horizontal move spread evenly over the flight, then a short landing in which it
 * stands. Its three phases are the Anything World SDK's clips: `start` (take-off and rise, to
 * the apex), `fall` (apex to touch-down), `end` (the landing). The SDK maps a duration of
 * 0.5–0.8 s from a link's height of 0.76–2.96 m; free fall gives the same range (a 1 m drop with
 * the default lift lasts about 0.7 s), and also times gaps and rises, which a table of heights
 * would not.
 */
import { assignDefaults } from "../core/options.js";

/**
 * A point in space, metres (y up).
 * @category Motion
 */
export interface Vec3 {
  /** Metres along x. */
  x: number;
  /** Metres up. */
  y: number;
  /** Metres along z. */
  z: number;
}

/**
 * One jump of a way: where it takes off and lands.
 * @category Motion
 */
export interface JumpLeg {
  /** Where its feet leave the ground, metres. */
  readonly from: Readonly<Vec3>;
  /** Where its feet land, metres. */
  readonly to: Readonly<Vec3>;
}

/**
 * The phase of a jump, named as the SDK's clips (`jump_start`, `jump_fall`, `jump_end`).
 * @category Motion
 */
export type JumpPhase = "start" | "fall" | "end";

/**
 * Tuning of a jump's arc.
 * @category Motion
 */
export interface JumpArcOptions {
  /** Metres per second², down. @default 9.81 */
  gravity?: number;
  /** How far the apex rises above the higher end, as a fraction of the distance across. @default 0.25 */
  liftPerMetre?: number;
  /** Least rise of the apex above the higher end, metres. @default 0.2 */
  minLift?: number;
  /** Seconds the landing (`end`) lasts, standing where it landed. @default 0.25 */
  landSeconds?: number;
}

/**
 * Defaults of {@link JumpArcOptions}.
 * @category Motion
 */
export const JUMP_ARC_DEFAULTS: Readonly<Required<JumpArcOptions>> = Object.freeze({
  gravity: 9.81,
  liftPerMetre: 0.25,
  minLift: 0.2,
  landSeconds: 0.25,
});

/**
 * One jump's arc: where it starts and lands, how high it goes and how long each phase lasts.
 * @category Motion
 */
export interface JumpArc {
  /** Where it takes off, metres. */
  readonly from: Readonly<Vec3>;
  /** Where it lands, metres. */
  readonly to: Readonly<Vec3>;
  /** Height of the apex, metres. */
  readonly apexY: number;
  /** Seconds from take-off to the apex (the `start` phase). */
  readonly riseSeconds: number;
  /** Seconds from the apex to touch-down (the `fall` phase). */
  readonly fallSeconds: number;
  /** Seconds of the landing (the `end` phase). */
  readonly landSeconds: number;
  /** Seconds of the whole jump, landing included. */
  readonly seconds: number;
  /** Metres across, from take-off to landing. */
  readonly across: number;
  /** Metres per second², down, the arc falls by. */
  readonly gravity: number;
}

/** The arc of a jump from `from` to `to`. */
export function jumpArc(from: Readonly<Vec3>, to: Readonly<Vec3>, options: JumpArcOptions = {}): JumpArc {
  const o = assignDefaults(JUMP_ARC_DEFAULTS, options);
  const across = Math.hypot(to.x - from.x, to.z - from.z);
  const apexY = Math.max(from.y, to.y) + Math.max(o.minLift, o.liftPerMetre * across);
  const riseSeconds = Math.sqrt((2 * (apexY - from.y)) / o.gravity);
  const fallSeconds = Math.sqrt((2 * (apexY - to.y)) / o.gravity);
  return {
    from: { ...from },
    to: { ...to },
    apexY,
    riseSeconds,
    fallSeconds,
    landSeconds: o.landSeconds,
    seconds: riseSeconds + fallSeconds + o.landSeconds,
    across,
    gravity: o.gravity,
  };
}

/** The phase of `arc` at `t` seconds after take-off (`end` from touch-down on). */
export function jumpPhaseAt(arc: JumpArc, t: number): JumpPhase {
  if (t < arc.riseSeconds) return "start";
  return t < arc.riseSeconds + arc.fallSeconds ? "fall" : "end";
}

/** Seconds the phase `phase` of `arc` lasts. */
export function jumpPhaseSeconds(arc: JumpArc, phase: JumpPhase): number {
  return phase === "start" ? arc.riseSeconds : phase === "fall" ? arc.fallSeconds : arc.landSeconds;
}

/**
 * Writes where the creature is `t` seconds after take-off into `out` (its landing point from
 * touch-down on); returns `out`. Allocates nothing.
 */
export function jumpPointAt(arc: JumpArc, t: number, out: Vec3): Vec3 {
  const flight = arc.riseSeconds + arc.fallSeconds;
  const s = flight > 0 ? Math.min(1, Math.max(0, t / flight)) : 1;
  out.x = arc.from.x + (arc.to.x - arc.from.x) * s;
  out.z = arc.from.z + (arc.to.z - arc.from.z) * s;
  if (t >= flight) {
    out.y = arc.to.y;
    return out;
  }
  // Up at the speed that just reaches the apex, then falling freely.
  const up = arc.gravity * arc.riseSeconds;
  const tt = Math.max(0, t);
  out.y = arc.from.y + up * tt - 0.5 * arc.gravity * tt * tt;
  return out;
}
