/**
 * Wander (after Reynolds and Yuka): a target jittering on a circle projected ahead of the
 * agent, so the path curves smoothly instead of zig-zagging. The goal of the `wander` order.
 */
import type { SteeringAgent, Vec2 } from "../types.js";
import { SteeringBehavior, seek, seekTarget } from "./steeringBehavior.js";

/** Two jitter draws per wander step, written by the generator (no returned doubles). */
const jitter = new Float64Array(2);

/** Wanders on a smooth, jittering path at the agent's cruise speed. */
export class WanderBehavior extends SteeringBehavior {
  /** The wander target on its circle (unit vector, local frame). */
  tx = 0;
  tz = 1;
  constructor(
    public radius = 1,
    public distance = 2,
    /** Jitter, in circle radii per second. */
    public jitter = 3,
  ) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const j = this.jitter * agent.dt;
    agent.rng.fillBinomial(jitter);
    this.tx += jitter[0]! * j;
    this.tz += jitter[1]! * j;
    const len = Math.sqrt(this.tx * this.tx + this.tz * this.tz) || 1;
    this.tx /= len;
    this.tz /= len;
    // Local target (ahead along +Z), turned by the heading into the world.
    const lx = this.tx * this.radius;
    const lz = this.tz * this.radius + this.distance;
    const s = Math.sin(agent.heading);
    const c = Math.cos(agent.heading);
    seekTarget.x = agent.x + lx * c + lz * s;
    seekTarget.z = agent.z - lx * s + lz * c;
    seekTarget.speed = agent.cruiseSpeed;
    seek(agent, out);
  }
}
