/**
 * The kinds of swimmers and the band of the water column each keeps to: tables a game reads and
 * changes before spawning (`menagerie.swimKinds`), apart from the column's arithmetic
 * (waterColumn.ts) so that a Menagerie's first download carries only the tables.
 */
/**
 * Where in the water column a kind of swimmer keeps: fractions of the room its body has between
 * the surface and the floor (0 = its back at the surface, 1 = its belly on the floor).
 * @category Motion
 */
export interface DepthBand {
  /** The shallowest it goes, 0..1. */
  readonly top: number;
  /** The deepest it goes, 0..1 (at least `top`). */
  readonly bottom: number;
  /**
   * How much of its body is under the surface at the band's top, 0..1: 1 for fish (always
   * wholly under), less for ducks and turtles that float at the surface.
   */
  readonly submerged: number;
}

/**
 * The kinds of swimmers and their bands: `surface` (ducks, turtles: afloat, 60% under),
 * `mid` (most fish and sharks: from 10% to 80% of the column), `bottom` (rays, flatfish, crabs
 * and lobsters that swim: the lowest 15%, on the floor at most). A game changes a band by
 * passing its own table (`menagerie.swimBands`) or setting `motion.depthBand`.
 * @category Motion
 */
export const DEPTH_BANDS: Readonly<Record<SwimKind, DepthBand>> = Object.freeze({
  surface: Object.freeze({ top: 0, bottom: 0, submerged: 0.6 }),
  mid: Object.freeze({ top: 0.1, bottom: 0.8, submerged: 1 }),
  bottom: Object.freeze({ top: 0.85, bottom: 1, submerged: 1 }),
});

/**
 * A kind of swimmer, by where it keeps in the water column (see {@link DEPTH_BANDS}).
 * @category Motion
 */
export type SwimKind = "surface" | "mid" | "bottom";

/**
 * Swimmers that are not mid-water fish, by name, taxon (any rank of the record's `taxonomy`) or
 * tag, in lower case: a swimmer named in none is `mid`. A game adds its own
 * (`menagerie.swimKinds.set("manatee", "bottom")`) before spawning.
 * @category Motion
 */
export const SWIM_KINDS: ReadonlyMap<string, SwimKind> = new Map<string, SwimKind>([
  ["duck", "surface"],
  ["goose", "surface"],
  ["swan", "surface"],
  ["anatidae", "surface"],
  ["turtle", "surface"],
  ["sea turtle", "surface"],
  ["testudines", "surface"],
  ["jellyfish", "surface"],
  ["ray", "bottom"],
  ["stingray", "bottom"],
  ["manta ray", "bottom"],
  ["myliobatiformes", "bottom"],
  ["rajiformes", "bottom"],
  ["flatfish", "bottom"],
  ["flounder", "bottom"],
  ["plaice", "bottom"],
  ["pleuronectiformes", "bottom"],
  ["crab", "bottom"],
  ["lobster", "bottom"],
  ["decapoda", "bottom"],
  ["catfish", "bottom"],
  ["siluriformes", "bottom"],
  ["octopus", "bottom"],
  ["starfish", "bottom"],
]);

/**
 * The kind of a swimmer from its words (name, taxa, tags; any case): the first listed in
 * `kinds`, else `mid`.
 * @category Motion
 */
export function swimKindOf(words: readonly string[], kinds: ReadonlyMap<string, SwimKind> = SWIM_KINDS): SwimKind {
  for (const word of words) {
    const kind = kinds.get(word.toLowerCase().trim());
    if (kind) return kind;
  }
  return "mid";
}
