/**
 * populate(): one search for a habitat, a weighted, herd-aware mix of the species whose habitat
 * flag is true, blue-noise placement with footprints, and creatures that appear as their model
 * finishes loading. Each model loads once (spawnCreature's guarantee), so a populate makes one
 * lookup plus one request per distinct asset. The plan (who stands where) is engine-free, in
 * population/populationPlan.ts; this file loads, spawns and sets the creatures going.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { InvalidRecordReport } from "../../api/client.js";
import { OptionsError } from "../../core/errors.js";
import type { Area } from "../../motion/area.js";
import type { MotionGroup } from "../../motion/group.js";
import type { Obstacle } from "../../motion/types.js";
import { ECOLOGY_RULES } from "../../population/ecology.js";
import { checkMixKeys } from "../../population/mixCheck.js";
import { type PlannedCreature, planPopulation } from "../../population/populationPlan.js";
import { POPULATION_RULES } from "../../population/populationRules.js";
import type { ModelRecord } from "../../records/schemas.js";
import type { Creature } from "../creature.js";
import { toArea } from "../options/areaInput.js";
import {
  type PopulateHost,
  type PopulateOptions,
  type PopulateProgress,
  resolvePopulateOptions,
} from "../options/populateOptions.js";
import { applyEcology, PopulateGroups, propObstacles } from "./populateGroups.js";
import { placeScenery, planPopulateScenery, type SceneryProp } from "./scenery.js";

export type { SceneryOption, SceneryOptions } from "../options/populateOptions.js";
/** For the creatures text commands add into a populate with ecology on (command/life.ts). */
export { applyEcology } from "./populateGroups.js";
export type { SceneryNodeMetadata } from "./scenery.js";
export { SceneryProp } from "./scenery.js";

let construct: (habitat: string, area: Area, water: Area | undefined, waterLevel: number | undefined) => CreatureGroup;
let onDisposed: (group: CreatureGroup, undo: () => void) => void;

/**
 * The creatures one populate() made.
 * @category Populate
 */
export class CreatureGroup {
  /** Its living creatures (in plan order once populate resolves); one disposed on its own leaves. */
  readonly creatures: Creature[] = [];
  /** The species used. */
  readonly records: ModelRecord[] = [];
  /** Search results that failed validation and were skipped. */
  readonly skipped: InvalidRecordReport[] = [];
  /** Species or creatures left out, with why (no room, model failed to load). */
  readonly omissions: string[] = [];
  /** Its static props (`scenery` option), in plan order; disposed with the group. */
  readonly scenery: SceneryProp[] = [];
  /** Its herds, flocks and shoals (`groups` option), once populate resolves. */
  readonly groups: MotionGroup[] = [];
  /** A creature joined the group, as soon as its model had loaded. */
  readonly onCreatureAddedObservable = new Observable<Creature>();
  /** Progress, as `onProgress` of the options reports it. */
  readonly onProgressObservable = new Observable<PopulateProgress>();
  /** The habitat (or query) it was populated for. */
  readonly habitat: string;
  /** The area its creatures wander in. */
  readonly area: Area;
  /** Where its swimmers swim, in a water habitat. */
  readonly water: Area | undefined;
  /** The water surface's height, in a water habitat. */
  readonly waterLevel: number | undefined;
  #disposed = false;
  /** What its dispose undoes in the Menagerie's world besides its creatures (its water). */
  readonly #undo: (() => void)[] = [];

  static {
    construct = (habitat, area, water, waterLevel) => new CreatureGroup(habitat, area, water, waterLevel);
    onDisposed = (group, undo) => group.#undo.push(undo);
  }

  /** Made by `Menagerie.populate`. */
  private constructor(habitat: string, area: Area, water: Area | undefined, waterLevel: number | undefined) {
    this.habitat = habitat;
    this.area = area;
    this.water = water;
    this.waterLevel = waterLevel;
  }

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
    for (const prop of this.scenery.splice(0)) prop.dispose();
    for (const group of this.groups.splice(0)) group.disband();
    for (const undo of this.#undo.splice(0)) undo();
    this.onCreatureAddedObservable.clear();
    this.onProgressObservable.clear();
  }
}

