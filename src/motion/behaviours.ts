/**
 * Behaviours relative to a target (a point, another creature, a tracked node such as a player):
 * seek, pursue, follow, flee and evade, after Yuka's and Reynolds' steering behaviours. Seek,
 * pursue and follow are goals an order sets; flee and evade are reactions a creature keeps
 * whatever its orders: they take over (`engaged`) while the target is within `radius` and let
 * go once it is beyond `calmRadius`, so a sheep bolts, runs, calms down and grazes on.
 * Each writes into the force it is given and allocates nothing.
 */
import type { SteeringAgent, SteeringBehavior, SteeringTarget, Vec2 } from "./types.js";

/**
 * How briskly these behaviours change velocity: the force is GAIN × (desired − current
 * velocity), so a creature gets most of the way to its new speed in 1 / GAIN seconds (a game's
 * chases and escapes need that snap; wandering keeps its gentle 1).
 */
const GAIN = 3;

/** Writes into `out` the force that turns the agent's velocity to `speed` toward (x, z). */
function steerToward(agent: SteeringAgent, x: number, z: number, speed: number, out: Vec2): void {
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

/** Metres between the agent and the target on the ground plane. */
function distance(agent: SteeringAgent, t: SteeringTarget): number {
  const dx = t.x - agent.x;
  const dz = t.z - agent.z;
  return Math.sqrt(dx * dx + dz * dz);
}

/** Raises this step's speed cap to `speed` when it is above it. */
function allow(agent: SteeringAgent, speed: number): void {
  if (speed > agent.speedLimit) agent.speedLimit = speed;
}

/** Seconds ahead to predict a target `d` metres away, closing at `speed` (Reynolds' pursuit). */
function lookAhead(target: SteeringTarget, d: number, speed: number): number {
  const tvx = target.vx ?? 0;
  const tvz = target.vz ?? 0;
  const closing = speed + Math.sqrt(tvx * tvx + tvz * tvz);
  return closing > 1e-6 ? Math.min(3, d / closing) : 0;
}

/**
 * Options of {@link SeekBehavior} and {@link PursueBehavior}.
 * @category Motion
 */
export interface SeekOptions {
  /** Speed, m/s. @default the creature's walkSpeed for seek, its runSpeed for pursue */
  speed?: number | undefined;
}

/**
 * Heads straight for the target at a steady speed (it does not slow down there: see arrive).
 * @category Motion
 */
export class SeekBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  /** Speed, m/s; 0 means the creature's walkSpeed. */
  speed = 0;
  constructor(
    /** What it heads for. */
    public target: SteeringTarget,
    options: SeekOptions = {},
  ) {
    this.speed = options.speed ?? 0;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const speed = this.speed > 0 ? this.speed : agent.walkSpeed;
    allow(agent, speed);
    steerToward(agent, this.target.x, this.target.z, speed, out);
  }
}

/**
 * Heads for where a moving target will be (its velocity times the time to reach it).
 * @category Motion
 */
export class PursueBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  /** Speed, m/s; 0 means the creature's runSpeed. */
  speed = 0;
  constructor(
    /** What it heads for. */
    public target: SteeringTarget,
    options: SeekOptions = {},
  ) {
    this.speed = options.speed ?? 0;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const t = this.target;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    allow(agent, speed);
    const d = distance(agent, t);
    const ahead = lookAhead(t, d, speed);
    steerToward(agent, t.x + (t.vx ?? 0) * ahead, t.z + (t.vz ?? 0) * ahead, speed, out);
  }
}

/**
 * Options of {@link FollowBehavior}.
 * @category Motion
 */
export interface FollowOptions {
  /** How close it keeps, metres from the target's centre. @default 2 */
  distance?: number | undefined;
  /** Speed when far behind, m/s; near it walks. @default the creature's runSpeed */
  speed?: number | undefined;
}

/**
 * Defaults of {@link FollowOptions}.
 * @category Motion
 */
export const FOLLOW_DEFAULTS = Object.freeze({ distance: 2 });

/**
 * Keeps within `distance` of the target: keeps pace with it, walks up when a little behind,
 * runs when far behind (over 4 m beyond the distance), and stands when close enough.
 * @category Motion
 */
