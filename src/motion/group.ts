/**
 * Groups that move together: herds of walkers, flocks of flyers, shoals of swimmers (after
 * Reynolds' boids and Yuka's cohesion and alignment). Each member keeps its own order
 * (wandering, most often) and separation; its group adds cohesion (toward the members it sees,
 * or the group's centre when it sees none) and alignment (toward their mean velocity). Members
 * read the neighbours the world gathered for them once per step; the group's centre and mean
 * velocity are worked out once per step, by the first member that asks. Engine-free.
 */

import { OptionsError } from "../api/errors.js";
import { assignDefaults, nonNegativeNumber, objectOption, positiveNumber } from "../api/options.js";
import type { SteeringAgent, SteeringBehavior, Vec2 } from "./types.js";

/**
 * What kind of group: walkers herd, flyers flock, swimmers shoal. The kind picks the defaults
 * of {@link GroupOptions} (flocks and shoals align more and see further than herds).
 * @category Motion
 */
export type GroupKind = "herd" | "flock" | "shoal";

/**
 * Options of a {@link MotionGroup}; each defaults by {@link GroupKind} (see {@link GROUP_DEFAULTS}).
 * @category Motion
 */
export interface GroupOptions {
  /** What kind of group. @default "herd" */
  kind?: GroupKind;
  /** Members within this many metres of a member are the ones it keeps with. @default herd 8, flock 12, shoal 6 */
  viewRadius?: number;
  /** Strength of the pull toward the members it sees (0 turns it off). @default herd 1, flock 1, shoal 1.2 */
  cohesion?: number;
  /** Strength of the turn toward their mean velocity (0 turns it off). @default herd 0.6, flock 1.5, shoal 1.5 */
  alignment?: number;
  /** Closer than this many body radii to the centre it sees, a member feels no pull. @default herd 4, flock 5, shoal 3 */
  spacing?: number;
}

/**
 * Defaults of {@link GroupOptions} by kind.
 * @category Motion
 */
export const GROUP_DEFAULTS: Readonly<Record<GroupKind, Readonly<Required<Omit<GroupOptions, "kind">>>>> =
  Object.freeze({
    herd: Object.freeze({ viewRadius: 8, cohesion: 1, alignment: 0.6, spacing: 4 }),
    flock: Object.freeze({ viewRadius: 12, cohesion: 1, alignment: 1.5, spacing: 5 }),
    shoal: Object.freeze({ viewRadius: 6, cohesion: 1.2, alignment: 1.5, spacing: 3 }),
  });

const KINDS: readonly GroupKind[] = ["herd", "flock", "shoal"];

/** A member as a game may hand it: an agent, or anything with one (a Creature). */
type Member = SteeringAgent | { readonly motion: SteeringAgent };

function agentOf(member: Member): SteeringAgent {
  return "motion" in member ? member.motion : member;
}

/** What an agent needs to join a group: it must take added behaviours (a `MotionAgent` does). */
interface Joinable extends SteeringAgent {
  addBehaviour(behaviour: SteeringBehavior): unknown;
  removeBehaviour(behaviour: SteeringBehavior): boolean;
}

function joinable(agent: SteeringAgent): Joinable {
  const a = agent as Partial<Joinable>;
  if (typeof a.addBehaviour !== "function" || typeof a.removeBehaviour !== "function")
    throw new OptionsError("member", "must be a creature or a MotionAgent (something that takes behaviours)");
  return agent as Joinable;
}

/**
 * A group of creatures that keep together and head the same way while each follows its own
 * order. A creature is in at most one group: joining another leaves the first.
 *
 * @example
 * const herd = new MotionGroup({ kind: "herd" });
 * for (const zebra of menagerie.getCreaturesByTag("zebra")) herd.add(zebra);
 * herd.remove(stray); // breaks away
 * herd.disband();
 * @category Motion
 */
export class MotionGroup {
  /** What kind of group. */
  readonly kind: GroupKind;
  /** Members within this many metres of a member are the ones it keeps with. */
  viewRadius = 8;
  /** Strength of the pull toward the members it sees. */
  cohesion = 1;
  /** Strength of the turn toward their mean velocity. */
  alignment = 0.6;
  /** No pull within this many body radii of the centre a member sees. */
  spacing = 4;
  readonly #members = new Map<SteeringAgent, GroupBehavior>();
  readonly #list: SteeringAgent[] = [];
  readonly #stats = new GroupStats();