/**
 * The group's water joins the Menagerie's world, for every creature and order (not only its
 * wanderers), until the group is disposed.
 */
function joinWater(host: PopulateWaterHost, group: CreatureGroup, area: Area, level: number | undefined): void {
  const water = host.addWater(area, level);
  onDisposed(group, () => host.removeWater(water));
}

/** `creature` joins `group.creatures`, and leaves it when disposed on its own. */
function addMember(group: CreatureGroup, creature: Creature): void {
  group.creatures.push(creature);
  creature.onDisposeObservable.addOnce(() => {
    const at = group.creatures.indexOf(creature);
    if (at >= 0) group.creatures.splice(at, 1);
  });
}

/**
 * Creatures a text command put into a populate's life join the group as its own do: listed in
 * `creatures` (disposed with it, leaving it when disposed on their own), announced by
 * `onCreatureAddedObservable`; a herd made for them is one of its `groups`, disbanded with it.
 */
export function adoptCreatures(group: CreatureGroup, creatures: readonly Creature[], herd?: MotionGroup): void {
  if (group.isDisposed) return;
  if (herd && !group.groups.includes(herd)) group.groups.push(herd);
  for (const creature of creatures) {
    if (creature.isDisposed || group.creatures.includes(creature)) continue;
    addMember(group, creature);
    group.onCreatureAddedObservable.notifyObservers(creature);
  }
}

