/**
 * Who lives where and how: data a game can replace. Habitats with water, herd sizes by
 * creature, and where a behaviour places a creature (ground, air, water).
 */

/** Habitats whose scenes have water for swimmers. */
export const WATER_HABITATS: ReadonlySet<string> = new Set(["sea", "lake", "pond", "river", "swamp"]);

/**
 * Where a behaviour puts a creature.
 * @category Populate
 */
export type Realm = "ground" | "air" | "water";

/** Realm by behaviour; any other behaviour is "ground". */
export const REALM_BY_BEHAVIOUR: Readonly<Record<string, Realm>> = Object.freeze({
  fly: "air",
  swim: "water",
});

/**
 * Creatures that go in and out of water (realm `"amphibious"`): names (a record's `creature`
 * or name, lower case, without a `#0002` suffix), taxa (any rank of its `taxonomy`) and tags
 * (its own `tags`), in lower case. A Menagerie copies it into `menagerie.amphibiousCreatures`,
 * which a game extends (`.add("capybara")`) before spawning.
 * @category Populate
 */
export const AMPHIBIOUS_CREATURES: ReadonlySet<string> = new Set([
  "hippo",
  "hippopotamus",
  "crocodile",
  "alligator",
  "caiman",
  "frog",
  "toad",
  "newt",
  "salamander",
  "duck",
  "goose",
  "swan",
  "turtle",
  "terrapin",
  "otter",
  "beaver",
  "capybara",
  "platypus",
  "seal",
  "sea lion",
  "walrus",
  "penguin",
  "amphibia",
  "amphibian",
  "anura",
  "crocodylia",
  "testudines",
  "anatidae",
  "hippopotamidae",
  "castoridae",
  "lutrinae",
  "pinnipedia",
  "spheniscidae",
]);

/**
 * `"amphibious"` when a record's name, taxonomy or tags are in `amphibious` (see
 * {@link AMPHIBIOUS_CREATURES}); undefined otherwise (its behaviour decides: fly → air,
 * swim → water, else ground).
 * @category Populate
 */
export function recordRealm(
  record: {
    name: string;
    creature?: string | undefined;
    taxonomy?: unknown;
    tags?: readonly string[] | null | undefined;
  },
  amphibious: ReadonlySet<string> = AMPHIBIOUS_CREATURES,
): "amphibious" | undefined {
  return recordWords(record).some((word) => amphibious.has(word.toLowerCase().trim())) ? "amphibious" : undefined;
}

/** The words a table of kinds may name a record by: its herd key, its taxa and its tags. */
export function recordWords(record: {
  name: string;
  creature?: string | undefined;
  taxonomy?: unknown;
  tags?: readonly string[] | null | undefined;
}): string[] {
  return [herdKey(record), ...taxonWords(record.taxonomy), ...(record.tags ?? [])];
}

/** The taxa of a record's `taxonomy`: a string, a list, or an object of ranks. */
function taxonWords(taxonomy: unknown): string[] {
  if (typeof taxonomy === "string") return taxonomy.split(/[,;>/]/);
  if (Array.isArray(taxonomy)) return taxonomy.filter((t): t is string => typeof t === "string");
  if (taxonomy && typeof taxonomy === "object")
    return Object.values(taxonomy).filter((t): t is string => typeof t === "string");
  return [];
}

/** Herd sizes [min, max] by creature name (lower case, without a `#0002` suffix). */
export const HERD_SIZES: Readonly<Record<string, readonly [number, number]>> = Object.freeze({
  deer: [2, 5],
  sheep: [3, 6],
  cow: [2, 4],
  horse: [2, 4],
  goat: [2, 4],
  wolf: [2, 4],
  camel: [2, 3],
  pig: [2, 3],
  chicken: [2, 5],
  penguin: [3, 6],
  duck: [2, 4],
  zebra: [3, 5],
  elephant: [2, 3],
  fish: [3, 6],
});

/**
 * The population rules populate() uses.
 * @category Populate
 */
export interface PopulationRules {
  /** Habitats whose scenes have water for swimmers. */
  waterHabitats: ReadonlySet<string>;
  /**
   * Realm by behaviour; any other behaviour is "ground". A record without a behaviour is looked
   * up by `""`, so a game can put such records in the air or water too.
   */
  realmByBehaviour: Readonly<Record<string, Realm>>;
  /** Herd sizes [min, max] by creature name (lower case, without a `#0002` suffix). */
  herdSizes: Readonly<Record<string, readonly [number, number]>>;
}

/**
 * The default rules: water in sea, lake, pond, river and swamp scenes; flyers in the air and
 * swimmers in water; herds for the species of `HERD_SIZES`.
 * @category Populate
 */
export const POPULATION_RULES: PopulationRules = Object.freeze({
  waterHabitats: WATER_HABITATS,
  realmByBehaviour: REALM_BY_BEHAVIOUR,
  herdSizes: HERD_SIZES,
});

/** A creature's herd key: its `creature` (or name) in lower case without a `#` suffix. */
export function herdKey(record: { name: string; creature?: string | undefined }): string {
  return (record.creature ?? record.name).toLowerCase().split("#", 1)[0]!.trim();
}
