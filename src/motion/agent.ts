/**
 * One creature's motion, engine-free: what it is told to do (its order: wander, moveTo,
 * follow, seek, pursue, stop), the behaviours a game added (flee, evade, its own), its state
 * and the events it reports, on top of the body that moves (steeredBody.ts). Orders replace
 * each other; added behaviours stay until removed. The Babylon side copies the result onto
 * nodes once per frame (syncMotion.ts).
 */
import { nonNegativeNumber } from "../api/options.js";
import {
  EvadeBehavior,
  FleeBehavior,
  type FleeOptions,
  FollowBehavior,
  type FollowOptions,
  PursueBehavior,
  SeekBehavior,
  type SeekOptions,
} from "./behaviours.js";
import { type BodyOrder, bodyOrder } from "./bodyOrder.js";
import { findPath, isClear, RouteBehavior } from "./pathfinding.js";
import { SteeredBody } from "./steeredBody.js";
import {
  type ArriveBehavior,
  AvoidAreaBehavior,
  BrakeBehavior,
  StayInAreaBehavior,
  WanderBehavior,
} from "./steering.js";
import type { MotionEvents, MoveOrder, SteeringBehavior, SteeringTarget, Vec2, WanderOrder } from "./types.js";

/**
 * A creature's motion (`creature.motion`): where it is, what it does, and the pose its gait sets.
 * @category Motion
 */
export class MotionAgent extends SteeredBody {
  /** Who hears of its arrivals and state changes (the Babylon creature). */
  events: MotionEvents | undefined;
  /** Its body's order and poser (bodyOrder.ts). */
  readonly #own: BodyOrder = bodyOrder(this, () => this.#afterChange());
  #order = "idle";
  #state = "idle";
  #lastWander: WanderOrder | undefined;
  #arrive: ArriveBehavior | undefined;
  #onArrive: ((arrived: boolean) => void) | undefined;

  /** What it is doing: its order, or an engaged behaviour's state (`flee`) while one has taken over. */
  get state(): string {
    for (let i = 0; i < this.behaviours.length; i++) {
      const b = this.behaviours[i]!;
      if (b.active && b.engaged && b.state !== undefined) return b.state;
    }
    return this.#order;
  }

  /** The current order's behaviours: its goal (paused while a reaction is engaged), then its limits. */
  get orderBehaviours(): readonly SteeringBehavior[] {
    return this.#own.goal ? [this.#own.goal, ...this.#own.limits] : [...this.#own.limits];
  }

  /** The area and avoided areas of its last `wander`, for {@link resumeWander}. */
  get wanderArea(): Readonly<WanderOrder> | undefined {
    return this.#lastWander;
  }

  /** Adds a behaviour that stays through orders until {@link removeBehaviour}. Returns it. */
  addBehaviour<B extends SteeringBehavior>(behaviour: B): B {
    if (!this.behaviours.includes(behaviour)) this.behaviours.push(behaviour);
    return behaviour;
  }

  /** Removes an added behaviour; false when it was not there. */
  removeBehaviour(behaviour: SteeringBehavior): boolean {
    const i = this.behaviours.indexOf(behaviour);
    if (i < 0) return false;
    this.behaviours.splice(i, 1);
    this.#checkState();
    return true;
  }

  /** Runs from `target` while it is within `radius`, until beyond `calmRadius` (added behaviour). */
  flee(target: SteeringTarget, options: FleeOptions = {}): FleeBehavior {
    return this.addBehaviour(new FleeBehavior(target, options));
  }

  /** Like {@link flee}, from where a moving target is heading (added behaviour). */
  evade(target: SteeringTarget, options: FleeOptions = {}): EvadeBehavior {
    return this.addBehaviour(new EvadeBehavior(target, options));
  }

  /**
   * Wanders inside `area` (if given) and outside `avoid`; remembered for {@link resumeWander}.
   * @throws OptionsError when `speed` is given and not a non-negative finite number.
   */
  wander(options: WanderOrder = {}): void {
    this.#newOrder("wander", options.speed);
    this.#lastWander = { area: options.area, avoid: options.avoid };
    this.#own.goal = new WanderBehavior(Math.max(0.3, this.radius * 2), Math.max(0.6, this.radius * 4), 3);
    if (options.area) this.#own.limits.push(new StayInAreaBehavior(options.area, Math.max(1, this.radius * 6)));
    for (const area of options.avoid ?? [])
      this.#own.limits.push(new AvoidAreaBehavior(area, Math.max(0.5, this.radius * 3)));
    this.#checkState();
  }

