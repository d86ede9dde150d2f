/**
 * Pursue (after Reynolds): heads for where a moving target will be. A goal that the `pursue`
 * order sets.
 */
import type { SteeringAgent, SteeringTarget, Vec2 } from "../types.js";
import { resolveSeekOptions, type SeekOptions } from "./seek.js";
import { allow, distance, lookAhead, SteeringBehavior, steerToward } from "./steeringBehavior.js";

/**
 * Heads for where a moving target will be (its velocity times the time to reach it).
 * @category Motion
 */
export class PursueBehavior extends SteeringBehavior {
  /** Speed, m/s; 0 means the creature's runSpeed. */
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
    const t = this.target;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    allow(agent, speed);
    const d = distance(agent, t);
    const ahead = lookAhead(t, d, speed);
    steerToward(agent, t.x + (t.vx ?? 0) * ahead, t.z + (t.vz ?? 0) * ahead, speed, out);
  }
}
