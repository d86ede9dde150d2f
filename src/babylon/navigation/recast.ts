/**
 * Recast, from the installed npm packages: `@recast-navigation/core` (its WASM is inlined in
 * `@recast-navigation/wasm`, so a bundler packs it into this chunk and Node reads it from
 * node_modules) and `@recast-navigation/generators`, handed to Babylon's Navigation V2
 * (`@babylonjs/addons`) as its instance. Babylon's own `InitRecast` would fetch recast from a CDN
 * (unpkg), which fails offline and under a strict CSP: never let it.
 */
import type { RecastNavigationJSPluginV2 } from "@babylonjs/addons/navigation/plugin/RecastNavigationJSPlugin.js";
import { NavigationError } from "../../core/navigationError.js";

/** A point as recast's wrapper API takes and gives it. */
export interface RecastPoint {
  x: number;
  y: number;
  z: number;
}

/** An out-parameter of recast's raw bindings. */
export interface RawRef<T> {
  value: T;
}

/** A growable array of recast's raw bindings. */
export interface RawIndexArray {
  readonly size: number;
  get(i: number): number;
}

/**
 * What of recast's NavMeshQuery the surface calls (typed here: the package's own declarations
 * do not resolve under NodeNext, their relative imports have no extensions).
 */
export interface RecastQuery {
  readonly raw: {
    findNearestPoly(
      center: readonly number[],
      halfExtents: readonly number[],
      filter: unknown,
      ref: RawRef<number>,
      point: RecastPoint,
      overPoly: RawRef<boolean>,
    ): number;
    moveAlongSurface(
      startRef: number,
      start: readonly number[],
      end: readonly number[],
      filter: unknown,
      result: RecastPoint,
      visited: RawIndexArray,
      maxVisited: number,
    ): number;
    getPolyHeight(ref: number, position: readonly number[], height: RawRef<number>): number;
    raycast(
      startRef: number,
      start: readonly number[],
      end: readonly number[],
      filter: unknown,
      options: number,
      hit: RawRaycastHit,
      prevRef: number,
    ): number;
  };
  readonly defaultFilter: { readonly raw: unknown };
  computePath(
    start: RecastPoint,
    end: RecastPoint,
    options?: { halfExtents?: RecastPoint },
  ): { success: boolean; path: RecastPoint[] };
}

/** Detour's raycast result: `t` is the share of the ray walked before an edge (huge: none hit). */
export interface RawRaycastHit {
  readonly t: number;
}

/** What of `@recast-navigation/core` navigation uses. */
export interface RecastCore {
  init(): Promise<void>;
  readonly Raw: {
    readonly UnsignedIntRef: new () => RawRef<number>;
    readonly BoolRef: new () => RawRef<boolean>;
    readonly FloatRef: new () => RawRef<number>;
    readonly Vec3: new () => RecastPoint;
    readonly UnsignedIntArray: new () => RawIndexArray;
    destroy(object: unknown): void;
    readonly Module: { readonly dtRaycastHit: new () => RawRaycastHit };
  };
}

/** Babylon's single-thread factory of Navigation V2. */
type Factory = typeof import("@babylonjs/addons/navigation/factory/factory.single-thread.js");

/** Recast's modules, initialised, and a way to make Babylon's plugin on them. */
export interface Recast {
  readonly core: RecastCore;
  createPlugin(): Promise<RecastNavigationJSPluginV2>;
}

const PACKAGES = ["@babylonjs/addons", "@recast-navigation/core", "@recast-navigation/generators"] as const;

/** Cache: recast initialises once per page or process. */
let loading: Promise<Recast> | undefined;

/**
 * Loads and initialises recast (once; a failed load is tried again next time).
 * @throws NavigationError (`"missing-packages"`) when a package is not installed.
 */
export function loadRecast(): Promise<Recast> {
  loading ??= importRecast().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function importRecast(): Promise<Recast> {
  let modules: [unknown, unknown, Factory];
  try {
    modules = await Promise.all([
      import("@recast-navigation/core"),
      import("@recast-navigation/generators"),
      import("@babylonjs/addons/navigation/factory/factory.single-thread.js"),
    ]);
  } catch (cause) {
    throw new NavigationError(
      "missing-packages",
      `install ${PACKAGES.join(", ")} (npm install ${PACKAGES.join(" ")})`,
      {
        missingPackages: PACKAGES,
        cause,
      },
    );
  }
  const [coreModule, generators, factory] = modules;
  const core = coreModule as RecastCore;
  await core.init();
  const instance = { ...(coreModule as object), ...(generators as object) };
  return {
    core,
    createPlugin: () => factory.CreateNavigationPluginAsync({ instance }),
  };
}
