/**
 * The world a Menagerie's creatures share with the game: obstacles (meshes or areas) they
 * steer around, agents that are not creatures (a player, a car: a node and a radius) they steer
 * around and may flee from, the nodes used as targets (tracked each step), the creature of each
 * motion agent (for spatial queries), and ground height functions made once per ground mesh.
 */
import type { PickingInfo } from "@babylonjs/core/Collisions/pickingInfo.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Node } from "@babylonjs/core/node.js";
import type { FlightBandRule } from "../motion/flightBands.js";
import type { MotionAgent } from "../motion/motionAgent.js";
import { WorldBody } from "../motion/obstacles.js";
import { DEPTH_BANDS, SWIM_KINDS, type SwimKind, swimKindOf } from "../motion/swimKinds.js";
import type { HeightFunction, Obstacle, SteeringTarget } from "../motion/types.js";
import type { MotionWorldCore } from "../motion/worldCore.js";
import { AMPHIBIOUS_CREATURES, recordRealm, recordWords } from "../population/populationRules.js";
import type { BehaviorTarget } from "./creature.js";
import { type AreaInput, isMesh, toArea } from "./options/areaInput.js";

/** A node with a position: a mesh or a transform node (a player, a car). */
type Positioned = TransformNode;

/**
 * What `Menagerie.addAgent` follows: a mesh or transform node, a camera, or anything with a
 * `position` (x, z read each step; a `globalPosition`, as cameras have, is preferred).
 * @category Creatures
 */
export type WorldAgentSource =
  | TransformNode
  | {
      readonly position: { readonly x: number; readonly z: number };
      readonly globalPosition?: { readonly x: number; readonly z: number };
    };

/** Where a source is now, on the ground plane. */
function sourcePosition(source: WorldAgentSource): { readonly x: number; readonly z: number } {
  // Forced: without a render in between, a node's (or camera's) cached world matrix would not
  // see its moves.
  if ("computeWorldMatrix" in source && typeof source.computeWorldMatrix === "function")
    source.computeWorldMatrix(true);
  if ("getAbsolutePosition" in source && typeof source.getAbsolutePosition === "function")
    return source.getAbsolutePosition();
  const other = source as Exclude<WorldAgentSource, TransformNode>;
  return other.globalPosition ?? other.position;
}

/** Calls `done` once when a source that can be disposed (a node, a camera) is. */
function onSourceDisposed(source: WorldAgentSource, done: () => void): void {
  const observable = (source as { onDisposeObservable?: { addOnce(f: () => void): unknown } }).onDisposeObservable;
  observable?.addOnce(done);
}

/**
 * Options of `Menagerie.addAgent`.
 * @category Creatures
 */
export interface WorldAgentOptions {
  /** Its footprint radius, metres: creatures keep this far (plus their own radius) away. @default 0.5 */
  radius?: number;
}

/**
 * A game's own moving thing (a player, a car) as creatures see it: it follows its node each
 * step (its velocity measured from that), creatures steer around it and may flee from it.
 * Returned by `menagerie.addAgent`.
 * @category Creatures
 */
export class WorldAgent extends WorldBody {
  /** What it follows: a node, a camera, or anything with a position. */
  readonly node: WorldAgentSource;

  /** @hidden Use `menagerie.addAgent`. */
  constructor(node: WorldAgentSource, radius: number) {
    const p = sourcePosition(node);
    super(p.x, p.z, radius);
    this.node = node;
  }
}

/** Finds a node's creature by the `metadata.menagerie.creature` Menagerie puts on its nodes. */
function creatureOfNode<C>(node: Node | null | undefined): C | undefined {
  for (let n = node; n; n = n.parent) {
    const creature = (n.metadata as { menagerie?: { creature?: C } } | null | undefined)?.menagerie?.creature;
    if (creature) return creature;
  }
  return undefined;
}

export class GameWorld<
  C extends { readonly motion: MotionAgent; readonly record?: Parameters<typeof recordRealm>[0] },
