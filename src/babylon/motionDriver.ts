/**
 * Motion for one Menagerie: the engine-free world, a binding per creature, and the one scene
 * observer that steps the world by the frame's delta and syncs every creature's nodes.
 */
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../api/errors.js";
import type { GaitTable } from "../motion/gaits/index.js";
import { rigRoles } from "../motion/rigRoles.js";
import { MotionWorld } from "../motion/world.js";
import type { Creature } from "./creature.js";
import type { ModelTemplate } from "./loadModel.js";
import { adoptExternalMoves, syncMotion, type MotionBinding } from "./syncMotion.js";

export class MotionDriver {
  readonly #scene: Scene;
  readonly #gaits: GaitTable;
  readonly #world: MotionWorld;
  readonly #bindings = new Set<MotionBinding>();
  #observer: Observer<Scene> | null = null;

  constructor(scene: Scene, options: { seed: number; gaits: GaitTable }) {
    this.#scene = scene;
    this.#gaits = options.gaits;
    this.#world = new MotionWorld({ seed: options.seed });
  }

  get paused(): boolean {
    return this.#world.paused;
  }

  set paused(value: boolean) {
    this.#world.paused = value;
  }

  setTimeScale(scale: number): void {
    if (!(scale >= 0) || !Number.isFinite(scale)) throw new OptionsError("timeScale", `must be a finite number >= 0, got ${scale}`);
    this.#world.timeScale = scale;
  }

  /** Gives a new creature its motion agent; registers the frame observer on first use. */
  bind(creature: Creature, template: ModelTemplate): MotionBinding {
    const scale = creature.root.scaling.x;
    const roles = rigRoles(template.layout, scale);
    const root = creature.root;
    const agent = this.#world.createAgent({
      roles,
      behaviour: template.record.behaviour,
      gaits: this.#gaits,
      x: root.position.x,
      y: root.position.y,
      z: root.position.z,
      heading: root.rotation.y,
    });
    const joints = roles.joints.map((name) => creature.getPart(name)!);
    const binding: MotionBinding = {
      agent,
      root,
      joints,
      body: roles.body,
      bodyRestY: roles.body >= 0 ? joints[roles.body]!.position.y : 0,
      scale,
      mirror: this.#scene.useRightHandedSystem ? 1 : -1,
      lastX: root.position.x,
      lastY: root.position.y,
      lastZ: root.position.z,
      lastHeading: root.rotation.y,
    };
    this.#bindings.add(binding);
    creature._bindMotion(binding);
    this.#observer ??= this.#scene.onBeforeRenderObservable.add(() => this.step(this.#scene.getEngine().getDeltaTime() / 1000));
    return binding;
  }

  unbind(binding: MotionBinding): void {
    this.#world.remove(binding.agent);
    this.#bindings.delete(binding);
  }

  /** Advances motion by `seconds` and copies it onto the bound creatures' nodes. */
  step(seconds: number): void {
    for (const binding of this.#bindings) adoptExternalMoves(binding);
    this.#world.step(seconds);
    for (const binding of this.#bindings) syncMotion(binding);
  }

  dispose(): void {
    if (this.#observer) this.#scene.onBeforeRenderObservable.remove(this.#observer);
    this.#observer = null;
    for (const binding of this.#bindings) this.#world.remove(binding.agent);
    this.#bindings.clear();
  }
}
