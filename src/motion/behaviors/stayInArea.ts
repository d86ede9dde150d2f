/** Stay in an area: the limit the `wander` order sets when given an area. */
import { type Area, probeEdge } from "../area.js";
import type { SteeringAgent, Vec2 } from "../types.js";
import { EdgeScratch, SteeringBehavior } from "./steeringBehavior.js";

const scratch = new EdgeScratch();

/** Stays inside an area: a force toward the inside that grows as the agent nears the edge. */
export class StayInAreaBehavior extends SteeringBehavior {
  override weight = 3;
  constructor(
    public area: Area,
    /** Distance from the edge where the push starts, metres. */
    public margin = 2,
  ) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    probeEdge(this.area, agent, scratch);
    const d = scratch.distance;
    if (d >= this.margin) {
      out.x = 0;
      out.z = 0;
      return;
    }
    const strength = agent.maxForce * Math.min(4, (this.margin - d) / this.margin);
    out.x = scratch.x * strength;
    out.z = scratch.z * strength;
  }
}