> {
  readonly #world: MotionWorldCore;
  readonly #agents = new Map<WorldAgentSource, WorldAgent>();
  readonly #tracked = new Map<Node, WorldBody>();
  readonly #obstacles = new Map<AbstractMesh | Obstacle, Obstacle>();
  /** What each obstacle was given as (a mesh, a circle at a height), for a navmesh built later to cut. */
  readonly #obstacleInputs = new Map<Obstacle, AreaInput>();
  readonly #creatures = new Map<MotionAgent, C>();
  readonly #grounds = new WeakMap<AbstractMesh, HeightFunction>();
  readonly #waters = new Map<AbstractMesh | Obstacle, Obstacle>();
  /** Names, taxa and tags of amphibious creatures (see `AMPHIBIOUS_CREATURES`), for creatures added from now on. */
  readonly amphibious = new Set(AMPHIBIOUS_CREATURES);
  /** A game's own flight bands, checked before `FLIGHT_BAND_RULES`, for fliers added from now on. */
  readonly flightBands: FlightBandRule[] = [];
  /** Kinds of swimmers by name, taxon or tag (see `SWIM_KINDS`), for creatures added from now on. */
  readonly swimKinds = new Map<string, SwimKind>(SWIM_KINDS);

  constructor(world: MotionWorldCore) {
    this.#world = world;
  }

  /** Registers a creature (for spatial queries and picks). */
  addCreature(creature: C): void {
    this.#creatures.set(creature.motion, creature);
    if (creature.record && recordRealm(creature.record, this.amphibious)) creature.motion.realm = "amphibious";
    if (creature.record)
      creature.motion.depthBand = DEPTH_BANDS[swimKindOf(recordWords(creature.record), this.swimKinds)];
  }

  removeCreature(creature: C): void {
    this.#creatures.delete(creature.motion);
  }

  /** The creature of a motion agent, when it is one of this world's (a hunter's prey). */
  creatureOf(agent: object): C | undefined {
    return this.#creatures.get(agent as MotionAgent);
  }

  /** The creature of a pick or a mesh, when it is one of this world's. */
  creatureFromPick(pick: PickingInfo | AbstractMesh | null | undefined): C | undefined {
    if (!pick) return undefined;
    const mesh = isMesh(pick) ? pick : (pick as PickingInfo).pickedMesh;
    // A creature still drawn by its model's crowd is one thin instance of a shared mesh: only
    // the pick's instance index tells which (a bare crowd mesh names no creature).
    const crowd = (mesh?.metadata as { menagerie?: { creatureAt?: (i: number) => unknown } } | null)?.menagerie;
    const index = isMesh(pick) ? -1 : (pick as PickingInfo).thinInstanceIndex;
    const creature = crowd?.creatureAt
      ? index >= 0
        ? (crowd.creatureAt(index) as C)
        : undefined
      : creatureOfNode<C>(mesh);
    return creature && this.#creatures.get(creature.motion) === creature ? creature : undefined;
  }

  /** Creatures within `radius` of a point on the ground plane, nearest first. */
  creaturesNear(point: { x: number; z: number }, radius: number): C[] {
    return this.#world.agentsNear(point.x, point.z, radius).flatMap((agent) => {
      const creature = this.#creatures.get(agent);
      return creature ? [creature] : [];
    });
  }

  /** Adds an obstacle: a mesh (its bounding rectangle on the ground) or an area. */
  addObstacle(meshOrArea: AreaInput): Obstacle {
    const key = isMesh(meshOrArea) ? meshOrArea : undefined;
    const existing = key && this.#obstacles.get(key);
    if (existing) return existing;
    const obstacle = this.#world.addObstacle(toArea(meshOrArea));
    this.#obstacles.set(key ?? obstacle, obstacle);
    this.#obstacleInputs.set(obstacle, meshOrArea);
    key?.onDisposeObservable.addOnce(() => this.removeObstacle(key));
    return obstacle;
  }

  /** Removes an obstacle by what `addObstacle` took (a mesh) or returned; false if absent. */
  removeObstacle(meshOrObstacle: AbstractMesh | Obstacle): boolean {
    const obstacle = this.#obstacles.get(meshOrObstacle);
    if (!obstacle) return false;
    this.#obstacles.delete(meshOrObstacle);
    this.#obstacleInputs.delete(obstacle);
    return this.#world.removeObstacle(obstacle);
  }

  /** Each obstacle with what it was given as (a mesh, or an area with the height it was given at). */
  obstacleInputs(): [AreaInput, Obstacle][] {
    return [...this.#obstacleInputs].map(([obstacle, input]) => [input, obstacle]);
  }

  /**
   * Adds a water area: a mesh (its bounding rectangle on the ground, removed with the mesh; its
   * surface at the mesh's top) or an area (its surface at `level`, else 0).
   */
  addWater(meshOrArea: AreaInput, level?: number): Obstacle {
    const key = isMesh(meshOrArea) ? meshOrArea : undefined;
    const existing = key && this.#waters.get(key);
    if (existing) return existing;
    const top = key ? key.getBoundingInfo().boundingBox.maximumWorld.y : undefined;
    const water = this.#world.addWater(toArea(meshOrArea), level ?? top);
    this.#waters.set(key ?? water, water);
    key?.onDisposeObservable.addOnce(() => this.removeWater(key));
    return water;
  }

  /** Removes a water by what `addWater` took (a mesh) or returned; false if absent. */
  removeWater(meshOrWater: AbstractMesh | Obstacle): boolean {
    const water = this.#waters.get(meshOrWater);
    if (!water) return false;
    this.#waters.delete(meshOrWater);
    return this.#world.removeWater(water);
  }

  /** Adds a node (or a camera, or anything with a position) as an agent; once per source. */
  addAgent(node: WorldAgentSource, radius: number): WorldAgent {
    const existing = this.#agents.get(node);
    if (existing) {
      existing.radius = radius;
      return existing;
    }
    const agent = new WorldAgent(node, radius);
    this.#agents.set(node, agent);
    this.#world.addBody(agent);
    onSourceDisposed(node, () => this.removeAgent(node));
    return agent;
  }

  /** Removes an agent by its source or handle; false if absent. */
  removeAgent(nodeOrAgent: WorldAgentSource | WorldAgent): boolean {
    const node = nodeOrAgent instanceof WorldAgent ? nodeOrAgent.node : nodeOrAgent;
    const agent = this.#agents.get(node);
    if (!agent) return false;
    this.#agents.delete(node);
    this.#world.removeBody(agent);
    return true;
  }

  /**
   * A steering target for a point, a node or a creature. A node that is an agent is that
   * agent; any other node is tracked from now on (its position copied each step).
   */
  resolve = (target: BehaviorTarget): SteeringTarget => {
    if (target instanceof WorldAgent) return target;
    if ("motion" in target) return target.motion;
    if (!("computeWorldMatrix" in target)) return target;
    const node = target as Positioned;
    const known = this.#agents.get(node) ?? this.#tracked.get(node);
    if (known) return known;
    node.computeWorldMatrix(true);
    const p = node.getAbsolutePosition();
    const body = new WorldBody(p.x, p.z, 0);
    this.#tracked.set(node, body);
    node.onDisposeObservable.addOnce(() => this.#tracked.delete(node));
    return body;
  };

  /**
   * Samples a ground mesh once (loading the sampler on first use) so that
   * {@link heightFunction} can answer for it; nothing to do for a function or no ground.
   */
  async prepareGround(ground: HeightFunction | AbstractMesh | undefined): Promise<void> {
    if (!ground || typeof ground === "function" || this.#grounds.has(ground)) return;
    const { toHeightFunction } = await import("./heights/index.js");
    if (!this.#grounds.has(ground)) this.#grounds.set(ground, toHeightFunction(ground));
  }

  /** A height function for a ground; a mesh must have been through {@link prepareGround}. */
  heightFunction(ground: HeightFunction | AbstractMesh): HeightFunction {
    if (typeof ground === "function") return ground;
    const heights = this.#grounds.get(ground);
    if (!heights) throw new Error(`ground mesh "${ground.name}" was not prepared (internal error)`);
    return heights;
  }

  /** Copies agents' and tracked nodes' positions into their bodies, measuring velocity. */
  update(seconds: number): void {
    for (const agent of this.#agents.values()) follow(agent.node, agent, seconds);
    for (const [node, body] of this.#tracked) follow(node as Positioned, body, seconds);
  }

  dispose(): void {
    for (const node of [...this.#agents.keys()]) this.removeAgent(node);
    for (const key of [...this.#obstacles.keys()]) this.removeObstacle(key);
    for (const key of [...this.#waters.keys()]) this.removeWater(key);
    this.#tracked.clear();
    this.#creatures.clear();
  }
}

function follow(source: WorldAgentSource, body: WorldBody, seconds: number): void {
  const p = sourcePosition(source);
  body.moveTo(p.x, p.z, seconds);
}
