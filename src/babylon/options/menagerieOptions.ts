/** Options, defaults and small types of the `Menagerie` (menagerie.ts), and the one function that checks and fills them. */
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { type AssetCacheOption, resolveAssetCache } from "../../api/assetCacheOption.js";
import type { AssetFetcherOptions } from "../../api/assetFetcher.js";
import { MAX_ASSET_BYTES } from "../../api/cappedBody.js";
import type { LookupClient } from "../../api/client.js";
import type { ModelPreference } from "../../api/modelAssets.js";
import { type RetryOptions, resolveRetryOptions } from "../../api/retry.js";
import {
  assignDefaults,
  functionOption,
  nonNegativeNumber,
  oneOf,
  positiveInteger,
  positiveNumber,
} from "../../core/options.js";
import type { GaitTable } from "../../motion/gaits/index.js";
import type { SpeciesSpeeds } from "../../motion/speeds.js";
import type { HeightFunction } from "../../motion/types.js";
import type { BodyPlans } from "../../rig/bodyPlans.js";
import type { LoadProgress } from "../types.js";
import {
  ANIMATION_LOD_DEFAULTS,
  type AnimationLodOptions,
  type AnimationLodSettings,
  animationLodSettings,
} from "./animationLodOptions.js";
import { MESH_LOD_DEFAULTS, type MeshLodOptions, type MeshLodSettings, meshLodSettings } from "./meshLodOptions.js";
import { type CreaturePhysicsOptions, checkPhysicsOption } from "./physicsOptions.js";

/**
 * Options of `new Menagerie()`. Give a `client`, or `baseUrl` (+ `apiKey`, `lookupPath`) to make one.
 * @category Menagerie
 */
