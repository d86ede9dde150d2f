/**
 * The scenery of a populate, engine-free: which static records of the habitat dress it (trees,
 * rocks, fences: see records/recordKind.ts), where each stands, and the footprint creatures keep
 * out of. Planned before the creatures, from its own seeded stream, so a seed gives the same
 * props whatever the creatures do; the footprints become obstacles of the creatures' plan.
 */

import type { Area, CircleArea } from "../motion/area.js";
import type { HeightFunction } from "../motion/types.js";
import { isHabitat } from "../records/habitats.js";
import { recordHasHabitat } from "../records/recordHabitats.js";
import { isSceneryRecord } from "../records/recordKind.js";
import { recordDimensions, recordSize } from "../records/recordSize.js";
import type { ModelRecord } from "../records/schemas.js";
import { SeededRandom } from "../util/seededRandom.js";
import { placeCreatures } from "./placement.js";

/** What {@link planScenery} is made from. `count` is taken as validated. */
export interface SceneryPlanInput {
  /** A habitat flag (records must have it true) or any search query (no flag check). */
  habitat: string;
  /** The search results, creatures and scenery mixed, in any order, duplicates allowed. */
  records: readonly ModelRecord[];
  /** Props in total. */
  count: number;
  /** Where they stand. */
  area: Area;
  ground: HeightFunction;
  /** The habitat's water, if any: props stay out of it, except aquatic ones that stay in it. */
  water?: Area | undefined;
  seed: number;
  /** Keep only the scenery records this accepts. */
  filter?: ((record: ModelRecord) => boolean) | undefined;
  /** Metres for a record whose size cannot be read. */
  defaultHeight: number;
}

/** One placed prop. */
export interface PlannedScenery {
  record: ModelRecord;
  x: number;
  z: number;
  heading: number;
  groundY: number;
  /** Radius of the ground it takes, metres: creatures are placed and wander outside it. */
  radius: number;
}

/** A scenery plan. */
export interface SceneryPlan {
  /** The scenery records that may stand here, by name: deduplicated, flag-checked, filtered. */
  eligible: ModelRecord[];
  /** The placed props, in plan order. */
  items: PlannedScenery[];
  /** Their footprints, for the creatures to avoid. */
  obstacles: CircleArea[];
  /** Props left out, with why. */
  omissions: string[];
}

/** Tags that put a prop in the water (coral) rather than on land. */
const AQUATIC_TAGS: ReadonlySet<string> = new Set(["aquatic", "underwater", "reef"]);

/** Share of a prop's half-extent its footprint takes: its outline is rounder than its box. */
const FOOTPRINT_SHARE = 0.75;

/** Mixed into the seed so the scenery's stream differs from the creatures'. */
const SCENERY_STREAM = 0x5ce7e4;

function isAquatic(record: ModelRecord): boolean {
  return (record.tags ?? []).some((tag) => AQUATIC_TAGS.has(tag.toLowerCase()));
}

/**
 * Footprint radius: three quarters of the larger half of width and length; without those, a
 * third of the height (or of the default height).
 */
export function sceneryFootprint(record: ModelRecord, defaultHeight: number): number {
  const { width, length } = recordDimensions(record);
  const across = Math.max(width, length);
  if (across > 0) return Math.max(0.1, (across / 2) * FOOTPRINT_SHARE);
  return Math.max(0.1, (recordSize(record)?.meters ?? defaultHeight) / 3);
}

/** The scenery records that may stand in the habitat, sorted by name (the seed alone decides). */
function eligibleScenery(input: SceneryPlanInput, habitat: string): ModelRecord[] {
  const seen = new Set<string>();
  const out: ModelRecord[] = [];
  for (const record of input.records) {
    if (seen.has(record.name) || !isSceneryRecord(record)) continue;
    seen.add(record.name);
    if (isHabitat(habitat) && !recordHasHabitat(record, habitat)) continue;
    if (input.filter && !input.filter(record)) continue;
    out.push(record);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Plans the scenery; see {@link SceneryPlanInput}. */
export function planScenery(input: SceneryPlanInput): SceneryPlan {
  const habitat = input.habitat.trim().toLowerCase();
  const eligible = eligibleScenery(input, habitat);
  const plan: SceneryPlan = { eligible, items: [], obstacles: [], omissions: [] };
  if (eligible.length === 0 || input.count <= 0) return plan;
  const rng = new SeededRandom((input.seed ^ SCENERY_STREAM) >>> 0);
  // Every kind once before any twice, then at random: a small count still shows variety.
  const picks: ModelRecord[] = [];
  const order = [...eligible];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  while (picks.length < input.count)
    picks.push(picks.length < order.length ? order[picks.length]! : order[rng.int(order.length)]!);
  const water = input.water;
  const requests = picks.map((record) => {
    const radius = sceneryFootprint(record, input.defaultHeight);
    if (water && isAquatic(record)) return { radius, area: water };
    return { radius, avoid: water ? [water] : [] };
  });
  const places = placeCreatures(input.area, requests, rng, { gap: 0.3 });
  picks.forEach((record, i) => {
    const place = places[i];
    if (!place) {
      plan.omissions.push(`${record.name}: no room left in the area for scenery`);
      return;
    }
    const radius = requests[i]!.radius;
    const groundY = input.ground(place.x, place.z);
    plan.items.push({ record, x: place.x, z: place.z, heading: place.heading, groundY, radius });
    plan.obstacles.push({ center: { x: place.x, z: place.z }, radius });
  });
  return plan;
}
