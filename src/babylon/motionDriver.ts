/**
 * Motion for one Menagerie: the engine-free world, a binding per creature, and the one scene
 * observer that steps the world by the frame's delta and syncs every creature's nodes.
 *
 * The driver exists from the Menagerie's start (time, pause, the world's obstacles); what binds
 * a creature and copies motion onto nodes (runtime/sync/bindMotion.ts) is handed over by
 * {@link MotionDriver.add}.
 */
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../core/errors.js";
import { MotionWorldCore } from "../motion/worldCore.js";
import type { MotionBinding } from "./creature.js";
import type { AnimationLodSettings } from "./options/animationLodOptions.js";

/** Options of a {@link MotionDriver}. */
export interface MotionDriverOptions {
  seed: number;
  maxStepSeconds: number;
  /** Step from a scene observer each frame; false leaves stepping to the game. */
  autoStep: boolean;
  /** Runs before each step (moves the world's tracked bodies). */
  beforeStep?: (seconds: number) => void;
  /** Animation level of detail, checked (options/animationLodOptions.ts), or null for none. */
  animationLod: AnimationLodSettings | null;
}

/** How bindings are synced each step (made once per driver by bindMotion.ts's `createFrameSync`). */
export interface FrameSync<B extends MotionBinding = MotionBinding> {
  /** Before the step: takes over roots the game moved, and sets each one's level of detail. */
  adopt(bindings: ReadonlySet<B>, scene: Scene): void;
  /** After the step (`stepped` seconds; `clipScale` the clips' rate factor): writes nodes, clips, crowds. */
  sync(bindings: ReadonlySet<B>, stepped: number, clipScale: number, scene: Scene): void;
}

export class MotionDriver {
  readonly #scene: Scene;
  readonly #world: MotionWorldCore;
  readonly #bindings = new Set<MotionBinding>();
  readonly #lod: AnimationLodSettings | null;
  #observer: Observer<Scene> | null = null;
  #frame: FrameSync | undefined;

  readonly #autoStep: boolean;
  readonly #beforeStep: ((seconds: number) => void) | undefined;

  constructor(scene: Scene, options: MotionDriverOptions) {
    this.#scene = scene;
    this.#world = new MotionWorldCore({ seed: options.seed, maxStepSeconds: options.maxStepSeconds });
    this.#autoStep = options.autoStep;
    this.#beforeStep = options.beforeStep;
    this.#lod = options.animationLod;
  }

  /** The engine-free world its creatures move in. */
  get world(): MotionWorldCore {
    return this.#world;
  }

  /** The scene it steps. */
  get scene(): Scene {
    return this.#scene;
  }

  get paused(): boolean {
    return this.#world.paused;
  }

  set paused(value: boolean) {
    this.#world.paused = value;
  }

  setTimeScale(scale: number): void {
    if (!(scale >= 0) || !Number.isFinite(scale))
      throw new OptionsError("timeScale", `must be a finite number >= 0, got ${scale}`);
    this.#world.timeScale = scale;
  }

  /**
   * Adds a creature's binding (made by bindMotion.ts); registers the frame observer on first use.
   * `makeFrame` makes the driver's frame sync from its checked level-of-detail settings, once.
   */
  add(binding: MotionBinding, makeFrame: (lod: AnimationLodSettings | null) => FrameSync): void {
    this.#frame ??= makeFrame(this.#lod);
    this.#bindings.add(binding);
    if (this.#autoStep)
      this.#observer ??= this.#scene.onBeforeRenderObservable.add(() =>
        this.step(this.#scene.getEngine().getDeltaTime() / 1000),
      );
  }

  unbind(binding: MotionBinding): void {
    this.#world.remove(binding.agent);
    this.#bindings.delete(binding);
  }

  /**
   * Advances motion by `seconds` and copies it onto the bound creatures' nodes; `explicit`
   * (a game's own step) advances even while paused.
   */
  step(seconds: number, explicit = false): void {
    this.#frame?.adopt(this.#bindings, this.#scene);
    this.#beforeStep?.(seconds);
    const moving = explicit || !this.#world.paused;
    const stepped = moving ? this.#world.advance(seconds) : 0;
    // Clips play on Babylon's clock: they freeze while motion is paused and follow its time scale.
    this.#frame?.sync(this.#bindings, stepped, moving ? this.#world.timeScale : 0, this.#scene);
  }

  dispose(): void {
    if (this.#observer) this.#scene.onBeforeRenderObservable.remove(this.#observer);
    this.#observer = null;
    for (const binding of this.#bindings) this.#world.remove(binding.agent);
    this.#bindings.clear();
  }
}
