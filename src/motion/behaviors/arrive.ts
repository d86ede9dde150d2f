/** Arrive (after Reynolds): heads for a point and slows down to stop there. */
import type { SteeringAgent, Vec2 } from "../types.js";
import { brake, SteeringBehavior, seek, seekTarget } from "./steeringBehavior.js";

/** Arrives at a point, slowing down within `slowRadius`; `arrived` turns true within `tolerance`. */
export class ArriveBehavior extends SteeringBehavior {
  arrived = false;
  constructor(
    public target: Vec2,
    public tolerance = 0.1,
    public slowRadius = 1.5,
  ) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const dx = this.target.x - agent.x;
    const dz = this.target.z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (d <= this.tolerance) {
      this.arrived = true;
      brake(agent, out);
      return;
    }
    seekTarget.x = this.target.x;
    seekTarget.z = this.target.z;
    seekTarget.speed = Math.min(agent.cruiseSpeed, (agent.cruiseSpeed * d) / this.slowRadius);
    seek(agent, out);
  }
}
