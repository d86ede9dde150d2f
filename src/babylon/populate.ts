/**
 * populate(): one search for a habitat, a weighted, herd-aware mix of the species whose habitat
 * flag is true, blue-noise placement with footprints, and creatures that appear as their model
 * finishes loading. Each model loads once (spawnCreature's guarantee), so a populate makes one
 * lookup plus one request per distinct asset.
 */
import { Observable } from "@babylonjs/core/Misc/observable.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { OptionsError } from "../api/errors.js";
import { parseHeight } from "../api/height.js";
import type { InvalidRecordReport } from "../api/client.js";
import { isHabitat, type ModelRecord } from "../api/schemas.js";
import { areaCenter, isCircleArea, type Area } from "../motion/area.js";
import type { HeightFunction } from "../motion/agent.js";
import { placeCreatures, type PlacementRequest } from "../motion/placement.js";
import { POPULATION_RULES, herdKey, type PopulationRules, type Realm } from "../motion/populationRules.js";
import { SeededRandom } from "../motion/rng.js";
import type { Creature } from "./creature.js";
import { toArea, toHeightFunction, type AreaInput } from "./ground.js";
import type { Menagerie } from "./menagerie.js";

/** Options of {@link Menagerie.populate}. */
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
  /** Model loads under way at once. @default 4 */
  concurrency?: number;
  /** Cancels the populate; creatures already spawned by it are disposed. */
  signal?: AbortSignal;
  /** Progress: models and creatures done of total. */
  onProgress?: (progress: PopulateProgress) => void;
  /** Population rules (water habitats, realms, herd sizes). @default POPULATION_RULES */
  rules?: PopulationRules;
}

/** Progress of a populate. */
export interface PopulateProgress {
  modelsLoaded: number;
  modelsTotal: number;
  creaturesSpawned: number;
  creaturesTotal: number;
}

export const POPULATE_DEFAULTS = Object.freeze({ count: 20, seed: 1, wander: true, concurrency: 4, radius: 10 });

/** The creatures one populate() made. */
export class CreatureGroup {
  readonly creatures: Creature[] = [];
  /** The species used. */
  readonly records: ModelRecord[] = [];
  /** Search results that failed validation and were skipped. */
  readonly skipped: InvalidRecordReport[] = [];
  /** Species or creatures left out, with why (no room, model failed to load). */
  readonly omissions: string[] = [];
  readonly onCreatureAddedObservable = new Observable<Creature>();
  readonly onProgressObservable = new Observable<PopulateProgress>();
  #disposed = false;

