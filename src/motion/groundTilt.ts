/**
 * A walker's lean to the ground under it: it pitches by the heights under its front and hind
 * feet and rolls by those under its left and right feet, eased so that a step's edge or a new
 * slope turns it over a fraction of a second rather than in one frame. Engine-free; the Babylon
 * sync turns {@link GroundTilt.pitch} and {@link GroundTilt.roll} into the root's rotation.
 */
import type { HeightFunction, PathPlanner } from "./types.js";

/**
 * How much of the ground's slope a body takes, 0 to 1, along its length (`pitch`) and across it
 * (`roll`).
 * @category Motion
 */
export interface TiltFollow {
  /** Fraction of the slope under its front and hind feet that it pitches by. */
  readonly pitch: number;
  /** Fraction of the slope under its left and right feet that it rolls by. */
  readonly roll: number;
}

/**
 * How each body type leans, by the record's `type`: creatures on four or more legs (and the
 * legless, lying on the ground) take the whole slope both ways; upright ones (bipeds, birds)
 * stand nearly upright, leaning a little into a climb. A game may add its own types.
 * @category Motion
 */
export const BODY_TILT: Readonly<Record<string, TiltFollow>> = Object.freeze({
  quadruped: { pitch: 1, roll: 1 },
  quadruped_fat: { pitch: 1, roll: 1 },
  multileg_crawler: { pitch: 1, roll: 1 },
  hopper: { pitch: 0.5, roll: 0.2 },
  biped: { pitch: 0.2, roll: 0 },
  winged_standing: { pitch: 0.2, roll: 0 },
  winged_flyer: { pitch: 0.2, roll: 0 },
});

/** Whole slope both ways: a body on several legs, or one that lies on the ground. */
const FULL: TiltFollow = Object.freeze({ pitch: 1, roll: 1 });
/** Upright: two legs under the body. */
const UPRIGHT: TiltFollow = BODY_TILT.biped!;

/**
 * The lean of a body of `bodyType` ({@link BODY_TILT}); for a type not listed, from its legs:
 * legs at a front and a hind end, or none (a snake), lean fully; two legs, upright.
 */
export function tiltFollowFor(bodyType: string | undefined, legs: readonly { readonly end: string }[]): TiltFollow {
  if (bodyType !== undefined && Object.hasOwn(BODY_TILT, bodyType)) return BODY_TILT[bodyType]!;
  if (legs.length === 0 || legs.some((leg) => leg.end === "front" || leg.end === "hind")) return FULL;
  return UPRIGHT;
}

/**
 * The tilt's settings.
 * @category Motion
 */
export interface GroundTiltOptions {
  /**
   * Time constant of the easing, seconds: the lean closes 63% of its gap to the ground's slope
   * in this time (95% in three), so a step's edge tips the body over about half a second.
   * @default 0.15
   */
  timeConstant?: number;
  /**
   * Largest pitch or roll, radians (35°): steeper ground is a step or a cliff the creature climbs
   * or jumps, not a slope it leans to, and a body tipped further reads as falling.
   * @default 0.61
   */
  maxTilt?: number;
}

/** @category Motion */
export const GROUND_TILT_DEFAULTS: Readonly<Required<GroundTiltOptions>> = Object.freeze({
  timeConstant: 0.15,
  maxTilt: (35 * Math.PI) / 180,
});

/** Feet stand within this share of a body's length and width: legs hang inside its box. */
const FEET_SPAN = 0.7;
/** The shortest distance between the feet it samples, metres: closer ones read noise as slope. */
const MIN_SPAN = 0.1;
/**
 * It measures the ground again once it moved this far (metres) or turned this much (radians)
 * since the last measure: four height samples (navmesh queries, on a navmesh) a step for every
 * walker would cost more than the lean shows, and the easing hides steps this small.
 */
const MEASURE_DISTANCE = 0.08;
const MEASURE_TURN = 0.06;

/**
 * What the tilt reads of its creature (a `MotionAgent` is one).
 * @category Motion
 */
export interface TiltedBody {
  /** Position across, metres. */
  readonly x: number;
  /** Height of its feet, metres: which floor of a navmesh it samples. */
  readonly y: number;
  /** Position along, metres. */
  readonly z: number;
  /** Radians about +Y; 0 faces +Z. */
  readonly heading: number;
  /** The step, seconds. */
  readonly dt: number;
  /** The ground it stands on where no planner holds it. */
  readonly ground: HeightFunction | undefined;
  /** Its world: the planner's surface (a navmesh) comes before the ground function. */
  readonly world: { readonly pathPlanner?: PathPlanner | undefined } | undefined;
}