  /** Wanders again where it last wandered (anywhere if it never did). */
  resumeWander(options: { speed?: number | undefined } = {}): void {
    this.wander({ ...this.#lastWander, speed: options.speed });
  }

  /**
   * Walks to (x, z), around the world's obstacles when a straight line would cross one (a path
   * planned on a grid as it sets off, and again whenever the world's obstacles change);
   * `onArrive(true)` on arrival, `(false)` if interrupted first.
   * @throws OptionsError when `speed` is given and not a non-negative finite number.
   */
  moveTo(target: Vec2, options: MoveOrder = {}): void {
    this.#newOrder("moveTo", options.speed);
    const near = Math.max(0.05, this.radius * 0.5);
    const to = { x: target.x, z: target.z };
    // Planned on its first step, and again whenever the world's obstacles change.
    this.#arrive = new RouteBehavior(to, near, Math.max(0.5, this.radius * 4), [], 0.75, (from) =>
      this.#route(from, to),
    );
    this.#onArrive = options.onArrive;
    this.#own.goal = this.#arrive;
    this.#checkState();
  }

  /** Keeps within `distance` of a target, walking or running to catch up. */
  follow(target: SteeringTarget, options: FollowOptions = {}): void {
    this.#newOrder("follow", undefined);
    this.#own.goal = new FollowBehavior(target, options);
    this.#checkState();
  }

  /** Heads straight for a target (at walkSpeed unless `speed`). */
  seek(target: SteeringTarget, options: SeekOptions = {}): void {
    this.#newOrder("seek", undefined);
    this.#own.goal = new SeekBehavior(target, options);
    this.#checkState();
  }

  /** Chases a moving target, heading where it will be (at runSpeed unless `speed`). */
  pursue(target: SteeringTarget, options: SeekOptions = {}): void {
    this.#newOrder("pursue", undefined);
    this.#own.goal = new PursueBehavior(target, options);
    this.#checkState();
  }

  /** Stops: brakes to a halt and idles. */
  stop(): void {
    this.#newOrder("idle", undefined);
    this.#own.goal = new BrakeBehavior();
    this.#checkState();
  }

  /** Settles a pending moveTo (used on stop, new orders and removal). */
  cancel(): void {
    this.#settle(false);
  }

  /** Waypoints to `to` around the world's obstacles; none when the way is clear (or blocked for good). */
  #route(from: Vec2, to: Vec2): Vec2[] {
    const obstacles = this.world?.obstacles;
    // Flyers pass over obstacles; walkers and swimmers go round.
    if (!obstacles?.length || this.altitude > 0) return [];
    const clearance = this.radius * 1.5 + 0.2;
    if (isClear(from, to, obstacles, clearance)) return [];
    const path = findPath(from, to, obstacles, { clearance });
    return path ? path.slice(0, -1) : [];
  }

  /** Ends the last order: settles a moveTo, drops its goal and limits, sets this order's speed. */
  #newOrder(name: string, speed: number | undefined): void {
    // Checked first: a rejected order leaves the current one (and its pending onArrive) alone.
    if (speed !== undefined) nonNegativeNumber("speed", speed);
    this.#settle(false);
    this.#order = name;
    this.#own.goal = null;
    this.#own.limits = [];
    this.cruiseSpeed = speed ?? this.walkSpeed;
  }

  #settle(arrived: boolean): void {
    const done = this.#onArrive;
    const at = this.#arrive;
    this.#onArrive = undefined;
    this.#arrive = undefined;
    if (arrived && at) {
      // Arrived, it idles where it is: after a flight it does not walk back to the point.
      this.#order = "idle";
      this.#own.goal = new BrakeBehavior();
      this.events?.arrived(at.target.x, at.target.z);
    }
    done?.(arrived);
  }

  /** Tells `events` when the state changed since it last looked. */
  #checkState(): void {
    const state = this.state;
    if (state === this.#state) return;
    const previous = this.#state;
    this.#state = state;
    this.events?.stateChanged(state, previous);
  }

  /**
   * Poses it where its gait and idle stand, advancing nothing: a pose held by level of detail
   * (`skipPose`) catches up while motion is paused. Draws nothing from its random generator.
   */
  repose(): void {
    this.#own.poser.dt = 0;
    this.#own.poser.skip = false;
    this.#own.poser.update(this.gait);
  }

  #afterChange(): void {
    if (this.#arrive?.arrived) this.#settle(true);
    this.#checkState();
  }
}
