/**
 * Creature or scenery: the service keeps both in one catalog, told apart only by body type and
 * behaviour. Scenery (trees, rocks, fences) is a one-part record of type `scenery` or `uniform`
 * that does nothing (behaviour `static` or `none`); a `uniform` fish or snake that swims or
 * slithers is a creature. Whatever picks creatures (populate) or props (scenery) asks here, so
 * the two picks never overlap.
 */

/** Body types a scenery record has. */
export const SCENERY_TYPES: ReadonlySet<string> = new Set(["scenery", "uniform"]);
/** Behaviours of a scenery record: it does nothing. */
export const SCENERY_BEHAVIOURS: ReadonlySet<string> = new Set(["static", "none"]);

/**
 * True when the record is scenery: type `scenery` or `uniform` with behaviour `static` or
 * `none` (case-insensitive). A `scenery` record without a behaviour is scenery too.
 *
 * @example
 * isSceneryRecord({ type: "scenery", behaviour: "static" }); // true
 * isSceneryRecord({ type: "uniform", behaviour: "swim" }); // false: a fish
 * @category Records
 */
export function isSceneryRecord(record: { type?: string | undefined; behaviour?: string | undefined }): boolean {
  const type = record.type?.trim().toLowerCase() ?? "";
  const behaviour = record.behaviour?.trim().toLowerCase() ?? "";
  if (type === "scenery" && behaviour === "") return true;
  return SCENERY_TYPES.has(type) && SCENERY_BEHAVIOURS.has(behaviour);
}
