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
 * Steering that heads for a point (a chase, a herd's pull) asks {@link NavMeshSurface.aim}: a
 * ray on the surface, and the first corner of a path when the ray meets an edge; steering away
 * (a flight) or ahead (a wander) asks {@link NavMeshSurface.openWay}: rays turned either side.
 * Both answers hold a quarter second per walker, so a crowd casts a few rays a step.
 *
 * The per-step queries go to recast's raw bindings with scratch objects made once: the wrapper
 * API allocates a few WASM objects on every call.
 */
import type { PathPlanner, PlannedAgent, SteeringAgent, Vec2 } from "../../motion/types.js";
import type { RawRaycastHit, RawRef, RecastCore, RecastPoint, RecastQuery } from "./recast.js";

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

/**
 * Where a walker stood after its last step (its polygon too, where rays on the surface start),
 * and its last answers to {@link NavMeshSurface.aim} and {@link NavMeshSurface.openWay}, kept a
 * moment: a chase or a herd's pull asks every step, the surface looks a few times a second.
 */
class Footing {
  x = 0.5;
  y = 0.5;
  z = 0.5;
  ref = 0;
  /** The target of the last aim, when it was asked (world seconds), and where it said to head. */
  aimX = 0.5;
  aimZ = 0.5;
  aimAt = Number.NEGATIVE_INFINITY;
  straight = true;
  cornerX = 0.5;
  cornerZ = 0.5;
  /** The wished direction of the last openWay, when, and the way it gave. */
  wishX = 0.5;
  wishZ = 0.5;
  wayAt = Number.NEGATIVE_INFINITY;
  wayX = 0.5;
  wayZ = 0.5;
}

/** A walker as the surface holds it: its velocity and step are set when an edge holds it back. */
type StandingAgent = PlannedAgent & { x: number; z: number; vx?: number; vz?: number; readonly dt?: number };

/** Farthest a path's end may lie from its goal and still reach it, metres across. */
const REACH_SLACK = 0.3;
/** A walker this far (metres, x plus z) from where it last stood was moved by the game: placed again. */
const TELEPORT = 3;
/** Seconds an aim or an open way holds before the surface looks again. */
const LOOK_AGAIN = 0.25;
/** A target that moved this far (metres) since the last aim is aimed at again at once. */
const RETARGET = 1;
/** Cosine of the widest turn of a wish (20°) for which the last open way still holds. */
const SAME_WISH = Math.cos((20 * Math.PI) / 180);
/** Turns (radians) tried each side of a wished way blocked by an edge, nearest first. */
const TURNS = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => (i === 0 ? [0] : [(i * Math.PI) / 6, (-i * Math.PI) / 6]));

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
  readonly #hit: RawRaycastHit;
  readonly #height: RawRef<number>;
  readonly #to = [0, 0, 0];
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
    this.#hit = new Raw.Module.dtRaycastHit();
    this.#height = new Raw.FloatRef();
  }

  /** Frees the scratch objects (the navmesh itself is its plugin's). */
  dispose(): void {
    for (const o of [this.#ref, this.#point, this.#over, this.#hit, this.#height]) this.#raw.destroy(o);
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
    if (this.#onSamePolygon(foot, agent.x, agent.z)) return foot.y;
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

  heightNear(x: number, y: number, z: number): number | undefined {
    return this.#near(x, y, z) ? this.#found.y - this.#sizes.lift : undefined;
  }

  aim(agent: SteeringAgent, to: Readonly<Vec2>, out: Vec2): void {
    out.x = to.x;
    out.z = to.z;
    const foot = this.#footings.get(agent);
    if (foot === undefined || !walks(agent as PlannedAgent)) return;
    const time = agent.world?.time ?? 0;
    const fresh = time >= foot.aimAt && time - foot.aimAt < LOOK_AGAIN;
    if (fresh && Math.abs(to.x - foot.aimX) + Math.abs(to.z - foot.aimZ) < RETARGET) {
      if (foot.straight) return;
      const pass = Math.max(0.5, agent.radius);
      if (Math.abs(foot.cornerX - agent.x) + Math.abs(foot.cornerZ - agent.z) > pass) {
        out.x = foot.cornerX;
        out.z = foot.cornerZ;
        return;
      }
    }
    foot.aimAt = time;
    foot.aimX = to.x;
    foot.aimZ = to.z;
    foot.straight = this.#clear(foot, to.x, to.z) >= 1 || !this.#corner(agent, foot, to);
    if (foot.straight) return;
    out.x = foot.cornerX;
    out.z = foot.cornerZ;
  }

  openWay(agent: SteeringAgent, dx: number, dz: number, length: number, out: Vec2): void {
    out.x = dx;
    out.z = dz;
    const foot = this.#footings.get(agent);
    if (foot === undefined || !walks(agent as PlannedAgent)) return;
    const time = agent.world?.time ?? 0;
    const fresh = time >= foot.wayAt && time - foot.wayAt < LOOK_AGAIN;
    if (fresh && dx * foot.wishX + dz * foot.wishZ > SAME_WISH) {
      out.x = foot.wayX;
      out.z = foot.wayZ;
      return;
    }
    foot.wayAt = time;
    foot.wishX = dx;
    foot.wishZ = dz;
    let best = -1;
    for (const turn of TURNS) {
      const c = Math.cos(turn);
      const s = Math.sin(turn);
      const rx = dx * c + dz * s;
      const rz = dz * c - dx * s;
      const t = this.#clear(foot, foot.x + rx * length, foot.z + rz * length);
      if (t <= best) continue;
      best = t;
      foot.wayX = rx;
      foot.wayZ = rz;
      if (t >= 1) break; // the nearest turn that is open all the way
    }
    out.x = foot.wayX;
    out.z = foot.wayZ;
  }

  /** The share of the straight way from where `foot` stands to (x, z) that stays on the surface (1 or more: all of it). */
  #clear(foot: Footing, x: number, z: number): number {
    const y = foot.y + this.#sizes.lift;
    const at = this.#at;
    at[0] = foot.x;
    at[1] = y;
    at[2] = foot.z;
    const to = this.#to;
    to[0] = x;
    to[1] = y;
    to[2] = z;
    const raw = this.#query.raw;
    const status = raw.raycast(foot.ref, at, to, this.#query.defaultFilter.raw, 0, this.#hit, 0);
    return failed(status) ? 1 : this.#hit.t;
  }

  /** The first corner of the way on the surface from `foot` to `to`, into the foot's corner; false when there is no way. */
  #corner(agent: SteeringAgent, foot: Footing, to: Readonly<Vec2>): boolean {
    const { lift, climb } = this.#sizes;
    const y = (to as { y?: number }).y ?? foot.y;
    if (!this.#closest(to.x, y + lift, to.z, 2, climb + lift + 0.5) && !this.#fromAbove(to.x, to.z, 4)) return false;
    const end = { x: this.#found.x, y: this.#found.y, z: this.#found.z };
    const start = { x: foot.x, y: foot.y + lift, z: foot.z };
    const result = this.#query.computePath(start, end, { halfExtents: { x: 1, y: climb + lift, z: 1 } });
    if (!result.success) return false;
    const pass = Math.max(0.3, agent.radius * 0.5);
    for (const p of result.path) {
      if (Math.abs(p.x - foot.x) + Math.abs(p.z - foot.z) <= pass) continue;
      foot.cornerX = p.x;
      foot.cornerZ = p.z;
      return true;
    }
    return false;
  }

  /** Height of the highest floor within `reach` metres across of (x, z); undefined over none. */
  floorUnder(x: number, z: number, reach: number): number | undefined {
    return this.#fromAbove(x, z, reach) ? this.#found.y - this.#sizes.lift : undefined;
  }

  /**
   * The cheap step of most walkers: still over the polygon it stood on (recast's polygons are
   * metres across), it stands at that polygon's height there, one point-in-polygon test instead
   * of a search of the tiles round it. A polygon gone with a cut (its ref stale) fails the test.
   */
  #onSamePolygon(foot: Footing, x: number, z: number): boolean {
    const at = this.#at;
    at[0] = x;
    at[1] = foot.y + this.#sizes.lift;
    at[2] = z;
    if (foot.ref === 0 || failed(this.#query.raw.getPolyHeight(foot.ref, at, this.#height))) return false;
    const y = this.#height.value - this.#sizes.lift;
    if (Math.abs(y - foot.y) > this.#sizes.climb) return false; // a seam between floors: search
    foot.x = x;
    foot.z = z;
    foot.y = y;
    return true;
  }

  /** A jump put a walker down: it stands on the surface nearest where it landed (not the floor it left). */
  landed(agent: StandingAgent): number | undefined {
    if (!walks(agent)) return undefined;
    this.#footings.delete(agent);
    if (!this.#near(agent.x, agent.y, agent.z)) return this.#place(agent);
    const foot = new Footing();
    this.#footAt(foot);
    this.#footings.set(agent, foot);
    agent.x = foot.x;
    agent.z = foot.z;
    return foot.y;
  }

  /** Puts a walker on the highest surface under it; undefined when there is none near. */
  #place(agent: { x: number; z: number }): number | undefined {
    if (!this.#fromAbove(agent.x, agent.z, 4)) return undefined;
    const foot = new Footing();
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
    foot.ref = found.ref;
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
