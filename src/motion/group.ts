/**
 * Groups that move together: herds of walkers, flocks of flyers, shoals of swimmers (after
 * Reynolds' boids and Yuka's cohesion and alignment). Each member keeps its own order
 * (wandering, most often) and separation; its group adds cohesion (toward the members it sees,
 * or the group's centre when it sees none) and alignment (toward their mean velocity). Members
 * read the neighbours the world gathered for them once per step; the group's centre and mean
 * velocity are worked out once per step, by the first member that asks. Engine-free.
 */

import { OptionsError } from "../core/errors.js";
import { assignDefaults, nonNegativeNumber, objectOption, positiveNumber } from "../core/options.js";
import { GroupBehavior, GroupStats } from "./behaviors/group.js";
import type { SteeringBehavior } from "./behaviors/steeringBehavior.js";
import type { SteeringAgent } from "./types.js";

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

/**
 * What an agent needs to join a group: it must take added behaviours and tell its group (read
 * from its group behaviour), as a `MotionAgent` does.
 */
interface Joinable extends SteeringAgent {
  addBehavior(behavior: SteeringBehavior): unknown;
  removeBehavior(behavior: SteeringBehavior): boolean;
  readonly group: MotionGroup | undefined;
}

function joinable(agent: SteeringAgent): Joinable {
  const a = agent as Partial<Joinable>;
  if (typeof a.addBehavior !== "function" || typeof a.removeBehavior !== "function")
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
  viewRadius: number;
  /** Strength of the pull toward the members it sees. */
  cohesion: number;
  /** Strength of the turn toward their mean velocity. */
  alignment: number;
  /** No pull within this many body radii of the centre a member sees. */
  spacing: number;
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
    this.#stats.members = this.#list;
    this.#stats.membership = this.#members;
    this.#stats.split = () => groupParts(this.#list, this.viewRadius).length > 1;
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
    agent.group?.remove(agent);
    const behavior = new GroupBehavior(this, this.#stats);
    this.#members.set(agent, behavior);
    this.#list.push(agent);
    agent.neighbourRadius = Math.max(agent.neighbourRadius, this.viewRadius);
    agent.addBehavior(behavior);
    this.#stats.stamp = -1;
    return this;
  }

  /** Lets a member go its own way; false when it was not one. */
  remove(member: Member): boolean {
    const agent = agentOf(member);
    const behavior = this.#members.get(agent);
    if (!behavior) return false;
    this.#members.delete(agent);
    this.#list.splice(this.#list.indexOf(agent), 1);
    (agent as Joinable).removeBehavior(behavior);
    this.#stats.stamp = -1;
    return true;
  }

  /** Lets every member go. */
  disband(): void {
    for (const agent of [...this.#list]) this.remove(agent);
  }

  /**
   * How far the group reaches: the root mean square distance of its members from their centre,
   * metres (0 with fewer than two). A group split in pieces reads as wide as the pieces lie
   * apart, not as tight as each piece is (see {@link parts}).
   */
  spread(): number {
    const list = this.#list;
    if (list.length < 2) return 0;
    let x = 0;
    let z = 0;
    for (const a of list) {
      x += a.x;
      z += a.z;
    }
    x /= list.length;
    z /= list.length;
    let sum = 0;
    for (const a of list) sum += (a.x - x) ** 2 + (a.z - z) ** 2;
    return Math.sqrt(sum / list.length);
  }

  /**
   * How much its members head one way, 0..1: the length of the mean of their heading vectors
   * (1 when all face one way, near 0 when scattered; 1 with one member, 0 with none): how aligned
   * a flock or shoal is (its polarization, as studies of schools call it; {@link alignment} is
   * the strength of the pull that raises it).
   */
  polarization(): number {
    const list = this.#list;
    if (list.length === 0) return 0;
    let s = 0;
    let c = 0;
    for (const a of list) {
      s += Math.sin(a.heading);
      c += Math.cos(a.heading);
    }
    return Math.hypot(s, c) / list.length;
  }

  /**
   * The pieces the group is in: members linked by chains of fellows within {@link viewRadius}
   * of each other, largest piece first. One piece when it keeps together; more when it split
   * (its members then also pull toward the whole group's centre, so the pieces regroup).
   */
  parts(): SteeringAgent[][] {
    return groupParts(this.#list, this.viewRadius);
  }

  /** True when the group is in more than one piece (see {@link parts}). */
  get isSplit(): boolean {
    return this.parts().length > 1;
  }
}

/** Members linked by chains within `reach` metres of each other, largest piece first. */
export function groupParts(list: readonly SteeringAgent[], reach: number): SteeringAgent[][] {
  const piece = new Array<number>(list.length).fill(-1);
  const parts: SteeringAgent[][] = [];
  const r2 = reach * reach;
  for (let i = 0; i < list.length; i++) {
    if (piece[i]! >= 0) continue;
    const members: SteeringAgent[] = [];
    const queue = [i];
    piece[i] = parts.length;
    while (queue.length > 0) {
      const a = list[queue.pop()!]!;
      members.push(a);
      for (let j = 0; j < list.length; j++) {
        if (piece[j]! >= 0) continue;
        const b = list[j]!;
        if ((a.x - b.x) ** 2 + (a.z - b.z) ** 2 > r2) continue;
        piece[j] = parts.length;
        queue.push(j);
      }
    }
    parts.push(members);
  }
  return parts.sort((a, b) => b.length - a.length);
}

/** The group a creature's (or agent's) motion belongs to, if any (its group behaviour's). */
export function groupOfAgent(agent: SteeringAgent): MotionGroup | undefined {
  return (agent as Partial<Joinable>).group;
}
