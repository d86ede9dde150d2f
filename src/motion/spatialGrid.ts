/**
 * A uniform hash grid over the ground plane for neighbour queries, rebuilt every step into
 * preallocated typed arrays (it grows only when the agent count does).
 */
const BUCKETS = 4096;

/** A query point with a map of its own (a shared `{ x, z }` literal map may box its doubles). */
class QueryPoint {
  x = 0.5;
  z = 0.5;
  radius = 0.5;
}

export class SpatialGrid {
  #cellSize = 2; // initialised: see MotionAgent's note on number fields
  readonly #heads = new Int32Array(BUCKETS);
  /** The query that last visited each bucket: two cells of one query may share a bucket. */
  readonly #seen = new Int32Array(BUCKETS);
  #queryStamp = 0;
  #next = new Int32Array(64);

  constructor(cellSize = 2) {
    this.#cellSize = cellSize;
  }

  get cellSize(): number {
    return this.#cellSize;
  }

  /** Rebuilds the grid for the items' positions (read directly: no per-item callback). */
  rebuild(items: readonly { readonly x: number; readonly z: number }[], cellSize = this.#cellSize): void {
    this.#cellSize = cellSize;
    const count = items.length;
    if (this.#next.length < count) this.#next = new Int32Array(Math.max(count, this.#next.length * 2));
    this.#heads.fill(-1);
    for (let i = 0; i < count; i++) {
      const item = items[i]!;
      const b = this.#bucket(Math.floor(item.x / this.#cellSize), Math.floor(item.z / this.#cellSize));
      this.#next[i] = this.#heads[b]!;
      this.#heads[b] = i;
    }
  }

  /** The point and radius of the next {@link query} (fields, so no double crosses the call). */
  readonly at = new QueryPoint();

  /**
   * Calls `visit(i)` once for every index in the cells within `at.radius` of `at` (a superset of
   * the items within the radius).
   */
  query(visit: (i: number) => void): void {
    const { x, z, radius } = this.at;
    const size = this.#cellSize;
    const x0 = Math.floor((x - radius) / size);
    const x1 = Math.floor((x + radius) / size);
    const z0 = Math.floor((z - radius) / size);
    const z1 = Math.floor((z + radius) / size);
    // Cells that hash to one bucket would be visited twice: cap the span at the bucket count.
    if ((x1 - x0 + 1) * (z1 - z0 + 1) > BUCKETS / 4) {
      for (let b = 0; b < BUCKETS; b++) for (let i = this.#heads[b]!; i >= 0; i = this.#next[i]!) visit(i);
      return;
    }
    const stamp = ++this.#queryStamp;
    for (let cx = x0; cx <= x1; cx++) {
      for (let cz = z0; cz <= z1; cz++) {
        const b = this.#bucket(cx, cz);
        if (this.#seen[b] === stamp) continue; // each item once per query
        this.#seen[b] = stamp;
        for (let i = this.#heads[b]!; i >= 0; i = this.#next[i]!) visit(i);
      }
    }
  }

  #bucket(cx: number, cz: number): number {
    return ((Math.imul(cx, 73856093) ^ Math.imul(cz, 19349663)) >>> 0) % BUCKETS;
  }
}
