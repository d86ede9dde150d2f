/**
 * A creature's orders (`MotionAgent` owns one): what it was told to do (wander, moveTo, visit,
 * follow, seek, pursue, stop), as a goal the agent steers toward and the limits it keeps; a
 * moveTo's arrival and its watch on progress; a visit's stay and the order it goes back to.
 * Orders replace each other: a new one settles the last.
 */
import { nonNegativeNumber, positiveNumber } from "../core/options.js";
import { type Area, isCircleArea } from "./area.js";
import { AvoidAreaBehavior } from "./behaviors/avoidArea.js";
import { BrakeBehavior } from "./behaviors/brake.js";
import { RouteBehavior } from "./behaviors/route.js";
import { StayInAreaBehavior } from "./behaviors/stayInArea.js";
import type { SteeringBehavior } from "./behaviors/steeringBehavior.js";
import { WanderBehavior } from "./behaviors/wander.js";
import { GRID_PLANNER } from "./gridPlanner.js";
import { MoveProgress, shovedBack } from "./moveProgress.js";
import { createObstacle } from "./obstacles.js";
import { nearestEdgePoint, type Reacher, reachablePoint } from "./reach.js";
import type {
  MotionEvents,
  MoveOrder,
  Obstacle,
  SteeringAgent,
  Vec2,
  VisitOrder,
  VisitPose,
  WanderOrder,
} from "./types.js";
import { VisitStay } from "./visitStay.js";

/**
 * Defaults of the `moveTo` and `visit` orders (see {@link MoveOrder}, {@link VisitOrder}).
 * @category Motion
 */
export const MOVE_ORDER_DEFAULTS = Object.freeze({
  /** Seconds of game time without getting nearer before a `moveTo` gives up (settles `false`). */
  stuckSeconds: 5,
  /** Seconds of game time a `visit` stays. */
  stay: 10,
  /** The pose a `visit` takes there. */
  pose: "idle" as VisitPose,
});

/**
 * Head pitch (radians, down) of a visit's pose on a part-built body; a pose not listed keeps the head up.
 * @category Motion
 */
export const VISIT_HEAD_PITCH: Readonly<Record<string, number>> = Object.freeze({ drink: 0.9, graze: 0.7 });

/** True when two areas are one shape (the same object, or equal circles or polygons). */
function sameArea(a: Area, b: Area): boolean {
  if (a === b) return true;
  if (isCircleArea(a) || isCircleArea(b))
    return (
      isCircleArea(a) &&
      isCircleArea(b) &&
      a.radius === b.radius &&
      a.center.x === b.center.x &&
      a.center.z === b.center.z
    );
  return (
    a.points.length === b.points.length && a.points.every((p, i) => p.x === b.points[i]!.x && p.z === b.points[i]!.z)
  );
}

/** What orders read and set of their agent (a `OrderedAgent`). */
export interface OrderedAgent extends Omit<SteeringAgent, "realm" | "altitude">, Reacher {
  readonly x: number;
  /** Height of its feet (the floor it plans from, on a navmesh). */
  readonly y: number;
  readonly z: number;
  /** Set for swimmers. */
  readonly waterLevel?: number | undefined;
  readonly world: SteeringAgent["world"];
  /** Who hears of its arrivals. */
  readonly events: MotionEvents | undefined;
}

/** An order as it was, for a `visit` to go back to. */
interface SavedOrder {
  name: string;
  goal: SteeringBehavior | null;
  limits: SteeringBehavior[];
  cruiseSpeed: number;
}

