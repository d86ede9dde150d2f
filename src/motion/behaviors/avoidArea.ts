/**
 * Avoid an area: the limit the `wander` order sets for each area to stay out of, which every
 * later order keeps too until a wander sets others.
 */
import { type Area, probeEdge } from "../area.js";
import type { SteeringAgent, Vec2 } from "../types.js";
import { EdgeScratch, SteeringBehavior } from "./steeringBehavior.js";

const scratch = new EdgeScratch();

/** Stays out of an area (a lake for walkers): a push outward that grows near and inside it. */
export class AvoidAreaBehavior extends SteeringBehavior {
  override weight = 3;
  constructor(
    public area: Area,
    public margin = 1,
  ) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    probeEdge(this.area, agent, scratch);
    const d = scratch.distance; // > 0 inside the area
    if (d < -this.margin) {
      out.x = 0;
      out.z = 0;
      return;
    }
    const strength = agent.maxForce * Math.min(4, (d + this.margin) / this.margin);
    out.x = -scratch.x * strength; // scratch points inward: push the other way
    out.z = -scratch.z * strength;
  }
}