/**
 * A walker's pitch and roll to the ground (`creature.motion.tilt`): the slope under its feet,
 * times its body's {@link TiltFollow}, at most {@link maxTilt}, eased exponentially with
 * {@link timeConstant}. Fliers in the air, perched ones and swimmers level out (their flight or
 * swim has its own attitude). Allocates nothing per step.
 * @category Motion
 */
export class GroundTilt {
  /** Radians, positive nose up (its front feet higher than its hind ones). */
  pitch = 0;
  /** Radians, positive with the side at +X of its own frame higher than the side at -X. */
  roll = 0;
  /** Distance between its front and hind feet, metres. */
  length: number;
  /** Distance between its left and right feet, metres. */
  width: number;
  /** How much of the slope it takes each way. */
  follow: TiltFollow;
  /** See {@link GroundTiltOptions.timeConstant}. */
  timeConstant: number;
  /** See {@link GroundTiltOptions.maxTilt}. */
  maxTilt: number;
  #targetPitch = 0;
  #targetRoll = 0;
  /** Where the target was last measured: a walker standing still samples nothing. */
  #atX = Number.NaN;
  #atZ = Number.NaN;
  #atHeading = Number.NaN;

  /** A body `height` metres tall, until {@link fitTo} gives its footprint. */
  constructor(follow: TiltFollow, height: number, options: GroundTiltOptions = {}) {
    this.follow = follow;
    this.length = Math.max(MIN_SPAN, height * FEET_SPAN);
    this.width = Math.max(MIN_SPAN, height * FEET_SPAN * 0.5);
    this.timeConstant = options.timeConstant ?? GROUND_TILT_DEFAULTS.timeConstant;
    this.maxTilt = options.maxTilt ?? GROUND_TILT_DEFAULTS.maxTilt;
  }

  /** Feet spread from a model's bounds (model units) times `scale` (metres per unit). */
  fitTo(bounds: { readonly min: Vec3Like; readonly max: Vec3Like }, scale: number): void {
    const s = Math.abs(scale) * FEET_SPAN;
    this.length = Math.max(MIN_SPAN, (bounds.max.z - bounds.min.z) * s);
    this.width = Math.max(MIN_SPAN, (bounds.max.x - bounds.min.x) * s);
    this.#atX = Number.NaN;
  }

  /**
   * One step: measures the slope under its feet when it moved or turned (`grounded`; level
   * otherwise) and eases toward it.
   */
  update(body: TiltedBody, grounded: boolean): void {
    if (!grounded) {
      this.#targetPitch = 0;
      this.#targetRoll = 0;
      this.#atX = Number.NaN;
    } else if (this.#movedSinceMeasure(body)) {
      this.#measure(body);
    }
    const tau = this.timeConstant;
    const k = tau > 0 ? 1 - Math.exp(-body.dt / tau) : 1;
    this.pitch += (this.#targetPitch - this.pitch) * k;
    this.roll += (this.#targetRoll - this.roll) * k;
  }

  /** True when it moved or turned enough since the last measure (or was never measured: NaN). */
  #movedSinceMeasure(body: TiltedBody): boolean {
    const dx = body.x - this.#atX;
    const dz = body.z - this.#atZ;
    if (!(dx * dx + dz * dz < MEASURE_DISTANCE * MEASURE_DISTANCE)) return true;
    const turn = Math.abs(
      Math.atan2(Math.sin(body.heading - this.#atHeading), Math.cos(body.heading - this.#atHeading)),
    );
    return turn > MEASURE_TURN;
  }

  /** Sets the target lean from the heights under its four feet. */
  #measure(body: TiltedBody): void {
    const { x, z, heading } = body;
    this.#atX = x;
    this.#atZ = z;
    this.#atHeading = heading;
    const fx = Math.sin(heading);
    const fz = Math.cos(heading);
    // Its own +X (the side axis) in the world: the forward direction turned a quarter clockwise.
    const sx = fz;
    const sz = -fx;
    const l = this.length / 2;
    const w = this.width / 2;
    const rise = heightAt(body, x + fx * l, z + fz * l) - heightAt(body, x - fx * l, z - fz * l);
    const side = heightAt(body, x + sx * w, z + sz * w) - heightAt(body, x - sx * w, z - sz * w);
    const max = this.maxTilt;
    this.#targetPitch = clamp(Math.atan2(rise, this.length) * this.follow.pitch, max);
    this.#targetRoll = clamp(Math.atan2(side, this.width) * this.follow.roll, max);
  }
}

/** A point's coordinates. */
interface Vec3Like {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** The ground under (x, z): the planner's surface near its feet (a navmesh), else the ground function. */
function heightAt(body: TiltedBody, x: number, z: number): number {
  const surface = body.world?.pathPlanner?.heightNear?.(x, body.y, z);
  if (surface !== undefined) return surface;
  return body.ground ? body.ground(x, z) : 0;
}

function clamp(v: number, max: number): number {
  return v > max ? max : v < -max ? -max : v;
}
