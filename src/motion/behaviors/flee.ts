/**
 * Flee (after Reynolds): a reaction a creature keeps whatever its orders. It takes over
 * (`engaged`) while the target is within `radius` and lets go once it is beyond `calmRadius`,
 * so a sheep bolts, runs, calms down and grazes on.
 */
import { assignDefaults } from "../../core/options.js";
import type { SteeringAgent, SteeringTarget, Vec2 } from "../types.js";
import { allow, distance, lookAhead, runFrom, SteeringBehavior } from "./steeringBehavior.js";

/**
 * Options of {@link FleeBehavior} and {@link EvadeBehavior}.
 * @category Motion
 */
export interface FleeOptions {
  /** It bolts when the target comes this close, metres. @default 6 */
  radius?: number | undefined;
  /** It calms down once the target is this far, metres (at least `radius`). @default 1.5 × radius */
  calmRadius?: number | undefined;
  /** Speed while fleeing, m/s. @default the creature's runSpeed */
  speed?: number | undefined;
}

/**
 * Defaults of {@link FleeOptions}.
 * @category Motion
 */
export const FLEE_DEFAULTS = Object.freeze({ radius: 6, calmOverRadius: 1.5 });

/**
 * Runs away from the target while it is near: engaged when it comes within `radius`, released
 * once it is beyond `calmRadius`. While engaged the creature's order pauses (its state reads
 * `flee`); afterwards the order goes on.
 * @category Motion
 */
export class FleeBehavior extends SteeringBehavior {
  declare engaged: boolean;
  override readonly state: string = "flee";
  /** True when it runs from where the target will be, not where it is ({@link EvadeBehavior}). */
  readonly predicts: boolean = false;
  /** It bolts when the target comes this close, metres. */
  radius: number;
  /** It calms down once the target is this far, metres. */
  calmRadius: number;
  /** Speed, m/s; 0 means the creature's runSpeed. */
  speed: number;
  constructor(
    /** What it runs from. */
    public target: SteeringTarget,
    options: FleeOptions = {},
  ) {
    super();
    // A speed of 0 means the creature's runSpeed.
    const o = assignDefaults<{ radius: number; speed: number }>({ radius: FLEE_DEFAULTS.radius, speed: 0 }, options);
    this.radius = o.radius;
    this.calmRadius = Math.max(this.radius, options.calmRadius ?? this.radius * FLEE_DEFAULTS.calmOverRadius);
    this.speed = o.speed;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const t = this.target;
    const d = distance(agent, t);
    if (this.engaged ? d > this.calmRadius : d >= this.radius) {
      this.engaged = false;
      out.x = 0;
      out.z = 0;
      return;
    }
    this.engaged = true;
    const speed = this.speed > 0 ? this.speed : agent.runSpeed;
    allow(agent, speed);
    const ahead = this.predicts ? lookAhead(t, d, speed) : 0;
    runFrom(agent, t.x + (t.vx ?? 0) * ahead, t.z + (t.vz ?? 0) * ahead, speed, out);
  }
}
