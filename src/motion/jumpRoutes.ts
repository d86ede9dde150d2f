/**
 * Ways that take jumps, engine-free: given how to walk between two points on a surface (a
 * navmesh's path query) and the jump links a creature can take, the shortest way from a start
 * to a goal that walks and jumps, when it is shorter than walking (or walking finds no way).
 * A search over the links (Dijkstra, each walk asked only when a straight-line bound says it
 * could still beat the best way found), so a level with many links asks few walks.
 */
import type { JumpLeg, Vec3 } from "./jumpArc.js";
import type { JumpReach } from "./jumpReach.js";
import type { Vec2 } from "./types.js";

/**
 * A link a jump crosses: from a take-off point to a landing point (both on the walkable
 * surface), one way or both.
 * @category Motion
 */
export interface JumpLink {
  /** Where a jump over it takes off (feet), metres. */
  readonly from: Readonly<Vec3>;
  /** Where it lands (feet), metres. */
  readonly to: Readonly<Vec3>;
  /** Jumped in both directions. */
  readonly twoWay: boolean;
}

/**
 * An end of a jump link: where feet stand, metres (a Babylon `Vector3` is one).
 * @category Motion
 */
export interface JumpLinkEnd {
  /** Metres along x. */
  readonly x: number;
  /** Metres up (the feet's height). */
  readonly y: number;
  /** Metres along z. */
  readonly z: number;
}

/**
 * Options of `Menagerie.addJumpLink`.
 * @category Motion
 */
export interface JumpLinkOptions {
  /** Jumped both ways (from `to` back to `from` too). @default false */
  twoWay?: boolean;
}

/**
 * A waypoint of a planned way; one where a jump takes off carries it (the next waypoint is
 * where it lands).
 * @category Motion
 */
export interface JumpWaypoint extends Vec2 {
  /** Set where a jump takes off. */
  readonly jump?: JumpLeg | undefined;
}

/** A walked way from one point to another, both included; undefined when there is none. */
export type Walk = (from: Readonly<Vec3>, to: Readonly<Vec3>) => readonly Vec3[] | undefined;

/** A point of a way, marked where a jump takes off. */
export type RoutePoint = Vec3 & { jump?: JumpLeg };

/** Most walks one search asks for: a level with hundreds of links still plans in bounded time. */
const MAX_WALKS = 48;

/** What a jump costs, in metres walked: a jump is taken when it saves a real detour, not a step. */
function jumpCost(leg: JumpLeg): number {
  return distance(leg.from, leg.to) * 1.5 + 1;
}

/** The directed jumps of `links` a creature with `reach` can take (a drop, rise or gap within it). */
export function usableLegs(links: Iterable<JumpLink>, reach: JumpReach): JumpLeg[] {
  const legs: JumpLeg[] = [];
  for (const link of links) {
    if (!within(link, reach)) continue;
    legs.push({ from: link.from, to: link.to });
    if (link.twoWay) legs.push({ from: link.to, to: link.from });
  }
  return legs;
}

function within(link: JumpLink, reach: JumpReach): boolean {
  const across = Math.hypot(link.to.x - link.from.x, link.to.z - link.from.z);
  return Math.abs(link.to.y - link.from.y) <= reach.height && across <= reach.length;
}

/** Length of a way, metres. */
export function wayLength(points: readonly Readonly<Vec3>[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) length += distance(points[i - 1]!, points[i]!);
  return length;
}

function distance(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/** A place the search reached: the start, or where a jump landed. */
interface Reached {
  at: Readonly<Vec3>;
  cost: number;
  /** The walk here (start excluded, ending at the take-off) and the jump, from the previous place. */
  walked: readonly Vec3[];
  leg: JumpLeg | undefined;
  previous: Reached | undefined;
}

/**
 * What the search may do next, by a lower bound of the whole way's length through it: walk from
 * a place to a jump (`leg`), walk from a place to the goal (no `leg`), or, once that walk is
 * known, take the jump at the walk's end (`leg` and `walked`) or the way it completes (`last`:
 * its bound is its length). A known walk waits its turn by its true cost, so a jump is closed
 * only by the cheapest way to its take-off.
 */
interface Step {
  bound: number;
  from: Reached;
  leg?: JumpLeg;
  walked?: readonly Vec3[];
  last?: readonly Vec3[];
}

/**
 * The shortest way from `start` to `goal` by walks and the jumps `legs`: the points after
 * `start` up to `goal`, a take-off point carrying its jump; undefined when neither walking nor
 * jumping gets there. Walking alone is the answer when it is as short. A lazy A*: a walk is
 * asked only when its straight-line bound is the least of all that is left.
 */
export function routeByJumps(
  start: Readonly<Vec3>,
  goal: Readonly<Vec3>,
  legs: readonly JumpLeg[],
  walk: Walk,
): RoutePoint[] | undefined {
  let walks = 0;
  const used = new Set<JumpLeg>();
  const open: Step[] = [];
  const reach = (place: Reached) => {
    open.push({ bound: place.cost + distance(place.at, goal), from: place });
    for (const leg of legs)
      if (!used.has(leg))
        open.push({
          bound: place.cost + distance(place.at, leg.from) + jumpCost(leg) + distance(leg.to, goal),
          from: place,
          leg,
        });
  };
  reach({ at: start, cost: 0, walked: [], leg: undefined, previous: undefined });
  while (open.length > 0 && walks < MAX_WALKS) {
    let k = 0;
    for (let i = 1; i < open.length; i++) if (open[i]!.bound < open[k]!.bound) k = i;
    const step = open[k]!;
    open[k] = open[open.length - 1]!;
    open.pop();
    if (step.last) return unwind(step.from, step.last);
    const leg = step.leg;
    if (leg && used.has(leg)) continue;
    if (leg && step.walked) {
      used.add(leg);
      const cost = step.from.cost + wayLength(step.walked) + jumpCost(leg);
      reach({ at: leg.to, cost, walked: step.walked.slice(1), leg, previous: step.from });
      continue;
    }
    walks++;
    const walked = walk(step.from.at, leg ? leg.from : goal);
    if (!walked) continue;
    const cost = step.from.cost + wayLength(walked);
    if (!leg) open.push({ bound: cost, from: step.from, last: walked });
    else open.push({ bound: cost + jumpCost(leg) + distance(leg.to, goal), from: step.from, leg, walked });
  }
  return undefined;
}

/** The points of a way found, from the start's first step to the goal. */
function unwind(end: Reached, last: readonly Vec3[]): RoutePoint[] {
  const parts: RoutePoint[][] = [last.slice(1).map((p) => ({ x: p.x, y: p.y, z: p.z }))];
  for (let r: Reached | undefined = end; r?.leg; r = r.previous) {
    const walked: RoutePoint[] = r.walked.map((p) => ({ x: p.x, y: p.y, z: p.z }));
    const leg = r.leg;
    const takeOff = walked[walked.length - 1] ?? { ...leg.from };
    takeOff.jump = leg;
    if (walked.length === 0) walked.push(takeOff);
    walked.push({ x: leg.to.x, y: leg.to.y, z: leg.to.z });
    parts.unshift(walked);
  }
  return parts.flat();
}
