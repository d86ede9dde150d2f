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
  /** Realm by behaviour; any other behaviour is "ground". */
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
