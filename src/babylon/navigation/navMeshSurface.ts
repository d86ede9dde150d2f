/**
 * A navmesh as the world's {@link PathPlanner}: walkers plan their ways on it and stand on it.
 * Paths come from recast's `computePath`; a path that ends short of its goal (recast's partial
 * result) means the goal cannot be reached. Each step a walker that moved is put back on the
 * surface nearest its new place within a step up or down of its feet (one closest-point query),
 * so no push takes it off, nor onto another floor. Recast leaves a walkable "cave" inside a
 * closed block taller than a walker; its floor lies twice the walkers' radius (the erosion of
 * both sides of the wall) from the floor outside, far more than a step moves, so the nearest
 * surface stays the outside one. Where a walker first appears (or where a game moved it) it is
 * put on the highest surface under it: queries from above, for the same cave.
 *
 * The per-step query goes to recast's raw bindings with scratch objects made once: the wrapper
 * API allocates a few WASM objects on every call.
 */
import type { PathPlanner, PlannedAgent, Vec2 } from "../../motion/types.js";
import type { RawRef, RecastCore, RecastPoint, RecastQuery } from "./recast.js";

/** The heights and sizes the surface works with, metres. */
export interface SurfaceSizes {
  /** Recast puts its surface up to one voxel (the cell height) above the geometry's top. */
  readonly lift: number;
  /** Highest step up or down. */
  readonly climb: number;
  /** Above every surface: where queries from above start. */
  readonly top: number;
  /** Below every surface. */
  readonly bottom: number;
}

/** Where a walker stood after its last step. */
interface Footing {
  x: number;
  y: number;
  z: number;
}

/** A walker as the surface holds it: its velocity and step are set when an edge holds it back. */
type StandingAgent = PlannedAgent & { x: number; z: number; vx?: number; vz?: number; readonly dt?: number };

/** Farthest a path's end may lie from its goal and still reach it, metres across. */
const REACH_SLACK = 0.3;
/** A walker this far (metres, x plus z) from where it last stood was moved by the game: placed again. */
const TELEPORT = 3;

export class NavMeshSurface implements PathPlanner {
  readonly #query: RecastQuery;
  readonly #sizes: SurfaceSizes;
  readonly #footings = new WeakMap<object, Footing>();
  // Scratch for the raw calls, made once.
  readonly #at = [0, 0, 0];
  readonly #half = [0, 0, 0];
  readonly #ref: RawRef<number>;
  readonly #point: RecastPoint;
  readonly #over: RawRef<boolean>;
  readonly #raw: RecastCore["Raw"];
  /** The last point {@link #closest} found. */
  readonly #found = { x: 0, y: 0, z: 0, ref: 0 };

  constructor(recast: RecastCore, query: RecastQuery, sizes: SurfaceSizes) {
    this.#query = query;
    this.#sizes = sizes;
    const Raw = recast.Raw;
    this.#raw = Raw;
    this.#ref = new Raw.UnsignedIntRef();
    this.#point = new Raw.Vec3();
    this.#over = new Raw.BoolRef();
  }

