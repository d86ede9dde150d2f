/**
 * A member's share of its group, a `MotionGroup` (after Reynolds' boids and Yuka's cohesion and
 * alignment): cohesion toward the members it sees, or the group's centre when it sees none,
 * and alignment toward their mean velocity. The group's centre and mean velocity are worked
 * out once per step, by the first member that asks.
 */
import type { SteeringAgent, Vec2 } from "../types.js";
import { ForceVector, SteeringBehavior } from "./steeringBehavior.js";

/** What a member reads of its group's settings (a `MotionGroup`'s). */
export interface GroupSettings {
  /** Members within this many metres of a member are the ones it keeps with. */
  readonly viewRadius: number;
  /** Strength of the pull toward the members it sees. */
  readonly cohesion: number;
  /** Strength of the turn toward their mean velocity. */
  readonly alignment: number;
  /** No pull within this many body radii of the centre a member sees. */
  readonly spacing: number;
}

/** A group's centre and mean velocity, worked out once per world step by the first member asking. */
export class GroupStats {
  stamp = -1;
  cx = 0.5;
  cz = 0.5;
  mvx = 0.5;
  mvz = 0.5;
  members: readonly SteeringAgent[] = [];
  /** The members by agent, for the test of a neighbour's membership. */
  membership: ReadonlyMap<SteeringAgent, unknown> = new Map();
  /** Whether the group is in pieces now (its owner's test). */
  split: () => boolean = () => false;
  /** True while the group is in pieces: its members pull toward the whole group's centre too. */
  apart = false;
  /** World time of the last look at {@link apart}: looked at once a second (it walks every pair). */
  #looked = Number.NEGATIVE_INFINITY;

  refresh(agent: SteeringAgent): void {
    const time = agent.world?.time ?? -2;
    if (time === this.stamp) return;
    this.stamp = time;
    const list = this.members;
    let x = 0;
    let z = 0;
    let vx = 0;
    let vz = 0;
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const m = list[i]!;
      if (!m.world) continue; // removed from its world (disposed) but not yet from the group
      n++;
      x += m.x;
      z += m.z;
      vx += m.vx;
      vz += m.vz;
    }
    if (n === 0) n = 1;
    if (!(time - this.#looked < SPLIT_LOOK_SECONDS) || time < this.#looked) {
      this.#looked = time;
      this.apart = this.split();
    }
    this.cx = x / n;
    this.cz = z / n;
    this.mvx = vx / n;
    this.mvz = vz / n;
  }
}

/** The centre a member pulls toward, as the world's planner aims it (scratch). */
const centre = new ForceVector();

/** Seconds between looks at whether a group is in pieces. */
const SPLIT_LOOK_SECONDS = 1;

/** The states in which a member moves with its group. */
const GROUP_STATES = new Set(["wander", "idle", "flee"]);

/**
 * A member's share of its group: cohesion and alignment toward the members among its gathered
 * neighbours, or toward the whole group when it sees none of them (a straggler walks back).
 */
export class GroupBehavior<G extends GroupSettings = GroupSettings> extends SteeringBehavior {
  readonly #stats: GroupStats;
  constructor(
    readonly group: G,
    stats: GroupStats,
  ) {
    super();
    this.#stats = stats;
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    const g = this.group;
    out.x = 0;
    out.z = 0;
    // A member under an order of its own (moveTo, follow, hunt ...) goes there: the group pulls
    // only while it wanders, idles or flees with the others.
    const state = (agent as { state?: string }).state;
    if (state !== undefined && !GROUP_STATES.has(state)) return;
    const view2 = g.viewRadius * g.viewRadius;
    let n = 0;
    let x = 0;
    let z = 0;
    let vx = 0;
    let vz = 0;
    const count = agent.neighbourCount;
    const neighbours = agent.neighbours;
    for (let i = 0; i < count; i++) {
      const other = neighbours[i]!;
      if (!this.#stats.membership.has(other)) continue;
      const dx = other.x - agent.x;
      const dz = other.z - agent.z;
      if (dx * dx + dz * dz > view2) continue;
      x += other.x;
      z += other.z;
      vx += other.vx;
      vz += other.vz;
      n++;
    }
    if (n > 0) {
      x /= n;
      z /= n;
      vx /= n;
      vz /= n;
    } else {
      const all = this.#stats;
      all.refresh(agent);
      x = all.cx;
      z = all.cz;
      vx = all.mvx;
      vz = all.mvz;
    }
    // Cohesion: a pull toward the centre it sees, growing past the spacing (on a navmesh, by
    // the way round its edges: a straggler across a river comes back by the bridge).
    const dx = x - agent.x;
    const dz = z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    const spacing = g.spacing * agent.radius;
    if (d > spacing && d > 1e-9) {
      const pull = agent.maxForce * g.cohesion * Math.min(1, (d - spacing) / Math.max(spacing, 0.5));
      const planner = agent.world?.pathPlanner;
      if (planner?.aim !== undefined) {
        centre.x = x;
        centre.z = z;
        planner.aim(agent, centre, centre);
      }
      const ax = planner?.aim !== undefined ? centre.x - agent.x : dx;
      const az = planner?.aim !== undefined ? centre.z - agent.z : dz;
      const a = Math.sqrt(ax * ax + az * az) || 1;
      out.x += (ax / a) * pull;
      out.z += (az / a) * pull;
    }
    if (n > 0) this.#regroup(agent, out);
    // Alignment: toward their mean velocity (at its own pace), so the group heads one way.
    const speed = Math.sqrt(vx * vx + vz * vz);
    if (speed > 1e-6) {
      const pace = Math.max(agent.cruiseSpeed, Math.min(speed, agent.speedLimit));
      out.x += ((vx / speed) * pace - agent.vx) * g.alignment;
      out.z += ((vz / speed) * pace - agent.vz) * g.alignment;
    }
  }

  /** A group in pieces: every member also pulls toward the whole group's centre, so they meet again. */
  #regroup(agent: SteeringAgent, out: Vec2): void {
    const all = this.#stats;
    all.refresh(agent);
    if (!all.apart) return;
    const dx = all.cx - agent.x;
    const dz = all.cz - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (d < 1e-9) return;
    const pull = agent.maxForce * this.group.cohesion * 0.5;
    out.x += (dx / d) * pull;
    out.z += (dz / d) * pull;
  }
}
