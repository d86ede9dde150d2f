/**
 * Options of a creature's walks: `moveTo` (tolerance, stuck time) and `visit` (where, how long,
 * in what pose).
 */
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { MotionAgent } from "../../motion/motionAgent.js";
import type { VisitPose } from "../../motion/types.js";
import type { AreaInput } from "./areaInput.js";

/**
 * Options of `creature.moveTo`.
 * @category Creatures
 */
export interface MoveToOptions {
  /** Speed of this order only, m/s. @default its walk speed */
  speed?: number;
  /** Arrived (`true`) when its centre is this near the target, metres. @default half its radius, at least 0.05 */
  tolerance?: number;
  /**
   * Seconds of game time standing or creeping (under a quarter of its walk speed) without
   * getting 2 cm nearer its next waypoint or target, after which it gives up (`false`) and
   * stands. Time spent fleeing does not count. @default 5
   */
  stuckSeconds?: number;
}

/**
 * Where `creature.visit` goes: an area (a circle, a polygon or a mesh: it walks to the nearest
 * point of its edge, the shore for water), or a point, node or creature (it walks up to it).
 * @category Creatures
 */
export type VisitPlace = AreaInput | { x: number; z: number } | TransformNode | { readonly motion: MotionAgent };

/**
 * Options of `creature.visit`.
 * @category Creatures
 */
export interface VisitOptions extends MoveToOptions {
  /** Seconds of game time it stays there. @default 10 */
  stay?: number;
  /**
   * Its pose while it stays: `"drink"` and `"graze"` bow a part-built creature's head (a rigged
   * one idles; its clip mixer can play a clip of the pose's name: `ClipMixer.pose`); `"idle"` stands. @default "idle"
   */
  pose?: VisitPose;
  /** Ends the visit (it resolves `false` and the creature stops). @default none */
  signal?: AbortSignal;
}
