/**
 * The world's path planner while navigation is on: the navmesh's surface, whose ways also take
 * jump links (those found on the level and those a game added) that the walker can jump, when
 * they save a detour or are the only way. Links are kept out of recast's navmesh (its off-mesh
 * connections are baked into tiles at build time): a game adds and removes its own at any time,
 * and each creature takes only those within its own jump (`MotionAgent.jumpReach`).
 */
import type { Vec3 } from "../../motion/jumpArc.js";
import type { JumpReach } from "../../motion/jumpReach.js";
import { type JumpLink, type JumpWaypoint, routeByJumps, usableLegs } from "../../motion/jumpRoutes.js";
import type { PathPlanner, PlannedAgent, SteeringAgent, Vec2 } from "../../motion/types.js";
import type { NavMeshSurface } from "./navMeshSurface.js";
import type { SurfaceProbe } from "./surfaceProbe.js";

/** A walker as jumps see it: its jump reach, when it has one. */
type JumpingAgent = PlannedAgent & { readonly jumpReach?: JumpReach };

export class JumpPlanner implements PathPlanner {
  readonly #surface: NavMeshSurface;
  readonly #probe: SurfaceProbe;
  /** Links found on the level. */
  readonly #found: readonly JumpLink[];
  /** The game's links (`Menagerie.addJumpLink`), read live. */
  readonly #game: ReadonlySet<JumpLink>;
  /** Recast's lift of its surface above the geometry, metres. */
  readonly #lift: number;
  /** The game's links put on the surface (null: an end is on none), by link. */
  readonly #snapped = new WeakMap<JumpLink, JumpLink | null>();

  constructor(parts: {
    surface: NavMeshSurface;
    probe: SurfaceProbe;
    found: readonly JumpLink[];
    game: ReadonlySet<JumpLink>;
    lift: number;
  }) {
    this.#surface = parts.surface;
    this.#probe = parts.probe;
    this.#found = parts.found;
    this.#game = parts.game;
    this.#lift = parts.lift;
  }

  /** The links found on the level. */
  get foundLinks(): readonly JumpLink[] {
    return this.#found;
  }

  plans(agent: PlannedAgent): boolean {
    return this.#surface.plans(agent);
  }

  reachable(agent: PlannedAgent, to: Vec2): Vec2 {
    return this.#surface.reachable(agent, to);
  }

  standOn(agent: PlannedAgent & { x: number; z: number }): number | undefined {
    return this.#surface.standOn(agent);
  }

  landed(agent: PlannedAgent & { x: number; z: number }): number | undefined {
    return this.#surface.landed(agent);
  }

  heightNear(x: number, y: number, z: number): number | undefined {
    return this.#surface.heightNear(x, y, z);
  }

  aim(agent: SteeringAgent, to: Readonly<Vec2>, out: Vec2): void {
    this.#surface.aim(agent, to, out);
  }

  openWay(agent: SteeringAgent, dx: number, dz: number, length: number, out: Vec2): void {
    this.#surface.openWay(agent, dx, dz, length, out);
  }

  plan(agent: JumpingAgent, from: Vec2, to: Vec2): JumpWaypoint[] | undefined {
    const reach = agent.jumpReach;
    const legs = reach && reach.height > 0 ? usableLegs([...this.#found, ...this.#gameLinks()], reach) : [];
    if (legs.length === 0) return this.#surface.plan(agent, from, to);
    const goal = this.#probe.top(to.x, to.z, 1);
    if (!goal) return undefined;
    const start = { x: from.x, y: agent.y + this.#lift, z: from.z };
    const way = routeByJumps(start, goal, legs, (a, b) => this.#probe.walk(a, b));
    if (!way) return undefined;
    // Jumps go from feet to feet: the surface lies recast's lift above them.
    const feet = (p: Readonly<Vec3>) => ({ x: p.x, y: p.y - this.#lift, z: p.z });
    return way
      .slice(0, -1)
      .map((p) =>
        p.jump ? { x: p.x, z: p.z, jump: { from: feet(p.jump.from), to: feet(p.jump.to) } } : { x: p.x, z: p.z },
      );
  }

  /** The game's links whose ends lie on the surface, put on it (a game gives where feet stand). */
  *#gameLinks(): Iterable<JumpLink> {
    for (const link of this.#game) {
      let snapped = this.#snapped.get(link);
      if (snapped === undefined) {
        const from = this.#onSurface(link.from);
        const to = this.#onSurface(link.to);
        snapped = from && to ? { from, to, twoWay: link.twoWay } : null;
        this.#snapped.set(link, snapped);
      }
      if (snapped) yield snapped;
    }
  }

  #onSurface(p: Readonly<Vec3>): Vec3 | undefined {
    return this.#probe.near(p.x, p.y + this.#lift, p.z, 1, 0.5);
  }
}
