/**
 * The plan of a populate, engine-free: from a habitat's search records to who stands where.
 * Which records may live there (habitat flag, realm, filter), the water and its level, a
 * weighted, herd-aware mix of slots, and blue-noise placements. Pure data in, data out; the
 * seed alone decides the result, so a game (or a test) can plan without a scene.
 */

import { type Area, areaCenter, isCircleArea } from "../motion/area.js";
import type { HeightFunction } from "../motion/types.js";
import { isHabitat } from "../records/habitats.js";
import { recordHasHabitat } from "../records/recordHabitats.js";
import { isSceneryRecord } from "../records/recordKind.js";
import { recordSize } from "../records/recordSize.js";
import type { ModelRecord } from "../records/schemas.js";
import { SeededRandom } from "../util/seededRandom.js";
import { type PlacementRequest, placeCreatures } from "./placement.js";
import { herdKey, type PopulationRules, type Realm } from "./populationRules.js";

/** What a plan is made from. `count` is taken as validated (a non-negative integer). */
export interface PopulationPlanInput {
  /** A habitat flag (records must have it true) or any search query (no flag check). */
  habitat: string;
  /** The search results, in any order, duplicates allowed. */
  records: readonly ModelRecord[];
  /** Creatures in total. */
  count: number;
  /** Where they live. */
  area: Area;
  /** The ground's height, for the water level and each creature's footing. */
  ground: HeightFunction;
  /** Where swimmers swim in a water habitat. @default a disc at the area's centre, 45% of its size */
  water?: Area | undefined;
  /** The water surface. @default ground height at the water's centre + a depth fit for the swimmers */
  waterLevel?: number | undefined;
  seed: number;
  /** Keep only the records this accepts. */
  filter?: ((record: ModelRecord) => boolean) | undefined;
  rules: PopulationRules;
  /** Metres for a record whose height cannot be read. */
  defaultHeight: number;
  /**
   * Ground creatures and swimmers are not placed in these (scenery footprints); they are not in
   * a region's `avoid`, as the world's obstacles steer creatures round them. @default none
   */
  obstacles?: readonly Area[] | undefined;
  /**
   * Weights of the species mix by herd key (name in lower case, without a `#0002` suffix): a
   * species' share of the creatures is its weight over the sum. Species not named weigh `"*"`'s
   * weight, 0 (left out) when there is no `"*"`. @default every species weighs the same
   */
  mix?: Readonly<Record<string, number>> | undefined;
}

/** Where a realm's creatures may stand and wander. */
export interface PlanRegion {
  area: Area;
  /** Where they neither stand nor wander (a game's water, for walkers): their wander avoids it. */
  avoid: Area[];
  /**
   * Where they are not placed but do not avoid by themselves: scenery footprints, which are the
   * world's obstacles and steer every creature round them already (avoided twice, a prop would
   * push a populate's own creatures twice as hard as anyone else).
   */
  obstacles: Area[];
}

/** One placed creature of a plan. */
export interface PlannedCreature {
  record: ModelRecord;
  realm: Realm;
  /** Its height in metres (sets its footprint and, for swimmers, its depth). */
  height: number;
  /** Its place in plan order (the order a seed fixes). */
  slot: number;
  x: number;
  z: number;
  heading: number;
  /** Ground height under it. */
  groundY: number;
  /** Swimmers: how far below the water level it swims; otherwise undefined. */
  swimDepth: number | undefined;
  /** Where it may wander. */
  region: PlanRegion;
  /**
   * The group it moves with (`herd:3`, `air:crow`), or undefined when it goes alone: a herd of
   * two or more keeps together, and flyers and swimmers of one species flock or shoal.
   */
  group: string | undefined;
}

export interface PopulationPlan {
  /** The records that may live here, by name: deduplicated, flag-checked, filtered. */
  eligible: ModelRecord[];
  water: Area | undefined;
  waterLevel: number | undefined;
  regions: Record<Realm, PlanRegion>;
  /** Slots planned (placed or not). */
  slots: number;
  /** The placed creatures, in plan order. */
  creatures: PlannedCreature[];
  /** The placed creatures by species, species in the order they first appear. */
  species: { record: ModelRecord; creatures: PlannedCreature[] }[];
  /** Slots left out, with why. */
  omissions: string[];
}