export interface MenagerieOptions {
  /** The lookup client to use. */
  client?: LookupClient;
  /** Base URL of the lookup service, when no `client` is given. */
  baseUrl?: string;
  /** API key, when no `client` is given. Never shown in messages or events. */
  apiKey?: string;
  /**
   * Lookup path, when no `client` is given.
   * @default "anything"
   */
  lookupPath?: string;
  /** Application name sent as `app=` with every lookup, when no `client` is given. @default none */
  app?: string;
  /**
   * fetch used for assets.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * Time limit of one asset request attempt, in milliseconds.
   * @default 30000
   */
  assetTimeoutMs?: number;
  /**
   * The most bytes one asset (an OBJ part, an MTL, a texture, a GLB) may have, decoded: 64 MiB
   * by default. A longer one is not read past the cap: its load fails with a NetworkError
   * naming this option, and is not retried.
   * @default 67108864
   */
  maxAssetBytes?: number;
  /**
   * Retries of asset requests (network errors, 408/429/5xx); a number sets the limit.
   * @default 2
   */
  assetRetry?: number | RetryOptions;
  /**
   * A record whose links expire within this many seconds is refreshed before loading.
   * @default 60
   */
  linkMarginSeconds?: number;
  /**
   * Body plans by body type; extend {@link rig!BODY_PLANS} with `extendBodyPlans` for your own types.
   * @default BODY_PLANS
   */
  bodyPlans?: BodyPlans;
  /**
   * Height used when a record's `scale.height` cannot be read (a warning says so), in metres.
   * @default 1
   */
  defaultHeightMeters?: number;
  /**
   * Seed of every random choice in motion (gait phases, wandering): a seed reproduces motion.
   * @default 1
   */
  seed?: number;
  /**
   * Gaits by behaviour; extend {@link motion!BEHAVIOR_GAITS} for your own behaviours.
   * @default BEHAVIOR_GAITS
   */
  gaits?: GaitTable;
  /**
   * Which form a record with both OBJ parts and a rigged glTF loads as: `"rig"` (its GLB
   * clips, as the service's newer clients do) or `"parts"` (its OBJ parts, posed by gaits).
   * A record with only one form loads that form either way.
   * @default "rig"
   */
  prefer?: ModelPreference;
  /**
   * Persistent asset cache: assets are kept by their URL without the query string (signed links
   * change with every lookup) with the service's ETag, and a later load asks with
   * `If-None-Match`, using the kept bytes on 304. `true` (or absent): the browser's Cache
   * Storage, 128 MiB at most, least recently used out first (none in Node); `false`: none;
   * `{ maxBytes, cacheName }`: the default store with these settings; an `AssetStore` (such as
   * `new MemoryAssetStore()`) or `{ store }`: yours.
   * @default true
   */
  assetCache?: AssetCacheOption;
  /**
   * A Havok body for every creature spawned (populated ones included), unless a spawn says
   * otherwise: `true` or `{ shape, mass }`. The scene must have Havok physics enabled.
   * @default false
   */
  physics?: boolean | CreaturePhysicsOptions;
  /**
   * The ground creatures stand on, for every spawn and populate that gives none: a height
   * function or a mesh (sampled once).
   * @default y = 0
   */
  ground?: HeightFunction | AbstractMesh;
  /**
   * Step motion from a scene observer every frame. `false` leaves it to the game: call
   * `stepMotion(seconds)` from its own fixed step.
   * @default true
   */
  autoStep?: boolean;
  /**
   * Longest motion step, seconds: a longer frame (a tab in the background) is cut to this.
   * Raise it for games that run at a low frame rate, so creatures keep their speed.
   * @default 0.1
   */
  maxStepSeconds?: number;
  /**
   * Animation level of detail for crowd-drawn creatures: off-screen ones are not posed until
   * they come into view, distant ones are posed every other frame; all of them still steer and
   * travel every frame, and catch up exactly. `false` poses every creature every frame.
   * @default ANIMATION_LOD_DEFAULTS (`{ offscreenInterval: 0, farDistance: 50, farInterval: 2 }`)
   */
  animationLod?: AnimationLodOptions | false;
  /**
   * Mesh level of detail for crowd-drawn creatures: distant ones are drawn from simplified
   * meshes, made once per model where its parts are read. `false` draws every creature at full detail.
   * @default MESH_LOD_DEFAULTS (`{ distances: [15, 40], ratios: [0.25, 0.06], hysteresis: 0.1 }`)
   */
  meshLod?: MeshLodOptions | false;
  /**
   * Let OBJ text be read in workers (Web Workers; worker threads in Node), shared by every
   * Menagerie of the page: one less than the cores, 1 to 4. They start once the page has read
   * `parseInWorkersAfterBytes` of OBJ text, and the main thread then only makes meshes from
   * what they read. Parts that arrive before a worker is ready, and every part where workers
   * cannot start (a Content Security Policy without `worker-src`, a bundler that left the
   * worker out), are read on the main thread, one part per task. `false` always reads on the
   * main thread.
   * @default true
   */
  parseInWorkers?: boolean;
  /**
   * With `parseInWorkers`, the OBJ text (in characters, page-wide) read on the main thread
   * before the workers start; they boot in the background and take the parts that come after.
   * A worker's start costs about as much CPU as the main thread spends reading this much text
   * in Node (a worker thread loads its module graph: ~400 ms against ~10 MB/s, levels included,
   * measured by the bench's cold loads), so smaller loads are cheaper without one there. In a
   * browser a bundled worker is one small file and the point of it is a main thread free for
   * frames, so there they start with the first Menagerie (`0`), as the Chromium long-task test
   * measures. `0` starts them at once anywhere.
   * @default 4_000_000 in Node, 0 in a browser
   */
  parseInWorkersAfterBytes?: number;
}

/**
 * The defaults a Menagerie reads when it is made: all of `MENAGERIE_DEFAULTS` (menagerieDefaults.ts) but the
 * data tables (`gaits`, `bodyPlans`), which are read with its first creature, from the code
 * that loads then, so that a game's first download holds no gait or body plan.
 */
