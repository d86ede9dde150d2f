/**
 * What `spawnCreature` does once a creature exists: its tags, its speeds, its ground (feet put
 * on it at once), and its connection to the Menagerie's world (targets, events, queries). Also
 * the lookup by name, so the Menagerie itself stays an orchestrator.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { LookupClient } from "../api/client.js";
import { LoadError, OptionsError } from "../api/errors.js";
import type { ModelPreference } from "../api/modelAssets.js";
import { oneOf } from "../api/options.js";
import { redactError } from "../api/redact.js";
import type { ModelRecord } from "../api/schemas.js";
import type { HeightFunction } from "../motion/types.js";
import type { Creature } from "./creature.js";
import { connectCreature, disconnectCreature } from "./creatureBehaviours.js";
import type { GameWorld } from "./gameWorld.js";
import type { SpawnOptions } from "./menagerieOptions.js";
import type { MenagerieWarning } from "./types.js";

/** Tags, speeds, ground and world for a newly spawned creature (see the module comment). */
export function setUpSpawned(
  creature: Creature,
  options: SpawnOptions,
  world: GameWorld<Creature>,
  defaultGround: HeightFunction | AbstractMesh | undefined,
): void {
  for (const tag of options.tags ?? []) {
    if (typeof tag !== "string") throw new OptionsError("tags", `must be strings, got ${typeof tag}`);
    creature.tags.add(tag);
  }
  if (options.speeds) creature.setSpeeds(options.speeds);
  const ground = options.ground ?? defaultGround;
  if (ground) {
    const motion = creature.motion;
    motion.ground = world.heightFunction(ground);
    // Feet on the ground now, not on the first step (no drop or pop when the game looks).
    motion.y = motion.ground(motion.x, motion.z) + motion.altitude;
    creature.root.position.y = motion.y;
  }
  world.addCreature(creature);
  connectCreature(creature, world.resolve);
  creature.onDisposeObservable.addOnce(() => {
    world.removeCreature(creature);
    disconnectCreature(creature);
  });
}

/** Looks a record up by name; a missing client or record is a clear error. */
export async function lookupRecord(
  client: LookupClient | undefined,
  name: string,
  options: Pick<SpawnOptions, "signal" | "fuzzy">,
): Promise<ModelRecord> {
  if (!client)
    throw new OptionsError("client", "is needed to spawn by name: pass { client } or { baseUrl } to new Menagerie()");
  const record = await client.getModel(name, {
    ...(options.fuzzy !== undefined ? { fuzzy: options.fuzzy } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!record)
    throw new LoadError({ reason: "not-found", model: name, detail: `the service found no model named "${name}"` });
  return record;
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

/** Checks a `prefer` option. */
export function preference(name: string, value: unknown): ModelPreference {
  return oneOf(name, value, ["rig", "parts"] as const);
}

/** `warning` with every text it shows passed through `redact` (the key hidden). */
export function redactWarning(warning: MenagerieWarning, redact: (text: string) => string): MenagerieWarning {
  return {
    ...warning,
    model: redact(warning.model),
    ...(warning.asset !== undefined ? { asset: redact(warning.asset) } : {}),
    message: redact(warning.message),
    ...(warning.url !== undefined ? { url: redact(warning.url) } : {}),
    // The error too, its causes included: its message is not the only text it shows.
    ...(warning.error !== undefined ? { error: redactError(warning.error, redact) } : {}),
  };
}
