/**
 * The contracts between the eager surface and the lazy runtime chunk (runtime/): what a body
 * gives its creature, what a creature needs of its motion binding, and the one seam a
 * Menagerie hands its spawner. Only types: the runtime implements them, the Menagerie and the
 * Creature hold them, and neither side imports the other's code for them.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { AssetFetcherOptions } from "../api/assetFetcher.js";
import type { LookupClient } from "../api/client.js";
import type { LoadProgress, MenagerieWarning } from "../api/loadEvents.js";
import type { ModelPreference } from "../api/modelAssets.js";
import type { MotionAgent } from "../motion/agent.js";
import type { GaitTable } from "../motion/gaits/index.js";
import type { HeightFunction } from "../motion/types.js";
import type { ObjParsePool } from "../obj/objParsePool.js";
import type { BodyPlans } from "../rig/bodyPlans.js";
import type { Creature } from "./creature.js";
import type { GameWorld } from "./gameWorld.js";
import type { MotionDriver } from "./motionDriver.js";
import type { MenagerieStats } from "./options/menagerieOptions.js";
import type { MeshLodOptions } from "./options/meshLodOptions.js";

/** What a creature's body gives it, whatever it was built from. */
export interface CreatureBody {
  readonly root: TransformNode;
  readonly meshes: readonly AbstractMesh[];
  /** A rigged body's clips, by clip name (none for a part body). */
  readonly animations?: ReadonlyMap<string, AnimationGroup>;
  /** Its height in metres once sized. */
  readonly heightMeters: number;
  getPart(name: string): TransformNode | null;
  listParts(): string[];
  /**
   * Hooks the creature's motion to the body: a part body poses its crowd matrices or its nodes;
   * a rigged body drawn by its crowd plays its clips there, or binds the groups it grew.
   */
  bindMotion?(binding: MotionBinding): void;
  /**
   * Its box in the root's frame (model units) as last posed, measured without growing nodes;
   * null (or absent) when its meshes are there to measure instead.
   */
  measure?(): { min: Vector3; max: Vector3 } | null;
  dispose(): void;
}

/**
 * What a creature and its driver need of the link between its motion and its nodes; the
 * runtime's binding carries much more (joints, crowd pose, clips), which only the runtime reads.
 */
export interface MotionBinding {
  readonly agent: MotionAgent;
  /**
   * What else follows `creature.setBehavior` after the agent's own change (a rigged creature's
   * clips: which moving clip plays); set where the binding is made, so the creature needs none
   * of that code itself.
   */
  onBehaviour?: ((behaviour: string) => void) | undefined;
}

/** The spawner's seam: what a Menagerie hands its spawner once, in four named parts. */
export interface SpawnHost {
  readonly scene: Scene;
  /** Aborts every load when the Menagerie is disposed. */
  readonly lifetime: AbortSignal;
  readonly config: SpawnConfig;
  readonly motion: SpawnMotion;
  readonly reports: SpawnReports;
}

/** The Menagerie's checked settings, as spawning reads them. */
export interface SpawnConfig {
  readonly client: LookupClient | undefined;
  readonly defaultHeightMeters: number;
  readonly linkMarginSeconds: number;
  readonly prefer: ModelPreference;
  readonly physics: unknown;
  /** Checked when the Menagerie was made (options/meshLodOptions.ts). */
  readonly meshLod: MeshLodOptions | false;
  /** How assets are fetched (the counters are the reports' `stats`). */
  readonly assets: Omit<AssetFetcherOptions, "counters">;
  readonly ground: HeightFunction | AbstractMesh | undefined;
  /** `undefined`: the defaults. */
  readonly gaits: GaitTable | undefined;
  readonly bodyPlans: BodyPlans | undefined;
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
