/**
 * A Menagerie's navigation: the navmesh of a game's level (Babylon's Navigation V2 on recast),
 * installed as its motion world's path planner, and the obstacles cut into it at run time
 * (recast's tile cache: temporary obstacles, no rebuild). Built by {@link buildNavigation}.
 */
import type { RecastNavigationJSPluginV2 } from "@babylonjs/addons/navigation/plugin/RecastNavigationJSPlugin.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { IObstacle } from "@babylonjs/core/Navigation/INavigationEngine.js";
import type { Node } from "@babylonjs/core/node.js";
import { NavigationError } from "../../core/navigationError.js";
import type { JumpLink } from "../../motion/jumpRoutes.js";
import type { MotionWorldCore } from "../../motion/worldCore.js";
import {
  type NavigationOptions,
  type NavigationSettings,
  resolveNavigationOptions,
} from "../options/navigationOptions.js";
import { JumpPlanner } from "./jumpPlanner.js";
import { findLedgeLinks } from "./ledgeLinks.js";
import { NavMeshSurface } from "./navMeshSurface.js";
import { loadRecast } from "./recast.js";
import { SurfaceProbe } from "./surfaceProbe.js";

/** A Menagerie's populate, as navigation reads it: the scenery it placed is walked round like the level's meshes. */
export interface SceneryGroup {
  readonly isDisposed: boolean;
  readonly scenery: readonly { readonly meshes: readonly AbstractMesh[] }[];
}

/** What can be cut into the navmesh: a mesh (its bounding box) or a circle on a floor; other shapes are not. */
export type NavigationObstacleInput =
  | AbstractMesh
  | { readonly center?: { x: number; y?: number | undefined; z: number }; readonly radius?: number }
  | object;

export class Navigation {
  /** Milliseconds the navmesh took to build. */
  readonly buildMilliseconds: number;
  readonly #world: MotionWorldCore;
  readonly #plugin: RecastNavigationJSPluginV2;
  readonly #surface: NavMeshSurface;
  /** The surface with jumps: the world's planner. */
  readonly #planner: JumpPlanner;
  readonly #probe: SurfaceProbe;
  /** Obstacles cut into it, by what the game gave (a mesh) and what the world returned. */
  readonly #cuts = new Map<object, IObstacle>();
  /** Takes a mesh's cut out when the mesh is disposed; removed with the cut. */
  readonly #watches = new Map<AbstractMesh, Observer<Node>>();
  readonly #height: number;
  readonly #climb: number;
  #disposed = false;

  /** Made by {@link buildNavigation}. */
  private constructor(parts: {
    world: MotionWorldCore;
    plugin: RecastNavigationJSPluginV2;
    surface: NavMeshSurface;
    planner: JumpPlanner;
    probe: SurfaceProbe;
    ms: number;
    height: number;
    climb: number;
  }) {
    this.#world = parts.world;
    this.#plugin = parts.plugin;
    this.#surface = parts.surface;
    this.#planner = parts.planner;
    this.#probe = parts.probe;
    this.buildMilliseconds = parts.ms;
    this.#height = parts.height;
    this.#climb = parts.climb;
    this.#world.pathPlanner = this.#planner;
    this.#world.obstacleVersion++; // walks under way plan again, on the navmesh
  }