/** A record with what the plan needs of it, worked out once. */
interface Species {
  record: ModelRecord;
  realm: Realm;
  height: number;
}

/**
 * The creature's size for spacing and depths: its height, else its length or width (the sizes
 * a rig-only record gives; spacing by the longer length errs on the side of room), else the
 * default height.
 */
function heightOf(record: ModelRecord, fallback: number): number {
  return recordSize(record)?.meters ?? fallback;
}

/** Deduplicated by name, flag true, swimmers only where there is water, filter; sorted by name. */
function eligibleSpecies(input: PopulationPlanInput, habitat: string, isWater: boolean): Species[] {
  const seen = new Set<string>();
  const out: Species[] = [];
  for (const record of input.records) {
    // Scenery (static props) is never a creature: see sceneryPlan.ts.
    if (seen.has(record.name) || isSceneryRecord(record)) continue;
    seen.add(record.name);
    // Mentioning the word is not enough: the record must be of the habitat (flag, list or string).
    if (isHabitat(habitat) && !recordHasHabitat(record, habitat)) continue;
    const realm = input.rules.realmByBehaviour[record.behaviour ?? ""] ?? "ground";
    if (realm === "water" && !isWater) continue;
    if (input.filter && !input.filter(record)) continue;
    out.push({ record, realm, height: heightOf(record, input.defaultHeight) });
  }
  // A stable order, so the seed alone decides the mix.
  return out.sort((a, b) => (a.record.name < b.record.name ? -1 : a.record.name > b.record.name ? 1 : 0));
}

/**
 * The chance of each species per pick: its mix weight (equal without a mix) over its mean herd
 * size, so that the weights are shares of creatures, not of herds.
 */
function pickWeights(species: readonly Species[], rules: PopulationRules, mix: PopulationPlanInput["mix"]): number[] {
  // Records of one name (`zebra`, `zebra#0002`) share its weight.
  const sharing = new Map<string, number>();
  for (const { record } of species) sharing.set(herdKey(record), (sharing.get(herdKey(record)) ?? 0) + 1);
  return species.map(({ record }) => {
    const key = herdKey(record);
    const weight = mix ? (mix[key] ?? mix["*"] ?? 0) : 1;
    const [min, max] = rules.herdSizes[key] ?? [1, 1];
    return weight / ((min + max) / 2) / (mix ? sharing.get(key)! : 1);
  });
}

/** Picks the slots: species by weighted choice, herds where the rules say. */
function planSlots(
  species: readonly Species[],
  count: number,
  rng: SeededRandom,
  rules: PopulationRules,
  regions: Record<Realm, PlanRegion>,
  mix: PopulationPlanInput["mix"],
) {
  const slots: { species: Species; request: PlacementRequest }[] = [];
  const weights = pickWeights(species, rules, mix);
  // Placement keeps out of both what they avoid and the obstacles.
  const keepOut = new Map<PlanRegion, Area[]>();
  for (const region of Object.values(regions)) keepOut.set(region, [...region.avoid, ...region.obstacles]);
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return slots;
  let herd = 0;
  while (slots.length < count) {
    // Without a mix every weight is equal: one draw of rng.int, so a seed without a mix replays the same species order.
    const one = mix ? species[pickIndex(weights, total, rng)]! : species[rng.int(species.length)]!;
    const [min, max] = rules.herdSizes[herdKey(one.record)] ?? [1, 1];
    const size = Math.min(count - slots.length, min + rng.int(max - min + 1));
    const radius = Math.max(0.12, one.height * 0.45);
    const herdId = size > 1 ? herd++ : undefined;
    const region = regions[one.realm];
    for (let i = 0; i < size; i++) {
      slots.push({
        species: one,
        request: {
          radius,
          ...(herdId !== undefined ? { herd: herdId } : {}),
          area: region.area,
          avoid: keepOut.get(region)!,
        },
      });
    }
  }
  return slots;
}

