/** Events and progress reports of the Babylon layer; they are born in the engine-free loader. */
export type { LoadProgress, MenagerieWarning } from "../api/loadEvents.js";

/**
 * Where a creature is in the world, from `creature.bounds`: its axis-aligned box in world
 * units and the sphere round that box (for culling, spacing, a camera's framing).
 * @category Creatures
 */
export interface CreatureBounds {
  /** The box's lowest corner. */
  min: { x: number; y: number; z: number };
  /** The box's highest corner. */
  max: { x: number; y: number; z: number };
  /** The box's centre. */
  center: { x: number; y: number; z: number };
  /** Half the box's diagonal: the radius of a sphere round it. */
  radius: number;
}