export class FollowBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  /** How close it keeps, metres. */
  distance = 2;
  /** Top speed, m/s; 0 means the creature's runSpeed. */
  speed = 0;
  constructor(
    /** What it follows. */
    public target: SteeringTarget,
    options: FollowOptions = {},
  ) {
    this.distance = options.distance ?? FOLLOW_DEFAULTS.distance;
    this.speed = options.speed ?? 0;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const t = this.target;
    const d = distance(agent, t);
    const behind = d - this.distance;
    if (behind <= 0) {
      out.x = -agent.vx * 4; // close enough: stand
      out.z = -agent.vz * 4;
      return;
    }
    const top = this.speed > 0 ? this.speed : agent.runSpeed;
    // Walk when a little behind, run when far behind; slow down as it closes in, braking at
    // most at half its force so it stops at the distance instead of overshooting.
    // It also matches the target's own speed, so it keeps pace instead of lagging behind.
    const hurry = Math.min(1, Math.max(0, (behind - 1) / 4));
    const brake = Math.sqrt(agent.maxForce * behind);
    const catchUp = Math.min(agent.walkSpeed + (top - agent.walkSpeed) * hurry, brake, agent.walkSpeed * 2 * behind);
    const tvx = t.vx ?? 0;
    const tvz = t.vz ?? 0;
    const speed = Math.min(top, Math.sqrt(tvx * tvx + tvz * tvz) + catchUp);
    allow(agent, speed);
    steerToward(agent, t.x, t.z, speed, out);
  }
}

/**
 * Options of {@link FleeBehavior} and {@link EvadeBehavior}.
 * @category Motion
 */
export interface FleeOptions {
  /** It bolts when the target comes this close, metres. @default 6 */
  radius?: number | undefined;
  /** It calms down once the target is this far, metres (at least `radius`). @default 1.5 × radius */
  calmRadius?: number | undefined;
  /** Speed while fleeing, m/s. @default the creature's runSpeed */
  speed?: number | undefined;
}

/**
 * Defaults of {@link FleeOptions}.
 * @category Motion
 */
export const FLEE_DEFAULTS = Object.freeze({ radius: 6, calmOverRadius: 1.5 });

/**
 * Runs away from the target while it is near: engaged when it comes within `radius`, released
 * once it is beyond `calmRadius`. While engaged the creature's order pauses (its state reads
 * `flee`); afterwards the order goes on.
 * @category Motion
 */
export class FleeBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  engaged = false;
  readonly state: string = "flee";
  /** It bolts when the target comes this close, metres. */
  radius = 6;
  /** It calms down once the target is this far, metres. */
  calmRadius = 9;
  /** Speed, m/s; 0 means the creature's runSpeed. */
  speed = 0;
  constructor(
    /** What it runs from. */
    public target: SteeringTarget,
    options: FleeOptions = {},
  ) {
    this.radius = options.radius ?? FLEE_DEFAULTS.radius;
    this.calmRadius = Math.max(this.radius, options.calmRadius ?? this.radius * FLEE_DEFAULTS.calmOverRadius);
    this.speed = options.speed ?? 0;
  }

  /** True for {@link EvadeBehavior}: it runs from where the target will be, not where it is. */
  readonly #predicts: boolean = this instanceof EvadeBehavior;

  calculate(agent: SteeringAgent, out: Vec2): void {
    const t = this.target;
    const d = distance(agent, t);
    if (this.engaged ? d > this.calmRadius : d >= this.radius) {
      this.engaged = false;
      out.x = 0;
      out.z = 0;
      return;
    }
    this.engaged = true;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    allow(agent, speed);
    const ahead = this.#predicts ? lookAhead(t, d, speed) : 0;
    let ax = agent.x - (t.x + (t.vx ?? 0) * ahead);
    let az = agent.z - (t.z + (t.vz ?? 0) * ahead);
    const len = Math.sqrt(ax * ax + az * az);
    if (len < 1e-9) {
      // On top of it: run the way it faces.
      ax = Math.sin(agent.heading);
      az = Math.cos(agent.heading);
    } else {
      ax /= len;
      az /= len;
    }
    out.x = (ax * speed - agent.vx) * GAIN;
    out.z = (az * speed - agent.vz) * GAIN;
  }
}

/**
 * {@link FleeBehavior} from where a moving target will be, not where it is (state `evade`).
 * @category Motion
 */
export class EvadeBehavior extends FleeBehavior {
  override readonly state: string = "evade";
}
