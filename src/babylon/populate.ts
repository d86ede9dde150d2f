/**
 * populate(): one search for a habitat, a weighted, herd-aware mix of the species whose habitat
 * flag is true, blue-noise placement with footprints, and creatures that appear as their model
 * finishes loading. Each model loads once (spawnCreature's guarantee), so a populate makes one
 * lookup plus one request per distinct asset. The plan (who stands where) is engine-free, in
 * motion/populationPlan.ts; this file loads, spawns and sets the creatures going.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { InvalidRecordReport, SearchOptions } from "../api/client.js";
import { OptionsError } from "../api/errors.js";
import type { ModelRecord } from "../api/schemas.js";
import type { Area } from "../motion/area.js";
import { type PlannedCreature, planPopulation } from "../motion/populationPlan.js";
import { POPULATION_RULES, type PopulationRules } from "../motion/populationRules.js";
import type { HeightFunction } from "../motion/types.js";
import type { Creature } from "./creature.js";
import { type AreaInput, toArea, toHeightFunction } from "./ground.js";
import type { MenagerieWarning } from "./types.js";

/** Options of `Menagerie.populate`. */
export interface PopulateOptions {
  /** One of the 16 habitat flags (only records whose flag is true are used), or any search query. */
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
}

/** Progress of a populate. */
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

/** The defaults of {@link PopulateOptions}; `radius` is that of the default area, in metres. */
export const POPULATE_DEFAULTS = Object.freeze({ count: 20, seed: 1, wander: true, concurrency: 4, radius: 10 });

/** The creatures one populate() made. */
export class CreatureGroup {
  /** Its living creatures (in plan order once populate resolves); one disposed on its own leaves. */
  readonly creatures: Creature[] = [];
  /** The species used. */
  readonly records: ModelRecord[] = [];
  /** Search results that failed validation and were skipped. */
  readonly skipped: InvalidRecordReport[] = [];
  /** Species or creatures left out, with why (no room, model failed to load). */
  readonly omissions: string[] = [];
  /** A creature joined the group, as soon as its model had loaded. */
  readonly onCreatureAddedObservable = new Observable<Creature>();
  /** Progress, as `onProgress` of the options reports it. */
  readonly onProgressObservable = new Observable<PopulateProgress>();
  #disposed = false;

  constructor(
    /** The habitat (or query) it was populated for. */
    readonly habitat: string,
    /** The area its creatures wander in. */
    readonly area: Area,
    /** Where its swimmers swim, in a water habitat. */
    readonly water: Area | undefined,
    /** The water surface's height, in a water habitat. */
    readonly waterLevel: number | undefined,
  ) {}

  /** True once {@link dispose} has run. */
  get isDisposed(): boolean {
    return this.#disposed;
  }

