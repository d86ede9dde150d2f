/**
 * Engine-free mixing of a rigged creature's animation clips: from its ground speed and
 * behaviour, a weight per clip (0..1, summing to 1) that cross-fades idle → walk → run (fly or
 * swim for flyers and swimmers that have those clips), smoothed over time so nothing pops, and
 * a playback rate per clip that follows the ground speed, so feet do not slide.
 *
 * How fast the creature travels is not the clips' business: its walk and run speeds are its
 * species' (speeds.ts) or the game's (`setSpeeds`). A clip's natural speed (the record's
 * `movement`, scaled to the creature's size) sets only the rate it plays at: speed over natural
 * speed, with no cap for walk and run (a capped rate would slide). The walk and run clips
 * cross-fade by speed so that the one showing plays near its natural pace: the walk alone up to
 * a little over its natural speed, the run alone from a little under its own, the run faster
 * and faster beyond it. The Babylon side copies weights and rates onto animation groups
 * (syncClips.ts).
 *
 * Preallocated: a step allocates nothing. Numbers travel in fields (`dt`, `speed`), like the
 * rest of src/motion, because V8 boxes a double passed to a call it does not inline.
 */
import { assignDefaults } from "../core/options.js";
import { flyGait } from "./gaits/fly.js";
import { swimGait } from "./gaits/undulate.js";
import { walkGait } from "./gaits/walk.js";
import type { JumpPhase } from "./jumpArc.js";
import { sizeOnlyRoles } from "./rigRoles.js";
import { speciesSpeeds } from "./speeds.js";

/** What a clip does, read from its name (case-insensitive); anything else is `other`. */
export type ClipRole = "idle" | "walk" | "run" | "fly" | "swim" | "other";

/**
 * Natural speeds of the clips at the creature's size, m/s: the ground speed at which each
 * plays at rate 1 with its feet (or strokes) keeping pace with the ground.
 */
export interface ClipSpeeds {
  walk: number;
  run: number;
  fly: number;
  swim: number;
}

/** Which moving clip a behaviour plays; behaviours not listed walk (and run). */
export const BEHAVIOUR_CLIPS: Readonly<Record<string, "fly" | "swim">> = Object.freeze({
  fly: "fly",
  swim: "swim",
  float: "swim",
  bob: "swim",
});

/** Tuning of a {@link ClipMixer}. */
export interface ClipMixerTuning {
  /** Seconds a cross-fade takes (95 % of the way). @default 0.3 */
  fadeSeconds: number;
  /** Fraction of the walk (fly, swim) speed at which that clip has fully replaced idle. @default 0.25 */
  startFraction: number;
  /**
   * How many times its natural pace a fly or swim clip may beat at most (strokes push no feet
   * on the ground). Walk and run have no cap: their rate always matches the ground. @default 3
   */
  maxRate: number;
  /** Slowest wing beat or swim stroke, as a rate, however slow the creature goes. @default 0.6 */
  minStrokeRate: number;
  /** Run speed over walk speed when a record gives only one of them. @default 2.5 */
  runOverWalk: number;
  /**
   * The walk clip plays alone up to this many times its natural speed; above it the run fades
   * in (see {@link walkRunBand}). @default 1.25
   */
  walkAloneUpTo: number;
  /** The run clip plays alone from this fraction of its natural speed up. @default 0.8 */
  runAloneFrom: number;
}

export const CLIP_MIXER_DEFAULTS: Readonly<ClipMixerTuning> = Object.freeze({
  fadeSeconds: 0.3,
  startFraction: 0.25,
  maxRate: 3,
  minStrokeRate: 0.6,
  runOverWalk: 2.5,
  walkAloneUpTo: 1.25,
  runAloneFrom: 0.8,
});

/** Options of a {@link ClipMixer}. */
export interface ClipMixerOptions {
  /** The creature's clip names, in the order weights and rates are reported. */
  clips: readonly string[];
  /** The record's behaviour (walk, fly, swim, ...). @default "walk" */
  behaviour?: string | undefined;
  /** Creature height, metres: gives the natural speeds the record does not. */
  heightMeters: number;
  /**
   * The record's `movement`: clip name → the ground speed, m/s, at which that clip plays at its
   * natural pace (rate 1) without its feet sliding, for the model at the size its record's
   * `scale` gives (its real size). `walk`, `run`, `fly`, `swim` are read (any case); a missing,
   * zero, negative or non-number speed is guessed from `heightMeters`. It sets playback rates
   * only, never how fast the creature travels. @default {}
   */
  movement?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The creature's size over the size its record's `scale` gives (2 for a creature spawned
   * twice as tall): `movement` speeds are multiplied by it, since a bigger body covers more
   * ground per cycle. @default 1
   */
  sizeRatio?: number | undefined;
  tuning?: Partial<ClipMixerTuning>;
}

