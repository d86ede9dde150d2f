/**
 * Predators and prey, engine-free (after the official SDK's `HuntGoal` and
 * `FleeFromPredatorsGoal`). A hunter looks for prey within `searchRadius`, walks toward the
 * nearest it finds, chases once it is within `spotRadius`, catches it on contact (a callback:
 * what a catch does is the game's), gives up after `chaseSeconds`, rests, and looks again.
 * A catch is contact in three dimensions; a hunter in the air (a raptor) stoops: it dives to its
 * prey's height once near it and climbs back to its band after.
 * It is a reaction a creature keeps whatever its order: while engaged it pauses the order. Prey
 * flee predators with {@link FleePredatorsBehavior}.
 */
import { assignDefaults, nonNegativeNumber, objectOption, positiveNumber } from "../../core/options.js";
import type { SteeringAgent, SteeringWorld, Vec2 } from "../types.js";
import { allow, brake, distance, lookAhead, SteeringBehavior, steerToward } from "./steeringBehavior.js";

/**
 * Options of {@link HuntBehavior}; the distances are the official SDK's.
 * @category Motion
 */
export interface HuntOptions {
  /** It looks for prey this far away, metres, and walks toward the nearest. @default 20 */
  searchRadius?: number;
  /** It chases prey this close, metres. @default 10 */
  spotRadius?: number;
  /** Chase speed, m/s. @default the hunter's runSpeed */
  speed?: number;
  /** It gives up a chase after this many seconds. @default 8 */
  chaseSeconds?: number;
  /** It rests this long after a catch or giving up, seconds. @default 6 */
  restSeconds?: number;
  /** A catch is contact: bodies closer than their radii plus this, metres. @default 0.3 */
  catchDistance?: number;
  /** Told of each catch, with the prey caught. @default none */
  onCatch?: ((prey: SteeringAgent) => void) | undefined;
  /** Told when it gives a chase up, with the prey that got away. @default none */
  onGiveUp?: ((prey: SteeringAgent) => void) | undefined;
}

/**
 * Defaults of {@link HuntOptions}.
 * @category Motion
 */
export const HUNT_DEFAULTS = Object.freeze({
  searchRadius: 20,
  spotRadius: 10,
  chaseSeconds: 8,
  restSeconds: 6,
  catchDistance: 0.3,
});

/** {@link HuntOptions} checked, with their defaults (a speed of 0 means the hunter's runSpeed). */
function resolveOptions(options: HuntOptions): Required<Omit<HuntOptions, "onCatch" | "onGiveUp">> {
  objectOption("options", options);
  const o = assignDefaults<Required<Omit<HuntOptions, "onCatch" | "onGiveUp">>>(
    { ...HUNT_DEFAULTS, speed: 0 },
    options,
  );
  return {
    searchRadius: positiveNumber("searchRadius", o.searchRadius),
    spotRadius: positiveNumber("spotRadius", o.spotRadius),
    speed: nonNegativeNumber("speed", o.speed),
    chaseSeconds: positiveNumber("chaseSeconds", o.chaseSeconds),
    restSeconds: nonNegativeNumber("restSeconds", o.restSeconds),
    catchDistance: nonNegativeNumber("catchDistance", o.catchDistance),
  };
}

/**
 * Where a hunt is: `search` (looking, its order goes on), `stalk` (walking briskly toward prey
 * it found), `chase`, `rest`.
 * @category Motion
 */
export type HuntPhase = "search" | "stalk" | "chase" | "rest";

/** How much farther across than below the prey a flier starts its stoop, metres. */
const STOOP_REACH = 3;

/** Seconds a stoop may stay at its lowest over prey it cannot reach before the chase is given up. */
const STOOP_STUCK_SECONDS = 1.5;

/** Seconds between two looks for prey while searching (a search is a world query). */
const LOOK_EVERY = 0.5;

/**
 * A hunt: see the module comment. Its `state` (what the creature's state reads while it is
 * engaged) is `stalk`, `hunt` (chasing) or `rest`.
 * @category Motion
 */
export class HuntBehavior extends SteeringBehavior {
  /** True while stalking, chasing or resting: the creature's order pauses. */
  declare engaged: boolean;
  /** The creature's state while engaged. */
  override state = "search";
  /** The prey it is after (while stalking or chasing). */
  prey: SteeringAgent | undefined;
  /** Catches so far. */
  catches = 0;
  /** Chases given up so far. */
  misses = 0;
  /** It looks for prey this far away, metres. */
  searchRadius: number;
  /** It chases prey this close, metres. */
  spotRadius: number;
  /** Chase speed, m/s; 0 means the hunter's runSpeed. */
  speed: number;
  /** It gives up a chase after this many seconds. */
  chaseSeconds: number;
  /** It rests this long after a catch or giving up, seconds. */
  restSeconds: number;
  /** A catch is contact: bodies closer than their radii plus this, metres. */
  catchDistance: number;
  /** Told of each catch. */
  onCatch: ((prey: SteeringAgent) => void) | undefined;
  /** Told when a chase is given up. */
  onGiveUp: ((prey: SteeringAgent) => void) | undefined;
  #phase: HuntPhase = "search";
  /** Seconds a stoop has gone no lower right over its prey, and its height the step before. */
  #stuck = 0;
  #lastY = 0;
  #clock = 0;
  #look = 0;

  /** @throws OptionsError naming a bad option. */
  constructor(
    /** Which agents are prey. */
    readonly isPrey: (other: SteeringAgent) => boolean,
    options: HuntOptions = {},
  ) {
    super();
    const o = resolveOptions(options);
    this.searchRadius = o.searchRadius;
    this.spotRadius = o.spotRadius;
    this.speed = o.speed;
    this.chaseSeconds = o.chaseSeconds;
    this.restSeconds = o.restSeconds;
    this.catchDistance = o.catchDistance;
    this.onCatch = options.onCatch;
    this.onGiveUp = options.onGiveUp;
  }