  /** Disposes every creature of the group (the models stay loaded in the Menagerie). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const creature of [...this.creatures]) creature.dispose();
    this.creatures.length = 0;
    this.onCreatureAddedObservable.clear();
    this.onProgressObservable.clear();
  }
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
  /** Loads a model once; rejects when it cannot. */
  preload(record: ModelRecord, options: { signal?: AbortSignal }): Promise<unknown>;
  spawn(
    record: ModelRecord,
    options: { position: Vector3; rotationY: number; signal?: AbortSignal; tags?: readonly string[] },
  ): Promise<Creature>;
  warn(warning: MenagerieWarning): void;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

function validate(options: PopulateOptions): { count: number; concurrency: number } {
  if (!options || typeof options.habitat !== "string" || options.habitat.trim() === "") {
    throw new OptionsError("habitat", "must be a non-empty string");
  }
  const count = options.count ?? POPULATE_DEFAULTS.count;
  if (!Number.isInteger(count) || count < 0)
    throw new OptionsError("count", `must be a non-negative integer, got ${count}`);
  const concurrency = options.concurrency ?? POPULATE_DEFAULTS.concurrency;
  // 0, a negative or NaN limit would start no loader at all and return an empty group silently.
  if (!((Number.isInteger(concurrency) && concurrency > 0) || concurrency === Infinity)) {
    throw new OptionsError("concurrency", `must be a positive integer, got ${concurrency}`);
  }
  return { count, concurrency };
}

/** See `Menagerie.populate`: plans with {@link planPopulation}, then loads and spawns. */
export async function populate(host: PopulateHost, options: PopulateOptions): Promise<CreatureGroup> {
  const { count, concurrency } = validate(options);
  if (!host.search)
    throw new OptionsError("client", "is needed to populate: pass { client } or { baseUrl } to new Menagerie()");
  const signal = options.signal;
  const area = toArea(options.area ?? { center: { x: 0, z: 0 }, radius: POPULATE_DEFAULTS.radius });
  const ground = toHeightFunction(
    options.ground ?? (options.area && "getBoundingInfo" in options.area ? options.area : host.ground),
  );

  const skipped: InvalidRecordReport[] = [];
  const records = await host.search(options.habitat, {
    ...(signal ? { signal } : {}),
    onInvalidRecord: (r) => skipped.push(r),
  });
  const plan = planPopulation({
    habitat: options.habitat,
    records,
    count,
    area,
    ground,
    water: options.water,
    waterLevel: options.waterLevel,
    seed: options.seed ?? POPULATE_DEFAULTS.seed,
    filter: options.filter,
    rules: options.rules ?? POPULATION_RULES,
    defaultHeight: host.defaultHeightMeters,
  });
  const group = new CreatureGroup(options.habitat, area, plan.water, plan.waterLevel);
  group.skipped.push(...skipped);
  for (const report of skipped) {
    host.warn({
      code: "record-skipped",
      model: report.name ?? `#${report.index}`,
      message: `skipped an invalid search result: ${report.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    });
  }
  if (plan.slots === 0) return group;
  group.omissions.push(...plan.omissions);
  group.records.push(...plan.species.map((s) => s.record));
  const progress: PopulateProgress = {
    modelsLoaded: 0,
    modelsTotal: plan.species.length,
    creaturesSpawned: 0,
    creaturesTotal: plan.creatures.length,
  };
  const report = () => {
    const snapshot = { ...progress };
    options.onProgress?.(snapshot);
    group.onProgressObservable.notifyObservers(snapshot);
  };
  report();

  const slotOf = new Map<Creature, number>();
  const wander = options.wander ?? POPULATE_DEFAULTS.wander;
  try {
    await eachLimited(plan.species, concurrency, async ({ record, creatures: mine }) => {
      signal?.throwIfAborted();
      try {
        await host.preload(record, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw error;
        group.omissions.push(`${record.name}: ${(error as Error).message}`);
        progress.creaturesTotal -= mine.length;
        progress.modelsLoaded++;
        report();
        return;
      }
      // The model is in: its creatures appear now, before the other species finish loading.
      for (const planned of mine) {
        const creature = await host.spawn(record, {
          position: new Vector3(planned.x, 0, planned.z),
          rotationY: planned.heading,
          ...(signal ? { signal } : {}),
          ...(options.tags ? { tags: options.tags } : {}),
        });
        if (group.isDisposed) {
          creature.dispose(); // the populate was cancelled while this one was being made
          return;
        }
        setUpMotion(creature, planned, ground, plan.waterLevel, wander);
        slotOf.set(creature, planned.slot);
        group.creatures.push(creature);
        // A creature disposed on its own leaves the group too.
        creature.onDisposeObservable.addOnce(() => {
          const at = group.creatures.indexOf(creature);
          if (at >= 0) group.creatures.splice(at, 1);
        });
        progress.creaturesSpawned++;
        options.onCreatureAdded?.(creature);
        group.onCreatureAddedObservable.notifyObservers(creature);
        report();
      }
      progress.modelsLoaded++;
      report();
    });
  } catch (error) {
    group.dispose();
    throw error;
  }
  // Creatures arrived in load order; list them in plan order so a seed gives the same list.
  group.creatures.sort((a, b) => slotOf.get(a)! - slotOf.get(b)!);
  return group;
}

/** Puts a spawned creature where the plan says, at its height, and lets it wander its region. */
function setUpMotion(
  creature: Creature,
  planned: PlannedCreature,
  ground: HeightFunction,
  waterLevel: number | undefined,
  wander: boolean,
): void {
  const motion = creature.motion;
  motion.ground = ground;
  if (planned.swimDepth !== undefined && waterLevel !== undefined) {
    motion.waterLevel = waterLevel;
    motion.swimDepth = planned.swimDepth;
    motion.y = Math.max(planned.groundY, waterLevel - planned.swimDepth);
  } else {
    motion.y = planned.groundY + (planned.realm === "air" ? motion.altitude : 0);
  }
  motion.x = planned.x;
  motion.z = planned.z;
  creature.root.position.set(planned.x, motion.y, planned.z);
  if (wander) creature.wander({ area: planned.region.area, avoid: planned.region.avoid });
}