/** What a wanderer keeps out of: an amphibious creature wanders in and out of the water. */
function landAvoids(creature: Creature, avoid: readonly Area[], water: Area | undefined): readonly Area[] {
  return creature.realm === "amphibious" ? avoid.filter((a) => a !== water) : avoid;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

/** What populate asks of the Menagerie's world for its water (see `Menagerie.addWater`). */
export interface PopulateWaterHost {
  addWater(area: Area, level?: number): Obstacle;
  removeWater(water: Obstacle): boolean;
}

/** See `Menagerie.populate`: plans with {@link planPopulation}, then loads and spawns. */
export async function populate(host: PopulateHost & PopulateWaterHost, given: PopulateOptions): Promise<CreatureGroup> {
  const options = resolvePopulateOptions(given); // a bad option fails before the search
  const { count, concurrency, seed } = options;
  if (!host.search)
    throw new OptionsError("client", "is needed to populate: pass { client } or { baseUrl } to new Menagerie()");
  const signal = options.signal;
  const area = toArea(options.area);
  // Loaded on demand (it brings Babylon's Ray); a game that never samples a mesh skips it. Its
  // download, the search and the spawn runtime's arrive side by side: on a page's first load
  // each is a wait of its own, and none needs another.
  const heights = import("../heights/index.js");
  heights.catch(() => undefined); // a failed search is the error to report
  const skipped: InvalidRecordReport[] = [];
  const records = await host.search(options.habitat, {
    ...(signal ? { signal } : {}),
    onInvalidRecord: (r) => skipped.push(r),
  });
  const { toHeightFunction } = await heights;
  const ground = toHeightFunction(options.ground ?? ("getBoundingInfo" in options.area ? options.area : host.ground));
  const rules = options.rules ?? POPULATION_RULES;
  const defaultHeight = host.defaultHeightMeters;
  const dressing = planPopulateScenery(options, { records, area, ground, rules, seed, defaultHeight });
  const plan = planPopulation({
    habitat: options.habitat,
    records,
    count,
    area,
    ground,
    water: options.water,
    waterLevel: options.waterLevel,
    seed,
    filter: options.filter,
    rules,
    defaultHeight,
    obstacles: dressing.obstacles,
    mix: options.mix,
  });
  checkMixKeys(options.mix, plan.eligible, options.habitat); // a mistyped key fails before any load
  const group = construct(options.habitat, area, plan.water, plan.waterLevel);
  if (plan.water) joinWater(host, group, plan.water, plan.waterLevel);
  group.skipped.push(...skipped);
  for (const report of skipped) {
    host.warn({
      code: "record-skipped",
      model: report.name ?? `#${report.index}`,
      message: `skipped an invalid search result: ${report.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    });
  }
  group.omissions.push(...dressing.omissions);
  if (plan.slots === 0 && dressing.items.length === 0) return group;
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

  // Each planned creature's place in the motion world's order, taken now, species by species
  // in plan order (the order they appear when the models load in turn): its number, random
  // stream and step order do not depend on which model finishes loading first.
  const spawner = await host.spawner;
  const places = new Map(plan.species.flatMap((s) => s.creatures).map((planned) => [planned, spawner.reserveAgent()]));
  const slotOf = new Map<Creature, number>();
  const wander = options.wander;
  const groups = options.groups ? new PopulateGroups() : undefined;
  // Its creatures, one task each, once a model is in.
  const spawnCopies = async (record: ModelRecord, mine: readonly PlannedCreature[]): Promise<void> => {
    for (const planned of mine) {
      const swim =
        planned.swimDepth !== undefined && plan.waterLevel !== undefined
          ? { waterLevel: plan.waterLevel, depth: planned.swimDepth }
          : undefined;
      const creature = await spawner.spawn(
        record,
        {
          position: new Vector3(planned.x, 0, planned.z),
          rotationY: planned.heading,
          ...(signal ? { signal } : {}),
          ...(options.tags ? { tags: options.tags } : {}),
        },
        { ground, swim, slot: places.get(planned) },
      );
      if (group.isDisposed) {
        creature.dispose(); // the populate was cancelled while this one was being made
        return;
      }
      // Its ground, height and water were set by the spawn; it only has to be set going.
      if (wander)
        creature.wander({ area: planned.region.area, avoid: landAvoids(creature, planned.region.avoid, plan.water) });
      groups?.join(creature, planned);
      slotOf.set(creature, planned.slot);
      addMember(group, creature);
      progress.creaturesSpawned++;
      options.onCreatureAdded?.(creature);
      group.onCreatureAddedObservable.notifyObservers(creature);
      report();
    }
    progress.modelsLoaded++;
    report();
  };
  try {
    await placeScenery(
      { defaultHeightMeters: defaultHeight, spawner },
      dressing,
      group.scenery,
      group.omissions,
      signal,
    ); // props first
    propObstacles(group.scenery, host); // every creature of the Menagerie steers around them
    // A load's slot frees once its model is in, not once its creatures are: the next species'
    // downloads start while this one's copies are made, one task each.
    const spawning: Promise<void>[] = [];
    await eachLimited(plan.species, concurrency, async ({ record, creatures: mine }) => {
      signal?.throwIfAborted();
      try {
        await spawner.model(record, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw error;
        group.omissions.push(`${record.name}: ${(error as Error).message}`);
        progress.creaturesTotal -= mine.length;
        progress.modelsLoaded++;
        report();
        return;
      }
      // The model is in: its creatures appear now, before the other species finish loading.
      const copies = spawnCopies(record, mine);
      copies.catch(() => undefined); // awaited below, with the others
      spawning.push(copies);
    });
    await Promise.all(spawning);
  } catch (error) {
    group.dispose();
    throw error;
  }
  // Creatures arrived in load order; list them in plan order so a seed gives the same list,
  // and the same groups, with their members in that order (any a command added meanwhile come
  // after them, in the motion world's order).
  const rank = (c: Creature) => slotOf.get(c) ?? plan.creatures.length + c.motion.id;
  group.creatures.sort((a, b) => rank(a) - rank(b));
  group.groups.push(...(groups?.settle(group.creatures) ?? []));
  if (options.ecology) applyEcology(group.creatures, options.ecology === true ? ECOLOGY_RULES : options.ecology);
  return group;
}
