/**
 * What every documentation snippet may assume without declaring it: a game's scene, lights,
 * meshes and creatures, made elsewhere in the game. A snippet imports every library and
 * Babylon name it uses, so it can be copied as it is; the names below are the game's own.
 * The snippets are written here as modules by scripts/docSnippets.ts (in the package test),
 * each its own module, so a name a snippet declares hides the one of the same name below.
 */
import type { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import type { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type {
  Area,
  AssetStore,
  CircleArea,
  Creature,
  CreatureState,
  HeightFunction,
  Menagerie,
  ModelRecord,
} from "babylon-menagerie";

declare global {
  /** The game's scene. */
  const scene: Scene;
  /** The game's Menagerie on that scene (`new Menagerie(scene, { baseUrl, apiKey })`). */
  const menagerie: Menagerie;
  /** Where the lookup service is, and its key. */
  const baseUrl: string;
  const apiKey: string;
  /** The signal of the game's AbortController, to cancel a load. */
  const signal: AbortSignal;
  /** The scene's sun and a shadow generator of it. */
  const sun: DirectionalLight;
  const shadowGenerator: ShadowGenerator;
  /** Terrain: the ground's height under a point, and the same hills. */
  const ground: HeightFunction;
  const hills: HeightFunction;
  /** An area to wander in, and a pond in it. */
  const area: Area;
  const pond: CircleArea;
  /** The player, a car, a barn, and a spot with food. */
  const player: TransformNode;
  const playerMesh: AbstractMesh;
  const car: TransformNode;
  const barnMesh: AbstractMesh;
  const food: { x: number; z: number };
  /** Creatures spawned earlier (`await menagerie.spawnCreature("fox")` ...). */
  const creature: Creature;
  const fox: Creature;
  const rabbit: Creature;
  const sheep: Creature;
  const deer: Creature;
  const lion: Creature;
  const zebra: Creature;
  const stray: Creature;
  /** A game's own asset store (an `AssetStore`: get, put, delete). */
  const myStore: AssetStore;
  /** The game's own UI: shows a creature's card. */
  function showCard(record: ModelRecord, state: CreatureState): void;
}
