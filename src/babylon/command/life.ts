/**
 * What a command adds lives as a populate's creatures do: it joins the group of the populate
 * it was put in or beside (listed in its creatures, disposed with it), wanders in its area (or
 * around where it was put), keeps with a herd, flock or shoal of its kind, and, when that
 * populate has ecology on, flees its predators or hunts.
 */

import { type Area, containsPoint, type EdgeProbe, edgeDistance } from "../../motion/area.js";
import type { GroupKind } from "../../motion/group.js";
import { MotionGroup } from "../../motion/group.js";
import { ECOLOGY_RULES } from "../../population/ecology.js";
import { herdKey, POPULATION_RULES, type Realm } from "../../population/populationRules.js";
import type { Creature } from "../creature.js";
import type { PopulateOptions } from "../options/populateOptions.js";
import type { CreatureGroup } from "../populate/index.js";

/** What a Menagerie remembers of each of its populates, for the creatures commands add later. */
export interface PopulatedLife {
  /** The populate's `ecology` option. */
  readonly ecology: PopulateOptions["ecology"];
  /** The populate's `wander` option (creatures set wandering). */
  readonly wander: boolean;
  /** The populate's `groups` option (herds, flocks, shoals). */
  readonly groups: boolean;
}

/** A populate whose area is this close (metres beyond its edge) is the one a creature put there joins. */
const HOME_REACH = 20;
/** Metres round where it was put that a creature with no populate nearby wanders in. */
const ROAM_RADIUS = 10;
/** A herd of its kind this close (metres) is one a creature joins. */
const HERD_REACH = 40;

interface Point {
  x: number;
  z: number;
}

const KIND_BY_REALM: Readonly<Record<Realm, GroupKind>> = { ground: "herd", air: "flock", water: "shoal" };

const probe: EdgeProbe = { x: 0, z: 0 };

/** The living populate whose area holds (x, z), else the nearest within {@link HOME_REACH} of its edge. */
function homeOf(populated: ReadonlyMap<CreatureGroup, PopulatedLife>, x: number, z: number) {
  let best: { group: CreatureGroup; life: PopulatedLife; outside: number } | undefined;
  for (const [group, life] of populated) {
    if (group.isDisposed) continue;
    const outside = containsPoint(group.area, x, z) ? 0 : -edgeDistance(group.area, x, z, probe);
    if (outside <= HOME_REACH && (!best || outside < best.outside)) best = { group, life, outside };
  }
  return best;
}

/** The nearest group of `kind` another creature of `species` keeps with, within {@link HERD_REACH}. */
function herdNear(all: readonly Creature[], batch: readonly Creature[], species: string, kind: GroupKind, at: Point) {
  let best: { group: MotionGroup; d: number } | undefined;
  for (const other of all) {
    const group = other.group;
    if (!group || group.kind !== kind || batch.includes(other) || herdKey(other.record) !== species) continue;
    const d = Math.hypot(other.motion.x - at.x, other.motion.z - at.z);
    if (d <= HERD_REACH && (!best || d < best.d)) best = { group, d };
  }
  return best?.group;
}

/** Where a creature of `realm` wanders in a populate: its water for a swimmer, else its area round its water. */
function homeWander(home: CreatureGroup, realm: Realm): { area: Area; avoid: Area[] } {
  if (realm === "water") return { area: home.water ?? home.area, avoid: [] };
  return { area: home.area, avoid: realm === "ground" && home.water ? [home.water] : [] };
}

/**
 * Sets the creatures one command added of one model (`batch`, put round `at`) living: wandering,
 * in a group of their kind, and in the ecology of the populate they were put in, if it has one.
 */
export async function bringToLife(
  batch: readonly Creature[],
  at: Point,
  all: readonly Creature[],
  populated: ReadonlyMap<CreatureGroup, PopulatedLife>,
): Promise<void> {
  const first = batch[0];
  if (!first) return;
  const realm: Realm = POPULATION_RULES.realmByBehaviour[first.record.behaviour ?? ""] ?? "ground";
  const home = homeOf(populated, at.x, at.z);
  const roam = { area: { center: { x: at.x, z: at.z }, radius: ROAM_RADIUS }, avoid: [] };
  if (home?.life.wander !== false) {
    const where = home ? homeWander(home.group, realm) : roam;
    for (const creature of batch) creature.wander(where);
  }
  const herd = home?.life.groups !== false ? joinGroup(batch, all, realm, at) : undefined;
  if (!home) return;
  // The populate's chunk is loaded: the group was made by it.
  const { adoptCreatures, applyEcology } = await import("../populate/index.js");
  adoptCreatures(home.group, batch, herd);
  const ecology = home.life.ecology;
  if (ecology) applyEcology(batch, ecology === true ? ECOLOGY_RULES : ecology);
}

/**
 * The batch joins the nearest group of its kind, or, when there is none, makes its own (as a
 * populate does: herd animals by the rules' herd sizes, flyers and swimmers by species).
 * Returns the group it made, if it made one.
 */
function joinGroup(
  batch: readonly Creature[],
  all: readonly Creature[],
  realm: Realm,
  at: Point,
): MotionGroup | undefined {
  const species = herdKey(batch[0]!.record);
  const kind = KIND_BY_REALM[realm];
  const near = herdNear(all, batch, species, kind, at);
  let made: MotionGroup | undefined;
  if (!near) {
    const herds = realm !== "ground" || (POPULATION_RULES.herdSizes[species]?.[1] ?? 1) > 1;
    if (!herds || batch.length < 2) return undefined;
    made = new MotionGroup({ kind });
  }
  const group = (near ?? made)!;
  for (const creature of batch) group.add(creature);
  return made;
}
