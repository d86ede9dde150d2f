/**
 * One creature's motion, engine-free: the body that moves (position, velocity and heading on
 * the ground plane, its speeds, its gait and pose), what it is told to do (its order: wander,
 * moveTo, follow, seek, pursue, stop), the behaviours a game added (flee, evade, its own), its
 * state and the events it reports. Each step sums its behaviours by weight and moves it.
 * Orders replace each other; added behaviours stay until removed. The Babylon side copies the
 * result onto nodes once per frame.
 */
import { assignDefaults, nonNegativeNumber } from "../core/options.js";
import type { SeededRandom } from "../util/seededRandom.js";
import { AgentOrders, VISIT_HEAD_PITCH } from "./agentOrders.js";
import { AgentPoser } from "./agentPose.js";
import type { Area } from "./area.js";
import { AvoidObstaclesBehavior } from "./behaviors/avoidObstacles.js";
import { EvadeBehavior } from "./behaviors/evade.js";
import { FleeBehavior, type FleeOptions } from "./behaviors/flee.js";
import { FollowBehavior, type FollowOptions } from "./behaviors/follow.js";
import { GroupBehavior } from "./behaviors/group.js";
import { KeepRealmBehavior } from "./behaviors/keepRealm.js";
import { PursueBehavior } from "./behaviors/pursue.js";
import { SeekBehavior, type SeekOptions } from "./behaviors/seek.js";
import { SeparationBehavior } from "./behaviors/separation.js";
import { ForceVector, type SteeringBehavior } from "./behaviors/steeringBehavior.js";
import { Flight } from "./flight.js";
import { sizeFlightBand } from "./flightBands.js";
import type { Gait } from "./gaits/gait.js";
import { BEHAVIOR_GAITS, type GaitTable, gaitFor } from "./gaits/index.js";
import { GroundTilt, tiltFollowFor } from "./groundTilt.js";
import type { MotionGroup } from "./group.js";
import { holdOutOfObstacles } from "./holdOutOfObstacles.js";
import { Jumper, type JumpState } from "./jumper.js";
import { type JumpReach, jumpReach } from "./jumpReach.js";
import type { Pose } from "./pose.js";
import { reachablePoint } from "./reach.js";
import type { RigRoles } from "./rigRoles.js";
import { SPEED_RULES, type SpeciesSpeeds, type SpeedRules, speciesSpeeds } from "./speeds.js";
import type { DepthBand } from "./swimKinds.js";
import type {
  CreatureRealm,
  HeightFunction,
  MotionEvents,
  MoveOrder,
  Obstacle,
  SteeringAgent,
  SteeringTarget,
  SteeringWorld,
  Vec2,
  VisitOrder,
  VisitPose,
  WanderOrder,
} from "./types.js";
import { BEHAVIOR_REALMS, holdRealm } from "./water.js";
import { type ColumnBody, clampToColumn, holdColumn, swimTargetY, waterLevelAt } from "./waterColumn.js";

/** Options of a {@link MotionAgent}. */
export interface MotionAgentOptions {
  roles: RigRoles;
  rng: SeededRandom;
  /**
   * Its number: its world gives it, in placement order (`MotionWorld.createAgent`).
   * @default the next number of those given to agents made on their own, unique in this page or process
   */
  id?: number | undefined;
  /** The record's behaviour (walk, fly, swim, ...). @default "none" */
  behaviour?: string | undefined;
  /** @default 0 */
  x?: number;
  /** @default 0 */
  y?: number;
  /** @default 0 */
  z?: number;
  /** @default 0 */
  heading?: number;
  /** Gait table to choose from. @default BEHAVIOR_GAITS */
  gaits?: GaitTable;
  /** The record's body type (`quadruped`, ...), for its speeds. @default undefined (a generic legged body) */
  bodyType?: string | undefined;
  /** Speed rules. @default SPEED_RULES */
  speedRules?: SpeedRules;
}

