/**
 * A Menagerie's loading and spawning, made once its runtime chunk has arrived: the asset
 * fetcher, the model library, and the one way from a name to a creature in the scene (lookup,
 * model, body and motion, creature, world). The Menagerie hands itself over once, as a
 * {@link SpawnHost}, and calls in; nothing here calls back into it but the host's reports.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Observable } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { type AssetFetcherOptions, createAssetFetcher } from "../../api/assetFetcher.js";
import type { LookupClient } from "../../api/client.js";
import { HeightParseError, parseHeight } from "../../api/height.js";
import { type LoadProgress, type MenagerieWarning, redactWarning } from "../../api/loadEvents.js";
import type { ModelPreference } from "../../api/modelAssets.js";
import { type RecordSize, recordSize } from "../../api/recordSize.js";
import { redactUrl } from "../../api/redact.js";
import type { ModelRecord } from "../../api/schemas.js";
import type { GaitTable } from "../../motion/gaits/index.js";
import type { HeightFunction } from "../../motion/types.js";
import type { ObjParsePool } from "../../obj/objParsePool.js";
import { BODY_PLANS, type BodyPlans } from "../../rig/bodyPlans.js";
import type { CreatureBody } from "../contracts.js";
import type { Creature } from "../creature.js";
import type { GameWorld } from "../gameWorld.js";
import { loadCreaturePhysics } from "../loadPhysics.js";
import type { MotionDriver } from "../motionDriver.js";
import { type MenagerieStats, preference, type SpawnOptions } from "../options/menagerieOptions.js";
import { type MeshLodOptions, meshLodSettings } from "../options/meshLodOptions.js";
import type { LoadedModel } from "./load/loadModel.js";
import { ModelLibrary } from "./load/modelLibrary.js";
import { buildBody, type CreaturePlacement, makeCreature, NodeTags } from "./makeCreature.js";
import { refreshRecord, type SwimPlacement, setUpSpawned } from "./spawnSetup.js";

/** What spawning needs of its Menagerie: its checked settings, its motion and world, its reports. */
export interface SpawnHost {
  readonly scene: Scene;
  readonly client: LookupClient | undefined;
  /** Aborts every load when the Menagerie is disposed. */
  readonly lifetime: AbortSignal;
  readonly settings: {
    readonly defaultHeightMeters: number;
    readonly linkMarginSeconds: number;
    readonly prefer: ModelPreference;
    readonly physics: unknown;
    /** Checked when the Menagerie was made (meshLodOptions.ts). */
    readonly meshLod: MeshLodOptions | false;
  };
  /** How assets are fetched (the counters are `stats`). */
  readonly assets: Omit<AssetFetcherOptions, "counters">;
  readonly stats: MenagerieStats;
  readonly ground: HeightFunction | AbstractMesh | undefined;
  /** `undefined`: the defaults. */
  readonly gaits: GaitTable | undefined;
  readonly bodyPlans: BodyPlans | undefined;
  readonly driver: MotionDriver;
  readonly world: GameWorld<Creature>;
  /** The creatures alive now: a spawn adds, a dispose removes. */
  readonly creatures: Set<Creature>;
  /** The Menagerie's hold on the page's OBJ reading workers (`parseInWorkers`), if it has one. */
  readonly parseLease: { readonly pool: ObjParsePool | undefined } | undefined;
  /** The Menagerie's observables: the spawner reports to them itself. */
  readonly onProgressObservable: Observable<LoadProgress>;
  readonly onWarningObservable: Observable<MenagerieWarning>;
  readonly onCreatureSpawnedObservable: Observable<Creature>;
  readonly onCreatureDisposedObservable: Observable<Creature>;
}

/** A record to spawn: as given, or the lookup the Menagerie sent for it. */
export type RecordSource = ModelRecord | Promise<ModelRecord>;

/** What populate adds to a spawn: the ground it planned on, and where a swimmer swims. */
export interface PlannedSpawn {
  ground: HeightFunction;
  swim?: SwimPlacement | undefined;
}

export class Spawner {
  readonly #host: SpawnHost;
  readonly #models: ModelLibrary;
  /** Service-provided text with the key (if the client knows it) hidden. */
  readonly #redact: (text: string) => string;
  readonly #warn: (warning: MenagerieWarning) => void;