  /**
   * Builds the navmesh of `options.meshes` and the scenery of `groups`, for `world`'s walkers;
   * see `Menagerie.enableNavigation`. `lifetime` is the Menagerie's: aborted, it was disposed.
   * `jumpLinks`: the game's own links, read live.
   */
  static async build(
    world: MotionWorldCore,
    groups: Iterable<SceneryGroup>,
    lifetime: AbortSignal,
    options: NavigationOptions,
    obstacles: Iterable<readonly [NavigationObstacleInput, object]> = [],
    jumpLinks: ReadonlySet<JumpLink> = new Set(),
  ): Promise<Navigation> {
    const disposed = () => new NavigationError("disposed", "the Menagerie was disposed");
    if (lifetime.aborted) throw disposed();
    const settings = resolveNavigationOptions(options);
    const signal = settings.signal;
    signal?.throwIfAborted();
    const progress = settings.onProgress;
    progress?.({ stage: "loading", meshes: 0, triangles: 0, buildMilliseconds: 0 });
    const recast = await loadRecast();
    signal?.throwIfAborted();
    const scenery = [...groups].filter((g) => !g.isDisposed).flatMap((g) => g.scenery.flatMap((p) => p.meshes));
    const meshes = [...settings.meshes, ...scenery].filter(hasTriangles) as Mesh[];
    if (meshes.length === 0) throw new NavigationError("no-geometry", "no mesh with triangles to build a navmesh of");
    const triangles = meshes.reduce((n, m) => n + (m.getTotalIndices() || m.getTotalVertices()) / 3, 0);
    progress?.({ stage: "building", meshes: meshes.length, triangles, buildMilliseconds: 0 });
    const plugin = await recast.createPlugin();
    const start = performance.now();
    try {
      plugin.createNavMesh(meshes, recastParameters(settings));
    } catch (cause) {
      plugin.dispose();
      throw new NavigationError("build", `recast could not build a navmesh of ${meshes.length} meshes`, { cause });
    }
    const ms = performance.now() - start;
    if (signal?.aborted || lifetime.aborted) {
      plugin.dispose();
      signal?.throwIfAborted();
      throw disposed();
    }
    const { top, bottom } = heightRange(meshes);
    const surface = new NavMeshSurface(recast.core, plugin.navMeshQuery, {
      lift: settings.cellHeight,
      climb: settings.maxClimb,
      top,
      bottom,
    });
    const height = settings.agentHeight;
    const climb = settings.maxClimb + settings.cellHeight;
    const probe = new SurfaceProbe(recast.core, plugin.navMeshQuery, { top, bottom, climb });
    const found = findLedgeLinks(probe, {
      ...groundExtent(meshes),
      climb,
      maxHeight: settings.maxJumpHeight,
      maxLength: settings.maxJumpLength,
      blocked: standsAbove(meshes),
    });
    const planner = new JumpPlanner({ surface, probe, found, game: jumpLinks, lift: settings.cellHeight });
    const navigation = new Navigation({ world, plugin, surface, planner, probe, ms, height, climb: settings.maxClimb });
    for (const [input, key] of obstacles) navigation.addObstacle(input, key);
    progress?.({ stage: "ready", meshes: meshes.length, triangles, buildMilliseconds: ms });
    return navigation;
  }

