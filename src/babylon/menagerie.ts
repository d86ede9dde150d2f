/**
 * The Menagerie plugin object: spawns creatures by name or record into one scene, loading each
 * model once and instancing it for every copy.
 *
 * A game's first download holds this class, its options, errors and the creature's surface;
 * the code that loads, draws and moves creatures (spawnRuntime.ts) is one chunk that the
 * constructor starts loading with `import()`, so it arrives while the first lookup is on the
 * wire, and that `spawnCreature` awaits.
 */
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { resolveAssetCache } from "../api/assetCacheOption.js";
import type { AssetFetcher, AssetFetcherOptions } from "../api/assetFetcher.js";
import { createLookupClient, type LookupClient } from "../api/client.js";
import { LoadError, OptionsError } from "../api/errors.js";
import type { ModelPreference } from "../api/modelAssets.js";
import { assignDefaults, functionOption, nonNegativeNumber, positiveNumber } from "../api/options.js";
import { redactUrl } from "../api/redact.js";
import { resolveRetryOptions } from "../api/retry.js";
import type { ModelRecord } from "../api/schemas.js";
import type { GaitTable } from "../motion/gaits/index.js";
import type { ObjParsePoolLease } from "../obj/objParsePool.js";
import type { BodyPlans } from "../rig/bodyPlans.js";
import { Creature } from "./creature.js";
import { checkPhysicsOption, loadCreaturePhysics } from "./loadPhysics.js";
import { MenagerieMotion } from "./menagerieMotion.js";
import {
  MENAGERIE_SETTINGS_DEFAULTS,
  type MenagerieOptions,
  type MenagerieStats,
  type SpawnOptions,
  zeroStats,
} from "./menagerieOptions.js";
import type { CreatureGroup } from "./populate/index.js";
import type { PopulateOptions } from "./populateOptions.js";
import { registerInstancing } from "./register.js";
import type * as SpawnRuntime from "./runtime/index.js";
import type { LoadContext } from "./runtime/load/loadModel.js";
import type { ModelLibrary } from "./runtime/load/modelLibrary.js";
import { RuntimeChunk } from "./runtimeChunk.js";
import { lookupRecord, preference, redactWarning, refreshRecord, setUpSpawned } from "./spawnSetup.js";
import type { LoadProgress, MenagerieWarning } from "./types.js";

/** The spawn runtime once loaded, with this Menagerie's model library. */
interface Loaded {
  runtime: typeof SpawnRuntime;
  models: ModelLibrary;
}

export type { MenagerieOptions, MenagerieStats, SpawnOptions } from "./menagerieOptions.js";

/**
 * Living creatures for one Babylon scene.
 *
 * @example
 * const menagerie = new Menagerie(scene, { baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
 * const fox = await menagerie.spawnCreature("fox", { position: new Vector3(0, 0, 5) });
 * fox.getPart("head")!.rotation.y = 0.3;
 * menagerie.dispose();
 */
export class Menagerie extends MenagerieMotion {
  /** The lookup client, when one was given or made from `baseUrl`. */
  readonly client: LookupClient | undefined;
  /** Progress of every model load. */
  readonly onProgressObservable = new Observable<LoadProgress>();
  /** Degradations: a part, texture or material that failed, an unreadable height. */
  readonly onWarningObservable = new Observable<MenagerieWarning>();
  /** A creature was spawned. */
  readonly onCreatureSpawnedObservable = new Observable<Creature>();
  /** A creature was disposed. */
  readonly onCreatureDisposedObservable = new Observable<Creature>();
  /** Running counts of asset requests, bytes and models loaded, for budgets and tests. */
  readonly stats: MenagerieStats = zeroStats();

  readonly #options: typeof MENAGERIE_SETTINGS_DEFAULTS;
  readonly #ground: MenagerieOptions["ground"];
  /** `undefined`: the defaults, read from the runtime (see `MENAGERIE_SETTINGS_DEFAULTS`). */
  readonly #gaits: GaitTable | undefined;
  readonly #bodyPlans: BodyPlans | undefined;
  readonly #lifetime = new AbortController();
  /** How assets are fetched, checked when made; the fetcher comes with the spawn runtime. */
  readonly #assets: Omit<AssetFetcherOptions, "counters">;
  /** The spawn runtime's download, started when the Menagerie is made. */
  readonly #runtime = new RuntimeChunk();
  readonly #parseInWorkers: boolean;
  #loaded: Loaded | undefined;
  /** This Menagerie's hold on the page's OBJ reading workers (`parseInWorkers`). */
  #parseLease: ObjParsePoolLease | undefined;

