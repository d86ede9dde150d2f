/**
 * The 16 habitat flags of a model record. Apart from the record schemas (schemas.ts, which
 * re-exports them), so that a game or a module that only names habitats (a habitat picker,
 * population rules) does not pull zod into its bundle.
 */

/**
 * The 16 habitat / setting flags every record carries.
 * @category Populate
 */
export const HABITATS = [
  "forest",
  "beach",
  "city",
  "desert",
  "farm",
  "sea",
  "icescape",
  "jungle",
  "lake",
  "pond",
  "river",
  "swamp",
  "grass",
  "rural",
  "urban",
  "garden",
] as const;

/**
 * One of the 16 habitat flags.
 * @category Populate
 */
export type Habitat = (typeof HABITATS)[number];

/**
 * True when `value` names one of the 16 habitats.
 * @category Populate
 */
export function isHabitat(value: unknown): value is Habitat {
  return typeof value === "string" && (HABITATS as readonly string[]).includes(value);
}
