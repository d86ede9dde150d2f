/**
 * Shadows for what Menagerie draws, without growing anything: every mesh it puts in the scene
 * (a model's shared crowd meshes, rigged ones included; props; the meshes of a creature that
 * grew its own) casts into the generators a game hands to `menagerie.addShadowCaster`, now and
 * as they come, and leaves them when disposed. A crowd mesh casts all its creatures' shadows in
 * one draw, so shadows cost draw calls per model, not per creature.
 *
 * Eager (a few lines): it recognises Menagerie's meshes by their `metadata.menagerie` tag, so it
 * imports nothing of the runtime chunk.
 */
import type { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../core/errors.js";
import { booleanOption, describeValue, objectOption } from "../core/options.js";

/**
 * What `menagerie.addShadowCaster` needs of a shadow generator: Babylon's `ShadowGenerator`
 * and `CascadedShadowGenerator` both fit.
 * @category Menagerie
 */
export type ShadowCasterTarget = Pick<ShadowGenerator, "addShadowCaster" | "removeShadowCaster">;

/**
 * Options of `menagerie.addShadowCaster`.
 * @category Menagerie
 */
export interface ShadowCasterOptions {
  /**
   * Also make Menagerie's meshes receive shadows (`receiveShadows`, set on an instance's source,
   * which its instances follow). @default true
   */
  receive?: boolean | undefined;
}

interface Caster {
  generator: ShadowCasterTarget;
  receive: boolean;
}

/** True for a mesh Menagerie draws: tagged by it and not a hidden template. */
function isDrawn(mesh: AbstractMesh): boolean {
  const tag = (mesh.metadata as { menagerie?: { template?: boolean } } | null | undefined)?.menagerie;
  return tag !== undefined && tag.template !== true;
}

/** The generators a Menagerie's meshes cast into, and the meshes handed to them so far. */
export class ShadowCasters {
  readonly #scene: Scene;
  readonly #casters: Caster[] = [];
  /** Meshes handed to every caster, each with its dispose observer. */
  readonly #meshes = new Map<AbstractMesh, Observer<unknown>>();
  /** Meshes added since the last frame: a mesh is tagged after it joins the scene. */
  #pending: AbstractMesh[] = [];
  /** `scene.meshes.length` at the last look (Babylon tells of a new mesh only on a later turn). */
  #seen = 0;
  #observers: { added: Observer<AbstractMesh>; frame: Observer<Scene> } | undefined;

  constructor(scene: Scene) {
    this.#scene = scene;
  }

  add(generator: ShadowCasterTarget, options: ShadowCasterOptions = {}): void {
    if (typeof generator?.addShadowCaster !== "function" || typeof generator.removeShadowCaster !== "function") {
      throw new OptionsError("generator", `must be a ShadowGenerator, got ${describeValue(generator)}`);
    }
    objectOption("options", options);
    const receive = booleanOption("receive", options.receive ?? true);
    if (this.#casters.some((c) => c.generator === generator)) this.remove(generator);
    const caster = { generator, receive };
    this.#casters.push(caster);
    this.#listen();
    for (const mesh of this.#meshes.keys()) this.#cast(caster, mesh);
    for (const mesh of this.#scene.meshes) this.#take(mesh);
    this.#seen = this.#scene.meshes.length;
  }

  remove(generator: ShadowCasterTarget): void {
    const at = this.#casters.findIndex((c) => c.generator === generator);
    if (at < 0) return;
    this.#casters.splice(at, 1);
    for (const mesh of this.#meshes.keys()) generator.removeShadowCaster(mesh, false);
    if (this.#casters.length === 0) this.dispose();
  }

  /** Stops following the scene; the meshes keep what they were given until disposed. */
  dispose(): void {
    for (const caster of this.#casters)
      for (const mesh of this.#meshes.keys()) caster.generator.removeShadowCaster(mesh, false);
    this.#casters.length = 0;
    for (const [mesh, observer] of this.#meshes) mesh.onDisposeObservable.remove(observer as never);
    this.#meshes.clear();
    this.#pending = [];
    if (this.#observers) {
      this.#scene.onNewMeshAddedObservable.remove(this.#observers.added);
      this.#scene.onBeforeRenderObservable.remove(this.#observers.frame);
      this.#observers = undefined;
    }
  }

  #listen(): void {
    if (this.#observers) return;
    this.#observers = {
      added: this.#scene.onNewMeshAddedObservable.add((mesh) => void this.#pending.push(mesh)),
      // Before the frame's shadow maps render: the new meshes are tagged by then. Babylon's
      // notice of a new mesh comes a turn later, so a changed mesh count is looked at too.
      frame: this.#scene.onBeforeRenderObservable.add(() => {
        const meshes = this.#scene.meshes;
        if (meshes.length !== this.#seen) {
          this.#seen = meshes.length;
          this.#pending = [];
          for (const mesh of meshes) this.#take(mesh);
          return;
        }
        if (this.#pending.length === 0) return;
        const pending = this.#pending;
        this.#pending = [];
        for (const mesh of pending) this.#take(mesh);
      }),
    };
  }

  #take(mesh: AbstractMesh): void {
    if (this.#meshes.has(mesh) || mesh.isDisposed() || !isDrawn(mesh)) return;
    const observer = mesh.onDisposeObservable.addOnce(() => {
      this.#meshes.delete(mesh);
      for (const caster of this.#casters) caster.generator.removeShadowCaster(mesh, false);
    });
    this.#meshes.set(mesh, observer as Observer<unknown>);
    for (const caster of this.#casters) this.#cast(caster, mesh);
  }

  #cast(caster: Caster, mesh: AbstractMesh): void {
    caster.generator.addShadowCaster(mesh, false);
    if (caster.receive) {
      const source = (mesh as { sourceMesh?: AbstractMesh }).sourceMesh ?? mesh;
      source.receiveShadows = true;
    }
  }
}
