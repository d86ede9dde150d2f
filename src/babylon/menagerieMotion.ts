/**
 * The motion half of the Menagerie: time (pause, time scale, a game's own fixed step) and the
 * world creatures share with the game (obstacles, agents such as a player, spatial queries,
 * picks, tags). `Menagerie` extends it with loading and spawning.
 */
import type { PickingInfo } from "@babylonjs/core/Collisions/pickingInfo.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { Obstacle } from "../motion/types.js";
import type { AnimationLodOptions } from "./animationLodOptions.js";
import type { AreaInput } from "./areaInput.js";
import type { Creature } from "./creature.js";
import { GameWorld, type WorldAgent, type WorldAgentOptions } from "./gameWorld.js";
import { MotionDriver } from "./motionDriver.js";

/** What the motion half needs from the Menagerie's options, checked. */
export interface MenagerieMotionSettings {
  seed: number;
  maxStepSeconds: number;
  autoStep: boolean;
  animationLod: AnimationLodOptions | false;
}

/** The motion and world of a {@link Menagerie}; see the module comment. */
export abstract class MenagerieMotion {
  /** The scene creatures are spawned into. */
  readonly scene: Scene;
  /** @hidden The creatures alive now. */
  protected readonly creatureSet = new Set<Creature>();
  /** @hidden Steps motion and syncs nodes. */
  protected readonly motionDriver: MotionDriver;
  /** @hidden Obstacles, agents, tracked targets, grounds. */
  protected readonly gameWorld: GameWorld<Creature>;

  /** @hidden */
  protected constructor(scene: Scene, settings: MenagerieMotionSettings) {
    this.scene = scene;
    this.motionDriver = new MotionDriver(scene, {
      ...settings,
      beforeStep: (seconds) => this.gameWorld.update(seconds),
    });
    this.gameWorld = new GameWorld(this.motionDriver.world);
  }

  /** The creatures alive now. */
  get creatures(): readonly Creature[] {
    return [...this.creatureSet];
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
    return this.gameWorld.creaturesNear(point, radius);
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
    return this.gameWorld.creatureFromPick(pickOrMesh);
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
    return this.gameWorld.addObstacle(meshOrArea);
  }

  /** Removes an obstacle, by its mesh or by what {@link addObstacle} returned; false if absent. */
  removeObstacle(meshOrObstacle: AbstractMesh | Obstacle): boolean {
    return this.gameWorld.removeObstacle(meshOrObstacle);
  }

  /**
   * Adds a game's own moving thing (a player, a car) that creatures steer around and can
   * `flee` from: it follows its node every step (removed when the node is disposed).
   *
   * @example
   * const player = menagerie.addAgent(playerMesh, { radius: 0.4 });
   * for (const sheep of menagerie.getCreaturesByTag("flock")) sheep.flee(player, { radius: 6 });
   */
  addAgent(node: TransformNode, options: WorldAgentOptions = {}): WorldAgent {
    const radius = options.radius ?? 0.5;
    if (!(radius >= 0) || !Number.isFinite(radius))
      throw new RangeError(`radius must be a finite number >= 0, got ${radius}`);
    return this.gameWorld.addAgent(node, radius);
  }

  /** Removes an agent, by its node or by what {@link addAgent} returned; false if absent. */
  removeAgent(nodeOrAgent: Node | WorldAgent): boolean {
    return this.gameWorld.removeAgent(nodeOrAgent);
  }

  /** Motion time runs at this multiple of real time (0 freezes it, like {@link pause}). @default 1 */
  setTimeScale(scale: number): void {
    this.motionDriver.setTimeScale(scale);
  }

  /** Freezes every creature's motion (poses and travel) on the per-frame step until {@link resume}. */
  pause(): void {
    this.motionDriver.paused = true;
  }

  /** Lets motion go on after {@link pause}. */
  resume(): void {
    this.motionDriver.paused = false;
  }

  /** True between {@link pause} and {@link resume}. */
  get isPaused(): boolean {
    return this.motionDriver.paused;
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
    this.motionDriver.step(seconds, true);
  }

  /** @hidden Ends motion: the world's obstacles and agents, the frame observer. */
  protected disposeMotion(): void {
    this.gameWorld.dispose();
    this.motionDriver.dispose();
  }
}
