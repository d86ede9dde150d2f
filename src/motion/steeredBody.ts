/**
 * The moving body of a creature, engine-free: position, velocity and heading on the ground
 * plane, its speeds, its gait and pose, and the step that sums its steering behaviours and
 * moves it. What it is told to do (orders, state, events) is the agent's (agent.ts).
 */
import { nonNegativeNumber } from "../api/options.js";
import type { SeededRandom } from "../util/seededRandom.js";
import { AgentPoser } from "./agentPose.js";
import { type BodyOrder, shareBodyOrder } from "./bodyOrder.js";
import type { Gait } from "./gaits/gait.js";
import { BEHAVIOUR_GAITS, type GaitTable, gaitFor } from "./gaits/index.js";
import { AvoidObstaclesBehavior } from "./obstacles.js";
import type { Pose } from "./pose.js";
import type { RigRoles } from "./rigRoles.js";
import { SPEED_RULES, type SpeciesSpeeds, type SpeedRules, speciesSpeeds } from "./speeds.js";
import { ForceVector, SeparationBehavior } from "./steering.js";
import type { HeightFunction, MotionAgentOptions, SteeringAgent, SteeringBehavior, SteeringWorld } from "./types.js";

const force = new ForceVector();
const part = new ForceVector();

let nextId = 1;

/** The body a {@link MotionAgent} moves; see the module comment. */
export class SteeredBody implements SteeringAgent {
  // Every number written per frame has an initializer: a field declared bare starts as
  // `undefined` (ES2022 class fields), V8 then keeps it "tagged" and boxes each new double in
  // a fresh heap object; an initialised one holds its double in place.
  /** Unique per agent in this page or process. */
  readonly id = nextId++;
  /** What each joint of its rig does (legs, wings, head, tail). */
  readonly roles: RigRoles;
  /** Its own seeded random numbers (idle moves, wandering). */
  readonly rng: SeededRandom;
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
  /** Its walking pace, m/s: the species' (see `speciesSpeeds`) unless set with {@link setSpeeds}. */
  walkSpeed = 0.5;
  /** Its top speed, m/s: the species' unless set with {@link setSpeeds}. */
  runSpeed = 0.5;
  /** Fastest it travels when nothing asks for more (its runSpeed), m/s. */
  maxSpeed = 0;
  /** Speed the current order aims for: its `speed`, else walkSpeed. */
  cruiseSpeed = 0;
  /** This step's speed cap: maxSpeed (or the order's speed), raised by a fleeing behaviour. */
  speedLimit = 0.5;
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
  /** Its neighbours this step, gathered by the world before it steps (see `SteeringAgent`). */
  readonly neighbours: SteeringAgent[] = [];
  neighbourCount = 0; // how many of `neighbours` are this step's
  /** Reach of the neighbour gathering, metres, beyond its separation's (a group's view radius). */
  neighbourRadius = 0;
  /**
   * Behaviours added to it (`addBehaviour`: flee, evade, a game's own), summed by weight each
   * step on top of its order's. Orders (`wander`, `moveTo`, `stop`...) leave them be.
   */
  readonly behaviours: SteeringBehavior[] = [];
  /** The gait that animates it, or `null` for none (it idles). */
  gait: Gait | null;
  /** Set before a step to hold its pose while everything else advances (animation level of detail). */
  skipPose = false;
  /** The record's behaviour its gait was chosen for (`"none"` when it had none). */
  behaviour: string;
  readonly #gaits: GaitTable;
  readonly #bodyType: string | undefined;
  readonly #speedRules: SpeedRules;
  /** Speeds set per creature, kept over a change of behaviour. */
  #speedOverrides: Partial<SpeciesSpeeds> = {};
  /** Its order and poser, shared with MotionAgent (bodyOrder.ts). */
  readonly #order: BodyOrder;
  /** Kept whatever the order: apart from other creatures, around obstacles and bodies. */
  readonly #always: SteeringBehavior[];
  /** Keeps it apart from other creatures, whatever its order (set `active = false` to let it crowd). */
  readonly separation: SeparationBehavior;
  /** Steers it around the world's obstacles and bodies, whatever its order. */
  readonly avoidance: AvoidObstaclesBehavior;

