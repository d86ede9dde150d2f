/** Brake: the goal of the `stop` order, and of an agent that has arrived. */
import type { SteeringAgent, Vec2 } from "../types.js";
import { brake, SteeringBehavior } from "./steeringBehavior.js";

/** Brakes to a stop. */
export class BrakeBehavior extends SteeringBehavior {
  calculate(agent: SteeringAgent, out: Vec2): void {
    brake(agent, out);
  }
}
