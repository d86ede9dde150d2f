/** Separation (after Reynolds' boids): every agent keeps apart from its neighbours, whatever its order. */
import type { SteeringAgent, Vec2 } from "../types.js";
import { SteeringBehavior } from "./steeringBehavior.js";

/** Keeps apart from neighbours closer than `radius` (plus both bodies' radii). */
export class SeparationBehavior extends SteeringBehavior {
  override weight = 2;
  constructor(public radius = 0.5) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    // Read from what the world gathered for this agent at the start of its step.
    const count = agent.neighbourCount;
    const neighbours = agent.neighbours;
    for (let k = 0; k < count; k++) {
      const other = neighbours[k]!;
      const dx = agent.x - other.x;
      const dz = agent.z - other.z;
      const d = Math.sqrt(dx * dx + dz * dz);
      const limit = this.radius + agent.radius + other.radius;
      if (d >= limit) continue;
      // Another layer (a gull over a carp, a bird over a walker) is not a neighbour to push.
      const dy = (agent.y ?? 0) - (other.y ?? 0);
      if (dy * dy >= limit * limit) continue;
      if (d < 1e-9) {
        // Exactly on top of each other: part along a direction fixed by the pair's order.
        out.x += agent.id < other.id ? agent.maxForce : -agent.maxForce;
        continue;
      }
      // Stronger the deeper the overlap.
      const push = (limit - d) / limit;
      out.x += (dx / d) * push * agent.maxForce * 2;
      out.z += (dz / d) * push * agent.maxForce * 2;
    }
  }
}
