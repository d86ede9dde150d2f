/**
 * Parses a model's OBJ parts while the rest of the model is still on its way: each part is
 * parsed as soon as its text arrives, one part per task with a turn of the event loop before
 * it, so that a page keeps drawing frames and answering input while a model loads (parsing a
 * whole model in one go blocks a browser's main thread for 30-120 ms; one part takes a few).
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { FetchedPart } from "../api/fetchModelAssets.js";
import { yieldToEventLoop } from "../util/yieldToEventLoop.js";
import { type ParsedObj, parseObj } from "./parseObj.js";

/** A part's meshes, or why it could not be parsed. */
export type PartParse = ParsedObj | Error;

export class PartParser {
  readonly #scene: Scene;
  readonly #model: string;
  readonly #yield: () => Promise<void>;
  readonly #results = new Map<string, PartParse>();
  #queue: Promise<void> = Promise.resolve();
  #disposed = false;

  /**
   * @param model names the meshes (`<model>/<part>`).
   * @param yieldFn how a turn of the event loop is given before each part; tests count turns.
   */
  constructor(scene: Scene, model: string, yieldFn: () => Promise<void> = yieldToEventLoop) {
    this.#scene = scene;
    this.#model = model;
    this.#yield = yieldFn;
  }

  /** Queues `part` for parsing (in arrival order); a part without text is skipped. */
  add(part: FetchedPart): void {
    const { text } = part;
    if (text === undefined) return;
    this.#queue = this.#queue.then(async () => {
      await this.#yield();
      if (this.#disposed) return;
      try {
        this.#results.set(part.part, parseObj(this.#scene, text, `${this.#model}/${part.part}`));
      } catch (error) {
        this.#results.set(part.part, error as Error);
      }
    });
  }

  /** Every queued part's outcome by part name, once the last one is parsed. */
  async results(): Promise<ReadonlyMap<string, PartParse>> {
    await this.#queue;
    return this.#results;
  }

  /**
   * Stops parsing and disposes the meshes made so far that nothing else disposed (a template
   * built from them owns and disposes its own).
   */
  dispose(): void {
    this.#disposed = true;
    for (const result of this.#results.values()) {
      if (result instanceof Error) continue;
      for (const mesh of result.meshes) if (!mesh.isDisposed()) mesh.dispose(false, false);
    }
    this.#results.clear();
  }
}