  /**
   * Cuts an obstacle into the navmesh: a mesh's world bounding box, or a circle (as a cylinder
   * of the walkers' height); walks under way plan again. `key` is what removes it (the mesh,
   * or the world's obstacle). A polygon area is not cut (the grid's avoidance still steers round it).
   */
  addObstacle(input: NavigationObstacleInput, key: object): void {
    if (this.#disposed) return;
    const cut = this.#cut(input);
    if (!cut) return;
    this.#cuts.set(key, cut);
    if (input !== key && isMesh(input)) this.#cuts.set(input, cut);
    if (isMesh(input) && !this.#watches.has(input))
      this.#watches.set(
        input,
        input.onDisposeObservable.addOnce(() => this.removeObstacle(input)),
      );
    this.#changed();
  }

  /** Takes an obstacle out of the navmesh, by its mesh or its world obstacle; false if it was not cut. */
  removeObstacle(key: object): boolean {
    const cut = this.#cuts.get(key);
    if (!cut || this.#disposed) return false;
    for (const [k, c] of this.#cuts) if (c === cut) this.#forget(k);
    this.#plugin.removeObstacle(cut);
    this.#changed();
    return true;
  }

  /** Hands walkers back to the grid A* and frees the navmesh. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#world.pathPlanner === this.#planner) {
      this.#world.pathPlanner = undefined;
      this.#world.obstacleVersion++;
    }
    for (const key of [...this.#cuts.keys()]) this.#forget(key);
    this.#surface.dispose();
    this.#probe.dispose();
    this.#plugin.dispose();
  }

  #cut(input: NavigationObstacleInput): IObstacle | null {
    if (isMesh(input)) {
      const box = input.getBoundingInfo().boundingBox;
      input.computeWorldMatrix(true);
      const c = box.centerWorld;
      const e = box.extendSizeWorld;
      return this.#plugin.addBoxObstacle({ x: c.x, y: c.y, z: c.z }, { x: e.x, y: e.y, z: e.z }, 0);
    }
    const circle = input as { center?: { x: number; y?: number | undefined; z: number }; radius?: number };
    if (circle.center && typeof circle.radius === "number") return this.#cutCircle(circle.center, circle.radius);
    return null;
  }

  /**
   * A circle cuts the floor at its height only (a rock under a bridge leaves the deck whole):
   * the height it was given at, else the highest floor under its centre; every floor when it
   * stands over none.
   */
  #cutCircle(center: { x: number; y?: number | undefined; z: number }, radius: number): IObstacle | null {
    const y = center.y ?? this.#surface.floorUnder(center.x, center.z, radius);
    if (y === undefined) return this.#plugin.addCylinderObstacle({ x: center.x, y: -1e3, z: center.z }, radius, 2e3);
    // Recast marks the cells whose floor lies within the cylinder's span: a metre either way (a
    // rock on a slope), as walkers' steering tells another floor (see `Obstacle.y`).
    const reach = Math.max(1, this.#climb);
    return this.#plugin.addCylinderObstacle({ x: center.x, y: y - reach, z: center.z }, radius, 2 * reach);
  }

  #forget(key: object): void {
    this.#cuts.delete(key);
    const mesh = key as AbstractMesh;
    this.#watches.get(mesh)?.remove();
    this.#watches.delete(mesh);
  }

  /** The navmesh changed: walks under way plan again. */
  #changed(): void {
    this.#world.obstacleVersion++;
  }

  /** The jump links found on the level (drops off ledges, gaps). */
  get foundJumpLinks(): readonly JumpLink[] {
    return this.#planner.foundLinks;
  }

  /** The head room walkers were given, metres. */
  get agentHeight(): number {
    return this.#height;
  }
}

/** Recast's parameters, in voxels, from the settings in metres. */
function recastParameters(s: NavigationSettings) {
  return {
    cs: s.cellSize,
    ch: s.cellHeight,
    walkableRadius: Math.max(1, Math.ceil(s.agentRadius / s.cellSize)),
    walkableHeight: Math.max(1, Math.ceil(s.agentHeight / s.cellHeight)),
    walkableClimb: Math.max(0, Math.floor(s.maxClimb / s.cellHeight)),
    walkableSlopeAngle: s.maxSlope,
    maxObstacles: s.maxObstacles,
    // Several floors over one tile (a bridge over a river bed, a ledge over a floor).
    expectedLayersPerTile: 4,
    tileSize: 32,
    maxEdgeLen: 12,
    maxSimplificationError: 1.3,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    detailSampleDist: 6,
    detailSampleMaxError: 1,
  };
}

function hasTriangles(mesh: AbstractMesh): boolean {
  return !mesh.isDisposed() && mesh.getTotalVertices() > 0;
}

function isMesh(input: NavigationObstacleInput): input is AbstractMesh {
  return typeof (input as AbstractMesh).getBoundingInfo === "function";
}

/** The meshes' extent on the ground, metres. */
function groundExtent(meshes: readonly AbstractMesh[]): { minX: number; maxX: number; minZ: number; maxZ: number } {
  const e = { minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity };
  for (const mesh of meshes) {
    const box = mesh.getBoundingInfo().boundingBox;
    e.minX = Math.min(e.minX, box.minimumWorld.x);
    e.maxX = Math.max(e.maxX, box.maximumWorld.x);
    e.minZ = Math.min(e.minZ, box.minimumWorld.z);
    e.maxZ = Math.max(e.maxZ, box.maximumWorld.z);
  }
  return e;
}

/** Whether a mesh's world box stands higher than y at (x, z): what a jump link may not pass through. */
function standsAbove(meshes: readonly AbstractMesh[]): (x: number, z: number, y: number) => boolean {
  const boxes = meshes.map((m) => m.getBoundingInfo().boundingBox);
  return (x, z, y) =>
    boxes.some(
      (b) =>
        b.maximumWorld.y > y &&
        x >= b.minimumWorld.x &&
        x <= b.maximumWorld.x &&
        z >= b.minimumWorld.z &&
        z <= b.maximumWorld.z,
    );
}

/** The lowest and highest point of the meshes, metres. */
function heightRange(meshes: readonly AbstractMesh[]): { top: number; bottom: number } {
  let top = -Infinity;
  let bottom = Infinity;
  for (const mesh of meshes) {
    mesh.computeWorldMatrix(true);
    const box = mesh.getBoundingInfo().boundingBox;
    top = Math.max(top, box.maximumWorld.y);
    bottom = Math.min(bottom, box.minimumWorld.y);
  }
  return { top, bottom };
}