/** Defaults of {@link MotionAgentOptions}. */
const MOTION_AGENT_DEFAULTS: Readonly<Required<Omit<MotionAgentOptions, "roles" | "rng" | "id" | "bodyType">>> =
  Object.freeze({
    behaviour: "none",
    x: 0,
    y: 0,
    z: 0,
    heading: 0,
    gaits: BEHAVIOR_GAITS,
    speedRules: SPEED_RULES,
  });

const force = new ForceVector();
const part = new ForceVector();
const stepStart = new ForceVector(); // where a step started, for travel's hard rules (obstacles, water)
const NO_WATERS: readonly Obstacle[] = []; // an agent with no world, for travel's water rules
const shove = new ForceVector(); // the neighbours' weighed push of a step, for a moveTo's watch on progress

let nextId = 1;

/**
 * A creature's motion (`creature.motion`): where it is, what it does, and the pose its gait sets.
 * @category Motion
 */
export class MotionAgent implements SteeringAgent {
  // Every number written per frame has an initializer: a field declared bare starts as
  // `undefined` (ES2022 class fields), V8 then keeps it "tagged" and boxes each new double in
  // a fresh heap object; an initialised one holds its double in place.
  /**
   * Its number: 1, 2, ... in its world's placement order, the same in every run of one seed
   * (one made on its own, outside a world, takes a number unique in this page or process).
   */
  readonly id: number;
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
  /**
   * Height above the ground (or the water's surface, where that is higher) it cruises at while
   * flying, metres; its {@link flight} sets it each step, and 0 means it is on the ground.
   */
  altitude = 0;
  /**
   * A height a flier dives to this step (a hunt's stoop), metres; its flight reads and clears
   * it each step. @default undefined (it keeps to its band)
   */
  stoopY: number | undefined = undefined;
  /** A flier's height: its band, its phase (flying, landing, landed, taking off), its perch. */
  readonly flight: Flight;
  /** Its lean to the ground under its feet (pitch and roll) while it walks; level in the air and water. */
  readonly tilt: GroundTilt;
  /** What a flier walks with once landed (its gait and speeds). @default "walk" */
  groundBehaviour = "walk";
  /** A swimmer's water surface: set, it rules; else the `level` of the world's water it is in. */
  waterLevel: number | undefined;
  /** Metres below `waterLevel` a swimmer is put at when it is made; its {@link depthBand} takes it from there. */
  swimDepth = 0.5;
  /**
   * Where in the water column it keeps while swimming (see `DEPTH_BANDS`): a Menagerie's
   * creature gets its kind's band as it spawns (`SWIM_KINDS`: mid-water unless its record names
   * another kind), and a game may set its own. Without one (an agent made on its own) a swimmer
   * holds {@link swimDepth} under the surface.
   */
  depthBand: DepthBand | undefined = undefined;
  /** The world it moves in, when added to one. */
  world: SteeringWorld | undefined;
  /** Its neighbours this step, gathered by the world before it steps (see `SteeringAgent`). */
  readonly neighbours: SteeringAgent[] = [];
  neighbourCount = 0; // how many of `neighbours` are this step's
  /** Reach of the neighbour gathering, metres, beyond its separation's (a group's view radius). */
  neighbourRadius = 0;
  /**
   * Behaviors added to it (`addBehavior`: flee, evade, a game's own), summed by weight each
   * step on top of its order's. Orders (`wander`, `moveTo`, `stop`...) leave them be.
   */
  readonly behaviors: SteeringBehavior[] = [];
  /** The gait that animates it, or `null` for none (it idles). */
  gait: Gait | null;
  /** Set before a step to hold its pose while everything else advances (animation level of detail). */
  skipPose = false;
  /** The record's behaviour its gait was chosen for (`"none"` when it had none). */
  behaviour: string;
  /** Who hears of its arrivals and state changes (the Babylon creature). */
  events: MotionEvents | undefined;
  /** Keeps it apart from other creatures, whatever its order (set `active = false` to let it crowd). */
  readonly separation: SeparationBehavior;
  /** Steers it around the world's obstacles and bodies, whatever its order. */
  readonly avoidance: AvoidObstaclesBehavior;
  /** Keeps it to its realm whatever its order: out of the world's water on the ground, in it when swimming. */
  readonly keepRealm: KeepRealmBehavior;
  /** The step being taken, seconds (also the third argument of each behaviour's `calculate`). */
  dt = 0;
  readonly #gaits: GaitTable;
  readonly #bodyType: string | undefined;
  readonly #speedRules: SpeedRules;
  /** Speeds set per creature, kept over a change of behaviour. */
  #speedOverrides: Partial<SpeciesSpeeds> = {};
  /** Poses it each step from its gait and idle moves. */
  readonly #poser: AgentPoser;
  /** Kept whatever the order: apart from other creatures, around obstacles and bodies. */
  readonly #always: SteeringBehavior[];
  /** What it was told to do: the goal it steers toward (paused while a reaction is engaged) and the order's limits. */
  readonly #orders: AgentOrders;
  /** Its jump across a link, while one is under way. */
  readonly #jumper = new Jumper();
  /** A jump reach the game set, over the one of its size and kind. */
  #jumpReach: JumpReach | undefined = undefined;
  #state = "idle";
  /** The behaviour it flies with, for {@link takeOff}. */
  #flightBehaviour = "fly";
  #onLanded: ((landed: boolean) => void) | undefined;
  #realm: CreatureRealm = "ground";
  #realmSet = false;
  /** The depth a swimmer aimed for last step (NaN before its first), so it follows the target's moves. */
  #swimTarget = Number.NaN;
  /** True while an added behavior (a reaction) has paused the order's goal this step. */
  #engaged = false;
  /**
   * The step as behaviours receive it. A field that never held a plain double first stays
   * "tagged" in V8: it holds the one boxed number the world made for this step, so handing it
   * to every behaviour of every agent boxes nothing more (a double read from `dt` and passed
   * to a call V8 does not inline would be boxed anew each time).
   */
  #stepArg: number | undefined = undefined;