  /** Where the hunt is; its {@link engaged} and {@link state} follow it. */
  get phase(): HuntPhase {
    return this.#phase;
  }

  /** Sets where the hunt is, and its {@link engaged} and {@link state} with it. */
  set phase(phase: HuntPhase) {
    this.#phase = phase;
    this.engaged = phase !== "search";
    this.state = phase === "chase" ? "hunt" : phase;
  }

  calculate(agent: SteeringAgent, out: Vec2, dt: number): void {
    out.x = 0;
    out.z = 0;
    this.#clock += dt;
    if (this.phase === "rest") {
      brake(agent, out);
      if (this.#clock >= this.restSeconds) this.#enter("search");
      return;
    }
    const prey = this.prey;
    if (prey && (!prey.world || distance(agent, prey) > this.searchRadius)) {
      // Gone from the world, or out of reach: back to looking (a chase given up).
      if (this.phase === "chase") {
        this.#giveUp(prey, agent, out);
        return;
      }
      this.prey = undefined;
      this.#enter("search");
    }
    if (this.phase === "search") {
      this.#look -= dt;
      if (this.#look > 0) return;
      this.#look = LOOK_EVERY;
      this.prey = this.#nearestPrey(agent);
      if (!this.prey) return;
      this.#enter("stalk");
    }
    const target = this.prey!;
    const d = distance(agent, target);
    // A catch is contact in three dimensions: an eagle high over a crab, or a shark over a crab on
    // the floor, has not caught it.
    const dy = (agent.y ?? 0) - (target.y ?? 0);
    const reach = agent.radius + target.radius + this.catchDistance;
    if (d <= reach && heightGap(agent, target) <= this.catchDistance) {
      this.catches++;
      this.#enter("rest");
      this.prey = undefined;
      this.onCatch?.(target);
      brake(agent, out);
      return;
    }
    if (this.phase === "stalk" && d <= this.spotRadius) this.#enter("chase");
    if (this.phase === "chase" && this.#clock >= this.chaseSeconds) {
      this.#giveUp(target, agent, out);
      return;
    }
    // A flier stoops: once the prey is within a dive's slope (closer across than below), it
    // dives to the prey's height; its flight climbs back to its band when the stoop ends.
    if (this.phase === "chase" && (agent.altitude ?? 0) > 0 && d <= Math.abs(dy) + STOOP_REACH) {
      agent.stoopY = target.y ?? 0;
      if (this.#outOfReach(agent, d <= reach, dt)) {
        this.#giveUp(target, agent, out);
        return;
      }
    }
    // Stalking: a brisk walk (half again its walk, never past its run), so it closes in on grazers.
    const speed =
      this.phase === "chase"
        ? this.speed > 0
          ? this.speed
          : agent.runSpeed
        : Math.min(agent.runSpeed, agent.walkSpeed * 1.5);
    allow(agent, speed);
    // Head where the prey will be (Reynolds' pursuit), a few seconds ahead at most.
    const ahead = lookAhead(target, d, speed);
    // On a navmesh by the way round its edges: across a river by the bridge.
    steerToward(agent, target.x + target.vx * ahead, target.z + target.vz * ahead, speed, out);
  }

  /**
   * True once a stoop has gone no lower for {@link STOOP_STUCK_SECONDS} right over its prey: the
   * prey is out of its reach (a fish deep under the surface), so it gives the chase up.
   */
  #outOfReach(agent: SteeringAgent, over: boolean, dt: number): boolean {
    const y = agent.y ?? 0;
    this.#stuck = over && y >= this.#lastY - 1e-3 ? this.#stuck + dt : 0;
    this.#lastY = y;
    return this.#stuck >= STOOP_STUCK_SECONDS;
  }

  #giveUp(prey: SteeringAgent, agent: SteeringAgent, out: Vec2): void {
    this.misses++;
    this.prey = undefined;
    this.#enter("rest");
    this.onGiveUp?.(prey);
    brake(agent, out);
  }

  #enter(phase: HuntPhase): void {
    this.phase = phase;
    this.#clock = 0;
    this.#look = 0;
    // A stoop's count is its chase's: one given up over prey out of reach must not cut the next short.
    this.#stuck = 0;
  }

  #nearestPrey(agent: SteeringAgent): SteeringAgent | undefined {
    const world: SteeringWorld | undefined = agent.world;
    if (!world) return undefined;
    world.queryRadius = this.searchRadius;
    const count = world.findNeighbours(agent);
    let best: SteeringAgent | undefined;
    let bestD = Infinity;
    for (let i = 0; i < count; i++) {
      const other = world.neighbours[i]!;
      const d = distance(agent, other);
      if (d < bestD && this.isPrey(other)) {
        best = other;
        bestD = d;
      }
    }
    return best;
  }
}

/**
 * Metres between two bodies' spans in height (0 when they overlap): a shark over a crab on the
 * floor 4 m below is not in contact. Bodies without a height (a game's own agents) span none.
 */
function heightGap(a: SteeringAgent, b: SteeringAgent): number {
  const ay = (a as { y?: number }).y;
  const by = (b as { y?: number }).y;
  if (ay === undefined || by === undefined) return 0;
  const ah = (a as { bodyHeight?: number }).bodyHeight ?? 0;
  const bh = (b as { bodyHeight?: number }).bodyHeight ?? 0;
  return Math.max(0, Math.max(ay, by) - Math.min(ay + ah, by + bh));
}
