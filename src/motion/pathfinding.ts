/**
 * Paths around obstacles, engine-free: A* on a grid laid over the ground between two points
 * (8 neighbours, octile distance), cells blocked where an obstacle comes within `clearance`,
 * then the corners a straight line can skip pulled out (line of sight on the same grid). Our own
 * small A*: the npm grid libraries we looked at (`pathfinding`) are unmaintained since 2016, and
 * a navmesh (recast) is a WASM download a game should opt into. Used by `moveTo` when a
 * straight line would cross an obstacle, and again whenever the world's obstacles change.
 */
import { assignDefaults } from "../core/options.js";
import { type EdgeProbe, probeEdge } from "./area.js";
import type { Obstacle, Vec2 } from "./types.js";

/**
 * Options of {@link findPath}.
 * @category Motion
 */
export interface PathOptions {
  /** How far from every obstacle the path keeps, metres (the walker's radius and a margin). @default 0.5 */
  clearance?: number;
  /** Grid cell size, metres (grown when the grid would pass `maxCells`). @default half the clearance, at least 0.25 */
  cellSize?: number;
  /** Room around the two points and the obstacles between them, metres. @default 10 */
  margin?: number;
  /** Most cells in the grid. @default 40000 */
  maxCells?: number;
}

/** Defaults of {@link PathOptions}; the cell size follows the clearance. */
const PATH_DEFAULTS: Readonly<Required<Omit<PathOptions, "cellSize">>> = Object.freeze({
  clearance: 0.5,
  margin: 10,
  maxCells: 40_000,
});

/** What a search did: cells of the grid and cells expanded (for tests and benches). */
export interface PathStats {
  cells: number;
  expanded: number;
}

class Probe implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}
const probe = new Probe();

const SQRT2 = Math.SQRT2;
const STEPS = [
  [1, 0, 1],
  [-1, 0, 1],
  [0, 1, 1],
  [0, -1, 1],
  [1, 1, SQRT2],
  [1, -1, SQRT2],
  [-1, 1, SQRT2],
  [-1, -1, SQRT2],
] as const;

/** True when a straight walk from `a` to `b` keeps `clearance` from every obstacle. */
export function isClear(a: Vec2, b: Vec2, obstacles: readonly Obstacle[], clearance: number): boolean {
  const length = Math.hypot(b.x - a.x, b.z - a.z);
  const steps = Math.max(1, Math.ceil(length / Math.max(0.05, clearance * 0.5)));
  const at = { x: 0, z: 0 };
  for (let i = 0; i <= steps; i++) {
    at.x = a.x + ((b.x - a.x) * i) / steps;
    at.z = a.z + ((b.z - a.z) * i) / steps;
    if (blocked(at, obstacles, clearance)) return false;
  }
  return true;
}

function blocked(at: Vec2, obstacles: readonly Obstacle[], clearance: number): boolean {
  for (const o of obstacles) {
    const reach = o.reach + clearance;
    if ((at.x - o.x) ** 2 + (at.z - o.z) ** 2 > reach * reach) continue;
    probeEdge(o.area, at, probe);
    if (probe.distance > -clearance) return true;
  }
  return false;
}

/**
 * Waypoints from `from` to `to` around `obstacles` (the last is `to`), or `undefined` when
 * there is no way within the grid (the goal inside an obstacle, or walled in).
 * @category Motion
 */