  constructor(options: MotionAgentOptions) {
    const o = assignDefaults(MOTION_AGENT_DEFAULTS, options);
    this.id = options.id ?? nextId++;
    this.roles = options.roles;
    this.rng = options.rng;
    this.x = o.x;
    this.y = o.y;
    this.z = o.z;
    this.heading = o.heading;
    this.#gaits = o.gaits;
    this.#bodyType = options.bodyType;
    this.#speedRules = o.speedRules;
    this.behaviour = o.behaviour;
    this.gait = gaitFor(this.behaviour, this.roles, this.#gaits);
    this.#poser = new AgentPoser(this.roles, this.rng);
    this.radius = Math.max(0.05, this.roles.height * 0.45);
    this.separation = new SeparationBehavior(this.radius);
    this.avoidance = new AvoidObstaclesBehavior(Math.max(0.3, this.radius));
    this.keepRealm = new KeepRealmBehavior(Math.max(0.3, this.radius));
    this.#always = [this.separation, this.avoidance, this.keepRealm];
    this.#orders = new AgentOrders(this);
    this.#jumper.listener = (phase, leg) => this.events?.jumped?.(phase, leg);
    this.#poser.jump = this.#jumper;
    this.#realm = BEHAVIOR_REALMS[this.behaviour] ?? "ground";
    this.#applySpeeds();
    this.flight = new Flight(sizeFlightBand(this.roles.height), this.gait?.name === "fly");
    if (this.flight.airborne) this.altitude = this.flight.cruise;
    this.tilt = new GroundTilt(tiltFollowFor(options.bodyType, this.roles.legs), this.roles.height);
  }

  /** The joint rotations of this frame, blended from idle and gait. */
  get pose(): Pose {
    return this.#poser.pose;
  }

  /** Phase of the gait cycle, [0, 1). */
  get phase(): number {
    return this.#poser.phase;
  }

  /** 0 = idle pose, 1 = gait pose. */
  get moveBlend(): number {
    return this.#poser.moveBlend;
  }

  /** Ground speed, m/s. */
  get speed(): number {
    return Math.sqrt(this.vx * this.vx + this.vz * this.vz);
  }

  /** What it is doing: its order, or an engaged behaviour's state (`flee`) while one has taken over. */
  get state(): string {
    for (let i = 0; i < this.behaviors.length; i++) {
      const b = this.behaviors[i]!;
      if (b.active && b.engaged && b.state !== undefined) return b.state;
    }
    return this.#orders.name;
  }

  /** The current order's behaviors: its goal (paused while a reaction is engaged), then its limits. */
  get orderBehaviors(): readonly SteeringBehavior[] {
    const { goal, limits } = this.#orders;
    return goal ? [goal, ...limits] : [...limits];
  }

  /** The area and avoided areas of its last `wander`, for {@link resumeWander}. */
  get wanderArea(): Readonly<WanderOrder> | undefined {
    return this.#orders.lastWander;
  }

  /** The group it moves with (see `MotionGroup`), if any. */
  get group(): MotionGroup | undefined {
    for (let i = 0; i < this.behaviors.length; i++) {
      const b = this.behaviors[i];
      // Only a MotionGroup makes group behaviors (as it adds a member).
      if (b instanceof GroupBehavior) return b.group as MotionGroup;
    }
    return undefined;
  }

  /**
   * Where it may be: from its behaviour ({@link BEHAVIOR_REALMS}) until set (an amphibious
   * record, or the game's choice); a set realm stays through a change of behaviour.
   */
  get realm(): CreatureRealm {
    return this.#realm;
  }

  set realm(realm: CreatureRealm) {
    this.#realm = realm;
    this.#realmSet = true;
  }

  /**
   * Where the current `moveTo` (or `visit`) heads: its target, or the nearest reachable point
   * to it when the target lay in water (for a ground creature) or within an obstacle's
   * clearance; undefined when it has no such order.
   */
  get moveTarget(): Readonly<Vec2> | undefined {
    return this.#orders.arrive?.target;
  }

  /** The pose a `visit` holds while it stays (`"drink"`, `"graze"`, `"idle"`), else undefined. */
  get activity(): VisitPose | undefined {
    return this.#orders.stay.pose;
  }

  /** Its jump across a link while one is under way (from take-off to the end of its landing), else undefined. */
  get jump(): JumpState | undefined {
    return this.#jumper.active ? this.#jumper : undefined;
  }

  /**
   * How far it jumps: the highest drop or rise and the widest gap of a jump link it takes, metres.
   * Set it to change them (`undefined` goes back to its own). @default from its height and its
   * behaviour's gait (see `JUMP_KINDS`); none for a flier, a swimmer or a creature that idles
   */
  get jumpReach(): JumpReach {
    return this.#jumpReach ?? jumpReach(this.roles.height, this.#gaits[this.behaviour.toLowerCase()]?.name);
  }

  /** Sets how far it jumps (`undefined`: back to its own, from its height and gait). */
  set jumpReach(reach: JumpReach | undefined) {
    this.#jumpReach = reach && {
      height: nonNegativeNumber("jumpReach.height", reach.height),
      length: nonNegativeNumber("jumpReach.length", reach.length),
    };
  }