/** The orders of one agent: its current one, and what a moveTo or visit has under way. */
export class AgentOrders {
  /** The order's name (`idle`, `wander`, `moveTo`, `visit`, ...). */
  name = "idle";
  /** What the order steers toward; no order's goal is the brake (it stands after any push). */
  goal: SteeringBehavior | null;
  /** The order's own limits (stay in an area), and the areas it keeps out of whatever the order. */
  limits: SteeringBehavior[] = [];
  /** The area and avoided areas of its last `wander`. */
  lastWander: WanderOrder | undefined;
  /** A moveTo's (or visit's) way there, while one is under way. */
  arrive: RouteBehavior | undefined;
  /** A visit's stay where it arrived. */
  readonly stay = new VisitStay();
  /** The goal of no order and of `stop`. */
  readonly brake = new BrakeBehavior();
  readonly #agent: OrderedAgent;
  readonly #progress = new MoveProgress();
  #onArrive: ((arrived: boolean) => void) | undefined;
  /** Set while a moveTo gives up, so a visit's callback tells a stuck walk from an interrupted one. */
  #givingUp = false;
  /**
   * The areas its last `wander` avoids, kept out of by every order and reaction until a wander
   * sets others (a limit of each order, as its water is of every order): pushes, and obstacles
   * a moveTo plans its way round.
   */
  #avoid: AvoidAreaBehavior[] = [];
  #avoidObstacles: Obstacle[] = [];
  /** Set when the world's planner found no way to the moveTo's target: it settles `false` after the step. */
  #unreachable = false;

  constructor(agent: OrderedAgent) {
    this.#agent = agent;
    this.goal = this.brake;
  }

  /** See `OrderedAgent.wander`. */
  wander(options: WanderOrder): void {
    const r = this.#agent.radius;
    this.#newOrder("wander", options.speed);
    this.lastWander = { area: options.area, avoid: options.avoid };
    this.goal = new WanderBehavior(Math.max(0.3, r * 2), Math.max(0.6, r * 4), 3);
    this.limits = [];
    if (options.area) this.limits.push(new StayInAreaBehavior(options.area, Math.max(1, r * 6)));
    const avoid = options.avoid ?? [];
    this.#avoid = avoid.map((area) => new AvoidAreaBehavior(area, Math.max(0.5, r * 3)));
    this.#avoidObstacles = avoid.map(createObstacle);
    this.limits.push(...this.#avoid);
  }

  /** See `OrderedAgent.moveTo`. */
  moveTo(target: Vec2, options: MoveOrder): void {
    this.#walk(target, options, undefined);
  }

  /**
   * A moveTo; one a visit sends to the edge of an area it avoids (`spared`: the shore of a pond
   * its wander keeps out of) goes right up to that edge: that area's push is off until it is done.
   */
  #walk(target: Vec2, options: MoveOrder, spared: Area | undefined): void {
    const agent = this.#agent;
    // Checked first: a rejected order leaves the current one (and its pending onArrive) alone.
    const near =
      options.tolerance === undefined
        ? Math.max(0.05, agent.radius * 0.5)
        : nonNegativeNumber("tolerance", options.tolerance);
    const stuck = positiveNumber("stuckSeconds", options.stuckSeconds ?? MOVE_ORDER_DEFAULTS.stuckSeconds);
    this.#newOrder("moveTo", options.speed);
    const kept = spared ? this.#avoid.filter((b) => !sameArea(b.area, spared)) : this.#avoid;
    const around = spared ? this.#avoidObstacles.filter((o) => !sameArea(o.area, spared)) : this.#avoidObstacles;
    this.limits = [...kept];
    const near2 = reachablePoint(agent, target.x, target.z, kept);
    const to = agent.world?.pathPlanner?.reachable?.(agent, near2) ?? near2;
    this.#progress.reset(stuck);
    // Planned on its first step, and again whenever the world's obstacles or waters change.
    this.arrive = new RouteBehavior(to, near, Math.max(0.5, agent.radius * 4), [], 0.75, (from) =>
      this.#route(from, to, around),
    );
    this.#onArrive = options.onArrive;
    this.goal = this.arrive;
  }

