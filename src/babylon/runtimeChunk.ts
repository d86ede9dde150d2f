/**
 * The spawn runtime chunk (runtime/index.ts), whose download a Menagerie starts when it is made.
 * A failed download (a network blip, a deploy that replaced the chunk) is tried again at once,
 * then reported as a `LoadError` with reason `"network"` that names what failed, and tried again
 * by the next spawn, instead of every later spawn failing with the browser's bare `TypeError`.
 */
import { LoadError } from "../core/errors.js";
import { importOnce } from "../util/importOnce.js";
import type * as SpawnRuntime from "./runtime/index.js";

export type SpawnRuntimeModule = typeof SpawnRuntime;

/** The chunk's import, shared by every Menagerie of the page (util/importOnce.ts). */
const importRuntime = importOnce<SpawnRuntimeModule>(() => import("./runtime/index.js"));

export class RuntimeChunk {
  readonly #import: () => Promise<SpawnRuntimeModule>;
  #download: Promise<SpawnRuntimeModule>;

  /** @param importer how the chunk is loaded (tests make it fail). */
  constructor(importer: () => Promise<SpawnRuntimeModule> = importRuntime) {
    this.#import = importer;
    this.#download = this.#start();
  }

  /** Calls `use` with the runtime when its download arrives (not on a failure: a spawn reports that). */
  whenLoaded(use: (runtime: SpawnRuntimeModule) => void): void {
    this.#download.then(use, () => undefined);
  }

  /**
   * The runtime, once downloaded.
   * @throws LoadError (reason `"network"`, for `model`) when it failed twice in a row.
   */
  async get(model: string): Promise<SpawnRuntimeModule> {
    try {
      return await this.#download;
    } catch {
      this.#download = this.#start();
    }
    try {
      return await this.#download;
    } catch (error) {
      this.#download = this.#start();
      throw new LoadError({
        reason: "network",
        model,
        detail: `Menagerie's loading code (its spawn runtime chunk) could not be downloaded (${(error as Error)?.message ?? error})`,
        cause: error,
      });
    }
  }

  #start(): Promise<SpawnRuntimeModule> {
    const download = this.#import();
    // Nobody may be waiting yet: a failure is reported to the next caller, not the page.
    download.catch(() => undefined);
    return download;
  }
}
