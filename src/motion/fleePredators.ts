/**
 * Prey that flee predators (after the official SDK's `FleeFromPredatorsGoal`, predators spotted
 * at 5 m): the nearest predator noticed within `radius` is run from until none is within
 * `calmRadius`. A reaction a creature keeps whatever its order: while engaged it pauses it.
 */
import { nonNegativeNumber, objectOption, positiveNumber } from "../api/options.js";
import { distance, GAIN } from "./hunt.js";
import type { SteeringAgent, SteeringBehavior, Vec2 } from "./types.js";

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

/**
 * Runs from the nearest predator it notices (state `flee`), until none is within `calmRadius`;
 * meanwhile its order pauses, then goes on.
 * @category Motion
 */
export class FleePredatorsBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  engaged = false;
  readonly state: string = "flee";
  /** It notices a predator this close, metres. */
  radius = 5;
  /** It calms down once no predator is this close, metres. */
  calmRadius = 10;
  /** Speed while fleeing, m/s; 0 means its runSpeed. */
  speed = 0;
  /** The predator it runs from, while engaged. */
  predator: SteeringAgent | undefined;

  /** @throws OptionsError naming a bad option. */
  constructor(
    /** Which agents are predators. */
    readonly isPredator: (other: SteeringAgent) => boolean,
    options: FleePredatorsOptions = {},
  ) {
    objectOption("options", options);
    this.radius = positiveNumber("radius", options.radius ?? FLEE_PREDATORS_DEFAULTS.radius);
    const calm = options.calmRadius ?? this.radius * FLEE_PREDATORS_DEFAULTS.calmOverRadius;
    this.calmRadius = Math.max(this.radius, positiveNumber("calmRadius", calm));
    this.speed = nonNegativeNumber("speed", options.speed ?? 0);
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    const world = agent.world;
    if (!world) return;
    world.queryRadius = this.engaged ? this.calmRadius : this.radius;
    const count = world.findNeighbours(agent);
    let nearest: SteeringAgent | undefined;
    let best = Infinity;
    for (let i = 0; i < count; i++) {
      const other = world.neighbours[i]!;
      const d = distance(agent, other);
      if (d < best && this.isPredator(other)) {
        nearest = other;
        best = d;
      }
    }
    this.engaged = nearest !== undefined;
    this.predator = nearest;
    if (!nearest) return;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    if (speed > agent.speedLimit) agent.speedLimit = speed;
    let ax = agent.x - nearest.x;
    let az = agent.z - nearest.z;
    const len = Math.sqrt(ax * ax + az * az);
    if (len < 1e-9) {
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
