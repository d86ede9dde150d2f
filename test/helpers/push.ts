import { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";

/** A steady push (a behavior a test adds to drive an agent one way); its force may be changed between steps. */
export class Push extends SteeringBehavior {
  constructor(
    public fx: number,
    public fz: number,
  ) {
    super();
  }

  calculate(_agent: SteeringAgent, out: Vec2): void {
    out.x = this.fx;
    out.z = this.fz;
  }
}