export const MENAGERIE_SETTINGS_DEFAULTS: Readonly<
  Required<
    Omit<
      MenagerieOptions,
      "client" | "baseUrl" | "apiKey" | "lookupPath" | "app" | "fetch" | "assetCache" | "ground" | "bodyPlans" | "gaits"
    >
  >
> = Object.freeze({
  assetTimeoutMs: 30_000,
  maxAssetBytes: MAX_ASSET_BYTES,
  assetRetry: 2,
  linkMarginSeconds: 60,
  defaultHeightMeters: 1,
  seed: 1,
  prefer: "rig",
  physics: false,
  autoStep: true,
  maxStepSeconds: 0.1,
  animationLod: ANIMATION_LOD_DEFAULTS,
  meshLod: MESH_LOD_DEFAULTS,
  parseInWorkers: true,
  parseInWorkersAfterBytes: isNode() ? 4_000_000 : 0,
});

/** True in Node (its worker threads are what cost a cold load there). */
function isNode(): boolean {
  return typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === "string";
}

/** A Menagerie's options checked, with their defaults filled: what it and its spawner read. */
export interface MenagerieSettings {
  readonly seed: number;
  readonly maxStepSeconds: number;
  readonly autoStep: boolean;
  /** `null`: every creature posed every frame. */
  readonly animationLod: AnimationLodSettings | null;
  readonly parseInWorkers: boolean;
  readonly parseInWorkersAfterBytes: number;
  readonly defaultHeightMeters: number;
  readonly linkMarginSeconds: number;
  readonly prefer: ModelPreference;
  /** The Menagerie's `physics`, checked (a spawn's own is merged with it then). */
  readonly physics: boolean | CreaturePhysicsOptions;
  readonly meshLod: MeshLodSettings | false;
  /** How assets are fetched (the counters are the Menagerie's `stats`). */
  readonly assets: Omit<AssetFetcherOptions, "counters">;
  readonly ground: HeightFunction | AbstractMesh | undefined;
  /** `undefined`: the defaults, read with the first creature. */
  readonly gaits: GaitTable | undefined;
  readonly bodyPlans: BodyPlans | undefined;
}

/**
 * Checks a Menagerie's options (an error names the bad one) and fills their defaults from
 * {@link MENAGERIE_SETTINGS_DEFAULTS}: a bad option fails when the Menagerie is made, not at
 * its first spawn. The client is made apart (lookupRecord.ts).
 */
export function resolveMenagerieOptions(options: MenagerieOptions): MenagerieSettings {
  const o = assignDefaults(MENAGERIE_SETTINGS_DEFAULTS, options);
  const maxStepSeconds = positiveNumber("maxStepSeconds", o.maxStepSeconds);
  const animationLod = animationLodSettings(o.animationLod);
  const fetchImpl = functionOption<typeof fetch>("fetch", options.fetch ?? globalThis.fetch?.bind(globalThis));
  const timeoutMs = positiveNumber("assetTimeoutMs", o.assetTimeoutMs);
  const maxBytes = positiveInteger("maxAssetBytes", o.maxAssetBytes);
  return {
    seed: o.seed,
    maxStepSeconds,
    autoStep: o.autoStep !== false,
    animationLod,
    parseInWorkers: o.parseInWorkers !== false,
    parseInWorkersAfterBytes: nonNegativeNumber("parseInWorkersAfterBytes", o.parseInWorkersAfterBytes),
    linkMarginSeconds: nonNegativeNumber("linkMarginSeconds", o.linkMarginSeconds),
    defaultHeightMeters: positiveNumber("defaultHeightMeters", o.defaultHeightMeters),
    prefer: preference("prefer", o.prefer),
    physics: checkPhysicsOption("physics", o.physics) ?? false,
    meshLod: meshLodSettings(o.meshLod),
    assets: {
      fetch: fetchImpl,
      timeoutMs,
      maxBytes,
      retry: resolveRetryOptions(o.assetRetry),
      cache: resolveAssetCache(options.assetCache) ?? false, // `false` once resolved to none
    },
    ground: options.ground,
    gaits: options.gaits,
    bodyPlans: options.bodyPlans,
  };
}

