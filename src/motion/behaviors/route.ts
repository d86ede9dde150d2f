/**
 * Route: arrives at a point by way of waypoints around obstacles (planned with `findPath`).
 * The goal of the `moveTo` order.
 */
import type { JumpLeg } from "../jumpArc.js";
import type { JumpReach } from "../jumpReach.js";
import type { JumpWaypoint } from "../jumpRoutes.js";
import type { SteeringAgent, Vec2 } from "../types.js";
import { ArriveBehavior } from "./arrive.js";

/**
 * Arrive at a point by way of waypoints: it heads for each in turn at its cruise speed, passing
 * one once within `pass` metres, and arrives at the last (ArriveBehavior: slows, then stops).
 * Given a `plan`, it plans its waypoints from where the agent is on its first step, and again
 * whenever the world's obstacles change (`obstacleVersion`): a rock dropped in its way, or a
 * wall taken down, changes its way there.
 */
export class RouteBehavior extends ArriveBehavior {
  /** The waypoints before the target, in order; passed ones are skipped. A take-off point carries its jump. */
  waypoints: JumpWaypoint[];
  /**
   * A jump whose take-off point it reached this step: its agent takes it (and clears this);
   * its landing point counts as passed.
   */
  jumpDue: JumpLeg | undefined = undefined;
  /** Times it planned its way (the first plan included). */
  plans = 0;
  #next = 0;
  /** The world's obstacle version its waypoints were planned for; -1 before the first plan. */
  #version = -1;
  constructor(
    target: Vec2,
    tolerance: number,
    slowRadius: number,
    waypoints: readonly Vec2[],
    public pass = 0.75,
    /** Plans the waypoints from `from` (the target not included); none when the way is clear. */
    readonly plan?: (from: Vec2) => Vec2[],
  ) {
    super(target, tolerance, slowRadius);
    this.waypoints = [...waypoints];
  }

  /** Waypoints still ahead (the target not counted). */
  get remaining(): number {
    return this.waypoints.length - this.#next;
  }

  /** Where it heads now: the next waypoint not yet passed, else the target. */
  get aim(): Vec2 {
    return this.#next < this.waypoints.length ? this.waypoints[this.#next]! : this.target;
  }

  override calculate(agent: SteeringAgent, out: Vec2): void {
    const version = agent.world?.obstacleVersion ?? 0;
    if (this.plan && version !== this.#version) {
      this.#version = version;
      this.waypoints = this.plan(agent);
      this.#next = 0;
      this.plans++;
    }
    while (this.#next < this.waypoints.length) {
      const w = this.waypoints[this.#next]!;
      const dx = w.x - agent.x;
      const dz = w.z - agent.z;
      const d = Math.sqrt(dx * dx + dz * dz);
      const jump = w.jump;
      if (jump ? this.#atTakeOff(agent, w, jump, d) : d <= this.pass) {
        this.#next++;
        if (!jump) continue;
        this.jumpDue = jump; // it takes off here: the landing point is passed in the air
        this.#next++;
        out.x = 0;
        out.z = 0;
        return;
      }
      out.x = (dx / d) * agent.cruiseSpeed - agent.vx;
      out.z = (dz / d) * agent.cruiseSpeed - agent.vz;
      return;
    }
    super.calculate(agent, out);
  }

  /**
   * True when it takes off for `jump` from the take-off point `w`, `d` metres away: there, or near it
   * (within `pass`, on its level) and no longer closing in. Walkers sent the same way meet at one
   * take-off point and their separation holds each off it; one waiting there would wait forever,
   * so it jumps from where it stands, as long as the landing stays within its reach.
   */
  #atTakeOff(agent: SteeringAgent & { readonly jumpReach?: JumpReach }, w: Vec2, jump: JumpLeg, d: number): boolean {
    if (d <= Math.max(0.1, agent.radius * 0.3)) return true;
    if (d > Math.max(this.pass, agent.radius * 2)) return false;
    if (agent.y !== undefined && Math.abs(agent.y - jump.from.y) > TAKE_OFF_LEVEL) return false;
    const closing = (agent.vx * (w.x - agent.x) + agent.vz * (w.z - agent.z)) / d;
    if (closing > agent.cruiseSpeed * 0.25) return false; // still on its way there: it gets there
    const reach = agent.jumpReach;
    if (!reach) return true;
    const across = Math.hypot(jump.to.x - jump.from.x, jump.to.z - jump.from.z);
    return Math.hypot(jump.to.x - agent.x, jump.to.z - agent.z) <= Math.max(reach.length, across);
  }
}

/** Most metres its feet may lie above or below a take-off point it jumps from without standing on it. */
const TAKE_OFF_LEVEL = 0.3;
