/**
 * The models a Menagerie has loaded: each loads once per form (a record may load as OBJ parts
 * and as a rig), concurrent requests for one share its load, and progress reaches every caller
 * waiting for it. Disposing the library disposes every model (creatures first: theirs to do).
 */
import { type ModelPreference, modelForm } from "../../../api/modelAssets.js";
import { InflightRequests } from "../../../api/shared.js";
import type { ModelRecord } from "../../../records/schemas.js";
import { linkSignals } from "../../../util/linkSignals.js";
import { yieldToEventLoop } from "../../../util/yieldToEventLoop.js";
import type { LoadProgress } from "../../types.js";
import { type LoadContext, type LoadedModel, loadModel } from "./loadModel.js";

/** What the library needs from its owner. */
export interface ModelLibraryHost {
  /** Aborts every load when the owner is disposed; its reason is what the loads reject with. */
  lifetime: AbortSignal;
  /** The load context for a form preference (progress is the library's to add). */
  context(prefer: ModelPreference): Omit<LoadContext, "progress">;
  /** Every progress report of every load. */
  progress(progress: LoadProgress): void;
  /** A model finished loading (counted once per model). */
  loaded(model: LoadedModel): void;
}

export class ModelLibrary {
  readonly #host: ModelLibraryHost;
  /** Loaded models by form and record name. */
  readonly #models = new Map<string, LoadedModel>();
  readonly #loads = new InflightRequests();
  readonly #listeners = new Map<string, Set<(p: LoadProgress) => void>>();

  constructor(host: ModelLibraryHost) {
    this.#host = host;
  }

  /** Whether a model of this name is loaded, in any form. */
  has(name: string): boolean {
    for (const model of this.#models.values()) if (model.record.name === name) return true;
    return false;
  }

  /** The loaded model of `record` in the form `prefer` gives it, loading it if needed. */
  async get(
    record: ModelRecord,
    prefer: ModelPreference,
    signal: AbortSignal | undefined,
    onProgress?: (p: LoadProgress) => void,
  ): Promise<LoadedModel> {
    const key = `${modelForm(record, prefer)}:${record.name}`;
    let cached = this.#models.get(key);
    if (cached) {
      // A copy is made in a task of its own: a populate's dozens of copies of a loaded model
      // then never block a page's main thread in one stretch. (Disposed meanwhile: loads anew,
      // which fails with the library's lifetime.)
      await yieldToEventLoop();
      signal?.throwIfAborted();
      cached = this.#models.get(key);
    }
    if (cached) {
      const total = cached.assetCount;
      onProgress?.({ model: record.name, assetsLoaded: total, assetsTotal: total, bytesLoaded: 0, done: true });
      return cached;
    }
    let listeners = this.#listeners.get(record.name);
    if (!listeners) this.#listeners.set(record.name, (listeners = new Set()));
    if (onProgress) listeners.add(onProgress);
    try {
      return await this.#loads.join(key, signal, async (loadSignal) => {
        const lifetime = this.#host.lifetime;
        const both = linkSignals(loadSignal, lifetime);
        try {
          const model = await loadModel(this.#context(prefer), record, both.signal);
          if (lifetime.aborted) {
            model.dispose();
            throw lifetime.reason;
          }
          this.#models.set(key, model);
          this.#host.loaded(model);
          return model;
        } finally {
          both.release();
        }
      });
    } finally {
      if (onProgress) listeners.delete(onProgress);
      if (listeners.size === 0) this.#listeners.delete(record.name);
    }
  }

  /** Disposes every loaded model; dispose the creatures made from them first. */
  dispose(): void {
    for (const model of this.#models.values()) model.dispose();
    this.#models.clear();
    this.#listeners.clear();
  }

  #context(prefer: ModelPreference): LoadContext {
    return {
      ...this.#host.context(prefer),
      progress: (progress) => {
        this.#host.progress(progress);
        for (const listener of this.#listeners.get(progress.model) ?? []) listener(progress);
      },
    };
  }
}
