/**
 * The crowds of one family (parts/, rigged/): each model's crowd, made with its first creature
 * and forgotten when disposed, and the live ones, which motion flushes right after its step.
 */
import type { Scene } from "@babylonjs/core/scene.js";

/** What the registry asks of a crowd. */
export interface RegisteredCrowd {
  /** The scene it draws in. */
  readonly scene: Scene;
  /** Uploads what was written since the last flush. */
  flush(): void;
}

export class CrowdRegistry<Model extends object, Crowd extends RegisteredCrowd> {
  readonly #byModel = new WeakMap<Model, Crowd>();
  /** Every crowd not disposed, in the order they were made. */
  readonly #live = new Set<Crowd>();

  /** `model`'s crowd, if it has one. */
  get(model: Model): Crowd | undefined {
    return this.#byModel.get(model);
  }

  /** Registers `crowd` as `model`'s; returns it. */
  add(model: Model, crowd: Crowd): Crowd {
    this.#byModel.set(model, crowd);
    this.#live.add(crowd);
    return crowd;
  }

  /** Forgets `model`'s crowd (it was disposed). */
  forget(model: Model): void {
    const crowd = this.#byModel.get(model);
    if (crowd) this.#live.delete(crowd);
    this.#byModel.delete(model);
  }

  /**
   * Flushes every live crowd of `scene`: a scene that froze its active meshes never evaluates
   * them, so a crowd's own hook before that evaluation alone would miss what motion wrote.
   */
  flush(scene: Scene): void {
    for (const crowd of this.#live) if (crowd.scene === scene) crowd.flush();
  }
}