/**
 * Options of `Menagerie.spawnCreature`.
 * @category Menagerie
 */
export interface SpawnOptions {
  /**
   * Where the creature's feet stand. With the Menagerie's water about, a walker put in it stands
   * on the nearest shore, and a swimmer put out of it (or where it is too shallow for its body)
   * starts in the nearest water deep enough for it. @default (0, 0, 0)
   */
  position?: Vector3 | { x: number; y: number; z: number };
  /** Heading about +Y in radians; 0 faces +Z. @default 0 */
  rotationY?: number;
  /**
   * Height to size it to: metres, or a string with a unit. @default the record's `scale`:
   * its height, else its length (along the creature's forward axis), else its width
   */
  height?: number | string;
  /** Which form a record with both OBJ parts and a rig loads as. @default the Menagerie's `prefer` */
  prefer?: ModelPreference;
  /** Approximate name matching for the lookup. @default the service's default (true) */
  fuzzy?: boolean;
  /**
   * A kinematic Havok body sized from the creature's bounds: `true` or `{ shape, mass }`
   * (fields override the Menagerie's `physics`), `false` for none. Needs Havok physics enabled
   * on the scene first (`scene.enablePhysics(gravity, new HavokPlugin(true, havok))`), else
   * the spawn rejects with an OptionsError. The physics code loads on first use.
   * @default the Menagerie's `physics`
   */
  physics?: boolean | CreaturePhysicsOptions;
  /** Cancels the spawn; a model load shared with other spawns goes on for them. */
  signal?: AbortSignal;
  /** Progress of this spawn's model load (a model already loaded reports once, done). */
  onProgress?: (progress: LoadProgress) => void;
  /**
   * The ground it stands on (a height function or a mesh): its feet are put on it at once and
   * follow it as it moves.
   * @default the Menagerie's `ground` (y = 0 without one)
   */
  ground?: HeightFunction | AbstractMesh;
  /** The game's labels for it (`creature.tags`; `menagerie.getCreaturesByTag`). @default none */
  tags?: readonly string[];
  /** Its walk and/or run speed, m/s, over its species'. @default from its body type and size */
  speeds?: Partial<SpeciesSpeeds>;
}

/**
 * Counters of what a Menagerie has requested.
 * @category Menagerie
 */
export interface MenagerieStats {
  /** HTTP requests made for assets (retries included). */
  assetRequests: number;
  /** Bytes of asset bodies received (a 304 has none). */
  assetBytes: number;
  /** Assets taken from the asset cache because the service answered 304 (see `assetCache`). */
  cacheHits: number;
  /** Asset requests that asked with `If-None-Match` to revalidate a cached asset (retries included). */
  revalidations: number;
  /** Models loaded (templates built). */
  modelsLoaded: number;
  /** OBJ parts handed to the parse workers (`parseInWorkers`; a worker that fails gives its parts back to this thread). */
  partsParsedInWorkers: number;
  /** OBJ parts read on the main thread: no worker was ready, or `parseInWorkers` is off. */
  partsParsedOnMainThread: number;
}

/** A Menagerie's stats before it has done anything. */
export function zeroStats(): MenagerieStats {
  return {
    assetRequests: 0,
    assetBytes: 0,
    cacheHits: 0,
    revalidations: 0,
    modelsLoaded: 0,
    partsParsedInWorkers: 0,
    partsParsedOnMainThread: 0,
  };
}

/** Checks a `prefer` option. */
export function preference(name: string, value: unknown): ModelPreference {
  return oneOf(name, value, ["rig", "parts"] as const);
}
