/**
 * Options, progress and defaults of `Menagerie.enableNavigation`, and the one function that
 * checks and fills them. Sizes are metres here; recast's voxel counts are worked out from them
 * in the navigation chunk.
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { OptionsError } from "../../core/errors.js";

/**
 * Options of `Menagerie.enableNavigation`.
 *
 * @example
 * await menagerie.enableNavigation({ meshes: [ground, bridge, ...ledges], agentRadius: 0.3 });
 * @category Motion
 */
export interface NavigationOptions {
  /**
   * The level's meshes creatures walk on and round (ground, banks, bridges, ledges, walls). The
   * scenery of every populate so far is added to them. @default none (then the populates' scenery alone)
   */
  meshes?: readonly AbstractMesh[];
  /** Cancels the build; the navigation in use before stays. */
  signal?: AbortSignal;
  /** Told as the build goes: loading recast, building, ready. @default none */
  onProgress?: (progress: NavigationProgress) => void;
  /** Size of recast's voxels across, metres: smaller is finer and slower to build. @default 0.2 */
  cellSize?: number;
  /** Size of recast's voxels up, metres: feet stand within this of a surface. @default 0.1 */
  cellHeight?: number;
  /** How far walkers keep from edges and walls, metres (the largest walker's footprint). @default 0.3 */
  agentRadius?: number;
  /** Head room a walker needs, metres: lower gaps are not walked under. @default 1 */
  agentHeight?: number;
  /** Highest step a walker takes up or down, metres: a higher ledge is cut off from the floor. @default 0.4 */
  maxClimb?: number;
  /** Steepest walkable slope, degrees. @default 45 */
  maxSlope?: number;
  /** Most obstacles (`addObstacle`) cut into the navmesh at once. @default 64 */
  maxObstacles?: number;
  /**
   * Jump links are made where the surface ends at a drop of at most this (a ledge over a floor),
   * metres; each creature jumps only those within its own jump (`motion.jumpReach`). @default 3
   */
  maxJumpHeight?: number;
  /** Jump links are made across gaps (and drops) at most this wide, metres. @default 6 */
  maxJumpLength?: number;
}

/**
 * What `NavigationOptions.onProgress` is told: `"loading"` recast (the first time only takes
 * time), `"building"` the navmesh of `triangles` triangles of `meshes` meshes, `"ready"`.
 * @category Motion
 */
export interface NavigationProgress {
  stage: "loading" | "building" | "ready";
  /** Meshes the navmesh is built from (0 while loading). */
  meshes: number;
  /** Their triangles (0 while loading). */
  triangles: number;
  /** Milliseconds the build took, once `"ready"`; else 0. */
  buildMilliseconds: number;
}

/** Defaults of {@link NavigationOptions}' sizes. */
export const NAVIGATION_DEFAULTS: Readonly<Required<Omit<NavigationOptions, "meshes" | "signal" | "onProgress">>> =
  Object.freeze({
    cellSize: 0.2,
    cellHeight: 0.1,
    agentRadius: 0.3,
    agentHeight: 1,
    maxClimb: 0.4,
    maxSlope: 45,
    maxObstacles: 64,
    maxJumpHeight: 3,
    maxJumpLength: 6,
  });

/** {@link NavigationOptions} checked and filled. */
export interface NavigationSettings
  extends Readonly<Required<Omit<NavigationOptions, "meshes" | "signal" | "onProgress">>> {
  readonly meshes: readonly AbstractMesh[];
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: NavigationProgress) => void) | undefined;
}

/**
 * Checks and fills {@link NavigationOptions}. Its own checks rather than the shared validators:
 * those it would add to core/options.ts would weigh on every game's first download, and this
 * runs only in the navigation chunk.
 * @throws OptionsError naming the option that is not valid.
 */
export function resolveNavigationOptions(options: NavigationOptions): NavigationSettings {
  const meshes = options.meshes ?? [];
  if (!Array.isArray(meshes) || meshes.some((m) => typeof m?.getVerticesData !== "function"))
    throw new OptionsError("meshes", "must be a list of Babylon meshes");
  const onProgress = options.onProgress;
  if (onProgress !== undefined && typeof onProgress !== "function")
    throw new OptionsError("onProgress", "must be a function");
  const sizes = { ...NAVIGATION_DEFAULTS };
  for (const key of Object.keys(NAVIGATION_DEFAULTS) as (keyof typeof NAVIGATION_DEFAULTS)[]) {
    const value = options[key] ?? NAVIGATION_DEFAULTS[key];
    const whole = key === "maxObstacles" ? Number.isInteger(value) : true;
    const inRange = key === "maxSlope" ? value >= 0 && value <= 90 : value > 0;
    if (typeof value !== "number" || !Number.isFinite(value) || !whole || !inRange)
      throw new OptionsError(key, `must be ${RULES[key]}, got ${String(value)}`);
    sizes[key] = value;
  }
  return { ...sizes, meshes, signal: options.signal, onProgress };
}

/** What each size must be, for messages. */
const RULES: Readonly<Record<keyof typeof NAVIGATION_DEFAULTS, string>> = Object.freeze({
  cellSize: "a positive number of metres",
  cellHeight: "a positive number of metres",
  agentRadius: "a positive number of metres",
  agentHeight: "a positive number of metres",
  maxClimb: "a positive number of metres",
  maxSlope: "a number of degrees from 0 to 90",
  maxObstacles: "a positive integer",
  maxJumpHeight: "a positive number of metres",
  maxJumpLength: "a positive number of metres",
});
