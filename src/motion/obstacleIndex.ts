/**
 * The world's obstacles in a grid over the ground plane, so that an agent's avoidance reads
 * the few obstacles near it instead of every prop of the scene: without it each agent visits
 * every obstacle each step, and the cost grows with movers × props. Obstacles stand still, so
 * the grid is built when they change, not per step; queries allocate nothing.
 */

/** What the index reads of an obstacle (a world's `Obstacle`): its bounding circle. */
export interface ObstacleCircle {
  readonly x: number;
  readonly z: number;
  readonly reach: number;
}

/** Hash buckets of the grid: cells that hash alike only add candidates, never lose one. */
const BUCKETS = 1024;
/** An obstacle spanning more cells than this is kept apart and offered to every query. */
const MAX_CELLS = 64;

/** A query point with a map of its own (see spatialGrid.ts): numbers travel in fields. */
class ObstacleQuery {
  x = 0.5;
  z = 0.5;
  /** How far beyond an obstacle's bounding circle it still counts, metres. */
  reach = 0.5;
}

export class ObstacleIndex {
  /** The point and reach of the next {@link near}. */
  readonly at = new ObstacleQuery();
  /** Indices (into the obstacle list) of the last {@link near}, ascending, valid up to its count. */
  found = new Int32Array(16);
  #cellSize = 4;
  /** The list as indexed: each obstacle and its circle, to notice any change. */
  #indexed: ObstacleCircle[] = [];
  #circles = new Float64Array(0);
  #version = -1;
  /** Bucket b holds `#items[#start[b] .. #start[b + 1])`. */
  readonly #start = new Int32Array(BUCKETS + 1);
  #items = new Int32Array(16);
  /** Obstacles too wide for the grid, visited by every query. */
  #wide = new Int32Array(0);
  #seen = new Int32Array(0);
  #stamp = 0;

  /** Rebuilds when the list, an obstacle or its circle changed since the last build (O(obstacles)). */
  refresh(obstacles: readonly ObstacleCircle[], version: number): void {
    if (version === this.#version && !this.#changed(obstacles)) return;
    this.#build(obstacles);
    this.#version = version;
  }

  /**
   * Finds the obstacles whose bounding circle, grown by `at.reach`, may hold `at`: a superset
   * of those within reach, in list order (so sums over them add up as over the whole list).
   * Returns how many, in {@link found}. `version` is the world's obstacle count of changes: a
   * change through the world's own calls is seen at once, any other at the next {@link refresh}.
   */
  near(obstacles: readonly ObstacleCircle[], version: number): number {
    if (version !== this.#version || obstacles.length !== this.#indexed.length) this.refresh(obstacles, version);
    const { x, z, reach } = this.at;
    const size = this.#cellSize;
    const x0 = Math.floor((x - reach) / size);
    const x1 = Math.floor((x + reach) / size);
    const z0 = Math.floor((z - reach) / size);
    const z1 = Math.floor((z + reach) / size);
    const stamp = ++this.#stamp;
    let count = 0;
    if (!((x1 - x0 + 1) * (z1 - z0 + 1) <= BUCKETS)) {
      // A reach wider than the grid tells apart: every obstacle is a candidate.
      for (let i = 0; i < this.#indexed.length; i++) count = this.#take(i, stamp, count);
      return count;
    }
    for (let k = 0; k < this.#wide.length; k++) count = this.#take(this.#wide[k]!, stamp, count);
    for (let cx = x0; cx <= x1; cx++) {
      for (let cz = z0; cz <= z1; cz++) {
        const b = bucket(cx, cz);
        const end = this.#start[b + 1]!;
        for (let k = this.#start[b]!; k < end; k++) count = this.#take(this.#items[k]!, stamp, count);
      }
    }
    sortAscending(this.found, count);
    return count;
  }

  #take(i: number, stamp: number, count: number): number {
    if (this.#seen[i] === stamp) return count;
    this.#seen[i] = stamp;
    if (count === this.found.length) {
      const grown = new Int32Array(count * 2);
      grown.set(this.found);
      this.found = grown;
    }
    this.found[count] = i;
    return count + 1;
  }

  #changed(obstacles: readonly ObstacleCircle[]): boolean {
    if (obstacles.length !== this.#indexed.length) return true;
    const c = this.#circles;
    for (let i = 0; i < obstacles.length; i++) {
      const o = obstacles[i]!;
      if (o !== this.#indexed[i] || o.x !== c[i * 3] || o.z !== c[i * 3 + 1] || o.reach !== c[i * 3 + 2]) return true;
    }
    return false;
  }

  #build(obstacles: readonly ObstacleCircle[]): void {
    const n = obstacles.length;
    this.#indexed = [...obstacles];
    this.#circles = new Float64Array(n * 3);
    this.#seen = new Int32Array(n);
    this.#stamp = 0;
    // Cells about twice the typical obstacle across: most queries read one to four cells.
    let sum = 0;
    for (const o of obstacles) sum += o.reach;
    this.#cellSize = Math.max(1, n > 0 ? (4 * sum) / n : 4);
    const wide: number[] = [];
    const counts = new Int32Array(BUCKETS);
    this.#forEachCell(obstacles, wide, (b) => counts[b]!++);
    this.#start[0] = 0;
    for (let b = 0; b < BUCKETS; b++) this.#start[b + 1] = this.#start[b]! + counts[b]!;
    this.#items = new Int32Array(Math.max(1, this.#start[BUCKETS]!));
    const fill = this.#start.slice(0, BUCKETS);
    this.#forEachCell(obstacles, [], (b, i) => {
      this.#items[fill[b]!++] = i;
    });
    this.#wide = Int32Array.from(wide);
  }

  /** Calls `cell(bucket, i)` for each cell each obstacle's circle covers; wide ones go to `wide`. */
  #forEachCell(obstacles: readonly ObstacleCircle[], wide: number[], cell: (b: number, i: number) => void): void {
    const size = this.#cellSize;
    for (let i = 0; i < obstacles.length; i++) {
      const o = obstacles[i]!;
      this.#circles[i * 3] = o.x;
      this.#circles[i * 3 + 1] = o.z;
      this.#circles[i * 3 + 2] = o.reach;
      const x0 = Math.floor((o.x - o.reach) / size);
      const x1 = Math.floor((o.x + o.reach) / size);
      const z0 = Math.floor((o.z - o.reach) / size);
      const z1 = Math.floor((o.z + o.reach) / size);
      if ((x1 - x0 + 1) * (z1 - z0 + 1) > MAX_CELLS || !Number.isFinite(x0 + x1 + z0 + z1)) {
        wide.push(i);
        continue;
      }
      for (let cx = x0; cx <= x1; cx++) for (let cz = z0; cz <= z1; cz++) cell(bucket(cx, cz), i);
    }
  }
}

function bucket(cx: number, cz: number): number {
  return ((Math.imul(cx, 73856093) ^ Math.imul(cz, 19349663)) >>> 0) % BUCKETS;
}

/** Insertion sort of the first `count` entries: the lists are a handful long. */
function sortAscending(list: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const v = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > v) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = v;
  }
}
