/**
 * A creature's jump under way (a `MotionAgent` owns one): it takes off from a link's start,
 * flies its arc ({@link jumpArc}) and lands, telling its owner each phase as it begins. While
 * it jumps nothing steers it: the arc moves it, facing where it lands.
 */
import {
  type JumpArc,
  type JumpLeg,
  type JumpPhase,
  jumpArc,
  jumpPhaseAt,
  jumpPhaseSeconds,
  jumpPointAt,
  type Vec3,
} from "./jumpArc.js";

/** What a jump moves and tells: the agent's place, velocity and heading, and its events. */
export interface JumpingBody {
  x: number;
  y: number;
  z: number;
  vx: number;
  vz: number;
  heading: number;
  turnRate: number;
}

/**
 * Sent by a creature's `onJumpObservable` as each phase of a jump begins: take-off (`start`),
 * the apex (`fall`), touch-down (`end`), with where it took off and lands.
 * @category Motion
 */
export interface CreatureJump<C = unknown> {
  /** The creature that jumps. */
  readonly creature: C;
  /** `"start"` at take-off, `"fall"` at the apex, `"end"` at touch-down. */
  readonly phase: JumpPhase;
  /** Where it took off, metres. */
  readonly from: Readonly<Vec3>;
  /** Where it lands, metres. */
  readonly to: Readonly<Vec3>;
}

/** Hears a jump's phases (the creature's `onJumpObservable`). */
export type JumpListener = (phase: JumpPhase, leg: JumpLeg) => void;

/**
 * A jump under way, as a creature's `motion.jump` shows it.
 * @category Motion
 */
export interface JumpState {
  /** Its arc: where it took off and lands, its apex and the phases' seconds. */
  readonly arc: JumpArc | undefined;
  /** Its phase now. */
  readonly phase: JumpPhase;
  /** Seconds its phase lasts. */
  readonly phaseSeconds: number;
  /** How far through its phase it is, 0..1. */
  readonly phaseProgress: number;
}

export class Jumper implements JumpState {
  /** The jump under way, or undefined. */
  arc: JumpArc | undefined = undefined;
  /** Its phase now. */
  phase: JumpPhase = "start";
  /** Seconds since take-off. */
  time = 0;
  /** Told as each phase begins. */
  listener: JumpListener | undefined = undefined;
  #leg: JumpLeg | undefined = undefined;
  readonly #at: Vec3 = { x: 0, y: 0, z: 0 };

  /** True while a jump is under way (landing included). */
  get active(): boolean {
    return this.arc !== undefined;
  }

  /** Seconds the current phase lasts. */
  get phaseSeconds(): number {
    return this.arc ? jumpPhaseSeconds(this.arc, this.phase) : 0;
  }

  /** How far through its phase it is, 0..1. */
  get phaseProgress(): number {
    const arc = this.arc;
    if (!arc) return 0;
    const begun =
      this.phase === "start" ? 0 : this.phase === "fall" ? arc.riseSeconds : arc.riseSeconds + arc.fallSeconds;
    const seconds = this.phaseSeconds;
    return seconds > 0 ? Math.min(1, (this.time - begun) / seconds) : 1;
  }

  /** Takes off from where `body` stands toward `leg.to` (its take-off point is where it is). */
  begin(body: JumpingBody, leg: JumpLeg): void {
    this.arc = jumpArc({ x: body.x, y: body.y, z: body.z }, leg.to);
    this.#leg = leg;
    this.time = 0;
    this.phase = "start";
    const dx = leg.to.x - body.x;
    const dz = leg.to.z - body.z;
    if (dx * dx + dz * dz > 1e-6) body.heading = Math.atan2(dx, dz);
    body.turnRate = 0;
    this.listener?.("start", leg);
  }

  /**
   * Moves `body` `dt` seconds along the arc; returns true on the step it touches down (the
   * caller stands it on the surface there). After the landing it is done ({@link active} false).
   */
  step(body: JumpingBody, dt: number): boolean {
    const arc = this.arc;
    if (!arc) return false;
    const before = this.phase;
    this.time += dt;
    const at = jumpPointAt(arc, this.time, this.#at);
    const flying = this.time < arc.riseSeconds + arc.fallSeconds;
    body.vx = flying && dt > 0 ? (at.x - body.x) / dt : 0;
    body.vz = flying && dt > 0 ? (at.z - body.z) / dt : 0;
    body.x = at.x;
    body.y = at.y;
    body.z = at.z;
    const phase = jumpPhaseAt(arc, this.time);
    const done = this.time >= arc.seconds;
    if (done) this.arc = undefined;
    if (phase === before) return false;
    this.phase = phase;
    // A step long enough to skip a phase still tells it, in order.
    if (before === "start" && phase === "end") this.listener?.("fall", this.#leg!);
    this.listener?.(phase, this.#leg!);
    return phase === "end";
  }
}
