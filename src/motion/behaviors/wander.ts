/**
 * Wander (after Reynolds and Yuka): a target jittering on a circle projected ahead of the
 * agent, so the path curves smoothly instead of zig-zagging. The goal of the `wander` order.
 */
import type { PathPlanner, SteeringAgent, Vec2 } from "../types.js";
import { ForceVector, SteeringBehavior, seek, seekTarget } from "./steeringBehavior.js";

type OpenPlanner = PathPlanner & Required<Pick<PathPlanner, "openWay">>;

/** The open way the world's planner gave (scratch). */
const way = new ForceVector();

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
    const planner = agent.world?.pathPlanner;
    if (planner?.openWay !== undefined) this.#keepToSurface(agent, planner as OpenPlanner, s, c);
    seek(agent, out);
  }

  /**
   * On a navmesh its next point is one on it: a wish over an edge turns to the nearest way
   * that stays on it, and its circle's target turns with it, so it walks on along the edge
   * instead of pressing against it.
   */
  #keepToSurface(agent: SteeringAgent, planner: OpenPlanner, s: number, c: number): void {
    const dx = seekTarget.x - agent.x;
    const dz = seekTarget.z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz) || 1;
    planner.openWay(agent, dx / d, dz / d, Math.max(d, agent.cruiseSpeed * 1.5), way);
    if (way.x * dx + way.z * dz > d * 0.999) return; // the way it wished is open
    seekTarget.x = agent.x + way.x * d;
    seekTarget.z = agent.z + way.z * d;
    // The way in its own frame (ahead along +Z).
    this.tx = way.x * c - way.z * s;
    this.tz = way.x * s + way.z * c;
  }
}
