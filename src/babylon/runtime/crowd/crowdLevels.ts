/**
 * Which level of detail a crowd draws a creature at (`meshLod`): by its distance to the nearest
 * active camera in multiples of its height, with hysteresis, so that a creature at a boundary
 * does not switch every frame. Kept apart from the crowds so that both (part-built,
 * crowdRenderer.ts; rigged, riggedCrowd.ts) choose the same way.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { MeshLodSettings } from "../../options/meshLodOptions.js";
import type { CrowdMember } from "./crowdMember.js";

/**
 * The level for a creature `distance` away and `size` tall (same units), drawn at `current`:
 * it goes up a level past that level's distance, and comes back only once nearer than
 * `(1 - hysteresis)` of it. `distances[k]` is where level k + 1 begins.
 */
export function levelAt(
  distance: number,
  size: number,
  current: number,
  distances: readonly number[],
  hysteresis: number,
): number {
  let level = current;
  while (level < distances.length && distance > distances[level]! * size) level++;
  while (level > 0 && distance < distances[level - 1]! * size * (1 - hysteresis)) level--;
  return level;
}

/**
 * Writes the active cameras' positions (x, y, z, flat) into `out`, growing it when needed;
 * returns it and how many there are. Read during a render, after Babylon updated the cameras.
 */
export function cameraPositions(scene: Scene, out: Float64Array): { positions: Float64Array; count: number } {
  const list = scene.activeCameras;
  const many = list !== null && list !== undefined && list.length > 0;
  const count = many ? list.length : scene.activeCamera ? 1 : 0;
  const positions = out.length < count * 3 ? new Float64Array(count * 3) : out;
  for (let i = 0; i < count; i++) {
    const p = (many ? list[i]! : scene.activeCamera!).globalPosition;
    positions[i * 3] = p.x;
    positions[i * 3 + 1] = p.y;
    positions[i * 3 + 2] = p.z;
  }
  return { positions, count };
}

/** The distance from (x, y, z) to the nearest of `count` positions. */
export function nearestDistance(positions: Float64Array, count: number, x: number, y: number, z: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < count; c++) {
    const dx = x - positions[c * 3]!;
    const dy = y - positions[c * 3 + 1]!;
    const dz = z - positions[c * 3 + 2]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/**
 * The active cameras' positions, and whether they moved since the last call: a crowd whose
 * creatures and cameras stood still keeps every creature at its level without looking.
 */
export class CameraWatch {
  positions: Float64Array = new Float64Array(0);
  count = 0;
  #seen: Float64Array = new Float64Array(0);
  #seenCount = -1;

  /** Reads the cameras; true when they moved (or were never read). */
  read(scene: Scene): boolean {
    const read = cameraPositions(scene, this.positions);
    this.positions = read.positions;
    this.count = read.count;
    let moved = read.count !== this.#seenCount;
    for (let i = 0; !moved && i < read.count * 3; i++) moved = read.positions[i] !== this.#seen[i];
    this.#seenCount = read.count;
    if (moved) {
      if (this.#seen.length < read.count * 3) this.#seen = new Float64Array(read.count * 3);
      this.#seen.set(read.positions.subarray(0, read.count * 3));
    }
    return moved;
  }

  /** Makes the next {@link read} answer true (new levels to choose from). */
  forget(): void {
    this.#seenCount = -1;
  }
}

/** A level of a crowd, as {@link switchLevels} moves creatures between them. */
export interface SwitchableLevel {
  readonly members: readonly CrowdMember[];
  /** Takes `member` from `from` (its slot there goes to `from`'s last member). */
  takeFrom(from: this, member: CrowdMember): void;
}

/**
 * Moves each shown creature whose distance to the nearest of `cameras` crossed a level's
 * boundary (with hysteresis) to that level, making the level with `make` when it has none yet;
 * returns how many moved. `modelHeight` turns a member's reach into its height.
 */
export function switchLevels<L extends SwitchableLevel>(
  levels: (L | undefined)[],
  make: (index: number) => L,
  cameras: CameraWatch,
  modelHeight: number,
  lod: MeshLodSettings,
): number {
  let switched = 0;
  for (let l = 0; l < levels.length; l++) {
    const level = levels[l];
    if (!level) continue;
    const members = level.members;
    // Backwards: a member leaving takes the last one's slot, which was already looked at.
    for (let i = members.length - 1; i >= 0; i--) {
      const m = members[i]!;
      if (m.hidden) continue;
      const distance = nearestDistance(cameras.positions, cameras.count, m.x, m.y, m.z);
      const size = (m.reach / m.modelReach) * modelHeight;
      const target = levelAt(distance, size, l, lod.distances, lod.hysteresis);
      if (target === l) continue;
      const to = (levels[target] ??= make(target));
      to.takeFrom(level, m);
      switched++;
    }
  }
  return switched;
}