  /** See `OrderedAgent.visit`. */
  visit(place: Area | Vec2, options: VisitOrder): void {
    const stay = nonNegativeNumber("stay", options.stay ?? MOVE_ORDER_DEFAULTS.stay);
    const pose = options.pose ?? MOVE_ORDER_DEFAULTS.pose;
    const previous = this.#save();
    const area = "x" in place ? undefined : place;
    const at = area ? nearestEdgePoint(area, this.#agent) : { x: (place as Vec2).x, z: (place as Vec2).z };
    const onDone = options.onDone;
    this.#walk(
      at,
      {
        speed: options.speed,
        tolerance: options.tolerance,
        stuckSeconds: options.stuckSeconds,
        onArrive: (arrived) => {
          if (arrived) return this.#startStay(pose, stay, previous, onDone);
          if (this.#givingUp) this.#restore(previous);
          onDone?.(false);
        },
      },
      area,
    );
    this.name = "visit";
  }

  /** Starts the order `name` whose whole work is one goal. */
  setGoal(name: string, goal: SteeringBehavior): void {
    this.#newOrder(name, undefined);
    this.goal = goal;
  }

  /** Settles a pending moveTo or visit as not done. */
  cancel(): void {
    this.settle(false);
    this.stay.end(false);
  }

  /**
   * After the agent's step: a moveTo arrived (or got stuck, its watch paused while a reaction
   * was `engaged` or `push`, its neighbours' push, shoved it back), a visit's stay counted down.
   */
  afterStep(engaged: boolean, push: Readonly<Vec2>): void {
    const arrive = this.arrive;
    const unreachable = this.#unreachable;
    this.#unreachable = false;
    const agent = this.#agent;
    if (arrive?.arrived) this.settle(true);
    else if (arrive && unreachable)
      this.#giveUp(); // the world's planner found no way there
    else if (arrive && this.#progress.stuck(arrive, agent, engaged || shovedBack(arrive.aim, agent, push)))
      this.#giveUp();
    if (this.stay.on) this.stay.count(this.#agent);
  }

  /** Settles a pending moveTo: arrived, it idles where it is (after a flight it does not walk back to the point). */
  settle(arrived: boolean): void {
    const done = this.#onArrive;
    const at = this.arrive;
    this.#onArrive = undefined;
    this.arrive = undefined;
    if (arrived && at) {
      this.name = "idle";
      this.goal = this.brake;
      this.#agent.events?.arrived(at.target.x, at.target.z);
    }
    done?.(arrived);
  }

  /** Ends the last order: settles a moveTo or visit, drops its goal and limits, sets this order's speed. */
  #newOrder(name: string, speed: number | undefined): void {
    // Checked first: a rejected order leaves the current one (and its pending onArrive) alone.
    if (speed !== undefined) nonNegativeNumber("speed", speed);
    this.cancel();
    this.name = name;
    this.goal = null;
    this.limits = [...this.#avoid];
    this.#agent.cruiseSpeed = speed ?? this.#agent.walkSpeed;
  }

  /** A moveTo that got stuck settles `false`; it stands (a visit's callback may send it back to its order). */
  #giveUp(): void {
    this.name = "idle";
    this.goal = this.brake;
    this.#givingUp = true;
    this.settle(false);
    this.#givingUp = false;
  }

  /**
   * Waypoints to `to` from the world's planner (the grid A* unless a navmesh plans for it) round
   * its obstacles, its water for walkers and the areas this creature avoids; none when the way
   * is clear or there is none.
   */
  #route(from: Vec2, to: Vec2, avoid: readonly Obstacle[]): Vec2[] {
    const agent = this.#agent;
    const own = agent.world?.pathPlanner;
    const planner = own && (own.plans?.(agent) ?? true) ? own : GRID_PLANNER;
    const path = planner.plan(agent, from, to, avoid);
    this.#unreachable = path === undefined;
    return path ?? [];
  }

  /** The order now, for a visit to go back to (a walk somewhere is not resumed: it idles). */
  #save(): SavedOrder {
    const agent = this.#agent;
    return this.name === "moveTo" || this.name === "visit"
      ? { name: "idle", goal: this.brake, limits: [], cruiseSpeed: agent.walkSpeed }
      : { name: this.name, goal: this.goal, limits: [...this.limits], cruiseSpeed: agent.cruiseSpeed };
  }

  #restore(saved: SavedOrder): void {
    this.name = saved.name;
    this.goal = saved.goal;
    this.limits = saved.limits;
    this.#agent.cruiseSpeed = saved.cruiseSpeed;
  }

  /** Arrived on a visit: stands in its pose for `stay` seconds, then goes back to `previous`. */
  #startStay(pose: VisitPose, stay: number, previous: SavedOrder, onDone: VisitOrder["onDone"]): void {
    this.name = "visit";
    this.goal = this.brake;
    this.stay.start(pose, stay, (stayed) => {
      if (stayed) this.#restore(previous);
      onDone?.(stayed);
    });
  }
}
