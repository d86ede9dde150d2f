/**
 * Motion for one Menagerie: the engine-free world, a binding per creature, and the one scene
 * observer that steps the world by the frame's delta and syncs every creature's nodes.
 */
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../api/errors.js";
import { ClipMixer, tuneCruiseToClips } from "../motion/clipMixer.js";
import type { GaitTable } from "../motion/gaits/index.js";
import { rigRoles, sizeOnlyRoles } from "../motion/rigRoles.js";
import { MotionWorld } from "../motion/world.js";
import { AnimationLod, type AnimationLodOptions, animationLodSettings, LOD_FULL, LOD_SKIP } from "./animationLod.js";
import type { Creature } from "./creature.js";
import { flushCrowds } from "./crowdRenderer.js";
import type { LoadedModel } from "./loadModel.js";
import { bindClips, startClips, syncClips } from "./syncClips.js";
import { adoptExternalMoves, isStill, type MotionBinding, syncMotion } from "./syncMotion.js";

/** Options of a {@link MotionDriver}. */
export interface MotionDriverOptions {
  seed: number;
  gaits: GaitTable;
  maxStepSeconds: number;
  /** Step from a scene observer each frame; false leaves stepping to the game. */
  autoStep: boolean;
  /** Runs before each step (moves the world's tracked bodies). */
  beforeStep?: (seconds: number) => void;
  /** Animation level of detail, or false for none. @default ANIMATION_LOD_DEFAULTS */
  animationLod?: AnimationLodOptions | false;
}

export class MotionDriver {
  readonly #scene: Scene;
  readonly #gaits: GaitTable;
  readonly #world: MotionWorld;
  readonly #bindings = new Set<MotionBinding>();
  readonly #lod: AnimationLod | null;
  #observer: Observer<Scene> | null = null;

  readonly #autoStep: boolean;
  readonly #beforeStep: ((seconds: number) => void) | undefined;

  constructor(scene: Scene, options: MotionDriverOptions) {
    this.#scene = scene;
    this.#gaits = options.gaits;
    this.#world = new MotionWorld({ seed: options.seed, maxStepSeconds: options.maxStepSeconds });
    this.#autoStep = options.autoStep;
    this.#beforeStep = options.beforeStep;
    const lod = animationLodSettings(options.animationLod);
    this.#lod = lod ? new AnimationLod(lod) : null;
  }

  /** The engine-free world its creatures move in. */
  get world(): MotionWorld {
    return this.#world;
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

  /** Gives a new creature its motion agent; registers the frame observer on first use. */
  bind(creature: Creature, model: LoadedModel): MotionBinding {
    const scale = creature.root.scaling.x;
    // A rigged creature has no joints to pose: its clips move it, and its agent knows only its size.
    const roles = model.kind === "rig" ? sizeOnlyRoles(creature.heightMeters) : rigRoles(model.layout, scale);
    const root = creature.root;
    const behaviour = model.record.behaviour;
    const agent = this.#world.createAgent({
      roles,
      behaviour,
      bodyType: model.record.type,
      gaits: this.#gaits,
      x: root.position.x,
      y: root.position.y,
      z: root.position.z,
      heading: root.rotation.y,
    });
    const binding: MotionBinding = {
      agent,
      root,
      // Joint nodes, or the crowd that draws the body, come from the body itself (_bindMotion).
      joints: [],
      body: roles.body,
      bodyRestY: 0,
      scale,
      mirror: this.#scene.useRightHandedSystem ? 1 : -1,
      lastX: root.position.x,
      lastY: root.position.y,
      lastZ: root.position.z,
      lastHeading: root.rotation.y,
      lod: LOD_FULL,
      heldPose: false,
      staleImage: false,
    };
    if (model.kind === "rig" && creature.animations.size > 0) {
      const mixer = new ClipMixer({
        clips: [...creature.animations.keys()],
        heightMeters: creature.heightMeters,
        behaviour: agent.behaviour,
        movement: movementOf(model.record),
      });
      tuneCruiseToClips(agent, mixer);
      binding.clips = bindClips(mixer, creature.animations);
      startClips(binding.clips);
    }
    this.#bindings.add(binding);
    creature._bindMotion(binding);
    if (this.#autoStep)
      this.#observer ??= this.#scene.onBeforeRenderObservable.add(() =>
        this.step(this.#scene.getEngine().getDeltaTime() / 1000),
      );
    return binding;
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
    const lod = this.#lod;
    lod?.begin(this.#scene);
    for (const binding of this.#bindings) {
      adoptExternalMoves(binding);
      binding.lod = lod ? lod.level(binding) : LOD_FULL;
      binding.agent.skipPose = binding.lod !== LOD_FULL;
    }
    this.#beforeStep?.(seconds);
    const moving = explicit || !this.#world.paused;
    const stepped = moving ? this.#world.advance(seconds) : 0;
    // Clips play on Babylon's clock: they freeze while motion is paused and follow its time scale.
    const clipScale = moving ? this.#world.timeScale : 0;
    for (const binding of this.#bindings) {
      if (stepped > 0) binding.heldPose = binding.lod !== LOD_FULL;
      else if (binding.heldPose && binding.lod === LOD_FULL) {
        // Paused, a held pose comes into view: it catches up without a step.
        binding.agent.repose();
        binding.heldPose = false;
        binding.staleImage = true;
      }
      // Frozen: a still creature of a crowd keeps the matrices it has (nothing to write or upload),
      // unless they were left behind while it was out of view.
      if (stepped > 0 || (binding.staleImage && binding.lod !== LOD_SKIP) || !isStill(binding)) syncMotion(binding);
      const clips = binding.clips;
      if (clips) {
        const mixer = clips.mixer;
        mixer.dt = stepped;
        mixer.speed = binding.agent.speed;
        mixer.airborne = binding.agent.altitude > 0;
        mixer.update();
        clips.timeScale = clipScale;
        syncClips(clips);
      }
    }
    flushCrowds(this.#scene);
  }

  dispose(): void {
    if (this.#observer) this.#scene.onBeforeRenderObservable.remove(this.#observer);
    this.#observer = null;
    for (const binding of this.#bindings) this.#world.remove(binding.agent);
    this.#bindings.clear();
  }
}

/** The record's `movement` (clip name → natural speed, m/s), when it is an object. */
function movementOf(record: { readonly movement?: unknown }): Readonly<Record<string, unknown>> {
  const movement = record.movement;
  return movement !== null && typeof movement === "object" ? (movement as Record<string, unknown>) : {};
}
