/**
 * The motion half of the Menagerie: time (pause, time scale, a game's own fixed step) and the
 * world creatures share with the game (obstacles, agents such as a player, spatial queries,
 * picks, tags). `Menagerie` extends it with loading and spawning.
 */
import type { PickingInfo } from "@babylonjs/core/Collisions/pickingInfo.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { nonNegativeNumber } from "../api/options.js";
import type { Obstacle } from "../motion/types.js";
import type { Creature } from "./creature.js";
import { GameWorld, type WorldAgent, type WorldAgentOptions, type WorldAgentSource } from "./gameWorld.js";
import { MotionDriver } from "./motionDriver.js";
import type { AnimationLodOptions } from "./options/animationLodOptions.js";
import type { AreaInput } from "./options/areaInput.js";

/** What the motion half needs from the Menagerie's options, checked. */
export interface MenagerieMotionSettings {
  seed: number;
  maxStepSeconds: number;
  autoStep: boolean;
  animationLod: AnimationLodOptions | false;
}

/**
 * What a Menagerie's spawning needs of its motion half: its scene, the creatures alive, the
 * driver that steps them, the world they share. Kept in a module WeakMap, not on the object,
 * so none of it is public.
 * @internal
 */
export interface MotionParts {
  readonly scene: Scene;
  readonly creatures: Set<Creature>;
  readonly driver: MotionDriver;
  readonly world: GameWorld<Creature>;
  /** Ends motion: the world's obstacles and agents, the frame observer. */
  end(): void;
}

const partsOf = new WeakMap<MenagerieMotion, MotionParts>();

/**
 * Gives a new Menagerie its motion (its constructor calls this first).
 * @internal
 */
export function startMotion(menagerie: MenagerieMotion, scene: Scene, settings: MenagerieMotionSettings): void {
  let world: GameWorld<Creature> | undefined;
  const driver = new MotionDriver(scene, { ...settings, beforeStep: (seconds) => world!.update(seconds) });
  world = new GameWorld(driver.world);
  const done = world;
  partsOf.set(menagerie, {
    scene,
    creatures: new Set(),
    driver,
    world: done,
    end: () => {
      done.dispose();
      driver.dispose();
    },
  });
}

/**
 * The motion parts of a Menagerie.
 * @internal
 */
export function motionParts(menagerie: MenagerieMotion): MotionParts {
  return partsOf.get(menagerie)!;
}

/** The motion and world of a {@link Menagerie}; see the module comment. */
export abstract class MenagerieMotion {
  /** The scene creatures are spawned into. */
  get scene(): Scene {
    return motionParts(this).scene;
  }

  /** The creatures alive now. */
  get creatures(): readonly Creature[] {
    return [...motionParts(this).creatures];
  }

  /** The creatures with a tag (given by `spawnCreature`'s `tags` or added to `creature.tags`). */
  getCreaturesByTag(tag: string): Creature[] {
    return this.creatures.filter((creature) => creature.tags.has(tag));
  }

  /**
   * The creatures within `radius` metres of a point on the ground plane (x, z), nearest first,
   * from the spatial grid motion keeps anyway.
   */
  creaturesNear(point: { x: number; z: number }, radius: number): Creature[] {
    return motionParts(this).world.creaturesNear(point, radius);
  }

  /**
   * The creature a pick hit (or a mesh belongs to), or `undefined` when it is not one of this
   * Menagerie's creatures.
   *
   * @example
   * scene.onPointerDown = (_event, pick) => {
   *   const creature = menagerie.creatureFromPick(pick);
   *   if (creature) console.log(creature.name, creature.state);
   * };
   */
  creatureFromPick(pickOrMesh: PickingInfo | AbstractMesh | null | undefined): Creature | undefined {
    return motionParts(this).world.creatureFromPick(pickOrMesh);
  }

  /**
   * Adds an obstacle every creature steers around: a mesh (its bounding rectangle on the
   * ground, removed when the mesh is disposed), a circle or a polygon. Returns it.
   *
   * @example
   * menagerie.addObstacle(barn);
   * menagerie.addObstacle({ center: { x: 4, z: 0 }, radius: 1.5 }); // a rock
   */
  addObstacle(meshOrArea: AreaInput): Obstacle {
    return motionParts(this).world.addObstacle(meshOrArea);
  }

  /** Removes an obstacle, by its mesh or by what {@link addObstacle} returned; false if absent. */
  removeObstacle(meshOrObstacle: AbstractMesh | Obstacle): boolean {
    return motionParts(this).world.removeObstacle(meshOrObstacle);
  }

  /**
   * Adds a game's own moving thing (a player, a car) that creatures steer around and can
   * `flee` from: it follows its node, camera or position every step (removed when a node or
   * camera is disposed).
   *
   * @example
   * const player = menagerie.addAgent(playerMesh, { radius: 0.4 });
   * for (const sheep of menagerie.getCreaturesByTag("flock")) sheep.flee(player, { radius: 6 });
   * menagerie.addAgent(scene.activeCamera!); // a first-person player is its camera
   */
  addAgent(node: WorldAgentSource, options: WorldAgentOptions = {}): WorldAgent {
    const radius = nonNegativeNumber("radius", options.radius ?? 0.5);
    return motionParts(this).world.addAgent(node, radius);
  }

  /** Removes an agent, by its node or by what {@link addAgent} returned; false if absent. */
  removeAgent(nodeOrAgent: WorldAgentSource | WorldAgent): boolean {
    return motionParts(this).world.removeAgent(nodeOrAgent);
  }

  /** Motion time runs at this multiple of real time (0 freezes it, like {@link pause}). @default 1 */
  setTimeScale(scale: number): void {
    motionParts(this).driver.setTimeScale(scale);
  }

  /** Freezes every creature's motion (poses and travel) on the per-frame step until {@link resume}. */
  pause(): void {
    motionParts(this).driver.paused = true;
  }

  /** Lets motion go on after {@link pause}. */
  resume(): void {
    motionParts(this).driver.paused = false;
  }

  /** True between {@link pause} and {@link resume}. */
  get isPaused(): boolean {
    return motionParts(this).driver.paused;
  }

  /**
   * Advances motion by `seconds` (times the time scale, at most `maxStepSeconds`) and copies
   * it onto the creatures' nodes, even while paused: this is a game's own step. The Menagerie
   * calls it each frame from one scene observer unless `autoStep` is false.
   *
   * @example
   * const menagerie = new Menagerie(scene, { baseUrl, autoStep: false });
   * setInterval(() => menagerie.stepMotion(1 / 30), 1000 / 30);
   */
  stepMotion(seconds: number): void {
    motionParts(this).driver.step(seconds, true);
  }
}
