/**
 * Which level of detail a crowd draws a creature at (`meshLod`): by its distance to the nearest
 * active camera in multiples of its height, with hysteresis, so that a creature at a boundary
 * does not switch every frame. Kept apart from the crowd so that any crowd (part-built here; a
 * rigged crowd with simplified skinned meshes could do the same) chooses the same way.
 */
import type { Scene } from "@babylonjs/core/scene.js";

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
