/**
 * Options, progress and defaults of `Menagerie.populate`, the one function that checks and
 * fills them, and what populate needs of the Menagerie.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { SearchOptions } from "../../api/client.js";
import { OptionsError } from "../../core/errors.js";
import {
  functionOption,
  nonNegativeInteger,
  nonNegativeNumber,
  objectOption,
  positiveInteger,
  stringOption,
} from "../../core/options.js";
import type { Area } from "../../motion/area.js";
import type { HeightFunction, Obstacle } from "../../motion/types.js";
import type { EcologyRules } from "../../population/ecology.js";
import type { PopulationRules } from "../../population/populationRules.js";
import { resolveHabitat } from "../../records/habitatWords.js";
import type { ModelRecord } from "../../records/schemas.js";
import type { Creature } from "../creature.js";
import type { Spawner } from "../runtime/index.js";
import type { MenagerieWarning } from "../types.js";
import type { AreaInput } from "./areaInput.js";

/**
 * Options of `Menagerie.populate`.
 * @category Populate
 */
export interface PopulateOptions {
  /**
   * Where they live: one of the 16 habitat flags (only records of that habitat are used), or a
   * word that lands on one (`HABITAT_WORD_FLAGS`, `HABITAT_SYNONYMS` of `/records`: the real
   * service's grammar words such as `"savannah"` → grass, `"underwater"` → sea, and everyday
   * ones such as `"savanna"`, `"ocean"`), any case. Any other word is an `OptionsError` naming
   * the nearest known ones.
   * @example
   * await menagerie.populate({ habitat: "savannah" }); // the grass flag's creatures
   */
  habitat: string;
  /** Creatures in total. @default 20 */
  count?: number;
  /** Where they live. @default a circle of radius 10 m around the origin */
  area?: AreaInput;
  /** The ground's height: a function or a mesh. @default the area when it is a mesh, else y = 0 */
  ground?: HeightFunction | AbstractMesh;
  /** Where swimmers swim in a water habitat. @default a disc at the area's centre, 45% of its size */
  water?: Area;
  /** The water surface. @default ground height at the water's centre + a depth fit for the swimmers */
  waterLevel?: number;
  /** Same seed, same scene. @default 1 */
  seed?: number;
  /** Keep only the records this accepts (for example pets only). */
  filter?: (record: ModelRecord) => boolean;
  /** Start the creatures wandering in their area. @default true */
  wander?: boolean;
  /** Model loads under way at once: a positive integer, or Infinity for no limit. @default 4 */
  concurrency?: number;
  /** Cancels the populate; creatures already spawned by it are disposed. */
  signal?: AbortSignal;
  /** Progress: models and creatures done of total. */
  onProgress?: (progress: PopulateProgress) => void;
  /** Population rules (water habitats, realms, herd sizes). @default POPULATION_RULES */
  rules?: PopulationRules;
  /** Labels for every creature of this populate (`creature.tags`). @default none */
  tags?: readonly string[];
  /**
   * Called as each creature appears, once it stands in place with its orders set (wandering,
   * unless `wander: false`) and before the populate resolves: give it its own behaviours here.
   *
   * @example
   * await menagerie.populate({ habitat: "farm", onCreatureAdded: (sheep) => sheep.flee(player) });
   */
  onCreatureAdded?: (creature: Creature) => void;
  /**
   * Static props of the habitat (its `scenery`/`uniform` records with behaviour `static` or
   * `none`: trees, rocks, fences), placed first; creatures stand and wander around their
   * footprints. A count, or `{ count, filter }`, e.g. `{ count: 10, filter: (r) => r.tags?.includes("tree") }`.
   * @default 0
   */
  scenery?: SceneryOption;
  /**
   * Weights of the species mix by name (lower case, without a `#0002` suffix): a species'
   * share of the creatures is its weight over the sum. Species not named weigh `"*"`'s weight,
   * or 0 (left out) when there is no `"*"`. A key that names no species the habitat search
   * found, or an empty mix, is an `OptionsError` (option `mix`) naming the nearest species; so
   * is a weight that is negative or not finite, or weights that sum to 0 or past the largest number.
   * @default every species of the habitat weighs the same
   * @example
   * await menagerie.populate({ habitat: "savanna", count: 30, mix: { zebra: 3, elephant: 1, "*": 0.5 } });
   */
  mix?: Readonly<Record<string, number>>;
  /**
   * Herds keep together, flyers of a species flock and swimmers shoal (`creature.group`, the
   * group's `MotionGroup`); false lets each creature go its own way.
   * @default true
   */
  groups?: boolean;
  /**
   * Predators and prey: `true` sets creatures whose records are predators by `ECOLOGY_RULES`
   * (big cats, wild canids, bears ...) hunting the creatures they prey on, and those fleeing
   * them; or rules of the game's own. Set once populate resolves.
   * @default false
   * @example
   * const savanna = await menagerie.populate({ habitat: "grass", ecology: true });
   * for (const lion of savanna.creatures) lion.onCaughtObservable.add(({ prey }) => prey.dispose());
   */
  ecology?: boolean | EcologyRules;
}

/**
 * The `scenery` option of `populate` in its long form.
 * @category Populate
 */
export interface SceneryOptions {
  /** Props in total. @default 0 */
  count?: number;
  /** Keep only the scenery records this accepts (for example trees only). */
  filter?: (record: ModelRecord) => boolean;
}

