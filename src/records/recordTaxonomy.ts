/**
 * What a record says it is: its species (the catalog's `beetle#0002` is a ladybird) and its
 * taxa, whichever shape the service gave them in.
 */

/**
 * The taxa a record's `taxonomy` names, in order, whichever shape it has: a list
 * (`["Carnivora", "Felidae", "Panthera leo"]`), one string, or an object of ranks
 * (`{ order: "Carnivora", family: "Felidae" }`, its string values in key order); `[]` without one.
 *
 * @example
 * recordTaxonomy(lion.record).includes("Felidae"); // true
 * @category Records
 */
export function recordTaxonomy(record: {
  taxonomy?: string | readonly string[] | Readonly<Record<string, unknown>> | null | undefined;
}): string[] {
  const taxonomy = record.taxonomy;
  if (!taxonomy) return [];
  if (typeof taxonomy === "string") return [taxonomy];
  if (Array.isArray(taxonomy)) return [...(taxonomy as readonly string[])];
  return Object.values(taxonomy).filter((v): v is string => typeof v === "string");
}

/**
 * The species a record is: its `creature` field when it has one (`beetle#0002` is a
 * `ladybird`), else its name without the catalog's `#0002` variant suffix.
 */
export function recordSpecies(record: { name: string; creature?: string | null | undefined }): string {
  const creature = record.creature?.trim();
  return creature ? creature : record.name.replace(/#\d+$/, "").trim();
}
