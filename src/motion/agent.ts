/**
 * One moving creature, engine-free: position, velocity and heading on the ground plane, its
 * steering behaviours, and its gait state and pose. The Babylon side copies the result onto
 * nodes once per frame (syncMotion.ts).
 */
import type { SeededRandom } from "../util/seededRandom.js";
import type { Gait, GaitContext } from "./gaits/gait.js";
import { createIdleState, type IdleState, idlePose } from "./gaits/idle.js";
import { BEHAVIOUR_GAITS, type GaitTable, gaitFor } from "./gaits/index.js";
import { Pose } from "./pose.js";
import type { RigRoles } from "./rigRoles.js";
import {
  ArriveBehavior,
  AvoidAreaBehavior,
  BrakeBehavior,
  ForceVector,
  SeparationBehavior,
  StayInAreaBehavior,
  WanderBehavior,
} from "./steering.js";
import type {
  HeightFunction,
  MotionAgentOptions,
  MoveOrder,
  SteeringAgent,
  SteeringBehavior,
  SteeringWorld,
  Vec2,
  WanderOrder,
} from "./types.js";

/** How long (s) motion takes to blend between idle and moving. */
const BLEND_SECONDS = 0.35;

const force = new ForceVector();
const part = new ForceVector();

let nextId = 1;

/** A creature's motion (`creature.motion`): where it is, how it steers, and the pose its gait sets. */
export class MotionAgent implements SteeringAgent {
  // Every number written per frame has an initializer: a field declared bare starts as
  // `undefined` (ES2022 class fields), V8 then keeps it "tagged" and boxes each new double in
  // a fresh heap object; an initialised one holds its double in place.
  /** Unique per agent in this page or process. */
  readonly id = nextId++;
  /** What each joint of its rig does (legs, wings, head, tail). */
  readonly roles: RigRoles;
  /** Its own seeded random numbers (idle moves, wandering). */
  readonly rng: SeededRandom;
  /** The joint rotations of this frame, blended from idle and gait. */
  readonly pose: Pose;
  /** Position east-west (x), metres. */
  x = 0;
  /** Height of its feet, metres (set from the ground, altitude or water each step). */
  y = 0;
  /** Position north-south (z), metres. */
  z = 0;
  /** Velocity along x, m/s. */
  vx = 0;
  /** Velocity along z, m/s. */
  vz = 0;
  /** Radians about +Y; 0 faces +Z, travel direction is (sin, cos). */
  heading = 0;
  /** Measured heading change rate, rad/s. */
  turnRate = 0;
  radius = 0; // footprint radius, metres
  /** Fastest it may travel, m/s. */
  maxSpeed = 0;
  /** Speed wandering and moveTo aim for. */
  cruiseSpeed = 0;
  /** Cap on the summed steering force (an acceleration, m/s²). */
  maxForce = 0;
  /** Largest turn rate, rad/s. */
  maxTurnRate = 2.5;
  /** Ground height; y follows it (plus altitude for flyers). */
  ground: HeightFunction | undefined;
  /** Height above the ground while flying, metres. */
  altitude = 0;
  /** Swimmers stay `swimDepth` below this level. */
  waterLevel: number | undefined;
  /** Metres below `waterLevel` a swimmer holds (never below the bed). */
  swimDepth = 0.5;
  /** The world it moves in, when added to one. */
  world: SteeringWorld | undefined;
  /** Its steering behaviours, summed by weight each step; `wander`, `moveTo` and `stop` replace them. */
  readonly behaviours: SteeringBehavior[] = [];
  /** The gait that animates it, or `null` for none (it idles). */
  gait: Gait | null;
  /** The record's behaviour its gait was chosen for (`"none"` when it had none). */
  behaviour: string;
  /** Phase of the gait cycle, [0, 1). */
  phase = 0;
  /** 0 = idle pose, 1 = gait pose. */
  moveBlend = 0;
  readonly #gaits: GaitTable;
  readonly #idle: IdleState;
  readonly #idlePose: Pose;
  readonly #gaitPose: Pose;
  readonly #context: GaitContext;
  #arrive: ArriveBehavior | undefined;
  #onArrive: ((arrived: boolean) => void) | undefined;