  constructor(
    readonly habitat: string,
    readonly area: Area,
    readonly water: Area | undefined,
    readonly waterLevel: number | undefined,
  ) {}

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

interface Slot {
  record: ModelRecord;
  realm: Realm;
  height: number;
  request: PlacementRequest;
}

function heightOf(record: ModelRecord): number {
  try {
    return parseHeight(record.scale?.height);
  } catch {
    return 1;
  }
}

/** Picks the slots: species by weighted choice (equal weights), herds where the rules say. */
function planSlots(records: readonly ModelRecord[], count: number, rng: SeededRandom, rules: PopulationRules, regions: Record<Realm, { area: Area; avoid: Area[] }>): Slot[] {
  const slots: Slot[] = [];
  let herd = 0;
  while (slots.length < count) {
    const record = records[rng.int(records.length)]!;
    const realm = rules.realmByBehaviour[record.behaviour ?? ""] ?? "ground";
    const [min, max] = rules.herdSizes[herdKey(record)] ?? [1, 1];
    const size = Math.min(count - slots.length, min + rng.int(max - min + 1));
    const height = heightOf(record);
    const radius = Math.max(0.12, height * 0.45);
    const herdId = size > 1 ? herd++ : undefined;
    for (let i = 0; i < size; i++) {
      slots.push({
        record,
        realm,
        height,
        request: { radius, ...(herdId !== undefined ? { herd: herdId } : {}), area: regions[realm].area, avoid: regions[realm].avoid },
      });
    }
  }
  return slots;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

/** See {@link Menagerie.populate}. */
export async function populate(menagerie: Menagerie, options: PopulateOptions): Promise<CreatureGroup> {
  if (!options || typeof options.habitat !== "string" || options.habitat.trim() === "") {
    throw new OptionsError("habitat", "must be a non-empty string");
  }
  const count = options.count ?? POPULATE_DEFAULTS.count;
  if (!Number.isInteger(count) || count < 0) throw new OptionsError("count", `must be a non-negative integer, got ${count}`);
  const client = menagerie.client;
  if (!client) throw new OptionsError("client", "is needed to populate: pass { client } or { baseUrl } to new Menagerie()");
  const rules = options.rules ?? POPULATION_RULES;
  const signal = options.signal;
  const rng = new SeededRandom(options.seed ?? POPULATE_DEFAULTS.seed);
  const area = toArea(options.area ?? { center: { x: 0, z: 0 }, radius: POPULATE_DEFAULTS.radius });
  const ground = toHeightFunction(options.ground ?? (options.area && "getBoundingInfo" in options.area ? options.area : undefined));
  const habitat = options.habitat.trim().toLowerCase();
  const isWater = rules.waterHabitats.has(habitat);

  const skipped: InvalidRecordReport[] = [];
  const found = await client.search(options.habitat, { ...(signal ? { signal } : {}), onInvalidRecord: (r) => skipped.push(r) });
  const seen = new Set<string>();
  const fitting = found.filter((record) => {
    if (seen.has(record.name)) return false;
    seen.add(record.name);
    if (isHabitat(habitat) && record[habitat] !== true) return false; // mentioning the word is not enough
    const realm = rules.realmByBehaviour[record.behaviour ?? ""] ?? "ground";
    if (realm === "water" && !isWater) return false; // swimmers only where there is water
    return options.filter ? options.filter(record) : true;
  });
  // Records in a stable order, so the seed alone decides the mix.
  fitting.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const center = areaCenter(area);
  const extent = isCircleArea(area) ? area.radius : Math.max(...area.points.map((p) => Math.hypot(p.x - center.x, p.z - center.z)));
  const water = isWater ? (options.water ?? { center, radius: extent * 0.45 }) : undefined;
  const swimmers = fitting.filter((r) => (rules.realmByBehaviour[r.behaviour ?? ""] ?? "ground") === "water");
  const waterLevel = water
    ? (options.waterLevel ?? ground(areaCenter(water).x, areaCenter(water).z) + Math.min(3, Math.max(0.6, ...swimmers.map((r) => heightOf(r) * 1.6))))
    : undefined;
  const group = new CreatureGroup(options.habitat, area, water, waterLevel);
  group.skipped.push(...skipped);
  for (const report of skipped) {
    menagerie.onWarningObservable.notifyObservers({ code: "record-skipped", model: report.name ?? `#${report.index}`, message: `skipped an invalid search result: ${report.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` });
  }
  if (fitting.length === 0 || count === 0) return group;

  const regions: Record<Realm, { area: Area; avoid: Area[] }> = {
    ground: { area, avoid: water ? [water] : [] },
    air: { area, avoid: [] },
    water: { area: water ?? area, avoid: [] },
  };
  const slots = planSlots(fitting, count, rng, rules, regions);
  const placements = placeCreatures(area, slots.map((s) => s.request), rng);
  const bySpecies = new Map<string, { record: ModelRecord; slots: { slot: Slot; index: number }[] }>();
  slots.forEach((slot, index) => {
    if (!placements[index]) {
      group.omissions.push(`${slot.record.name}: no room left in the area`);
      return;
    }
    const entry = bySpecies.get(slot.record.name) ?? { record: slot.record, slots: [] };
    entry.slots.push({ slot, index });
    bySpecies.set(slot.record.name, entry);
  });
  const species = [...bySpecies.values()];
  group.records.push(...species.map((s) => s.record));
  const progress: PopulateProgress = {
    modelsLoaded: 0,
    modelsTotal: species.length,
    creaturesSpawned: 0,
    creaturesTotal: species.reduce((n, s) => n + s.slots.length, 0),
  };
  const report = () => {
    const snapshot = { ...progress };
    options.onProgress?.(snapshot);
    group.onProgressObservable.notifyObservers(snapshot);
  };
  report();

  const slotOf = new Map<Creature, number>();
  try {
    await eachLimited(species, options.concurrency ?? POPULATE_DEFAULTS.concurrency, async ({ record, slots: mine }) => {
      signal?.throwIfAborted();
      try {
        await menagerie.preload(record, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw error;
        group.omissions.push(`${record.name}: ${(error as Error).message}`);
        progress.creaturesTotal -= mine.length;
        progress.modelsLoaded++;
        report();
        return;
      }
      // The model is in: its creatures appear now, before the other species finish loading.
      for (const { slot, index } of mine) {
        const place = placements[index]!;
        const creature = await menagerie.spawnCreature(record, {
          position: new Vector3(place.x, 0, place.z),
          rotationY: place.heading,
          ...(signal ? { signal } : {}),
        });
        if (group.isDisposed) {
          creature.dispose(); // the populate was cancelled while this one was being made
          return;
        }
        setUpMotion(creature, slot, place, ground, regions, waterLevel, options.wander ?? POPULATE_DEFAULTS.wander);
        slotOf.set(creature, index);
        group.creatures.push(creature);
        // A creature disposed on its own leaves the group too.
        creature.onDisposeObservable.addOnce(() => {
          const at = group.creatures.indexOf(creature);
          if (at >= 0) group.creatures.splice(at, 1);
        });
        progress.creaturesSpawned++;
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

function setUpMotion(
  creature: Creature,
  slot: Slot,
  place: { x: number; z: number },
  ground: HeightFunction,
  regions: Record<Realm, { area: Area; avoid: Area[] }>,
  waterLevel: number | undefined,
  wander: boolean,
): void {
  const motion = creature.motion;
  const groundY = ground(place.x, place.z);
  if (slot.realm === "water" && waterLevel !== undefined) {
    motion.ground = ground;
    motion.waterLevel = waterLevel;
    const depth = waterLevel - groundY;
    motion.swimDepth = Math.min(Math.max(0.05, depth - 0.02), Math.max(slot.height * 1.3, 0.1));
    motion.y = Math.max(groundY, waterLevel - motion.swimDepth);
  } else {
    motion.ground = ground;
    motion.y = groundY + (slot.realm === "air" ? motion.altitude : 0);
  }
  motion.x = place.x;
  motion.z = place.z;
  creature.root.position.set(place.x, motion.y, place.z);
  if (wander) creature.wander({ area: regions[slot.realm].area, avoid: regions[slot.realm].avoid });
}