/** An index drawn with chance proportional to its weight. */
function pickIndex(weights: readonly number[], total: number, rng: SeededRandom): number {
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0 && weights[i]! > 0) return i;
  }
  return weights.findLastIndex((w) => w > 0);
}

/**
 * The water of a habitat scene: none unless the rules give the habitat water; then `water`
 * when given, else a disc at the area's centre, 45% of its size.
 */
export function habitatWater(habitat: string, area: Area, rules: PopulationRules, water?: Area): Area | undefined {
  // A game's own water counts in every habitat: walkers keep out of a pond on the savanna.
  if (water) return water;
  if (!rules.waterHabitats.has(habitat.trim().toLowerCase())) return undefined;
  const center = areaCenter(area);
  const extent = isCircleArea(area)
    ? area.radius
    : Math.max(...area.points.map((p) => Math.hypot(p.x - center.x, p.z - center.z)));
  return { center, radius: extent * 0.45 };
}

/** Plans a population; see {@link PopulationPlanInput}. */
export function planPopulation(input: PopulationPlanInput): PopulationPlan {
  const rng = new SeededRandom(input.seed);
  const { area, ground } = input;
  const habitat = input.habitat.trim().toLowerCase();
  const isWater = input.rules.waterHabitats.has(habitat) || input.water !== undefined;
  const species = eligibleSpecies(input, habitat, isWater);

  const water = habitatWater(habitat, area, input.rules, input.water);
  let waterLevel: number | undefined;
  if (water) {
    const at = areaCenter(water);
    const swimmerDepth = Math.max(0.6, ...species.filter((s) => s.realm === "water").map((s) => s.height * 1.6));
    waterLevel = input.waterLevel ?? ground(at.x, at.z) + Math.min(3, swimmerDepth);
  }
  const obstacles = input.obstacles ?? [];
  const regions: Record<Realm, PlanRegion> = {
    ground: { area, avoid: water ? [water] : [], obstacles: [...obstacles] },
    air: { area, avoid: [], obstacles: [] },
    water: { area: water ?? area, avoid: [], obstacles: [...obstacles] },
  };
  const plan: PopulationPlan = {
    eligible: species.map((s) => s.record),
    water,
    waterLevel,
    regions,
    slots: 0,
    creatures: [],
    species: [],
    omissions: [],
  };
  if (species.length === 0 || input.count <= 0) return plan;

  const slots = planSlots(species, input.count, rng, input.rules, regions, input.mix);
  const placements = placeCreatures(
    area,
    slots.map((s) => s.request),
    rng,
  );
  plan.slots = slots.length;
  const bySpecies = new Map<string, PopulationPlan["species"][number]>();
  slots.forEach(({ species: { record, realm, height }, request }, slot) => {
    const place = placements[slot];
    if (!place) {
      plan.omissions.push(`${record.name}: no room left in the area`);
      return;
    }
    const groundY = ground(place.x, place.z);
    const swimDepth =
      realm === "water" && waterLevel !== undefined
        ? Math.min(Math.max(0.05, waterLevel - groundY - 0.02), Math.max(height * 1.3, 0.1))
        : undefined;
    const creature: PlannedCreature = {
      record,
      realm,
      height,
      slot,
      x: place.x,
      z: place.z,
      heading: place.heading,
      groundY,
      swimDepth,
      region: regions[realm],
      group:
        request.herd !== undefined
          ? `herd:${request.herd}`
          : realm === "ground"
            ? undefined
            : `${realm}:${record.name}`,
    };
    plan.creatures.push(creature);
    let entry = bySpecies.get(record.name);
    if (!entry) bySpecies.set(record.name, (entry = { record, creatures: [] }));
    entry.creatures.push(creature);
  });
  plan.species = [...bySpecies.values()];
  return plan;
}