  constructor(options: MotionAgentOptions) {
    this.roles = options.roles;
    this.rng = options.rng;
    this.x = options.x ?? 0;
    this.y = options.y ?? 0;
    this.z = options.z ?? 0;
    this.heading = options.heading ?? 0;
    this.#gaits = options.gaits ?? BEHAVIOUR_GAITS;
    this.behaviour = options.behaviour ?? "none";
    this.gait = gaitFor(this.behaviour, this.roles, this.#gaits);
    const n = this.roles.joints.length;
    this.pose = new Pose(n);
    this.#idlePose = new Pose(n);
    this.#gaitPose = new Pose(n);
    this.#idle = createIdleState(this.rng);
    this.#context = { roles: this.roles, speed: 0, turnRate: 0, cycle: 1, phase: 0 };
    this.radius = Math.max(0.05, this.roles.height * 0.45);
    this.cruiseSpeed = this.gait ? this.gait.cruiseSpeed(this.roles) : 0.5;
    this.maxSpeed = this.cruiseSpeed * 2;
    this.maxForce = this.maxSpeed * 2;
    this.#defaultAltitude();
  }

  /** Flyers cruise a few body heights up unless told otherwise. */
  #defaultAltitude(): void {
    if (this.gait?.name === "fly" && this.altitude === 0) this.altitude = Math.max(1.5, this.roles.height * 6);
    if (this.gait?.name !== "fly") this.altitude = 0;
  }

  /** Ground speed, m/s. */
  get speed(): number {
    return Math.sqrt(this.vx * this.vx + this.vz * this.vz);
  }

  /** Switches the gait (and cruise speed) to the one for `behaviour`; unknown ones idle. */
  setBehaviour(behaviour: string): void {
    this.behaviour = behaviour;
    this.gait = gaitFor(behaviour, this.roles, this.#gaits);
    this.cruiseSpeed = this.gait ? this.gait.cruiseSpeed(this.roles) : 0.5;
    this.maxSpeed = Math.max(this.maxSpeed, this.cruiseSpeed * 1.5);
    this.maxForce = this.maxSpeed * 2;
    this.#defaultAltitude();
  }

  /** Wanders inside `area` (if given) and outside `avoid`, keeping apart from others. */
  wander(options: WanderOrder = {}): void {
    this.#settle(false);
    if (options.speed !== undefined) this.#setCruise(options.speed);
    this.behaviours.length = 0;
    this.behaviours.push(new WanderBehavior(Math.max(0.3, this.radius * 2), Math.max(0.6, this.radius * 4), 3));
    if (options.area) this.behaviours.push(new StayInAreaBehavior(options.area, Math.max(1, this.radius * 6)));
    for (const area of options.avoid ?? [])
      this.behaviours.push(new AvoidAreaBehavior(area, Math.max(0.5, this.radius * 3)));
    this.behaviours.push(new SeparationBehavior(this.radius));
  }

  /** Walks to (x, z); `onArrive(true)` on arrival, `(false)` if interrupted first. */
  moveTo(target: Vec2, options: MoveOrder = {}): void {
    this.#settle(false);
    if (options.speed !== undefined) this.#setCruise(options.speed);
    this.behaviours.length = 0;
    const near = Math.max(0.05, this.radius * 0.5);
    this.#arrive = new ArriveBehavior({ x: target.x, z: target.z }, near, Math.max(0.5, this.radius * 4));
    this.#onArrive = options.onArrive;
    this.behaviours.push(this.#arrive, new SeparationBehavior(this.radius));
  }

  /** Stops: brakes to a halt and idles. */
  stop(): void {
    this.#settle(false);
    this.behaviours.length = 0;
    this.behaviours.push(new BrakeBehavior());
  }

  /** Settles a pending moveTo (used on stop, new orders and removal). */
  cancel(): void {
    this.#settle(false);
  }

  #setCruise(speed: number): void {
    this.cruiseSpeed = Math.max(0, speed);
    this.maxSpeed = Math.max(this.maxSpeed, this.cruiseSpeed * 1.2);
    this.maxForce = this.maxSpeed * 2;
  }

  #settle(arrived: boolean): void {
    const done = this.#onArrive;
    this.#onArrive = undefined;
    this.#arrive = undefined;
    done?.(arrived);
  }

  /** The step being taken, seconds (read by behaviours instead of an argument). */
  dt = 0;
  #speedNow = 0;

  /** Advances steering, travel, height and pose by `dt` seconds. */
  step(dt: number): void {
    this.dt = dt;
    this.advance();
  }

