/**
 * The `physics` option of `spawnCreature` and `new Menagerie()`: its types and checks. Kept
 * apart from the physics/ chunk (which imports Babylon's physics classes) so that checking the
 * option costs the main bundle nothing: the body code loads only when a creature asks for one.
 */
import { OptionsError } from "../../core/errors.js";
import { describeValue, oneOf, positiveNumber } from "../../core/options.js";

/**
 * The collision shape fitted to a creature's bounds.
 * @category Physics
 */
export type CreaturePhysicsShape = "capsule" | "box";

/**
 * A creature's physics body (Babylon's Havok plugin, which the scene must have enabled).
 * The body is kinematic (`PhysicsMotionType.ANIMATED`): the creature's motion moves it, and
 * dynamic bodies (a thrown ball, a player's capsule) collide with it and are pushed away.
 * @category Physics
 */
export interface CreaturePhysicsOptions {
  /**
   * Its shape, sized from the creature's bounding box at spawn: `"capsule"` lies along the
   * box's longest side (upright for a biped, lengthwise for a quadruped) with a radius of half
   * the mean of the two other sides; `"box"` is the bounding box itself.
   * @default "capsule"
   */
  shape?: CreaturePhysicsShape;
  /**
   * Mass in kilograms (used by Havok only if the game turns the body dynamic).
   * @default the record's `mass` when it is a positive number, else 250 kg per cubic metre of
   * the creature's bounding box (a body fills about a quarter of its box at the density of water)
   */
  mass?: number;
}

/** A checked `physics` option: the shape chosen, the mass only when one was given. */
export interface ResolvedPhysicsOptions {
  shape: CreaturePhysicsShape;
  mass: number | undefined;
}

/**
 * Defaults of {@link CreaturePhysicsOptions}.
 * @category Physics
 */
export const CREATURE_PHYSICS_DEFAULTS: Readonly<{ shape: CreaturePhysicsShape }> = Object.freeze({
  shape: "capsule",
});

/** Checks a `physics` option (`true`, `false`, `undefined` or an options object). */
export function checkPhysicsOption(name: string, value: unknown): boolean | CreaturePhysicsOptions | undefined {
  if (value === undefined || typeof value === "boolean") return value;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new OptionsError(name, `must be true, false or { shape, mass }, got ${describeValue(value)}`);
  const options = value as CreaturePhysicsOptions;
  if (options.shape !== undefined) oneOf(`${name}.shape`, options.shape, ["capsule", "box"] as const);
  if (options.mass !== undefined) positiveNumber(`${name}.mass`, options.mass);
  return options;
}

/**
 * The physics a spawn asks for, or `undefined` for none: the spawn's own option (`false`
 * turns off a Menagerie-wide default; an object's fields override the default's) over the
 * Menagerie's.
 */
export function spawnPhysics(spawnValue: unknown, menagerieValue: unknown): ResolvedPhysicsOptions | undefined {
  const own = checkPhysicsOption("physics", spawnValue);
  const base = checkPhysicsOption("physics", menagerieValue);
  if (own === false || (own === undefined && !base)) return undefined;
  const merged = { ...(typeof base === "object" ? base : {}), ...(typeof own === "object" ? own : {}) };
  return { shape: merged.shape ?? CREATURE_PHYSICS_DEFAULTS.shape, mass: merged.mass };
}