  constructor(options: MotionAgentOptions) {
    this.roles = options.roles;
    this.rng = options.rng;
    this.x = options.x ?? 0;
    this.y = options.y ?? 0;
    this.z = options.z ?? 0;
    this.heading = options.heading ?? 0;
    this.#gaits = options.gaits ?? BEHAVIOUR_GAITS;
    this.#bodyType = options.bodyType;
    this.#speedRules = options.speedRules ?? SPEED_RULES;
    this.behaviour = options.behaviour ?? "none";
    this.gait = gaitFor(this.behaviour, this.roles, this.#gaits);
    this.#order = { goal: null, limits: [], poser: new AgentPoser(this.roles, this.rng), afterChange: () => {} };
    shareBodyOrder(this, this.#order);
    this.radius = Math.max(0.05, this.roles.height * 0.45);
    this.separation = new SeparationBehavior(this.radius);
    this.avoidance = new AvoidObstaclesBehavior(Math.max(0.3, this.radius));
    this.#always = [this.separation, this.avoidance];
    this.#applySpeeds();
    this.#defaultAltitude();
  }

  /** The joint rotations of this frame, blended from idle and gait. */
  get pose(): Pose {
    return this.#order.poser.pose;
  }

  /** Phase of the gait cycle, [0, 1). */
  get phase(): number {
    return this.#order.poser.phase;
  }

  /** 0 = idle pose, 1 = gait pose. */
  get moveBlend(): number {
    return this.#order.poser.moveBlend;
  }

  /** Walk and run speeds from the species, with the overrides of {@link setSpeeds}. */
  #applySpeeds(): void {
    const base = speciesSpeeds(this.roles, this.#bodyType, this.gait, this.#speedRules);
    this.walkSpeed = this.#speedOverrides.walk ?? base.walk;
    this.runSpeed = Math.max(this.walkSpeed, this.#speedOverrides.run ?? base.run);
    this.maxSpeed = this.runSpeed;
    this.maxForce = this.maxSpeed * 2;
    this.cruiseSpeed = this.walkSpeed;
  }

  /**
   * Sets its walk and run speeds (m/s) for good, over the species'; they survive a change of
   * behaviour. An order's own `speed` still applies to that order only.
   *
   * @throws OptionsError when a speed given is not a non-negative finite number.
   */
  setSpeeds(speeds: Partial<SpeciesSpeeds>): void {
    const given: Partial<SpeciesSpeeds> = {};
    for (const key of ["walk", "run"] as const) {
      const v = speeds[key];
      if (v !== undefined) given[key] = nonNegativeNumber(`speeds.${key}`, v);
    }
    // Only the speeds given: `{ walk: undefined }` leaves an earlier walk override in place.
    this.#speedOverrides = { ...this.#speedOverrides, ...given };
    // Only the speeds given change: a rigged creature keeps the other one its clips set.
    const cruising = this.cruiseSpeed === this.walkSpeed;
    this.walkSpeed = speeds.walk ?? this.walkSpeed;
    this.runSpeed = Math.max(this.walkSpeed, speeds.run ?? this.runSpeed);
    this.maxSpeed = this.runSpeed;
    this.maxForce = this.maxSpeed * 2;
    if (cruising) this.cruiseSpeed = this.walkSpeed; // an order's own speed stays its own
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

  /** Switches the gait (and its speeds) to the one for `behaviour`; unknown ones idle. */
  setBehaviour(behaviour: string): void {
    this.behaviour = behaviour;
    this.gait = gaitFor(behaviour, this.roles, this.#gaits);
    this.#applySpeeds();
    this.#defaultAltitude();
  }

  /** The step being taken, seconds (also the third argument of each behaviour's `calculate`). */
  dt = 0;
  /**
   * The step as behaviours receive it. A field that never held a plain double first stays
   * "tagged" in V8: it holds the one boxed number the world made for this step, so handing it
   * to every behaviour of every agent boxes nothing more (a double read from `dt` and passed
   * to a call V8 does not inline would be boxed anew each time).
   */
  #stepArg: number | undefined = undefined;

  /** Advances steering, travel, height and pose by `dt` seconds. */
  step(dt: number): void {
    this.dt = dt;
    this.advance(dt);
  }

  /**
   * Advances by {@link dt}, which the world sets first; `stepArg` is the same step, already
   * boxed once per world step (numbers travel in fields, not arguments, because V8 boxes a
   * double passed to a call it does not inline: every agent, every frame).
   */
  advance(stepArg: number): void {
    const dt = this.dt;
    this.#stepArg = stepArg;
    // 1. Steering: weighted sum, capped. Added behaviours first: one engaged (fleeing) pauses
    // the order's goal for this step.
    force.x = 0;
    force.z = 0;
    this.speedLimit = Math.max(this.maxSpeed, this.cruiseSpeed);
    let engaged = false;
    const added = this.behaviours;
    for (let i = 0; i < added.length; i++) {
      const b = added[i]!;
      if (!b.active) continue;
      b.calculate(this, part, stepArg);
      force.x += part.x * b.weight;
      force.z += part.z * b.weight;
      if (b.engaged === true) engaged = true;
    }
    const goal = this.#order.goal;
    if (goal && !engaged && goal.active) this.#add(goal);
    const limits = this.#order.limits;
    for (let i = 0; i < limits.length; i++) this.#add(limits[i]!);
    for (let i = 0; i < this.#always.length; i++) this.#add(this.#always[i]!);
    const f = Math.sqrt(force.x * force.x + force.z * force.z);
    const maxForce = Math.max(this.maxForce, this.speedLimit * 2);
    if (f > maxForce) {
      force.x *= maxForce / f;
      force.z *= maxForce / f;
    }
    let vx = this.vx + force.x * dt;
    let vz = this.vz + force.z * dt;
    let speed = Math.sqrt(vx * vx + vz * vz);
    const limit = this.speedLimit;
    if (speed > limit) {
      vx *= limit / speed;
      vz *= limit / speed;
      speed = limit;
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
    // 4. Pose: the gait and idle, blended by how much the creature is moving.
    const poser = this.#order.poser;
    poser.dt = dt;
    poser.speed = speed;
    poser.turnRate = this.turnRate;
    poser.skip = this.skipPose;
    poser.update(this.gait);
    this.#order.afterChange();
  }

  /** Adds one behaviour's weighted force (its `calculate` gets the step as its third argument). */
  #add(b: SteeringBehavior): void {
    if (!b.active) return;
    b.calculate(this, part, this.#stepArg!);
    force.x += part.x * b.weight;
    force.z += part.z * b.weight;
  }
}