export function findPath(
  from: Vec2,
  to: Vec2,
  obstacles: readonly Obstacle[],
  options: PathOptions = {},
  stats?: PathStats,
): Vec2[] | undefined {
  const { clearance, margin, maxCells } = assignDefaults(PATH_DEFAULTS, options);
  if (blocked(to, obstacles, clearance)) return undefined;
  // The grid covers both points and every obstacle near the way, plus a margin.
  let x0 = Math.min(from.x, to.x) - margin;
  let x1 = Math.max(from.x, to.x) + margin;
  let z0 = Math.min(from.z, to.z) - margin;
  let z1 = Math.max(from.z, to.z) + margin;
  for (const o of obstacles) {
    if (o.x + o.reach < x0 || o.x - o.reach > x1 || o.z + o.reach < z0 || o.z - o.reach > z1) continue;
    x0 = Math.min(x0, o.x - o.reach - margin / 2);
    x1 = Math.max(x1, o.x + o.reach + margin / 2);
    z0 = Math.min(z0, o.z - o.reach - margin / 2);
    z1 = Math.max(z1, o.z + o.reach + margin / 2);
  }
  let cell = options.cellSize ?? Math.max(0.25, clearance / 2);
  while (Math.ceil((x1 - x0) / cell) * Math.ceil((z1 - z0) / cell) > maxCells) cell *= 1.5;
  const w = Math.ceil((x1 - x0) / cell);
  const h = Math.ceil((z1 - z0) / cell);
  const n = w * h;
  const centre = (i: number): Vec2 => ({ x: x0 + ((i % w) + 0.5) * cell, z: z0 + (Math.floor(i / w) + 0.5) * cell });
  const indexOf = (p: Vec2) =>
    Math.min(h - 1, Math.max(0, Math.floor((p.z - z0) / cell))) * w +
    Math.min(w - 1, Math.max(0, Math.floor((p.x - x0) / cell)));
  const wall = new Uint8Array(n);
  for (let i = 0; i < n; i++) wall[i] = blocked(centre(i), obstacles, clearance) ? 1 : 0;
  const start = indexOf(from);
  const goal = indexOf(to);
  wall[start] = 0; // it may stand within the clearance now: let it walk out
  wall[goal] = 0;
  const g = new Float64Array(n).fill(Infinity);
  const came = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const heap = new MinHeap();
  const gx = goal % w;
  const gz = Math.floor(goal / w);
  const estimate = (i: number) => {
    const dx = Math.abs((i % w) - gx);
    const dz = Math.abs(Math.floor(i / w) - gz);
    return Math.max(dx, dz) + (SQRT2 - 1) * Math.min(dx, dz);
  };
  g[start] = 0;
  heap.push(start, estimate(start));
  let expanded = 0;
  while (heap.size > 0) {
    const i = heap.pop();
    if (closed[i]) continue;
    closed[i] = 1;
    expanded++;
    if (i === goal) break;
    const cx = i % w;
    const cz = Math.floor(i / w);
    for (const [dx, dz, cost] of STEPS) {
      const nx = cx + dx;
      const nz = cz + dz;
      if (nx < 0 || nz < 0 || nx >= w || nz >= h) continue;
      const j = nz * w + nx;
      // No corner cutting: a diagonal needs both of its sides open.
      if (wall[j] || closed[j] || (dx && dz && (wall[cz * w + nx] || wall[nz * w + cx]))) continue;
      const next = g[i]! + cost;
      if (next < g[j]!) {
        g[j] = next;
        came[j] = i;
        heap.push(j, next + estimate(j));
      }
    }
  }
  if (stats) {
    stats.cells = n;
    stats.expanded = expanded;
  }
  if (!closed[goal]) return undefined;
  const cells: Vec2[] = [];
  for (let i = goal; i !== start && i >= 0; i = came[i]!) cells.push(centre(i));
  cells.reverse();
  cells[cells.length - 1] = { x: to.x, z: to.z };
  // String pulling: from each kept point, skip ahead to the last point still in plain sight.
  const path: Vec2[] = [];
  let at: Vec2 = from;
  let k = 0;
  while (k < cells.length) {
    // Forward while in sight (cells of an A* path are in sight of their neighbours): linear
    // in the path's length, where trying from the far end first would be quadratic.
    let far = k;
    while (far + 1 < cells.length && isClear(at, cells[far + 1]!, obstacles, clearance * 0.9)) far++;
    at = cells[far]!;
    path.push(at);
    k = far + 1;
  }
  return path;
}

/** A binary min-heap of cell indices by priority. */
class MinHeap {
  #items: number[] = [];
  #keys: number[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(item: number, key: number): void {
    const items = this.#items;
    const keys = this.#keys;
    let i = items.length;
    items.push(item);
    keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      items[i] = items[p]!;
      keys[i] = keys[p]!;
      i = p;
    }
    items[i] = item;
    keys[i] = key;
  }

  pop(): number {
    const items = this.#items;
    const keys = this.#keys;
    const top = items[0]!;
    const lastItem = items.pop()!;
    const lastKey = keys.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
        if (keys[c]! >= lastKey) break;
        items[i] = items[c]!;
        keys[i] = keys[c]!;
        i = c;
      }
      items[i] = lastItem;
      keys[i] = lastKey;
    }
    return top;
  }
}
