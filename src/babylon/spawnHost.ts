/**
 * The seam between a Menagerie and its spawner (the lazy runtime chunk's `Spawner`): what the
 * Menagerie hands over once, in four named parts. Only types, on the eager side: the runtime
 * reads them, the Menagerie builds them. (What a creature's body and motion binding give it,
 * the runtime's other contracts, are with the `Creature`.)
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { LookupClient } from "../api/client.js";
import type { LoadProgress, MenagerieWarning } from "../api/loadEvents.js";
import type { ObjParsePool } from "../obj/objParsePool.js";
import type { Creature } from "./creature.js";
import type { GameWorld } from "./gameWorld.js";
import type { MotionDriver } from "./motionDriver.js";
import type { MenagerieSettings, MenagerieStats } from "./options/menagerieOptions.js";

/** The spawner's seam: what a Menagerie hands its spawner once, in four named parts. */
export interface SpawnHost {
  readonly scene: Scene;
  /** Aborts every load when the Menagerie is disposed. */
  readonly lifetime: AbortSignal;
  readonly config: SpawnConfig;
  readonly motion: SpawnMotion;
  readonly reports: SpawnReports;
}

/** The Menagerie's checked settings, as spawning reads them, with its client and parse workers. */
export interface SpawnConfig
  extends Pick<
    MenagerieSettings,
    | "defaultHeightMeters"
    | "linkMarginSeconds"
    | "prefer"
    | "physics"
    | "meshLod"
    | "assets"
    | "ground"
    | "gaits"
    | "bodyPlans"
  > {
  readonly client: LookupClient | undefined;
  /** The page's OBJ reading workers, when the Menagerie holds them (`parseInWorkers`). */
  readonly parsePool: ObjParsePool | undefined;
}

/** Where spawned creatures move: the Menagerie's driver and world, and the creatures alive. */
export interface SpawnMotion {
  readonly driver: MotionDriver;
  readonly world: GameWorld<Creature>;
  /** A spawn adds, a dispose removes. */
  readonly creatures: Set<Creature>;
}

/** What spawning reports to its Menagerie: counts, and its observables' events. */
export interface SpawnReports {
  readonly stats: MenagerieStats;
  progress(progress: LoadProgress): void;
  /** A warning, its service-provided text already redacted. */
  warn(warning: MenagerieWarning): void;
  spawned(creature: Creature): void;
  disposed(creature: Creature): void;
}
