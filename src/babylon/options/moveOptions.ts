/**
 * Options of a creature's walks: `moveTo` (tolerance, stuck time) and `visit` (where, how long,
 * in what pose).
 */

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
   * Seconds of game time without getting 2 cm nearer its next waypoint or target than it has
   * been, however fast it goes meanwhile (standing, creeping, or running round a pond it cannot
   * cross), after which it gives up (`false`) and stands. Time spent fleeing or shoved back by
   * neighbours does not count, and the walk back from there is progress. @default 5
   */
  stuckSeconds?: number;
}

/**
 * Options of `creature.visit`.
 * @category Creatures
 */
export interface VisitOptions extends MoveToOptions {
  /** Seconds of game time it stays there. @default 10 */
  stay?: number;
  /**
   * Its pose while it stays: `"drink"` and `"graze"` bow a part-built creature's head; a rigged
   * one plays its clip of the pose's name when it has one (any case), else idles; `"idle"` stands. @default "idle"
   */
  pose?: "drink" | "graze" | "idle" | (string & {});
  /** Ends the visit (it resolves `false` and the creature stops). @default none */
  signal?: AbortSignal;
}