  constructor(scene: Scene, options: MenagerieOptions = {}) {
    if (!scene || typeof scene.getEngine !== "function") throw new OptionsError("scene", "must be a Babylon Scene");
    const o = assignDefaults(MENAGERIE_SETTINGS_DEFAULTS, options);
    const maxStepSeconds = positiveNumber("maxStepSeconds", o.maxStepSeconds);
    super(scene, {
      seed: o.seed,
      maxStepSeconds,
      autoStep: o.autoStep !== false,
      animationLod: o.animationLod,
    });
    registerInstancing(); // the glTF loader is registered when a rigged model first loads
    this.client =
      options.client ??
      (options.baseUrl !== undefined
        ? createLookupClient({
            baseUrl: options.baseUrl,
            apiKey: options.apiKey,
            lookupPath: options.lookupPath,
            ...(options.app !== undefined ? { app: options.app } : {}),
            ...(options.fetch ? { fetch: options.fetch } : {}),
          })
        : undefined);
    const fetchImpl = functionOption<typeof fetch>("fetch", options.fetch ?? globalThis.fetch?.bind(globalThis));
    this.#options = {
      ...o,
      assetTimeoutMs: positiveNumber("assetTimeoutMs", o.assetTimeoutMs),
      linkMarginSeconds: nonNegativeNumber("linkMarginSeconds", o.linkMarginSeconds),
      defaultHeightMeters: positiveNumber("defaultHeightMeters", o.defaultHeightMeters),
      prefer: preference("prefer", o.prefer),
      physics: checkPhysicsOption("physics", o.physics) ?? false,
      maxStepSeconds,
    };
    this.#ground = options.ground;
    this.#gaits = options.gaits;
    this.#bodyPlans = options.bodyPlans;
    this.#assets = {
      fetch: fetchImpl,
      timeoutMs: this.#options.assetTimeoutMs,
      retry: resolveRetryOptions(this.#options.assetRetry),
      // Checked now (a bad option fails here, not at the first spawn); `false` once resolved to none.
      cache: resolveAssetCache(options.assetCache) ?? false,
    };
    this.#parseInWorkers = o.parseInWorkers !== false;
    // The parse workers start with the runtime, so that they boot while the first lookup is on the wire.
    this.#runtime.whenLoaded((runtime) => this.#holdParseWorkers(runtime));
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    return this.#lifetime.signal.aborted;
  }

  /**
   * Spawns a creature by name (looked up through the client) or from a record. Concurrent
   * spawns of one model share its lookup and its asset load; later ones reuse the loaded model.
   *
   * @throws LoadError when the model is not found or has no loadable body; lookup errors as is.
   */
  async spawnCreature(nameOrRecord: string | ModelRecord, options: SpawnOptions = {}): Promise<Creature> {
    this.#assertAlive();
    const signal = options.signal;
    const attachPhysics = await loadCreaturePhysics(this.scene, options.physics, this.#options.physics);
    await this.gameWorld.prepareGround(options.ground ?? this.#ground);
    const record =
      typeof nameOrRecord === "string" ? await lookupRecord(this.client, nameOrRecord, options) : nameOrRecord;
    const prefer = options.prefer === undefined ? this.#options.prefer : preference("prefer", options.prefer);
    const { runtime, models } = await this.#load(record.name);
    const template = await models.get(record, prefer, signal, options.onProgress);
    signal?.throwIfAborted();
    this.#assertAlive();
    const makeBody = runtime.creatureBody(this.scene, template, {
      size: runtime.creatureSize(template.record, options.height, {
        defaultHeightMeters: this.#options.defaultHeightMeters,
        redact: (text) => this.#redact(text),
        warn: (warning) => this.#warn(warning),
      }),
      ...(options.position ? { position: options.position } : {}),
      ...(options.rotationY !== undefined ? { rotationY: options.rotationY } : {}),
    });
    const creature = new Creature(template.record, template.kind === "rig" ? "rig" : "parts", makeBody);
    this.creatureSet.add(creature);
    const binding = runtime.bindMotion(this.motionDriver, creature, template, this.#gaits);
    setUpSpawned(creature, options, this.gameWorld, this.#ground);
    creature.onDisposeObservable.addOnce(() => {
      this.motionDriver.unbind(binding);
      this.creatureSet.delete(creature);
      this.onCreatureDisposedObservable.notifyObservers(creature);
    });
    attachPhysics?.(creature);
    this.onCreatureSpawnedObservable.notifyObservers(creature);
    return creature;
  }

  /**
   * Loads a model without spawning it (to warm up before a scene starts). Resolves with the
   * record the assets came from.
   */
  async preload(
    nameOrRecord: string | ModelRecord,
    options: Pick<SpawnOptions, "signal" | "fuzzy" | "onProgress" | "prefer"> = {},
  ): Promise<ModelRecord> {
    this.#assertAlive();
    const record =
      typeof nameOrRecord === "string" ? await lookupRecord(this.client, nameOrRecord, options) : nameOrRecord;
    const prefer = options.prefer === undefined ? this.#options.prefer : preference("prefer", options.prefer);
    const { models } = await this.#load(record.name);
    return (await models.get(record, prefer, options.signal, options.onProgress)).record;
  }

  /**
   * Fills an area with creatures that belong to a habitat: one search, a weighted mix of the
   * species whose habitat flag is true (herds for herd animals), flyers in the air, swimmers
   * only in water habitats, blue-noise placement without overlaps, feet on the ground.
   * Creatures appear as their model finishes loading.
   *
   * @example
   * const group = await menagerie.populate({ habitat: "forest", count: 40, area: { center, radius: 20 }, seed: 42 });
   */
  async populate(options: PopulateOptions): Promise<CreatureGroup> {
    this.#assertAlive();
    const client = this.client;
    // Loaded on demand, with the planner and the ground sampling (Babylon's Ray) it brings: a
    // game that only spawns creatures never downloads it.
    const { populate } = await import("./populate/index.js");
    return populate(
      {
        search: client ? (query, searchOptions) => client.search(query, searchOptions) : undefined,
        defaultHeightMeters: this.#options.defaultHeightMeters,
        ground: this.#ground,
        preload: async (record, { signal }) =>
          (await this.#load(record.name)).models.get(record, this.#options.prefer, signal),
        spawn: (record, spawnOptions) => this.spawnCreature(record, spawnOptions),
        warn: (warning) => this.#warn(warning),
      },
      options,
    );
  }

  /** Whether a model is loaded (its templates are in the scene). */
  isLoaded(name: string): boolean {
    return this.#loaded?.models.has(name) ?? false;
  }

  /**
   * Disposes every creature, then every loaded model's meshes, materials and textures, and
   * cancels loads under way. The scene is left with what it had before this Menagerie.
   */
  dispose(): void {
    if (this.isDisposed) return;
    this.#lifetime.abort(new LoadError({ reason: "disposed", model: "*", detail: "the Menagerie was disposed" }));
    for (const creature of [...this.creatureSet]) creature.dispose();
    this.#loaded?.models.dispose();
    this.#parseLease?.release();
    this.disposeMotion();
    this.onProgressObservable.clear();
    this.onWarningObservable.clear();
    this.onCreatureSpawnedObservable.clear();
    this.onCreatureDisposedObservable.clear();
  }

  #assertAlive(): void {
    if (this.isDisposed) throw new LoadError({ reason: "disposed", model: "*", detail: "the Menagerie was disposed" });
  }

  /** Service-provided text with the key (if this Menagerie's client knows it) hidden. */
  #redact(text: string): string {
    return this.client ? this.client.redact(text) : redactUrl(text);
  }

  #warn(warning: MenagerieWarning): void {
    this.onWarningObservable.notifyObservers(redactWarning(warning, (text) => this.#redact(text)));
  }

  #holdParseWorkers(runtime: typeof SpawnRuntime): void {
    if (this.#parseInWorkers && !this.isDisposed) this.#parseLease ??= runtime.acquireSharedObjParsePool();
  }

  /** The spawn runtime and this Menagerie's model library, once the runtime has loaded. */
  async #load(model: string): Promise<Loaded> {
    const runtime = await this.#runtime.get(model);
    this.#holdParseWorkers(runtime);
    if (this.#loaded) return this.#loaded;
    const fetchAsset = runtime.createAssetFetcher({ ...this.#assets, counters: this.stats });
    const plans = this.#bodyPlans ?? runtime.BODY_PLANS;
    const models = new runtime.ModelLibrary({
      lifetime: this.#lifetime.signal,
      context: (prefer) => this.#loadContext(prefer, fetchAsset, plans),
      progress: (progress) => this.onProgressObservable.notifyObservers(progress),
      loaded: () => void this.stats.modelsLoaded++,
    });
    this.#loaded = { runtime, models };
    return this.#loaded;
  }

  #loadContext(prefer: ModelPreference, fetchAsset: AssetFetcher, plans: BodyPlans): Omit<LoadContext, "progress"> {
    return {
      prefer,
      scene: this.scene,
      plans,
      linkMarginSeconds: this.#options.linkMarginSeconds,
      now: Date.now,
      fetchAsset,
      parsePool: this.#parseLease?.pool,
      parseCounts: this.stats,
      redact: (text) => this.#redact(text),
      refresh: (record, signal) => refreshRecord(this.client, record, signal),
      warn: (warning) => this.#warn(warning),
    };
  }
}
