/**
 * Parses a model's OBJ parts while the rest of the model is still on its way: each part is
 * parsed as soon as its text arrives, so that a page keeps drawing frames and answering input
 * while a model loads (parsing a whole model in one go blocks a browser's main thread for
 * 30-120 ms; one part takes a few). With a ready worker pool (src/obj/objParsePool.ts) the text
 * is read in a worker and only the meshes are made here, one part per reply; otherwise it is
 * read here, one part per task with a turn of the event loop before it.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { FetchedPart } from "../../../api/fetchModelAssets.js";
import type { ObjLevelSpec } from "../../../obj/objLevels.js";
import type { ObjParsePool } from "../../../obj/objParsePool.js";
import { type ObjMesh, parseObjText } from "../../../obj/objText.js";
import { yieldToEventLoop } from "../../../util/yieldToEventLoop.js";
import { addLevels, loadLevelMaker } from "./levelMaker.js";
import { objMeshes, type ParsedObj, unreadableObj } from "./parseObj.js";

/** A part's meshes, or why it could not be parsed. */
export type PartParse = ParsedObj | Error;

/** Where parts were read, counted (`MenagerieStats`). */
export interface PartParseCounts {
  partsParsedInWorkers: number;
  partsParsedOnMainThread: number;
}

export interface PartParserOptions {
  /** How a turn of the event loop is given before each part read here; tests count turns. */
  yield?: () => Promise<void>;
  /** Workers to read texts in, when one is ready. */
  pool?: ObjParsePool | undefined;
  /** Counted into. */
  counts?: PartParseCounts | undefined;
  /** Simplified levels to make of every mesh (in the worker that reads it, else here right after); none when absent. */
  levels?: readonly ObjLevelSpec[] | undefined;
}

export class PartParser {
  readonly #scene: Scene;
  readonly #model: string;
  readonly #yield: () => Promise<void>;
  readonly #pool: ObjParsePool | undefined;
  readonly #results = new Map<string, PartParse>();
  #queue: Promise<void> = Promise.resolve();
  readonly #inWorkers: Promise<void>[] = [];
  #disposed = false;

  readonly #counts: PartParseCounts | undefined;
  readonly #levels: readonly ObjLevelSpec[] | undefined;

  /** @param model names the meshes (`<model>/<part>`). */
  constructor(scene: Scene, model: string, options: PartParserOptions = {}) {
    this.#scene = scene;
    this.#model = model;
    this.#yield = options.yield ?? yieldToEventLoop;
    this.#pool = options.pool;
    this.#counts = options.counts;
    this.#levels = options.levels?.length ? options.levels : undefined;
  }

  /** Queues `part` for parsing (read here: in arrival order); a part without text is skipped. */
  add(part: FetchedPart): void {
    const { text } = part;
    if (text === undefined) return;
    const name = `${this.#model}/${part.part}`;
    const rightHanded = this.#scene.useRightHandedSystem;
    const inWorker = this.#pool?.parse(text, rightHanded, this.#levels);
    if (inWorker) {
      if (this.#counts) this.#counts.partsParsedInWorkers++;
      this.#inWorkers.push(
        inWorker.then(
          async (read) => {
            await this.#withLevels(read); // a worker without WebAssembly (or one that failed) made none
            this.#keep(part.part, () => objMeshes(this.#scene, read, name));
          },
          (error) =>
            this.#keep(part.part, () => {
              throw unreadableObj(error);
            }),
        ),
      );
      return;
    }
    if (this.#counts) this.#counts.partsParsedOnMainThread++;
    this.#queue = this.#queue.then(async () => {
      await this.#yield();
      let read: ObjMesh[];
      try {
        read = parseObjText(text, { rightHanded });
      } catch (error) {
        this.#keep(part.part, () => {
          throw unreadableObj(error);
        });
        return;
      }
      await this.#withLevels(read);
      this.#keep(part.part, () => objMeshes(this.#scene, read, name));
    });
  }

  /** Gives the meshes read their levels here when they have none and levels are asked for. */
  async #withLevels(read: ObjMesh[]): Promise<void> {
    const specs = this.#levels;
    if (!specs || read.every((mesh) => mesh.levels !== undefined)) return;
    addLevels(read, await loadLevelMaker(), specs);
  }

  #keep(part: string, make: () => ParsedObj): void {
    if (this.#disposed) return;
    try {
      this.#results.set(part, make());
    } catch (error) {
      this.#results.set(part, error as Error);
    }
  }

  /** Every queued part's outcome by part name, once the last one is parsed. */
  async results(): Promise<ReadonlyMap<string, PartParse>> {
    await this.#queue;
    await Promise.all(this.#inWorkers);
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