/** The role of a clip by its name. */
export function clipRole(name: string): ClipRole {
  const lower = name.toLowerCase();
  return lower === "idle" || lower === "walk" || lower === "run" || lower === "fly" || lower === "swim"
    ? lower
    : "other";
}

/**
 * Natural clip speeds for a creature: the record's `movement` where it has a positive number,
 * times `sizeRatio` (the creature's size over its record's), else the speed the project's own
 * gait cruises at for a creature of that height.
 */
export function clipSpeeds(
  heightMeters: number,
  movement: Readonly<Record<string, unknown>> = {},
  runOverWalk = CLIP_MIXER_DEFAULTS.runOverWalk,
  sizeRatio = 1,
): ClipSpeeds {
  const ratio = sizeRatio > 0 && Number.isFinite(sizeRatio) ? sizeRatio : 1;
  const given = (name: string): number | undefined => {
    const key = Object.keys(movement).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : movement[key];
    return typeof value === "number" && value > 0 && Number.isFinite(value) ? value * ratio : undefined;
  };
  const roles = sizeOnlyRoles(heightMeters);
  const walkGiven = given("walk");
  const runGiven = given("run");
  const species = speciesSpeeds(roles, undefined, walkGait);
  const walk = walkGiven ?? (runGiven !== undefined ? runGiven / runOverWalk : species.walk);
  const run = runGiven ?? (walkGiven !== undefined ? walk * runOverWalk : species.run);
  return {
    walk,
    run: Math.max(run, walk * 1.01), // above walk, so walk → run is a ramp
    fly: given("fly") ?? flyGait.cruiseSpeed(roles),
    swim: given("swim") ?? swimGait.cruiseSpeed(roles),
  };
}

/**
 * The ground speeds, m/s, between which walk cross-fades to run: the walk alone below the
 * first (up to `walkAloneUpTo` × its natural speed), the run alone above the second (from
 * `runAloneFrom` × its own). Clips whose natural speeds are close get a band around their
 * geometric mean instead, so the band is never empty.
 */
export function walkRunBand(
  speeds: Pick<ClipSpeeds, "walk" | "run">,
  tuning: Pick<ClipMixerTuning, "walkAloneUpTo" | "runAloneFrom"> = CLIP_MIXER_DEFAULTS,
): [from: number, to: number] {
  const middle = Math.sqrt(speeds.walk * speeds.run);
  return [
    Math.min(speeds.walk * tuning.walkAloneUpTo, middle / 1.05),
    Math.max(speeds.run * tuning.runAloneFrom, middle * 1.05),
  ];
}

/** A jump's phases, in the order of their clips. */
const JUMP_PHASES: readonly JumpPhase[] = ["start", "fall", "end"];
/** Seconds a jump clip takes to cut in. */
const JUMP_FADE_SECONDS = 0.05;

const IDLE = 0;
const WALK = 1;
const RUN = 2;
const MOVE = 3; // fly or swim, per behaviour