  constructor(host: SpawnHost) {
    this.#host = host;
    const client = host.client;
    const redact = client ? (text: string) => client.redact(text) : redactUrl;
    const warn = (warning: MenagerieWarning) =>
      host.onWarningObservable.notifyObservers(redactWarning(warning, redact));
    this.#redact = redact;
    this.#warn = warn;
    const fetchAsset = createAssetFetcher({ ...host.assets, counters: host.stats });
    const plans = host.bodyPlans ?? BODY_PLANS;
    const meshLod = meshLodSettings(host.settings.meshLod);
    this.#models = new ModelLibrary({
      lifetime: host.lifetime,
      context: (prefer) => ({
        prefer,
        scene: host.scene,
        plans,
        linkMarginSeconds: host.settings.linkMarginSeconds,
        now: Date.now,
        fetchAsset,
        parsePool: host.parseLease?.pool,
        parseCounts: host.stats,
        meshLod,
        redact,
        refresh: (record, signal) => refreshRecord(host.client, record, signal),
        warn,
      }),
      progress: (progress) => host.onProgressObservable.notifyObservers(progress),
      loaded: () => void host.stats.modelsLoaded++,
    });
  }

  /**
   * See `Menagerie.spawnCreature`: `source` is a name, a record, or a lookup already sent;
   * `planned` is populate's.
   */
  async spawn(source: RecordSource, options: SpawnOptions, planned?: PlannedSpawn): Promise<Creature> {
    const host = this.#host;
    const attachPhysics = await loadCreaturePhysics(host.scene, options.physics, host.settings.physics);
    const ground = planned?.ground ?? options.ground ?? host.ground;
    await host.world.prepareGround(ground);
    const model = await this.model(source, options);
    const record = model.record;
    const { creature, binding } = makeCreature(
      host.scene,
      model,
      {
        size: creatureSize(record, options.height, {
          defaultHeightMeters: host.settings.defaultHeightMeters,
          redact: this.#redact,
          warn: this.#warn,
        }),
        position: options.position,
        rotationY: options.rotationY,
      },
      host.driver,
      host.gaits,
    );
    host.creatures.add(creature);
    setUpSpawned(creature, options, host.world, ground, planned?.swim);
    creature.onDisposeObservable.addOnce(() => {
      host.driver.unbind(binding);
      host.creatures.delete(creature);
      host.onCreatureDisposedObservable.notifyObservers(creature);
    });
    attachPhysics?.(creature);
    host.onCreatureSpawnedObservable.notifyObservers(creature);
    return creature;
  }

  /**
   * The loaded model of a record (once its lookup has answered), loading it if needed.
   * Resolves only while the Menagerie and the call's signal are alive.
   */
  async model(
    source: RecordSource,
    options: Pick<SpawnOptions, "signal" | "fuzzy" | "onProgress" | "prefer">,
  ): Promise<LoadedModel> {
    const host = this.#host;
    const record = await source;
    const prefer = options.prefer === undefined ? host.settings.prefer : preference("prefer", options.prefer);
    const model = await this.#models.get(record, prefer, options.signal, options.onProgress);
    options.signal?.throwIfAborted();
    host.lifetime.throwIfAborted(); // the Menagerie was disposed meanwhile
    return model;
  }

  /** A static body of a loaded model (a scenery prop's), its nodes tagged for its owner. */
  buildProp(model: LoadedModel, placement: CreaturePlacement): { body: CreatureBody; tags: NodeTags<object> } {
    const tags = new NodeTags<object>(model.record, "scenery");
    return { body: buildBody(this.#host.scene, model, placement, tags), tags };
  }

  /** Whether a model of this name is loaded, in any form. */
  has(name: string): boolean {
    return this.#models.has(name);
  }

  /** Disposes every loaded model's meshes, materials and textures (creatures first: the Menagerie's). */
  dispose(): void {
    this.#models.dispose();
  }
}

/** What {@link creatureSize} needs from its owner. */
export interface CreatureSizeContext {
  defaultHeightMeters: number;
  /** Hides the key in service-provided text before a warning quotes it. */
  redact: (text: string) => string;
  warn: (warning: MenagerieWarning) => void;
}

/** See the module comment; `override` is a spawn's `height` option (it throws when unreadable). */
export function creatureSize(
  record: ModelRecord,
  override: number | string | undefined,
  ctx: CreatureSizeContext,
): RecordSize {
  if (override !== undefined) return { axis: "height", meters: parseHeight(override) };
  const size = recordSize(record);
  if (size) return size;
  // The value comes from the service: quoted in the warning only once redacted.
  const shown = new HeightParseError(ctx.redact(String(record.scale?.height)), "not a length");
  ctx.warn({
    code: "height-unreadable",
    model: record.name,
    message: `${shown.message}; using ${ctx.defaultHeightMeters} m`,
    error: shown,
  });
  return { axis: "height", meters: ctx.defaultHeightMeters };
}