  /**
   * Advances by {@link dt}. The world sets `dt` and calls this: numbers travel in fields, not
   * arguments, because V8 boxes a double passed to a call it does not inline (every agent,
   * every frame).
   */
  advance(): void {
    const dt = this.dt;
    // 1. Steering: weighted sum, capped.
    force.x = 0;
    force.z = 0;
    for (let i = 0; i < this.behaviours.length; i++) {
      const b = this.behaviours[i]!;
      if (!b.active) continue;
      b.calculate(this, part);
      force.x += part.x * b.weight;
      force.z += part.z * b.weight;
    }
    const f = Math.sqrt(force.x * force.x + force.z * force.z);
    if (f > this.maxForce) {
      force.x *= this.maxForce / f;
      force.z *= this.maxForce / f;
    }
    let vx = this.vx + force.x * dt;
    let vz = this.vz + force.z * dt;
    let speed = Math.sqrt(vx * vx + vz * vz);
    if (speed > this.maxSpeed) {
      vx *= this.maxSpeed / speed;
      vz *= this.maxSpeed / speed;
      speed = this.maxSpeed;
    }
    // 2. Face the direction of travel, turning at a limited rate; travel along the heading.
    const before = this.heading;
    if (speed > 1e-4) {
      const desired = Math.atan2(vx, vz);
      let diff = desired - this.heading;
      diff = Math.atan2(Math.sin(diff), Math.cos(diff));
      const maxTurn = this.maxTurnRate * dt;
      this.heading += Math.max(-maxTurn, Math.min(maxTurn, diff));
      this.heading = Math.atan2(Math.sin(this.heading), Math.cos(this.heading));
      // Moving while still turning away from the wish loses speed, not direction.
      speed *= Math.max(0, Math.cos(diff));
      vx = Math.sin(this.heading) * speed;
      vz = Math.cos(this.heading) * speed;
    } else {
      vx = 0;
      vz = 0;
      speed = 0;
    }
    const turned = Math.atan2(Math.sin(this.heading - before), Math.cos(this.heading - before));
    this.turnRate = dt > 0 ? turned / dt : 0;
    this.vx = vx;
    this.vz = vz;
    this.x += vx * dt;
    this.z += vz * dt;
    // 3. Height: the ground, plus altitude in flight, or under the water line for swimmers.
    const ground = this.ground ? this.ground(this.x, this.z) : 0;
    const swim = this.waterLevel !== undefined; // swimmers hold swimDepth under the line, above the bed
    const targetY = swim ? Math.max(ground, this.waterLevel! - this.swimDepth) : ground + this.altitude;
    // Walkers keep their feet on the ground; flyers climb and descend smoothly (no pop at take-off).
    this.y = this.altitude > 0 ? this.y + (targetY - this.y) * Math.min(1, dt * 1.5) : targetY;
    if (this.altitude > 0 && this.y < ground) this.y = ground;
    if (this.#arrive?.arrived) this.#settle(true);
    // 4. Pose: the gait and idle, blended by how much the creature is moving.
    this.#speedNow = speed;
    this.#posing();
  }

  #posing(): void {
    const dt = this.dt;
    const speed = this.#speedNow;
    const target = this.gait && speed > 1e-3 ? 1 : 0;
    const step = dt / BLEND_SECONDS;
    // A blend at 1 stays there (no flicker, no re-dirtied scale).
    this.moveBlend = target === 1 ? Math.min(1, this.moveBlend + step) : Math.max(0, this.moveBlend - step);
    this.#idlePose.reset();
    this.#idle.dt = dt;
    idlePose(this.roles, this.#idle, this.rng, this.#idlePose);
    if (!this.gait || this.moveBlend === 0) {
      this.pose.mixWeight = 0;
      this.pose.mix(this.#idlePose, this.#idlePose);
      return;
    }
    this.#context.speed = speed;
    this.#context.turnRate = this.turnRate;
    if (this.gait.prepare) this.gait.prepare(this.#context);
    else this.#context.cycle = this.gait.cycleSeconds(this.#context);
    this.phase = (this.phase + dt / Math.max(this.#context.cycle!, 1e-3)) % 1;
    this.#context.phase = this.phase;
    this.#gaitPose.reset();
    this.gait.pose(this.#context, this.#gaitPose);
    // Smoothstep the blend so joints start and stop with zero velocity.
    this.pose.mixWeight = this.moveBlend * this.moveBlend * (3 - 2 * this.moveBlend);
    this.pose.mix(this.#idlePose, this.#gaitPose);
  }
}
