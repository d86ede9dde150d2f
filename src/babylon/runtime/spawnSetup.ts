/**
 * The steps of a spawn around making the creature: the lookup again for renewed links, and what
 * a new creature gets once it exists: its tags, its speeds, its ground with its
 * feet put on it (once, here, for populated creatures too), and its connection to the world
 * (targets, events, queries).
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { LookupClient } from "../../api/client.js";
import { LoadError, OptionsError } from "../../core/errors.js";
import { FLIGHT_BAND_RULES, flightBandFor } from "../../motion/flightBands.js";
import { reachablePoint } from "../../motion/reach.js";
import type { HeightFunction } from "../../motion/types.js";
import { isInWater } from "../../motion/water.js";
import { clampToColumn, deepenPlace, isColumnBody, swimTargetY, waterLevelAt } from "../../motion/waterColumn.js";
import { herdKey } from "../../population/populationRules.js";
import { recordTaxonomy } from "../../records/recordTaxonomy.js";
import type { ModelRecord } from "../../records/schemas.js";
import { type Creature, connectCreature, disconnectCreature } from "../creature.js";
import type { GameWorld } from "../gameWorld.js";
import type { SpawnOptions } from "../options/menagerieOptions.js";

/** Where a swimmer swims: the water's surface height and its depth under it, metres. */
export interface SwimPlacement {
  waterLevel: number;
  depth: number;
}

/** Tags, speeds, ground and world for a newly spawned creature (see the module comment). */
export function setUpSpawned(
  creature: Creature,
  options: SpawnOptions,
  world: GameWorld<Creature>,
  defaultGround: HeightFunction | AbstractMesh | undefined,
  swim?: SwimPlacement,
): void {
  for (const tag of options.tags ?? []) {
    if (typeof tag !== "string") throw new OptionsError("tags", `must be strings, got ${typeof tag}`);
    creature.tags.add(tag);
  }
  if (options.speeds) creature.setSpeeds(options.speeds);
  const ground = options.ground ?? defaultGround;
  const motion = creature.motion;
  if (ground) motion.ground = world.heightFunction(ground);
  if (swim) {
    motion.waterLevel = swim.waterLevel;
    motion.swimDepth = swim.depth;
  }
  world.addCreature(creature); // its realm and depth band first: where it is put depends on them
  if (motion.realm === "ground") putAshore(creature);
  if (motion.realm === "water") putInWater(creature);
  if (ground || swim) {
    // Feet on the ground (or the body in the water) now, not on the first step: no drop or pop
    // when the game looks.
    const groundY = motion.ground ? motion.ground(motion.x, motion.z) : 0;
    motion.y = swim ? Math.max(groundY, swim.waterLevel - swim.depth) : groundY + motion.altitude;
    if (motion.realm === "water") putInColumn(creature, swim !== undefined);
    creature.root.position.y = motion.y;
  }
  putOnSurface(creature);
  placeFlier(creature, world, ground !== undefined);
  connectCreature(creature, world);
  creature.onDisposeObservable.addOnce(() => {
    world.removeCreature(creature);
    disconnectCreature(creature);
  });
}

/**
 * A flier's band from its record's words (the game's `flightBands` first, then
 * `FLIGHT_BAND_RULES`, else its size); on a given ground, its height in that band over
 * whatever is under it (the ground, or the water's surface) now, as walkers' feet are put on
 * it: no climb out of the ground or the sea at spawn. Without a ground it takes off from y = 0.
 */
function placeFlier(creature: Creature, world: GameWorld<Creature>, onGround: boolean): void {
  const motion = creature.motion;
  if (!motion.flight.airborne) return;
  const record = creature.record;
  const words = [herdKey(record), ...recordTaxonomy(record), ...(record.tags ?? [])];
  motion.flight.band = flightBandFor(words, motion.roles.height, [...world.flightBands, ...FLIGHT_BAND_RULES]);
  if (!onGround) return;
  motion.flight.place(motion);
  creature.root.position.y = motion.y;
}

/**
 * A walker put in the world's water (a command's place, a game's point in a lagoon) stands on
 * the nearest shore instead: it would walk the floor under the water to get out.
 */
function putAshore(creature: Creature): void {
  const motion = creature.motion;
  if (!motion.world?.waters?.length || !isInWater(motion.world.waters, motion.x, motion.z)) return;
  const shore = reachablePoint(motion, motion.x, motion.z);
  motion.x = creature.root.position.x = shore.x;
  motion.z = creature.root.position.z = shore.z;
}

/**
 * A walker spawned where the world has a navmesh stands on it now (the nearest place on it, at
 * its height: a ledge, a bridge), not on its first step: no jump when the game looks, and
 * its first order plans from there.
 */
function putOnSurface(creature: Creature): void {
  const motion = creature.motion;
  const y = motion.world?.pathPlanner?.standOn?.(motion);
  if (y === undefined) return;
  motion.y = y;
  creature.root.position.set(motion.x, y, motion.z);
}

/**
 * A swimmer put out of the water while the world has some (a command's place on the beach)
 * starts in the nearest water deep enough for it instead: it never leaves the water after.
 */
function putInWater(creature: Creature): void {
  const motion = creature.motion;
  const waters = motion.world?.waters;
  if (!waters?.length || isInWater(waters, motion.x, motion.z)) return;
  const wet = reachablePoint(motion, motion.x, motion.z);
  motion.x = creature.root.position.x = wet.x;
  motion.z = creature.root.position.z = wet.z;
}

/**
 * A swimmer put in water too shallow for it moves down the floor's slope until it fits, and
 * starts inside the column there: at the depth its placement gave (`placed`), else at its band's.
 */
function putInColumn(creature: Creature, placed: boolean): void {
  const motion = creature.motion;
  const level = motion.waterLevel ?? waterLevelAt(motion.world?.waters ?? [], motion.x, motion.z);
  if (Number.isNaN(level) || !isColumnBody(motion)) return; // in no water, or holding its own depth
  if (deepenPlace(motion, level)) {
    creature.root.position.x = motion.x;
    creature.root.position.z = motion.z;
  }
  motion.y = clampToColumn(motion, level, placed ? motion.y : swimTargetY(motion, level, motion.world?.time ?? 0));
}

/** Looks a record up again by name for renewed links; without a client, a clear LoadError. */
export async function refreshRecord(
  client: LookupClient | undefined,
  record: ModelRecord,
  signal: AbortSignal,
): Promise<ModelRecord | null> {
  if (!client) {
    const detail = "its links expired and there is no client to renew them";
    throw new LoadError({ reason: "expired", model: record.name, detail });
  }
  return client.refresh(record, { signal });
}