  /** @throws OptionsError naming a bad option. */
  constructor(options: GroupOptions = {}) {
    objectOption("options", options);
    const kind = options.kind ?? "herd";
    if (!KINDS.includes(kind)) throw new OptionsError("kind", `must be one of ${KINDS.join(", ")}`);
    this.kind = kind;
    const o = assignDefaults(GROUP_DEFAULTS[kind], options);
    this.viewRadius = positiveNumber("viewRadius", o.viewRadius);
    this.cohesion = nonNegativeNumber("cohesion", o.cohesion);
    this.alignment = nonNegativeNumber("alignment", o.alignment);
    this.spacing = nonNegativeNumber("spacing", o.spacing);
    statsOf.set(this, this.#stats);
    this.#stats.members = this.#list;
  }

  /** Its members, in the order they joined. */
  get members(): readonly SteeringAgent[] {
    return this.#list;
  }

  /** True when the creature (or agent) is a member. */
  has(member: Member): boolean {
    return this.#members.has(agentOf(member));
  }

  /** Adds a creature (or agent); it leaves any other group. Returns this group. */
  add(member: Member): this {
    const agent = joinable(agentOf(member));
    if (this.#members.has(agent)) return this;
    groupOf.get(agent)?.remove(agent);
    const behaviour = new GroupBehavior(this);
    this.#members.set(agent, behaviour);
    this.#list.push(agent);
    groupOf.set(agent, this);
    agent.neighbourRadius = Math.max(agent.neighbourRadius, this.viewRadius);
    agent.addBehaviour(behaviour);
    this.#stats.stamp = -1;
    return this;
  }

  /** Lets a member go its own way; false when it was not one. */
  remove(member: Member): boolean {
    const agent = agentOf(member);
    const behaviour = this.#members.get(agent);
    if (!behaviour) return false;
    this.#members.delete(agent);
    this.#list.splice(this.#list.indexOf(agent), 1);
    groupOf.delete(agent);
    (agent as Joinable).removeBehaviour(behaviour);
    this.#stats.stamp = -1;
    return true;
  }

  /** Lets every member go. */
  disband(): void {
    for (const agent of [...this.#list]) this.remove(agent);
  }

  /**
   * Mean distance from each member to its nearest fellow member, metres (0 with fewer than
   * two): how spread out the group is.
   */
  spread(): number {
    const list = this.#list;
    if (list.length < 2) return 0;
    let sum = 0;
    for (const a of list) {
      let best = Infinity;
      for (const b of list) if (b !== a) best = Math.min(best, Math.hypot(a.x - b.x, a.z - b.z));
      sum += best;
    }
    return sum / list.length;
  }
}

const groupOf = new WeakMap<SteeringAgent, MotionGroup>();

/** The group a creature's (or agent's) motion belongs to, if any. */
export function groupOfAgent(agent: SteeringAgent): MotionGroup | undefined {
  return groupOf.get(agent);
}

/** A group's centre and mean velocity, worked out once per world step by the first member asking. */
class GroupStats {
  stamp = -1;
  cx = 0.5;
  cz = 0.5;
  mvx = 0.5;
  mvz = 0.5;
  members: readonly SteeringAgent[] = [];

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
    this.cx = x / n;
    this.cz = z / n;
    this.mvx = vx / n;
    this.mvz = vz / n;
  }
}

const statsOf = new WeakMap<MotionGroup, GroupStats>();

/** The states in which a member moves with its group. */
const GROUP_STATES = new Set(["wander", "idle", "flee"]);

/**
 * A member's share of its group: cohesion and alignment toward the members among its gathered
 * neighbours, or toward the whole group when it sees none of them (a straggler walks back).
 */
class GroupBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  readonly #stats: GroupStats;
  constructor(readonly group: MotionGroup) {
    this.#stats = statsOf.get(group)!;
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
      if (groupOf.get(other) !== g) continue;
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
    // Cohesion: a pull toward the centre it sees, growing past the spacing.
    const dx = x - agent.x;
    const dz = z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    const spacing = g.spacing * agent.radius;
    if (d > spacing && d > 1e-9) {
      const pull = agent.maxForce * g.cohesion * Math.min(1, (d - spacing) / Math.max(spacing, 0.5));
      out.x += (dx / d) * pull;
      out.z += (dz / d) * pull;
    }
    // Alignment: toward their mean velocity (at its own pace), so the group heads one way.
    const speed = Math.sqrt(vx * vx + vz * vz);
    if (speed > 1e-6) {
      const pace = Math.max(agent.cruiseSpeed, Math.min(speed, agent.speedLimit));
      out.x += ((vx / speed) * pace - agent.vx) * g.alignment;
      out.z += ((vz / speed) * pace - agent.vz) * g.alignment;
    }
  }
}