export class ClipMixer {
  readonly clips: readonly string[];
  /** Weight per clip, in `clips` order: each 0..1, summing to 1 (all 0 only when there is no clip). */
  readonly weights: Float64Array;
  /** Playback rate per clip (1 = natural pace). */
  readonly rates: Float64Array;
  readonly speeds: Readonly<ClipSpeeds>;
  readonly tuning: Readonly<ClipMixerTuning>;
  /** Ground speed, m/s; set before {@link update}. */
  speed = 0;
  /** Step, seconds; set before {@link update}. */
  dt = 0;
  /** True while a flyer is in the air: its fly clip keeps playing when it hovers. */
  airborne = false;
  /**
   * A visit's pose (`"drink"`, `"graze"`: `MotionAgent.activity`), set before {@link update}:
   * its clip, found by name (any case), stands in for idle while it holds; without such a clip
   * the creature idles.
   */
  pose: string | undefined = undefined;
  /**
   * The phase of a jump under way (`MotionAgent.jump`), set before {@link update}: its clip
   * (`jump_start`, `jump_fall`, `jump_end`, the SDK's names, any case) plays alone, from its
   * first frame as the phase begins, timed to last {@link jumpSeconds}; a record without it
   * runs through the air (its run clip) and lands standing.
   */
  jump: JumpPhase | undefined = undefined;
  /** Seconds the jump's phase lasts; set with {@link jump}. */
  jumpSeconds = 0;
  /** Seconds each clip lasts at rate 1 (`clips` order), 0 where unknown: the binding fills it. */
  readonly clipSeconds: Float64Array;
  /**
   * A clip to play from its first frame now (index in `clips`), -1 for none: set by
   * {@link update} as a jump's phase begins, cleared by whoever applies it to the groups.
   */
  restart = -1;
  #jumped: JumpPhase | undefined = undefined;
  /** Clip index of each jump phase (start, fall, end), -1 where the record has none. */
  readonly #jumpClips: Int32Array;
  #posed: string | undefined = undefined;
  #poseClip = -1;
  #behaviour = "walk";
  readonly #roles: ClipRole[];
  readonly #target: Float64Array;
  /** Clip index per mixing slot (idle, walk, run, fly-or-swim); -1 when the slot is unused. */
  readonly #slots = new Int32Array(4);
  #moveSpeed = 1;
  #flies = false;
  /** Speeds at which the run starts to fade in and has replaced the walk ({@link walkRunBand}). */
  readonly #runFrom: number;
  readonly #runTo: number;

  constructor(options: ClipMixerOptions) {
    this.clips = [...options.clips];
    // A tuning key given as `undefined` takes its default, as an omitted one does.
    this.tuning = Object.freeze(assignDefaults(CLIP_MIXER_DEFAULTS, options.tuning));
    this.speeds = Object.freeze(
      clipSpeeds(options.heightMeters, options.movement ?? {}, this.tuning.runOverWalk, options.sizeRatio),
    );
    [this.#runFrom, this.#runTo] = walkRunBand(this.speeds, this.tuning);
    this.#roles = this.clips.map(clipRole);
    this.weights = new Float64Array(this.clips.length);
    this.rates = new Float64Array(this.clips.length).fill(1);
    this.#target = new Float64Array(this.clips.length);
    this.clipSeconds = new Float64Array(this.clips.length);
    const lower = this.clips.map((c) => c.toLowerCase());
    this.#jumpClips = Int32Array.from(JUMP_PHASES, (phase) => lower.indexOf(`jump_${phase}`));
    this.setBehaviour(options.behaviour ?? "walk");
    this.update();
    this.settle();
  }

  get behaviour(): string {
    return this.#behaviour;
  }

  /** Chooses the clips for a behaviour; weights then fade to them. */
  setBehaviour(behaviour: string): void {
    this.#behaviour = behaviour;
    const find = (role: ClipRole) => this.#roles.indexOf(role);
    const slots = this.#slots;
    // A missing idle is the first clip; a missing walk idles; a missing run walks.
    slots[IDLE] = find("idle") >= 0 ? find("idle") : this.clips.length > 0 ? 0 : -1;
    slots[WALK] = find("walk") >= 0 ? find("walk") : slots[IDLE]!;
    slots[RUN] = find("run") >= 0 ? find("run") : slots[WALK]!;
    const move = BEHAVIOUR_CLIPS[behaviour.toLowerCase()];
    slots[MOVE] = move === undefined ? -1 : find(move);
    this.#moveSpeed = move === undefined ? 1 : this.speeds[move];
    this.#flies = move === "fly";
  }

  /** The clip it stands in: a visit's pose clip when it has one, else idle. */
  #standing(): number {
    if (this.pose !== this.#posed) {
      // Looked up once per pose set, not per update: nothing allocates while it holds.
      const pose = this.pose?.toLowerCase();
      this.#posed = this.pose;
      this.#poseClip = pose === undefined ? -1 : this.clips.findIndex((clip) => clip.toLowerCase() === pose);
    }
    return this.#poseClip >= 0 ? this.#poseClip : this.#slots[IDLE]!;
  }

