/**
 * Seek (after Reynolds): heads straight for a target at a steady speed. A goal that the
 * `seek` order sets.
 */
import { assignDefaults } from "../../core/options.js";
import type { SteeringAgent, SteeringTarget, Vec2 } from "../types.js";
import { allow, SteeringBehavior, steerToward } from "./steeringBehavior.js";

/**
 * Options of {@link SeekBehavior} and {@link PursueBehavior}.
 * @category Motion
 */
export interface SeekOptions {
  /** Speed, m/s. @default the creature's walkSpeed for seek, its runSpeed for pursue */
  speed?: number | undefined;
}

/** Defaults of {@link SeekOptions}: a speed of 0 means the creature's own (walk or run). */
const SEEK_DEFAULTS: Readonly<Required<SeekOptions>> = Object.freeze({ speed: 0 });

/** {@link SeekOptions} with their defaults. */
export function resolveSeekOptions(options: SeekOptions): Required<SeekOptions> {
  return assignDefaults(SEEK_DEFAULTS, options);
}

/**
 * Heads straight for the target at a steady speed (it does not slow down there: see arrive).
 * @category Motion
 */
export class SeekBehavior extends SteeringBehavior {
  /** Speed, m/s; 0 means the creature's walkSpeed. */
  speed: number;
  constructor(
    /** What it heads for. */
    public target: SteeringTarget,
    options: SeekOptions = {},
  ) {
    super();
    this.speed = resolveSeekOptions(options).speed;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const speed = this.speed > 0 ? this.speed : agent.walkSpeed;
    allow(agent, speed);
    steerToward(agent, this.target.x, this.target.z, speed, out);
  }
}
