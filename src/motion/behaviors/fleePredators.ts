/**
 * Prey that flee predators (after the official SDK's `FleeFromPredatorsGoal`, predators spotted
 * at 5 m): the nearest predator noticed within `radius` is run from until none is within
 * `calmRadius`. A reaction a creature keeps whatever its order: while engaged it pauses it.
 */
import { assignDefaults, nonNegativeNumber, objectOption, positiveNumber } from "../../core/options.js";
import type { SteeringAgent, SteeringWorld, Vec2 } from "../types.js";
import { allow, distance, runFrom, SteeringBehavior } from "./steeringBehavior.js";

/**
 * Options of {@link FleePredatorsBehavior}.
 * @category Motion
 */
export interface FleePredatorsOptions {
  /** It notices a predator this close, metres (the SDK's 5 m). @default 5 */
  radius?: number;
  /** It calms down once no predator is this close, metres (at least `radius`). @default 2 × radius */
  calmRadius?: number;
  /** Speed while fleeing, m/s. @default the creature's runSpeed */
  speed?: number;
}

/**
 * Defaults of {@link FleePredatorsOptions}.
 * @category Motion
 */
export const FLEE_PREDATORS_DEFAULTS = Object.freeze({ radius: 5, calmOverRadius: 2 });

/** {@link FleePredatorsOptions} checked, with their defaults (a speed of 0 means the runSpeed). */
function resolveOptions(options: FleePredatorsOptions): Required<FleePredatorsOptions> {
  objectOption("options", options);
  const o = assignDefaults<{ radius: number; speed: number }>(
    { radius: FLEE_PREDATORS_DEFAULTS.radius, speed: 0 },
    options,
  );
  const radius = positiveNumber("radius", o.radius);
  const calm = options.calmRadius ?? radius * FLEE_PREDATORS_DEFAULTS.calmOverRadius;
  return {
    radius,
    calmRadius: Math.max(radius, positiveNumber("calmRadius", calm)),
    speed: nonNegativeNumber("speed", o.speed),
  };
}

/**
 * Runs from the nearest predator it notices (state `flee`), until none is within `calmRadius`;
 * meanwhile its order pauses, then goes on.
 * @category Motion
 */
export class FleePredatorsBehavior extends SteeringBehavior {
  declare engaged: boolean;
  override readonly state: string = "flee";
  /** It notices a predator this close, metres. */
  radius: number;
  /** It calms down once no predator is this close, metres. */
  calmRadius: number;
  /** Speed while fleeing, m/s; 0 means its runSpeed. */
  speed: number;
  /** The predator it runs from, while engaged. */
  predator: SteeringAgent | undefined;

  /** @throws OptionsError naming a bad option. */
  constructor(
    /** Which agents are predators. */
    readonly isPredator: (other: SteeringAgent) => boolean,
    options: FleePredatorsOptions = {},
  ) {
    super();
    const o = resolveOptions(options);
    this.radius = o.radius;
    this.calmRadius = o.calmRadius;
    this.speed = o.speed;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    const world = agent.world;
    if (!world) return;
    const nearest = this.#nearestPredator(agent, world);
    this.engaged = nearest !== undefined;
    this.predator = nearest;
    if (!nearest) return;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    allow(agent, speed);
    runFrom(agent, nearest.x, nearest.z, speed, out);
  }

  /** The nearest predator within reach: `radius`, or `calmRadius` while it flees. */
  #nearestPredator(agent: SteeringAgent, world: SteeringWorld): SteeringAgent | undefined {
    const radius = this.engaged ? this.calmRadius : this.radius;
    // The neighbours the world gathered for this step reach far enough (a herd's view): read
    // those, within the radius, instead of searching the world a second time.
    if (world.gatheredFor === agent) {
      const reach = agent.neighbourRadius;
      if (radius <= reach) {
        this.#within2 = radius * radius;
        return this.#nearestOf(agent, agent.neighbours, agent.neighbourCount, world);
      }
      // Fleeing, it looks further (calmRadius) than it gathered. The gathered list holds every
      // agent within its reach, so a predator found there is nearer than any beyond it: the
      // wider search is needed only when none is (a school round a shark flees it all the while).
      if (reach > 0) {
        this.#within2 = reach * reach;
        const near = this.#nearestOf(agent, agent.neighbours, agent.neighbourCount, world);
        if (near) return near;
      }
    }
    world.queryRadius = radius;
    this.#within2 = Infinity;
    return this.#nearestOf(agent, world.neighbours, world.findNeighbours(agent), world);
  }

  /** The squared reach of {@link #nearestOf}, in a field: V8 boxes a double passed to a call it does not inline. */
  #within2 = 0.5;

  /** The nearest predator among the first `count` of `list`, within the reach of `#within2`. */
  #nearestOf(
    agent: SteeringAgent,
    list: readonly SteeringAgent[],
    count: number,
    world: SteeringWorld,
  ): SteeringAgent | undefined {
    const limit2 = this.#within2;
    let nearest: SteeringAgent | undefined;
    let best = Infinity;
    for (let i = 0; i < count; i++) {
      const other = list[i]!;
      const dx = other.x - agent.x;
      const dz = other.z - agent.z;
      // The world's own search keeps those at most `radius` away, and only its own agents.
      if (dx * dx + dz * dz > limit2 || other.world !== world) continue;
      const d = distance(agent, other);
      if (d < best && this.isPredator(other)) {
        nearest = other;
        best = d;
      }
    }
    return nearest;
  }
}
