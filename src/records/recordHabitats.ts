/**
 * The habitats of a record, whichever of the service's three forms it uses: the 16 boolean
 * flags of the spec, a `habitats: ["forest", ...]` list, or one `habitat: "forest"` string.
 * Newer records often carry only the list, so code that picks records by habitat (populate,
 * the reference service's search, the demo) reads them through here and never a flag alone.
 */
import { HABITATS, type Habitat, isHabitat } from "./habitats.js";

/** What {@link recordHabitats} reads of a record: any object, validated or straight off the wire. */
export type HabitatSource = object;

/** A flag counts when it is true as the loosely typed services send it. */
function isSet(flag: unknown): boolean {
  return flag === true || flag === 1 || (typeof flag === "string" && flag.trim().toLowerCase() === "true");
}

/** The habitat words of a `habitats` or `habitat` field: a string (comma-separated) or a list of them. */
function words(value: unknown): string[] {
  if (typeof value === "string") return value.split(",");
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === "string" ? item.split(",") : []));
  return [];
}

/**
 * The record's habitats from all three forms, case-insensitive, each once, in the spec's order.
 * Words that name none of the 16 habitats are left out.
 *
 * @example
 * recordHabitats({ forest: true, habitats: ["Farm", "forest"], habitat: "grass" }); // ["forest", "farm", "grass"]
 * @category Records
 */
export function recordHabitats(record: HabitatSource): Habitat[] {
  const fields = record as Record<string, unknown>;
  const found = new Set<string>();
  for (const word of [...words(fields["habitats"]), ...words(fields["habitat"])]) {
    const folded = word.trim().toLowerCase();
    if (isHabitat(folded)) found.add(folded);
  }
  return HABITATS.filter((habitat) => found.has(habitat) || isSet(fields[habitat]));
}

/**
 * True when the record lives in `habitat` in any of the three forms.
 *
 * @example
 * recordHasHabitat({ habitat: "Forest" }, "forest"); // true
 * @category Records
 */
export function recordHasHabitat(record: HabitatSource, habitat: Habitat): boolean {
  return recordHabitats(record).includes(habitat);
}
