/**
 * A Menagerie's loading and spawning, made once its runtime chunk has arrived: the asset
 * fetcher, the model library, and the one way from a name to a creature in the scene (lookup,
 * model, body and motion, creature, world). The Menagerie hands it one {@link SpawnHost} (its
 * checked settings, its motion, its reports) and calls in; nothing here calls back into it but
 * the host's reports.
 */
import { createAssetFetcher } from "../../api/assetFetcher.js";
import { type MenagerieWarning, redactWarning } from "../../api/loadEvents.js";
import { redactUrl } from "../../core/redact.js";
import type { HeightFunction } from "../../motion/types.js";
import type { AgentSlot } from "../../motion/worldCore.js";
import { HeightParseError, parseHeight } from "../../records/height.js";
import { type RecordSize, recordSize } from "../../records/recordSize.js";
import type { ModelRecord } from "../../records/schemas.js";
import { BODY_PLANS } from "../../rig/bodyPlans.js";
import type { Creature, CreatureBody } from "../creature.js";
import { loadCreaturePhysics } from "../loadPhysics.js";
import { preference, type SpawnOptions } from "../options/menagerieOptions.js";
import type { SpawnHost } from "../spawnHost.js";
import type { LoadedModel } from "./load/loadModel.js";
import { ModelLibrary } from "./load/modelLibrary.js";
import { buildBody, type CreaturePlacement, makeCreature, NodeTags } from "./makeCreature.js";
import { refreshRecord, type SwimPlacement, setUpSpawned } from "./spawnSetup.js";

/** A record to spawn: as given, or the lookup the Menagerie sent for it. */
export type RecordSource = ModelRecord | Promise<ModelRecord>;

/**
 * What a spawn's caller fixed before it: its place in the motion world's order (taken when the
 * spawn was asked for, so load order does not change it), and populate's ground and water.
 */
export interface PlannedSpawn {
  /** @default the next place, taken when `spawn` is called */
  slot?: AgentSlot | undefined;
  /** The ground populate planned on. @default the spawn's, else the Menagerie's */
  ground?: HeightFunction | undefined;
  /** Where a swimmer swims. */
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
    const { config, reports } = host;
    const client = config.client;
    const redact = client ? (text: string) => client.redact(text) : redactUrl;
    const warn = (warning: MenagerieWarning) => reports.warn(redactWarning(warning, redact));
    this.#redact = redact;
    this.#warn = warn;
    const fetchAsset = createAssetFetcher({ ...config.assets, counters: reports.stats });
    const plans = config.bodyPlans ?? BODY_PLANS;
    this.#models = new ModelLibrary({
      lifetime: host.lifetime,
      context: (prefer) => ({
        prefer,
        scene: host.scene,
        plans,
        linkMarginSeconds: config.linkMarginSeconds,
        now: Date.now,
        fetchAsset,
        parsePool: config.parsePool,
        parseCounts: reports.stats,
        meshLod: config.meshLod,
        redact,
        refresh: (record, signal) => refreshRecord(client, record, signal),
        warn,
      }),
      progress: (progress) => reports.progress(progress),
      loaded: () => void reports.stats.modelsLoaded++,
    });
  }

  /**
   * See `Menagerie.spawnCreature`: `source` is a name, a record, or a lookup already sent;
   * `planned` is populate's.
   */
  async spawn(source: RecordSource, options: SpawnOptions, planned?: PlannedSpawn): Promise<Creature> {
    const { scene, config, motion, reports } = this.#host;
    // Before the first await: its place in the world's order is when it was asked for.
    const slot = planned?.slot ?? this.reserveAgent();
    const attachPhysics = await loadCreaturePhysics(scene, options.physics, config.physics);
    const ground = planned?.ground ?? options.ground ?? config.ground;
    await motion.world.prepareGround(ground);
    const model = await this.model(source, options);
    const record = model.record;
    const sizing = { defaultHeightMeters: config.defaultHeightMeters, redact: this.#redact, warn: this.#warn };
    const { creature, binding } = makeCreature(
      scene,
      model,
      {
        size: creatureSize(record, options.height, sizing),
        position: options.position,
        rotationY: options.rotationY,
        slot,
      },
      motion.driver,
      config.gaits,
    );
    motion.creatures.add(creature);
    setUpSpawned(creature, options, motion.world, ground, planned?.swim);
    creature.onDisposeObservable.addOnce(() => {
      motion.driver.unbind(binding);
      motion.creatures.delete(creature);
      reports.disposed(creature);
    });
    attachPhysics?.(creature);
    reports.spawned(creature);
    return creature;
  }

  /** The next place in the motion world's order (see `MotionWorldCore.reserveAgent`). */
  reserveAgent(): AgentSlot {
    return this.#host.motion.driver.world.reserveAgent();
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
    const prefer = options.prefer === undefined ? host.config.prefer : preference("prefer", options.prefer);
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
