/**
 * The Menagerie plugin object: spawns creatures by name or record into one scene, loading each
 * model once and instancing it for every copy.
 */
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { type AssetFetcher, createAssetFetcher } from "../api/assetFetcher.js";
import { createLookupClient, type LookupClient } from "../api/client.js";
import { LoadError, OptionsError } from "../api/errors.js";
import type { ModelPreference } from "../api/modelAssets.js";
import { assignDefaults, functionOption, nonNegativeNumber, positiveNumber } from "../api/options.js";
import { redactError, redactUrl } from "../api/redact.js";
import { resolveRetryOptions } from "../api/retry.js";
import type { ModelRecord } from "../api/schemas.js";
import { Creature } from "./creature.js";
import { creatureSize } from "./creatureSize.js";
import type { LoadContext } from "./loadModel.js";
import { MenagerieMotion } from "./menagerieMotion.js";
import {
  MENAGERIE_DEFAULTS,
  type MenagerieOptions,
  type MenagerieStats,
  type SpawnOptions,
} from "./menagerieOptions.js";
import { ModelLibrary } from "./modelLibrary.js";
import { checkPhysicsOption, loadCreaturePhysics } from "./physics/loadPhysics.js";
import type { CreatureGroup } from "./populate.js";
import type { PopulateOptions } from "./populateOptions.js";
import { registerInstancing } from "./register.js";
import { lookupRecord, preference, setUpSpawned } from "./spawnSetup.js";
import type { LoadProgress, MenagerieWarning } from "./types.js";

export {
  MENAGERIE_DEFAULTS,
  type MenagerieOptions,
  type MenagerieStats,
  type SpawnOptions,
} from "./menagerieOptions.js";

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
  readonly stats: MenagerieStats = { assetRequests: 0, assetBytes: 0, cacheHits: 0, revalidations: 0, modelsLoaded: 0 };

  readonly #options: typeof MENAGERIE_DEFAULTS;
  readonly #ground: MenagerieOptions["ground"];
  readonly #models: ModelLibrary;
  readonly #lifetime = new AbortController();
  readonly #fetchAsset: AssetFetcher;

  constructor(scene: Scene, options: MenagerieOptions = {}) {
    if (!scene || typeof scene.getEngine !== "function") throw new OptionsError("scene", "must be a Babylon Scene");
    const o = assignDefaults(MENAGERIE_DEFAULTS, options);
    const maxStepSeconds = positiveNumber("maxStepSeconds", o.maxStepSeconds);
    super(scene, {
      seed: o.seed,
      gaits: o.gaits,
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
    this.#fetchAsset = createAssetFetcher({
      fetch: fetchImpl,
      timeoutMs: this.#options.assetTimeoutMs,
      retry: resolveRetryOptions(this.#options.assetRetry),
      counters: this.stats,
      cache: options.assetCache,
    });
    this.#models = new ModelLibrary({
      lifetime: this.#lifetime.signal,
      context: (prefer) => this.#loadContext(prefer),
      progress: (progress) => this.onProgressObservable.notifyObservers(progress),
      loaded: () => void this.stats.modelsLoaded++,
    });
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
    const template = await this.#models.get(record, prefer, signal, options.onProgress);
    signal?.throwIfAborted();
    this.#assertAlive();
    const creature = new Creature(this.scene, template, {
      size: creatureSize(template.record, options.height, {
        defaultHeightMeters: this.#options.defaultHeightMeters,
        redact: (text) => this.#redact(text),
        warn: (warning) => this.#warn(warning),
      }),
      ...(options.position ? { position: options.position } : {}),
      ...(options.rotationY !== undefined ? { rotationY: options.rotationY } : {}),
    });
    this.creatureSet.add(creature);
    const binding = this.motionDriver.bind(creature, template);
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
    return (await this.#models.get(record, prefer, options.signal, options.onProgress)).record;
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
    const { populate } = await import("./populate.js");
    return populate(
      {
        search: client ? (query, searchOptions) => client.search(query, searchOptions) : undefined,
        defaultHeightMeters: this.#options.defaultHeightMeters,
        ground: this.#ground,
        preload: (record, { signal }) => this.#models.get(record, this.#options.prefer, signal),
        spawn: (record, spawnOptions) => this.spawnCreature(record, spawnOptions),
        warn: (warning) => this.#warn(warning),
      },
      options,
    );
  }

  /** Whether a model is loaded (its templates are in the scene). */
  isLoaded(name: string): boolean {
    return this.#models.has(name);
  }

  /**
   * Disposes every creature, then every loaded model's meshes, materials and textures, and
   * cancels loads under way. The scene is left with what it had before this Menagerie.
   */
  dispose(): void {
    if (this.isDisposed) return;
    this.#lifetime.abort(new LoadError({ reason: "disposed", model: "*", detail: "the Menagerie was disposed" }));
    for (const creature of [...this.creatureSet]) creature.dispose();
    this.#models.dispose();
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
    const redact = (text: string) => this.#redact(text);
    this.onWarningObservable.notifyObservers({
      ...warning,
      model: redact(warning.model),
      ...(warning.asset !== undefined ? { asset: redact(warning.asset) } : {}),
      message: redact(warning.message),
      ...(warning.url !== undefined ? { url: redact(warning.url) } : {}),
      // The error too, its causes included: its message is not the only text it shows.
      ...(warning.error !== undefined ? { error: redactError(warning.error, redact) } : {}),
    });
  }

  #loadContext(prefer: ModelPreference): Omit<LoadContext, "progress"> {
    return {
      prefer,
      scene: this.scene,
      plans: this.#options.bodyPlans,
      linkMarginSeconds: this.#options.linkMarginSeconds,
      now: Date.now,
      fetchAsset: this.#fetchAsset,
      redact: (text) => this.#redact(text),
      refresh: async (record, signal) => {
        if (!this.client) {
          const detail = "its links expired and there is no client to renew them";
          throw new LoadError({ reason: "expired", model: record.name, detail });
        }
        return this.client.refresh(record, { signal });
      },
      warn: (warning) => this.#warn(warning),
    };
  }
}
