/**
 * What is in the world besides creatures: obstacle areas (rocks, fences, a house) and bodies
 * that are not creatures (a player, a car). Every agent steers around both, whatever its
 * orders. Engine-free: the Babylon side turns meshes into areas and copies a node's position
 * into its body each frame.
 */
import { type Area, isCircleArea } from "./area.js";
import type { Obstacle } from "./types.js";

/** Metres between a walker's feet and an obstacle's floor past which it is on another floor. */
const OTHER_FLOOR = 1;

/**
 * True when an obstacle stands on another floor than feet at `floorY` (undefined where there
 * is one floor: no navmesh); see {@link Obstacle.y}.
 */
export function onOtherFloor(o: Obstacle, floorY: number | undefined): boolean {
  return floorY !== undefined && o.y !== undefined && Math.abs(floorY - o.y) > OTHER_FLOOR;
}

/** An obstacle for an area, with its bounding circle (and, for a water, its surface `level`). */
export function createObstacle(area: Area, level?: number): Obstacle {
  if (isCircleArea(area)) {
    const y = (area.center as { y?: number }).y;
    return { area, x: area.center.x, z: area.center.z, reach: area.radius, level, y };
  }
  let x = 0;
  let z = 0;
  for (const p of area.points) {
    x += p.x;
    z += p.z;
  }
  x /= area.points.length;
  z /= area.points.length;
  let reach = 0;
  for (const p of area.points) reach = Math.max(reach, Math.hypot(p.x - x, p.z - z));
  return { area, x, z, reach, level };
}

/**
 * A body that is not a creature (a player, a car): where it is, how fast it goes and how big it
 * is. The world's owner moves it (the Babylon side copies its node's position each step and
 * measures its velocity); creatures steer around it and may flee from it.
 */
export class WorldBody {
  /** Position east-west, metres. */
  x = 0.5;
  /** Position north-south, metres. */
  z = 0.5;
  /** Velocity along x, m/s, measured from its last two positions. */
  vx = 0.5;
  /** Velocity along z, m/s. */
  vz = 0.5;
  /** Footprint radius, metres. */
  radius = 0.5;

  constructor(x: number, z: number, radius: number) {
    this.x = x;
    this.z = z;
    this.vx = 0;
    this.vz = 0;
    this.radius = radius;
  }

  /** Moves it to (x, z) after `dt` seconds, measuring its velocity on the way. */
  moveTo(x: number, z: number, dt: number): void {
    if (dt > 0) {
      this.vx = (x - this.x) / dt;
      this.vz = (z - this.z) / dt;
    }
    this.x = x;
    this.z = z;
  }
}
