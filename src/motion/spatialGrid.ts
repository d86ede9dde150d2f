/**
 * A uniform hash grid over the ground plane for neighbour queries, rebuilt every step into
 * preallocated typed arrays (they grow only when the agent count does). A rebuild sorts the
 * items by bucket (a counting sort), so a query reads each cell's items, and their positions
 * as of the rebuild, from contiguous arrays.
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
  /** Bucket b holds the items `#items[#start[b] .. #start[b + 1])`, in ascending index. */
  readonly #start = new Int32Array(BUCKETS + 1);
  /** The query that last visited each bucket: two cells of one query may share a bucket. */
  readonly #seen = new Int32Array(BUCKETS);
  #queryStamp = 0;
  #items = new Int32Array(64);
  /** Each item's bucket, by item index (rebuild scratch). */
  #bucketOf = new Int32Array(64);
  /** Positions at the rebuild, in `#items` order. */
  #xs = new Float64Array(64);
  #zs = new Float64Array(64);
  #count = 0;
  /** Indices found by the last {@link near}, valid up to the count it returned. */
  found = new Int32Array(64);

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
    if (this.#items.length < count) this.#grow(Math.max(count, this.#items.length * 2));
    this.#count = count;
    const start = this.#start;
    start.fill(0);
    for (let i = 0; i < count; i++) {
      const item = items[i]!;
      const b = this.#bucket(Math.floor(item.x / this.#cellSize), Math.floor(item.z / this.#cellSize));
      this.#bucketOf[i] = b;
      start[b + 1]!++;
    }
    for (let b = 0; b < BUCKETS; b++) start[b + 1]! += start[b]!;
    // Placed from the end of each bucket backwards, last item first: ascending order within it.
    for (let i = count - 1; i >= 0; i--) {
      const k = --start[this.#bucketOf[i]! + 1]!;
      this.#items[k] = i;
      this.#xs[k] = items[i]!.x;
      this.#zs[k] = items[i]!.z;
    }
    // Each bucket's end was walked back to its start, one place up: shift them down.
    for (let b = 0; b < BUCKETS; b++) start[b] = start[b + 1]!;
    start[BUCKETS] = count;
  }

  /** The point and radius of the next {@link query} or {@link near} (fields, so no double crosses the call). */
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
    if (!((x1 - x0 + 1) * (z1 - z0 + 1) <= BUCKETS / 4)) {
      for (let k = 0; k < this.#count; k++) visit(this.#items[k]!);
      return;
    }
    const stamp = ++this.#queryStamp;
    for (let cx = x0; cx <= x1; cx++) {
      for (let cz = z0; cz <= z1; cz++) {
        const b = this.#bucket(cx, cz);
        if (this.#seen[b] === stamp) continue; // each item once per query
        this.#seen[b] = stamp;
        const end = this.#start[b + 1]!;
        for (let k = this.#start[b]!; k < end; k++) visit(this.#items[k]!);
      }
    }
  }

  /**
   * The items whose position at the rebuild is within `at.radius` of `at`, into {@link found};
   * returns how many. No callback: the positions are read from the grid's own arrays.
   */
  near(): number {
    const { x, z, radius } = this.at;
    const size = this.#cellSize;
    const x0 = Math.floor((x - radius) / size);
    const x1 = Math.floor((x + radius) / size);
    const z0 = Math.floor((z - radius) / size);
    const z1 = Math.floor((z + radius) / size);
    this.#r2 = radius * radius;
    if (this.found.length < this.#count) this.found = new Int32Array(this.#items.length);
    if (!((x1 - x0 + 1) * (z1 - z0 + 1) <= BUCKETS / 4)) return this.#within(0, this.#count, 0);
    const stamp = ++this.#queryStamp;
    let found = 0;
    for (let cx = x0; cx <= x1; cx++) {
      for (let cz = z0; cz <= z1; cz++) {
        const b = this.#bucket(cx, cz);
        if (this.#seen[b] === stamp) continue;
        this.#seen[b] = stamp;
        found = this.#within(this.#start[b]!, this.#start[b + 1]!, found);
      }
    }
    return found;
  }

  /** The squared radius of the current {@link near}. */
  #r2 = 0.5;

  /** Adds to {@link found} (from `found` on) the items of `from .. to` within the radius of `at`. */
  #within(from: number, to: number, found: number): number {
    const r2 = this.#r2;
    const x = this.at.x;
    const z = this.at.z;
    const xs = this.#xs;
    const zs = this.#zs;
    for (let k = from; k < to; k++) {
      const dx = xs[k]! - x;
      const dz = zs[k]! - z;
      if (dx * dx + dz * dz <= r2) this.found[found++] = this.#items[k]!;
    }
    return found;
  }

  #grow(size: number): void {
    this.#items = new Int32Array(size);
    this.#bucketOf = new Int32Array(size);
    this.#xs = new Float64Array(size);
    this.#zs = new Float64Array(size);
  }

  #bucket(cx: number, cz: number): number {
    return ((Math.imul(cx, 73856093) ^ Math.imul(cz, 19349663)) >>> 0) % BUCKETS;
  }
}