  /** Frees the scratch objects (the navmesh itself is its plugin's). */
  dispose(): void {
    for (const o of [this.#ref, this.#point, this.#over]) this.#raw.destroy(o);
  }

  /** Walkers only: flyers and swimmers keep to the grid. */
  plans(agent: PlannedAgent): boolean {
    return walks(agent);
  }

  plan(agent: PlannedAgent, from: Vec2, to: Vec2): Vec2[] | undefined {
    const { lift, climb } = this.#sizes;
    if (!this.#fromAbove(to.x, to.z, 1)) return undefined;
    const end = { x: this.#found.x, y: this.#found.y, z: this.#found.z };
    const start = { x: from.x, y: agent.y + lift, z: from.z };
    const result = this.#query.computePath(start, end, { halfExtents: { x: 1, y: climb + lift, z: 1 } });
    const last = result.path[result.path.length - 1];
    if (!result.success || !last) return undefined;
    const short = Math.hypot(last.x - end.x, last.z - end.z) > REACH_SLACK || Math.abs(last.y - end.y) > climb + lift;
    if (short) return undefined;
    return result.path.slice(1, -1).map((p) => ({ x: p.x, z: p.z }));
  }

  reachable(agent: PlannedAgent, to: Vec2): Vec2 {
    if (!walks(agent) || !this.#fromAbove(to.x, to.z, 4)) return to;
    return { x: this.#found.x, z: this.#found.z };
  }

  standOn(agent: StandingAgent): number | undefined {
    if (!walks(agent)) return undefined;
    const foot = this.#footings.get(agent);
    // New here, or moved far since its last step (a game set its position): from above.
    if (foot === undefined || Math.abs(foot.x - agent.x) + Math.abs(foot.z - agent.z) > TELEPORT)
      return this.#place(agent);
    if (foot.x === agent.x && foot.z === agent.z) return foot.y; // standing still
    // The surface nearest its new place, within a step up or down of its feet: never another floor.
    if (!this.#near(agent.x, foot.y, agent.z)) {
      agent.x = foot.x; // pushed off every surface near: back to where it stood
      agent.z = foot.z;
      return foot.y;
    }
    const found = this.#found;
    if (found.x !== agent.x || found.z !== agent.z) {
      // Held back at an edge: its velocity is what it really moved, so a walk pressed against
      // a wall slows and counts as stuck rather than running in place.
      const dt = agent.dt ?? 0;
      if (dt > 0 && agent.vx !== undefined && agent.vz !== undefined) {
        agent.vx = (found.x - foot.x) / dt;
        agent.vz = (found.z - foot.z) / dt;
      }
      agent.x = found.x;
      agent.z = found.z;
    }
    this.#footAt(foot);
    return foot.y;
  }

  /** A jump put a walker down: it stands on the surface nearest where it landed (not the floor it left). */
  landed(agent: StandingAgent): number | undefined {
    if (!walks(agent)) return undefined;
    this.#footings.delete(agent);
    if (!this.#near(agent.x, agent.y, agent.z)) return this.#place(agent);
    const foot: Footing = { x: 0, y: 0, z: 0 };
    this.#footAt(foot);
    this.#footings.set(agent, foot);
    agent.x = foot.x;
    agent.z = foot.z;
    return foot.y;
  }

  /** Puts a walker on the highest surface under it; undefined when there is none near. */
  #place(agent: { x: number; z: number }): number | undefined {
    if (!this.#fromAbove(agent.x, agent.z, 4)) return undefined;
    const foot: Footing = { x: 0, y: 0, z: 0 };
    this.#footAt(foot);
    this.#footings.set(agent, foot);
    agent.x = foot.x;
    agent.z = foot.z;
    return foot.y;
  }

  /** Sets `foot` to the point {@link #closest} found. */
  #footAt(foot: Footing): void {
    const found = this.#found;
    foot.x = found.x;
    foot.z = found.z;
    foot.y = found.y - this.#sizes.lift;
  }

  /** The highest surface within `reach` metres across of (x, z), into {@link #found}. */
  #fromAbove(x: number, z: number, reach: number): boolean {
    const { top, bottom } = this.#sizes;
    const span = (top - bottom) / 2 + 1;
    return this.#closest(x, top + 1, z, reach, top + 1 - bottom + span);
  }

  /** The surface nearest to feet at (x, y, z), within a step up or down. */
  #near(x: number, y: number, z: number): boolean {
    const { lift, climb } = this.#sizes;
    return this.#closest(x, y + lift, z, 2, climb + lift + 0.5);
  }

  #closest(x: number, y: number, z: number, across: number, up: number): boolean {
    const at = this.#at;
    at[0] = x;
    at[1] = y;
    at[2] = z;
    const half = this.#half;
    half[0] = across;
    half[1] = up;
    half[2] = across;
    const raw = this.#query.raw;
    const status = raw.findNearestPoly(at, half, this.#query.defaultFilter.raw, this.#ref, this.#point, this.#over);
    const ref = this.#ref.value;
    if (failed(status) || ref === 0) return false;
    const found = this.#found;
    found.ref = ref;
    found.x = this.#point.x;
    found.y = this.#point.y;
    found.z = this.#point.z;
    return true;
  }
}

/** True for a creature the navmesh holds: on its feet, not flying or swimming. */
function walks(agent: PlannedAgent): boolean {
  return agent.altitude === 0 && agent.waterLevel === undefined && agent.realm !== "water" && agent.realm !== "air";
}

/** Detour's failure bit. */
function failed(status: number): boolean {
  return (status & 0x80000000) !== 0;
}