/**
 * `scenery` of `populate`: a count of props, or {@link SceneryOptions}.
 * @category Populate
 */
export type SceneryOption = number | SceneryOptions;

/**
 * Progress of a populate.
 * @category Populate
 */
export interface PopulateProgress {
  /** Species whose model is loaded (or failed to load). */
  modelsLoaded: number;
  /** Species the populate uses. */
  modelsTotal: number;
  /** Creatures spawned so far. */
  creaturesSpawned: number;
  /** Creatures planned; lowered when a species' model fails to load. */
  creaturesTotal: number;
}

/**
 * The defaults of {@link PopulateOptions}; `radius` is that of the default area, in metres.
 * @category Populate
 */
export const POPULATE_DEFAULTS = Object.freeze({
  count: 20,
  seed: 1,
  wander: true,
  concurrency: 4,
  radius: 10,
  groups: true,
});

/** Populate's options checked, with their defaults filled: what populate reads. */
export interface ResolvedPopulateOptions
  extends Omit<PopulateOptions, "count" | "seed" | "wander" | "concurrency" | "groups" | "area" | "scenery"> {
  readonly count: number;
  /** A positive integer, or Infinity. */
  readonly concurrency: number;
  readonly seed: number;
  readonly wander: boolean;
  readonly groups: boolean;
  readonly area: AreaInput;
  readonly scenery: ResolvedScenery;
}

/** The `scenery` option in its long form, checked. */
export interface ResolvedScenery {
  readonly count: number;
  readonly filter: ((record: ModelRecord) => boolean) | undefined;
}

/**
 * Checks populate's options (an error names the bad one) and fills their defaults from
 * {@link POPULATE_DEFAULTS}; populate calls it first, before its search.
 */
export function resolvePopulateOptions(options: PopulateOptions): ResolvedPopulateOptions {
  objectOption("options", options);
  // A word that names no habitat would search the service for it and populate what it found,
  // or nothing, in silence.
  const habitat = resolveHabitat("habitat", stringOption("habitat", options.habitat, { nonEmpty: true }));
  const count = nonNegativeInteger("count", options.count ?? POPULATE_DEFAULTS.count);
  const concurrency = options.concurrency ?? POPULATE_DEFAULTS.concurrency;
  checkMixShape(options.mix);
  return {
    ...options,
    habitat,
    count,
    // 0, a negative or NaN limit would start no loader at all and return an empty group silently.
    concurrency: concurrency === Infinity ? concurrency : positiveInteger("concurrency", concurrency),
    scenery: resolveScenery(options.scenery),
    seed: options.seed ?? POPULATE_DEFAULTS.seed,
    wander: options.wander ?? POPULATE_DEFAULTS.wander,
    groups: options.groups ?? POPULATE_DEFAULTS.groups,
    area: options.area ?? { center: { x: 0, z: 0 }, radius: POPULATE_DEFAULTS.radius },
  };
}

/**
 * A mix is an object with at least one key, each weight a finite number of at least 0, their sum
 * above 0 and finite (its keys are checked once the species are known). A negative, infinite or
 * overflowing weight would skew the pick or place nothing, in silence.
 */
function checkMixShape(mix: PopulateOptions["mix"]): void {
  if (mix === undefined) return;
  objectOption("mix", mix);
  if (Object.keys(mix).length === 0)
    throw new OptionsError("mix", 'is empty: name species with their weights ({ zebra: 3, "*": 1 }), or leave it out');
  let sum = 0;
  for (const [key, weight] of Object.entries(mix)) sum += nonNegativeNumber(`mix.${key}`, weight);
  if (sum === 0) throw new OptionsError("mix", "weighs nothing: give at least one species a weight above 0");
  if (!Number.isFinite(sum)) throw new OptionsError("mix", "weights sum past the largest number: use smaller weights");
}

function resolveScenery(value: SceneryOption | undefined): ResolvedScenery {
  if (value === undefined) return { count: 0, filter: undefined };
  if (typeof value === "number") return { count: nonNegativeInteger("scenery", value), filter: undefined };
  objectOption("scenery", value);
  const count = nonNegativeInteger("scenery.count", value.count ?? 0);
  const filter =
    value.filter === undefined
      ? undefined
      : functionOption<(record: ModelRecord) => boolean>("scenery.filter", value.filter);
  return { count, filter };
}

/**
 * What populate() needs of the Menagerie, and no more: the Menagerie hands itself over through
 * this, so populate knows nothing of it (and the two files import nothing of each other).
 */
export interface PopulateHost {
  /** The habitat search; undefined when there is no lookup client. */
  readonly search: ((query: string, options: SearchOptions) => Promise<ModelRecord[]>) | undefined;
  /** Metres for a record whose height cannot be read (spacing and swim depth). */
  readonly defaultHeightMeters: number;
  /** The ground when the options give none. */
  readonly ground?: HeightFunction | AbstractMesh | undefined;
  /**
   * The Menagerie's spawner (models load once, creatures and props are made by it), once its
   * runtime has loaded: populate waits for it only when the plan is made.
   */
  readonly spawner: Promise<Spawner>;
  warn(warning: MenagerieWarning): void;
  /** Makes an area an obstacle for every creature of the Menagerie (scenery footprints). */
  addObstacle(area: Area): Obstacle;
  /** Undoes {@link addObstacle}. */
  removeObstacle(obstacle: Obstacle): boolean;
}