  /** Adds a behavior that stays through orders until {@link removeBehavior}. Returns it. */
  addBehavior<B extends SteeringBehavior>(behavior: B): B {
    if (!this.behaviors.includes(behavior)) this.behaviors.push(behavior);
    return behavior;
  }

  /** Removes an added behavior; false when it was not there. */
  removeBehavior(behavior: SteeringBehavior): boolean {
    const i = this.behaviors.indexOf(behavior);
    if (i < 0) return false;
    this.behaviors.splice(i, 1);
    this.#checkState();
    return true;
  }

  /** Switches the gait (and its speeds) to the one for the record behaviour `behaviour`; unknown ones idle. */
  setBehavior(behaviour: string): void {
    this.behaviour = behaviour;
    if (!this.#realmSet) this.#realm = BEHAVIOR_REALMS[behaviour] ?? "ground";
    this.gait = gaitFor(behaviour, this.roles, this.#gaits);
    this.#applySpeeds();
    if (this.gait?.name === "fly") this.#flightBehaviour = behaviour;
    this.flight.gaitChanged(this, this.gait?.name === "fly");
  }

  /**
   * Lands: flies to `at` (the nearest point out of the water, for a point over it; a perch's
   * top when `at.y` is given, as given) and descends gradually; or descends where it is (at the
   * nearest shore, over water) without `at`. Once down it walks ({@link groundBehaviour}) and
   * idles until an order or {@link takeOff}; on a perch it stays put. `onLanded(true)` on touch
   * down; `(false)` when another order, a take-off or removal came first. A creature on the
   * ground is told `true` at once.
   */
  land(at?: { x: number; z: number; y?: number | undefined }, onLanded?: (landed: boolean) => void): void {
    const told = this.#onLanded;
    this.#onLanded = undefined;
    told?.(false);
    if (!this.flight.airborne) {
      onLanded?.(true);
      return;
    }
    const perch = at?.y === undefined ? undefined : { x: at.x, z: at.z, y: at.y };
    const spot = perch ?? reachablePoint(this.#onFoot(), at?.x ?? this.x, at?.z ?? this.z);
    this.moveTo(spot, {
      tolerance: 0.5,
      onArrive: (arrived) => (arrived ? this.flight.descend(this, perch) : this.#landed(false)),
    });
    // Kept after the moveTo: it settles the last land's flight there, which must not tell this one.
    this.#onLanded = onLanded;
  }

  /** Takes off from the ground or a perch: its flying gait, a gradual climb to its band, then it wanders. */
  takeOff(): void {
    this.#landed(false);
    if (this.flight.phase === "flying" || this.flight.phase === "takingOff") return;
    this.setBehavior(this.#flightBehaviour);
    this.resumeWander();
  }

  /** @deprecated Use `behaviors`; will be removed in 0.3. */
  get behaviours(): SteeringBehavior[] {
    return this.behaviors;
  }

  /** @deprecated Use `orderBehaviors`; will be removed in 0.3. */
  get orderBehaviours(): readonly SteeringBehavior[] {
    return this.orderBehaviors;
  }

  /** @deprecated Use `addBehavior`; will be removed in 0.3. */
  addBehaviour<B extends SteeringBehavior>(behaviour: B): B {
    return this.addBehavior(behaviour);
  }

  /** @deprecated Use `removeBehavior`; will be removed in 0.3. */
  removeBehaviour(behaviour: SteeringBehavior): boolean {
    return this.removeBehavior(behaviour);
  }

  /** @deprecated Use `setBehavior`; will be removed in 0.3. */
  setBehaviour(behaviour: string): void {
    this.setBehavior(behaviour);
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

  /** Runs from `target` while it is within `radius`, until beyond `calmRadius` (added behavior). */
  flee(target: SteeringTarget, options: FleeOptions = {}): FleeBehavior {
    return this.addBehavior(new FleeBehavior(target, options));
  }

  /** Like {@link flee}, from where a moving target is heading (added behavior). */
  evade(target: SteeringTarget, options: FleeOptions = {}): EvadeBehavior {
    return this.addBehavior(new EvadeBehavior(target, options));
  }

  /**
   * Wanders inside `area` (if given) and outside `avoid`; remembered for {@link resumeWander}.
   * @throws OptionsError when `speed` is given and not a non-negative finite number.
   */
  wander(options: WanderOrder = {}): void {
    this.#orders.wander(options);
    this.#checkState();
  }

  /** Wanders again where it last wandered (anywhere if it never did). */
  resumeWander(options: { speed?: number | undefined } = {}): void {
    this.wander({ ...this.#orders.lastWander, speed: options.speed });
  }

  /**
   * Walks to (x, z), round the world's obstacles (and water, on the ground) on a planned path;
   * a target it cannot stand at is moved to the nearest point it can ({@link moveTarget}).
   * `onArrive(true)` within `tolerance`; `(false)` if interrupted, or stuck (see {@link MoveOrder}).
   * @throws OptionsError when `speed`, `tolerance` or `stuckSeconds` is not a valid number.
   */
  moveTo(target: Vec2, options: MoveOrder = {}): void {
    this.#orders.moveTo(target, options);
    this.#checkState();
  }

  /**
   * Visits a place: walks to the nearest reachable point of its edge (the shore, for water),
   * takes `pose` there for `stay` game seconds, then goes back to its order (see {@link VisitOrder}).
   * @throws OptionsError when `stay` (or a moveTo option) is not a valid number.
   */
  visit(place: Area | Vec2, options: VisitOrder = {}): void {
    this.#orders.visit(place, options);
    this.#checkState();
  }

  /**
   * Metres its centre keeps from an obstacle's edge: its radius plus its avoidance margin (at
   * least 0.3 m, else its radius). A `moveTo` target closer than this is moved out to it.
   */
  get clearance(): number {
    return this.avoidance.margin + this.radius;
  }

  /** Keeps within `distance` of a target, walking or running to catch up. */
  follow(target: SteeringTarget, options: FollowOptions = {}): void {
    this.#setGoal("follow", new FollowBehavior(target, options));
  }

  /** Heads straight for a target (at walkSpeed unless `speed`). */
  seek(target: SteeringTarget, options: SeekOptions = {}): void {
    this.#setGoal("seek", new SeekBehavior(target, options));
  }

  /** Chases a moving target, heading where it will be (at runSpeed unless `speed`). */
  pursue(target: SteeringTarget, options: SeekOptions = {}): void {
    this.#setGoal("pursue", new PursueBehavior(target, options));
  }

  /** Stops: brakes to a halt and idles (the state of a creature that never had an order). */
  stop(): void {
    this.#setGoal("idle", this.#orders.brake);
  }

  /**
   * Settles a pending moveTo, visit or landing as not done (`false` to its callback), and only
   * that: what it steers by stays, so a cancelled moveTo walks on to its point. Call
   * {@link stop} to halt. Used on removal from the world and on a creature's dispose.
   */
  cancel(): void {
    this.#landed(false);
    this.#orders.cancel();
  }

  /**
   * Poses it where its gait and idle stand, advancing nothing: a pose held by level of detail
   * (`skipPose`) catches up while motion is paused. Draws nothing from its random generator.
   */
  repose(): void {
    this.#poser.dt = 0;
    this.#poser.skip = false;
    this.#poser.update(this.gait);
  }

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
    this.#stepArg = stepArg;
    if (this.#jumper.active) this.#jumpStep();
    else {
      this.#steer();
      const jump = this.#orders.arrive?.jumpDue;
      if (jump) {
        // At a take-off point of its way: the jump moves it, no steering.
        this.#orders.arrive!.jumpDue = undefined;
        this.#jumper.begin(this, jump);
        this.#jumpStep();
      } else {
        this.#travel();
        this.#settleHeight();
      }
    }
    this.tilt.update(this, this.#onFeet() && !this.#jumper.active);
    // Pose: the gait and idle, blended by how much the creature is moving (speed set by #travel).
    const poser = this.#poser;
    poser.dt = this.dt;
    poser.turnRate = this.turnRate;
    poser.skip = this.skipPose;
    const pose = this.#orders.stay.pose;
    poser.headPitch = pose === undefined || this.#engaged ? 0 : (VISIT_HEAD_PITCH[pose] ?? 0);
    poser.update(this.gait);
    this.#orders.afterStep(this.#engaged, shove);
    this.#checkState();
  }

  /**
   * Sums the steering forces by weight into `force`, capped. Added behaviors first: one
   * engaged (fleeing) pauses the order's goal for this step.
   */
  #steer(): void {
    force.x = 0;
    force.z = 0;
    this.speedLimit = Math.max(this.maxSpeed, this.cruiseSpeed);
    let engaged = false;
    const added = this.behaviors;
    for (let i = 0; i < added.length; i++) {
      const b = added[i]!;
      if (!b.active) continue;
      this.#add(b);
      if (b.engaged === true) engaged = true;
    }
    this.#engaged = engaged;
    const goal = this.#orders.goal;
    if (goal && !engaged) this.#add(goal);
    const limits = this.#orders.limits;
    for (let i = 0; i < limits.length; i++) this.#add(limits[i]!);
    shove.x = 0;
    shove.z = 0;
    for (let i = 0; i < this.#always.length; i++) {
      const b = this.#always[i]!;
      this.#add(b);
      if (b !== this.separation || !b.active) continue;
      shove.x = part.x * b.weight;
      shove.z = part.z * b.weight;
    }
    const f = Math.sqrt(force.x * force.x + force.z * force.z);
    const maxForce = Math.max(this.maxForce, this.speedLimit * 2);
    if (f > maxForce) {
      force.x *= maxForce / f;
      force.z *= maxForce / f;
    }
  }

  /** Adds one behavior's weighted force (its `calculate` gets the step as its third argument). */
  #add(b: SteeringBehavior): void {
    if (!b.active) return;
    b.calculate(this, part, this.#stepArg!);
    force.x += part.x * b.weight;
    force.z += part.z * b.weight;
  }

  /** Turns to face the direction of travel at a limited rate and travels along the heading. */
  #travel(): void {
    const dt = this.dt;
    let vx = this.vx + force.x * dt;
    let vz = this.vz + force.z * dt;
    let speed = Math.sqrt(vx * vx + vz * vz);
    const limit = this.speedLimit;
    if (speed > limit) {
      vx *= limit / speed;
      vz *= limit / speed;
      speed = limit;
    }
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
    stepStart.x = this.x;
    stepStart.z = this.z;
    this.x += vx * dt;
    this.z += vz * dt;
    this.#poser.speed = speed;
    if (this.altitude !== 0) return;
    const obstacles = this.world?.obstacles;
    const floorY = this.world?.pathPlanner?.standOn !== undefined ? this.y : undefined; // floors over floors
    if (obstacles !== undefined && obstacles.length > 0 && holdOutOfObstacles(this, obstacles, stepStart, floorY))
      this.#poser.speed = Math.sqrt(this.vx * this.vx + this.vz * this.vz);
    // A swimmer's own water level (a game's sea) holds it out of the shallows with no water area.
    const waters = this.world?.waters ?? NO_WATERS;
    let held = waters.length > 0 && holdRealm(this, waters, stepStart);
    if (this.#realm === "water" && this.depthBand !== undefined) held = this.#holdColumn(waters) || held;
    if (held) this.#poser.speed = Math.sqrt(this.vx * this.vx + this.vz * this.vz);
  }

  /** Its height, metres (a swimmer's body spans `y` to `y + bodyHeight`). */
  get bodyHeight(): number {
    return this.roles.height;
  }

  /** A swimmer's surface here: its own `waterLevel`, else its water's; NaN out of every water. */
  #surface(waters: readonly { readonly level?: number | undefined }[] | undefined): number {
    if (this.waterLevel !== undefined) return this.waterLevel;
    return waters && waters.length > 0 ? waterLevelAt(this.world!.waters!, this.x, this.z) : Number.NaN;
  }

  /** A swimmer's step into water too shallow for its body is taken back (see `holdColumn`). */
  #holdColumn(waters: readonly { readonly level?: number | undefined }[]): boolean {
    const level = this.#surface(waters);
    return !Number.isNaN(level) && holdColumn(this as this & ColumnBody, level, stepStart);
  }

  /**
   * A swimmer's height: it follows its band's depth as the floor and the swell move it, and
   * closes any gap left from before (a spawn on the floor, a band changed) over a second or two;
   * always inside the column.
   */
  #swimHeight(level: number): void {
    const body = this as this & ColumnBody; // a band is set: see #settleHeight
    const target = swimTargetY(body, level, this.world?.time ?? 0);
    const last = this.#swimTarget;
    this.#swimTarget = target;
    const moved = Number.isNaN(last) ? 0 : target - last;
    const y = this.y + moved + (target - this.y - moved) * Math.min(1, this.dt * 1.5);
    this.y = clampToColumn(body, level, y);
  }

  /** Height: its flight's in the air (or on a perch), else the ground, or under the water line for swimmers. */
  #settleHeight(): void {
    const flight = this.flight;
    if (flight.airborne) {
      if (flight.settle(this)) this.#touchDown();
      return;
    }
    if (flight.perch) {
      flight.hold(this);
      return;
    }
    if (this.#realm === "water" && this.altitude === 0) {
      const level = this.#surface(this.world?.waters);
      if (!Number.isNaN(level) && this.depthBand !== undefined) {
        this.#swimHeight(level);
        return;
      }
      if (!Number.isNaN(level) && this.waterLevel === undefined) {
        this.y = Math.max(this.ground ? this.ground(this.x, this.z) : 0, level - this.swimDepth);
        return;
      }
    }
    // A navmesh (the world's planner) holds walkers on it, at its height: a ledge, a bridge.
    const surface = this.altitude === 0 ? this.world?.pathPlanner?.standOn?.(this) : undefined;
    const ground = surface ?? (this.ground ? this.ground(this.x, this.z) : 0);
    const swim = this.waterLevel !== undefined; // swimmers hold swimDepth under the line, above the bed
    this.y = swim ? Math.max(ground, this.waterLevel! - this.swimDepth) : ground;
  }

  /** True while it stands on the ground or a navmesh: not in the air, on a perch or swimming. */
  #onFeet(): boolean {
    const flight = this.flight;
    return !flight.airborne && flight.perch === undefined && this.waterLevel === undefined && this.#realm !== "water";
  }

  /** A step of its jump: along the arc, stood on the surface where it touches down. */
  #jumpStep(): void {
    if (this.#jumper.step(this, this.dt)) this.y = this.world?.pathPlanner?.landed?.(this) ?? this.y;
    this.#poser.speed = Math.sqrt(this.vx * this.vx + this.vz * this.vz);
    this.turnRate = 0;
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

  /** This creature as a walker sees the world (a landing spot is one it can stand at). */
  #onFoot(): Parameters<typeof reachablePoint>[0] {
    const { x, z, world, clearance, keepRealm } = this;
    return { x, z, world, clearance, keepRealm, realm: "ground", altitude: 0 };
  }

  /**
   * Touched down: after a {@link land} it walks from now on and idles (on a perch, stays put);
   * after a change to a walking behaviour in the air it goes on with its order on foot.
   */
  #touchDown(): void {
    this.#landed(true);
    if (this.gait?.name !== "fly") return;
    this.setBehavior(this.groundBehaviour);
    this.stop();
  }

  /** Tells the pending {@link land} how it ended. */
  #landed(landed: boolean): void {
    const told = this.#onLanded;
    this.#onLanded = undefined;
    told?.(landed);
  }

  /** Starts the order `name` whose whole work is one goal. */
  #setGoal(name: string, goal: SteeringBehavior): void {
    this.#orders.setGoal(name, goal);
    this.#checkState();
  }

  /** Tells `events` when the state changed since it last looked. */
  #checkState(): void {
    const state = this.state;
    if (state === this.#state) return;
    const previous = this.#state;
    this.#state = state;
    this.events?.stateChanged(state, previous);
  }
}
