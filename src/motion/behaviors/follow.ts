/**
 * Follow: keeps within a distance of a target, keeping pace with it. A goal that the `follow`
 * order sets.
 */
import { assignDefaults } from "../../core/options.js";
import type { SteeringAgent, SteeringTarget, Vec2 } from "../types.js";
import { allow, brake, distance, SteeringBehavior, steerToward } from "./steeringBehavior.js";

/**
 * Options of {@link FollowBehavior}.
 * @category Motion
 */
export interface FollowOptions {
  /** How close it keeps, metres from the target's centre. @default 2 */
  distance?: number | undefined;
  /** Speed when far behind, m/s; near it walks. @default the creature's runSpeed */
  speed?: number | undefined;
}

/**
 * Defaults of {@link FollowOptions}.
 * @category Motion
 */
export const FOLLOW_DEFAULTS = Object.freeze({ distance: 2 });

/**
 * Keeps within `distance` of the target: keeps pace with it, walks up when a little behind,
 * runs when far behind (over 4 m beyond the distance), and stands when close enough.
 * @category Motion
 */
export class FollowBehavior extends SteeringBehavior {
  /** How close it keeps, metres. */
  distance: number;
  /** Top speed, m/s; 0 means the creature's runSpeed. */
  speed: number;
  constructor(
    /** What it follows. */
    public target: SteeringTarget,
    options: FollowOptions = {},
  ) {
    super();
    // A speed of 0 means the creature's runSpeed.
    const o = assignDefaults({ ...FOLLOW_DEFAULTS, speed: 0 }, options);
    this.distance = o.distance;
    this.speed = o.speed;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const t = this.target;
    const behind = distance(agent, t) - this.distance;
    if (behind <= 0) {
      brake(agent, out); // close enough: stand
      return;
    }
    const top = this.speed > 0 ? this.speed : agent.runSpeed;
    // Walk when a little behind, run when far behind; slow down as it closes in, braking at
    // most at half its force so it stops at the distance instead of overshooting.
    // It also matches the target's own speed, so it keeps pace instead of lagging behind.
    const hurry = Math.min(1, Math.max(0, (behind - 1) / 4));
    const brakeAt = Math.sqrt(agent.maxForce * behind);
    const catchUp = Math.min(agent.walkSpeed + (top - agent.walkSpeed) * hurry, brakeAt, agent.walkSpeed * 2 * behind);
    const tvx = t.vx ?? 0;
    const tvz = t.vz ?? 0;
    const speed = Math.min(top, Math.sqrt(tvx * tvx + tvz * tvz) + catchUp);
    allow(agent, speed);
    steerToward(agent, t.x, t.z, speed, out);
  }
}