  /** Jumps the weights to where they are heading (at spawn, or after a teleport). */
  settle(): void {
    this.weights.set(this.#target);
  }

  /** The current weight of a clip by name (0 for an unknown one). */
  weightOf(clip: string): number {
    const i = this.clips.indexOf(clip);
    return i < 0 ? 0 : this.weights[i]!;
  }

  /** Sets `dt` and `speed`, then {@link update}s. */
  step(dt: number, speed: number): void {
    this.dt = dt;
    this.speed = speed;
    this.update();
  }

  /** Advances the weights and rates by {@link dt} at {@link speed}. Allocates nothing. */
  update(): void {
    const n = this.clips.length;
    if (n === 0) return;
    const s = Math.max(0, this.speed);
    const t = this.tuning;
    const sp = this.speeds;
    const target = this.#target;
    const slots = this.#slots;
    target.fill(0);
    // Slots may share a clip (a missing walk idles), so their shares add up.
    const idle = this.#standing();
    const jumping = this.jump !== undefined ? this.#jumpTarget(idle) : -1;
    if (jumping < 0) this.#jumped = undefined;
    if (jumping >= 0) target[jumping] = 1;
    else if (slots[MOVE]! >= 0) {
      // A flyer or swimmer with its own clip: idle ↔ that clip.
      const move = slots[MOVE]!;
      const moving = this.airborne && this.#flies ? 1 : Math.min(1, s / (t.startFraction * this.#moveSpeed));
      target[idle] = target[idle]! + 1 - moving;
      target[move] = target[move]! + moving;
    } else {
      const walk = slots[WALK]!;
      const run = slots[RUN]!;
      const moving = Math.min(1, s / (t.startFraction * sp.walk));
      const running = Math.min(1, Math.max(0, (s - this.#runFrom) / (this.#runTo - this.#runFrom)));
      target[idle] = target[idle]! + 1 - moving;
      target[walk] = target[walk]! + moving * (1 - running);
      target[run] = target[run]! + moving * running;
    }

    // Exponential approach (3 time constants per fade), snapped at the end so a settled clip
    // is exactly 0 or 1; then normalised so rounding never lets the sum drift from 1.
    // A jump's clips cut in quickly: a phase lasts a fraction of a second.
    const fade = this.jump !== undefined ? Math.min(t.fadeSeconds, JUMP_FADE_SECONDS) : t.fadeSeconds;
    const k = this.dt > 0 ? 1 - Math.exp((-3 * this.dt) / Math.max(fade, 1e-6)) : 0;
    const w = this.weights;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      let v = w[i]! + (target[i]! - w[i]!) * k;
      if (Math.abs(target[i]! - v) < 1e-3) v = target[i]!; // 0.1 %: not to be seen
      w[i] = v;
      sum += v;
    }
    if (sum > 0) for (let i = 0; i < n; i++) w[i] = w[i]! / sum;

    // Walk and run follow the ground exactly, however fast: a capped rate would slide.
    const roles = this.#roles;
    for (let i = 0; i < n; i++) {
      const role = roles[i]!;
      let rate = 1;
      if (role === "walk") rate = s / sp.walk;
      else if (role === "run") rate = s / sp.run;
      else if (role === "fly") rate = Math.min(t.maxRate, Math.max(t.minStrokeRate, s / sp.fly));
      else if (role === "swim") rate = Math.min(t.maxRate, Math.max(t.minStrokeRate, s / sp.swim));
      this.rates[i] = rate;
    }
    if (jumping >= 0) this.rates[jumping] = this.#jumpRate(jumping);
  }

  /** The clip of the jump's phase (restarted as the phase begins); without jump clips, the run (standing to land). */
  #jumpTarget(idle: number): number {
    const phase = this.jump!;
    const own = this.#jumpClips[JUMP_PHASES.indexOf(phase)]!;
    const clip = own >= 0 ? own : phase === "end" ? idle : this.#slots[RUN]!;
    if (phase !== this.#jumped) {
      this.#jumped = phase;
      if (own >= 0) this.restart = own;
    }
    return clip;
  }

  /** A jump clip's rate: its length over its phase's; the run at least at its natural pace. */
  #jumpRate(clip: number): number {
    const seconds = this.clipSeconds[clip]!;
    if (this.#jumpClips.includes(clip)) return seconds > 0 && this.jumpSeconds > 0 ? seconds / this.jumpSeconds : 1;
    return Math.max(1, this.rates[clip]!);
  }
}
