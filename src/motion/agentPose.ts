/**
 * A creature's pose each step: its idle moves and its gait, blended by how much it is moving.
 * Kept apart from the agent's steering (motionAgent.ts); preallocated, so a step allocates nothing.
 */
import type { SeededRandom } from "../util/seededRandom.js";
import type { Gait, GaitContext } from "./gaits/gait.js";
import { advanceIdle, createIdleState, type IdleState, writeIdle } from "./gaits/idle.js";
import { jumpPose } from "./gaits/jumpPose.js";
import type { JumpState } from "./jumper.js";
import { Pose } from "./pose.js";
import type { RigRoles } from "./rigRoles.js";

/** How long (s) motion takes to blend between idle and moving. */
const BLEND_SECONDS = 0.35;
/**
 * A landed flier's wings, folded: each swung down against its flank (about Z) and back along
 * it (about Y), radians, for the left wing (at +X; the right one mirrors).
 */
const WING_FOLD = { down: -1.2, back: 0.5 };
/** How fast (1/s) the wings fold on touch-down and spread again for take-off. */
const FOLD_RATE = 4;

/** Poses one agent: numbers travel in fields (`dt`, `speed`, `turnRate`), not arguments. */
export class AgentPoser {
  /** The joint rotations of this frame, blended from idle and gait. */
  readonly pose: Pose;
  /** Phase of the gait cycle, [0, 1). */
  phase = 0;
  /** 0 = idle pose, 1 = gait pose. */
  moveBlend = 0;
  dt = 0;
  speed = 0;
  turnRate = 0;
  /** How far the head bows while it stands (a visit's drink or graze), radians; eased in and out. */
  headPitch = 0;
  /** Its jump: while one is under way a body with legs takes its jump pose. */
  jump: JumpState | undefined = undefined;
  /** The bow shown now, easing toward {@link headPitch}. */
  #bow = 0;
  /** How folded its wings are, 0 (spread: flying, or no wings) to 1 (folded: any gait but flight). */
  #fold = 0;
  /**
   * Set before {@link update}: advance the blend, idle state and gait phase but leave
   * {@link pose} as it is (animation level of detail). The next posed update gives exactly the
   * pose it would have given without the skips.
   */
  skip = false;
  readonly #roles: RigRoles;
  readonly #rng: SeededRandom;
  readonly #idle: IdleState;
  readonly #idlePose: Pose;
  readonly #gaitPose: Pose;
  readonly #context: GaitContext;

  constructor(roles: RigRoles, rng: SeededRandom) {
    this.#roles = roles;
    this.#rng = rng;
    const n = roles.joints.length;
    this.pose = new Pose(n);
    this.#idlePose = new Pose(n);
    this.#gaitPose = new Pose(n);
    this.#idle = createIdleState(rng);
    this.#context = { roles, speed: 0, turnRate: 0, cycle: 1, phase: 0 };
  }

  /** Poses for `gait` (or idle, when `null`) at the fields' speed and step. */
  update(gait: Gait | null): void {
    const dt = this.dt;
    const speed = this.speed;
    // A flier keeps flapping while it hovers: in the air, its wings never stand still.
    const target = gait && (speed > 1e-3 || gait.name === "fly") ? 1 : 0;
    const step = dt / BLEND_SECONDS;
    // A blend at 1 stays there (no flicker, no re-dirtied scale).
    this.moveBlend = target === 1 ? Math.min(1, this.moveBlend + step) : Math.max(0, this.moveBlend - step);
    this.#idle.dt = dt;
    advanceIdle(this.#idle, this.#rng);
    // Only standing bows its head; walking lifts it again.
    const bow = this.moveBlend === 0 ? this.headPitch : 0;
    this.#bow += (bow - this.#bow) * Math.min(1, dt * 3);
    // Wings flap only in flight: on the ground or a perch they fold, and spread again to fly.
    const fold = this.#roles.wings.left >= 0 && gait?.name !== "fly" ? 1 : 0;
    this.#fold += (fold - this.#fold) * Math.min(1, dt * FOLD_RATE);
    const moving = gait !== null && this.moveBlend !== 0;
    const context = this.#context;
    if (moving) {
      context.speed = speed;
      context.turnRate = this.turnRate;
      if (gait.prepare) gait.prepare(context);
      else context.cycle = gait.cycleSeconds(context);
      this.phase = (this.phase + dt / Math.max(context.cycle!, 1e-3)) % 1;
    }
    if (this.skip) return;
    const jump = this.jump;
    if (jump?.arc !== undefined && gait !== null) {
      this.pose.reset();
      jumpPose(this.#roles, jump.phase, jump.phaseProgress, this.pose);
      return;
    }
    this.#idlePose.reset();
    writeIdle(this.#roles, this.#idle, this.#idlePose);
    if (this.#bow !== 0) this.#bowHead();
    if (this.#fold !== 0) this.#foldWings(this.#idlePose);
    if (!moving) {
      this.pose.mixWeight = 0;
      this.pose.mix(this.#idlePose, this.#idlePose);
      return;
    }
    context.phase = this.phase;
    this.#gaitPose.reset();
    gait.pose(context, this.#gaitPose);
    if (this.#fold !== 0) this.#foldWings(this.#gaitPose);
    // Smoothstep the blend so joints start and stop with zero velocity.
    this.pose.mixWeight = this.moveBlend * this.moveBlend * (3 - 2 * this.moveBlend);
    this.pose.mix(this.#idlePose, this.#gaitPose);
  }

  /** Folds the wings of `pose` by the eased fold. */
  #foldWings(pose: Pose): void {
    const { left, right } = this.#roles.wings;
    const f = this.#fold;
    pose.add(left, 0, WING_FOLD.back * f, WING_FOLD.down * f);
    pose.add(right, 0, -WING_FOLD.back * f, -WING_FOLD.down * f);
  }

  /** Bows the head (about X, down) by the eased pitch, shared with the neck when it has one. */
  #bowHead(): void {
    const roles = this.#roles;
    const bow = this.#bow;
    if (roles.neck >= 0 && roles.head >= 0) {
      this.#idlePose.add(roles.neck, bow * 0.6, 0, 0);
      this.#idlePose.add(roles.head, bow * 0.4, 0, 0);
    } else this.#idlePose.add(roles.head >= 0 ? roles.head : roles.neck, bow, 0, 0);
  }
}
