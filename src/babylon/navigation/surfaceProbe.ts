/**
 * Queries of a navmesh for jumps: the highest surface at a place, and a walked way between two
 * points of it. Kept apart from the surface that holds walkers each step, whose scratch
 * objects it does not share: link finding and jump routes run when a way is planned, not per step.
 */
import type { RawRef, RecastCore, RecastPoint, RecastQuery } from "./recast.js";

/** Farthest a way's end may lie from its goal and still reach it, metres across. */
const REACH_SLACK = 0.3;

export class SurfaceProbe {
  readonly #query: RecastQuery;
  readonly #raw: RecastCore["Raw"];
  readonly #ref: RawRef<number>;
  readonly #point: RecastPoint;
  readonly #over: RawRef<boolean>;
  /** Above every surface and below every surface, metres. */
  readonly #top: number;
  readonly #bottom: number;
  /** Highest step up or down plus recast's lift, metres: a way's end within it is on the goal's floor. */
  readonly #climb: number;

  constructor(recast: RecastCore, query: RecastQuery, range: { top: number; bottom: number; climb: number }) {
    this.#query = query;
    this.#raw = recast.Raw;
    this.#ref = new this.#raw.UnsignedIntRef();
    this.#point = new this.#raw.Vec3();
    this.#over = new this.#raw.BoolRef();
    this.#top = range.top + 1;
    this.#bottom = range.bottom - 1;
    this.#climb = range.climb;
  }

  dispose(): void {
    for (const o of [this.#ref, this.#point, this.#over]) this.#raw.destroy(o);
  }

  /** The highest surface point within `reach` metres across of (x, z), or undefined. */
  top(x: number, z: number, reach: number): RecastPoint | undefined {
    const half = (this.#top - this.#bottom) / 2;
    return this.#nearest(x, this.#top + half, z, reach, this.#top + half - this.#bottom + 1);
  }

  /** The surface point nearest (x, y, z) within `across` metres across and `up` up or down, or undefined. */
  near(x: number, y: number, z: number, across: number, up: number): RecastPoint | undefined {
    return this.#nearest(x, y, z, across, up);
  }

  /** The walked way from `a` to `b` (surface points), both ends included; undefined when it does not get there. */
  walk(a: Readonly<RecastPoint>, b: Readonly<RecastPoint>): RecastPoint[] | undefined {
    const climb = this.#climb;
    const result = this.#query.computePath(a, b, { halfExtents: { x: 1, y: climb, z: 1 } });
    const last = result.path[result.path.length - 1];
    if (!result.success || !last) return undefined;
    if (Math.hypot(last.x - b.x, last.z - b.z) > REACH_SLACK || Math.abs(last.y - b.y) > climb) return undefined;
    return result.path.map((p) => ({ x: p.x, y: p.y, z: p.z }));
  }

  #nearest(x: number, y: number, z: number, across: number, up: number): RecastPoint | undefined {
    const status = this.#query.raw.findNearestPoly(
      [x, y, z],
      [across, up, across],
      this.#query.defaultFilter.raw,
      this.#ref,
      this.#point,
      this.#over,
    );
    if ((status & 0x80000000) !== 0 || this.#ref.value === 0) return undefined;
    return { x: this.#point.x, y: this.#point.y, z: this.#point.z };
  }
}
