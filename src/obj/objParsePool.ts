/**
 * Reads OBJ texts in workers: Web Workers in browsers (objWorker.ts), worker threads in Node
 * (objWorkerThread.ts).
 * The page's main thread only turns the typed arrays that come back into meshes, so a model's
 * parsing neither blocks frames nor waits for them, and on a machine with a spare core it runs
 * beside the network and the rest of the load. The caller reads a text itself while no worker
 * is ready yet (a first model must not wait for a worker to boot) and wherever workers cannot
 * start (no Worker, a Content Security Policy that forbids them, a bundler that left the
 * worker's file out): a worker that fails sends its pending texts back to be read in the
 * thread, and the pool stops using workers. Workers start only once the texts offered to a pool
 * pass its {@link ObjParsePool.startAfter} bytes (or on {@link ObjParsePool.warm}): below that the
 * thread reads them sooner than a worker would boot. Engine-free.
 */
import { yieldToEventLoop } from "../util/yieldToEventLoop.js";
import type { ObjLevelSpec } from "./objLevels.js";
import { type ObjMesh, ObjTextError, parseObjText } from "./objText.js";
import type { ObjWorkerReply, ObjWorkerRequest } from "./objWorkerReply.js";

/** A started worker, whatever its kind. */
export interface ObjWorkerHandle {
  post(request: ObjWorkerRequest): void;
  terminate(): void;
  /** Whether the worker keeps its process alive (Node): while it holds texts, not while idle. */
  keepAlive?(busy: boolean): void;
}

/** Starts one worker; its replies go to `onReply`, a failure (load error, crash, exit) to `onFailure`. */
export type ObjWorkerStarter = (
  onReply: (reply: ObjWorkerReply) => void,
  onFailure: (error: Error) => void,
) => Promise<ObjWorkerHandle>;

/** What a pool has done, for tests and the bench. */
export interface ObjParsePoolStats {
  workersStarted: number;
  /** Workers that failed to start or stopped on their own (the pool then reads in the thread). */
  workerFailures: number;
  parsedInWorkers: number;
  /** Texts a failed worker gave back, read in the thread instead. */
  parsedInThread: number;
}

interface Job {
  request: ObjWorkerRequest;
  resolve(meshes: ObjMesh[]): void;
  reject(error: Error): void;
}

interface Slot {
  handle?: ObjWorkerHandle;
  ready: boolean;
  pending: Map<number, Job>;
}

export class ObjParsePool {
  readonly size: number;
  readonly stats: ObjParsePoolStats = { workersStarted: 0, workerFailures: 0, parsedInWorkers: 0, parsedInThread: 0 };
  readonly #start: ObjWorkerStarter | undefined;
  #slots: Slot[] = [];
  #broken = false;
  #nextId = 1;
  #offeredBytes = 0;
  #startAfterBytes = Number.POSITIVE_INFINITY;

  /** @param start how a worker is started (default: this environment's way); `null`: texts are always read by the caller. */
  constructor(size: number, start: ObjWorkerStarter | null = defaultObjWorkerStarter() ?? null) {
    this.size = Math.max(0, Math.floor(size));
    this.#start = start ?? undefined;
  }

  /** Starts the workers (they boot while other work goes on); once only. */
  warm(): void {
    if (this.#broken || !this.#start || this.#slots.length > 0) return;
    for (let i = 0; i < this.size; i++) this.#startSlot(this.#start);
  }

  /**
   * Starts the workers once the texts offered to {@link parse} pass `bytes` in all (now, if they
   * already have); the smallest of the values given wins. Until then every text is the caller's.
   */
  startAfter(bytes: number): void {
    this.#startAfterBytes = Math.min(this.#startAfterBytes, bytes);
    if (this.#offeredBytes >= this.#startAfterBytes) this.warm();
  }

  /** Whether a worker is ready to read a text now. */
  get ready(): boolean {
    return !this.#broken && this.#slots.some((slot) => slot.ready);
  }

  /**
   * Reads `text` in the least busy ready worker, with the simplified `levels` of each mesh;
   * `undefined` when none is ready (read it yourself).
   */
  parse(text: string, rightHanded: boolean, levels?: readonly ObjLevelSpec[]): Promise<ObjMesh[]> | undefined {
    if (this.#broken) return undefined;
    if (this.#slots.length === 0) {
      this.#offeredBytes += text.length;
      if (this.#offeredBytes < this.#startAfterBytes) return undefined;
      this.warm(); // boots in the background: this text is still the caller's
    }
    let slot: Slot | undefined;
    for (const candidate of this.#slots) {
      if (candidate.ready && (!slot || candidate.pending.size < slot.pending.size)) slot = candidate;
    }
    if (!slot) return undefined;
    return new Promise<ObjMesh[]>((resolve, reject) => {
      const request: ObjWorkerRequest = { id: this.#nextId++, text, rightHanded, levels };
      slot.pending.set(request.id, { request, resolve, reject });
      if (slot.pending.size === 1) slot.handle!.keepAlive?.(true);
      slot.handle!.post(request);
    });
  }

  /** Stops every worker; texts still out are read in the thread. */
  terminate(): void {
    this.#stop(false);
  }

  #startSlot(start: ObjWorkerStarter): void {
    const slot: Slot = { ready: false, pending: new Map() };
    this.#slots.push(slot);
    this.stats.workersStarted++;
    const onReply = (reply: ObjWorkerReply) => {
      if ("ready" in reply) {
        slot.ready = !this.#broken;
        return;
      }
      const job = slot.pending.get(reply.id);
      if (!job) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) slot.handle?.keepAlive?.(false);
      this.stats.parsedInWorkers++;
      if ("meshes" in reply) job.resolve(reply.meshes);
      else
        job.reject(reply.error.name === "ObjTextError" ? new ObjTextError(reply.error.message) : asError(reply.error));
    };
    const onFailure = () => {
      if (this.#slots.includes(slot)) this.#stop(true);
    };
    start(onReply, onFailure).then(
      (handle) => {
        if (this.#slots.includes(slot)) slot.handle = handle;
        else handle.terminate();
      },
      () => onFailure(),
    );
  }

  /** Stops every worker; a failure also stops the pool for good. Pending texts are read here. */
  #stop(failed: boolean): void {
    if (failed) {
      this.#broken = true;
      this.stats.workerFailures++;
    }
    const slots = this.#slots;
    this.#slots = [];
    for (const slot of slots) {
      slot.ready = false;
      slot.handle?.terminate();
      for (const job of slot.pending.values()) void this.#readHere(job);
      slot.pending.clear();
    }
  }

  async #readHere(job: Job): Promise<void> {
    await yieldToEventLoop();
    this.stats.parsedInThread++;
    try {
      job.resolve(parseObjText(job.request.text, { rightHanded: job.request.rightHanded }));
    } catch (error) {
      job.reject(error as Error);
    }
  }
}

function asError(error: { name: string; message: string }): Error {
  return Object.assign(new Error(error.message), { name: error.name });
}

/** Workers for a pool that nobody gave a size: one less than the cores, 1 to 4. */
export function defaultObjWorkerCount(): number {
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2;
  return Math.min(4, Math.max(1, cores - 1));
}

/** How this environment starts a worker: a module Web Worker, a Node worker thread, or none. */
export function defaultObjWorkerStarter(): ObjWorkerStarter | undefined {
  if (typeof (globalThis as { Worker?: unknown }).Worker === "function") return startWebWorker;
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return typeof node === "string" ? startNodeWorker : undefined;
}

async function startWebWorker(onReply: (reply: ObjWorkerReply) => void, onFailure: (error: Error) => void) {
  // Written out in full so that bundlers (Vite, webpack 5, esbuild's plugins) see the worker and emit it.
  const worker = new Worker(new URL("./objWorker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", (event: MessageEvent<ObjWorkerReply>) => onReply(event.data));
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    onFailure(new Error(event.message || "the OBJ worker failed"));
  });
  worker.addEventListener("messageerror", () => onFailure(new Error("the OBJ worker's reply could not be read")));
  return { post: (request: ObjWorkerRequest) => worker.postMessage(request), terminate: () => worker.terminate() };
}

async function startNodeWorker(onReply: (reply: ObjWorkerReply) => void, onFailure: (error: Error) => void) {
  const moduleName = "node:worker_threads";
  const { Worker: NodeWorker } = (await import(/* @vite-ignore */ moduleName)) as typeof import("node:worker_threads");
  const here = import.meta.url;
  // Run from TypeScript sources (tests, the bench), the worker registers tsx before it loads.
  const worker = here.endsWith(".ts")
    ? new NodeWorker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./objWorkerThread.ts", here).href)}); })`,
        { eval: true },
      )
    : new NodeWorker(new URL("./objWorkerThread.js", here));
  // A worker thread must not keep a process alive once its work is done (the pool refs it while
  // it holds texts, so that a script awaiting a parse does not end before the answer).
  worker.unref();
  let stopped = false;
  worker.on("message", onReply);
  worker.on("error", (error) => onFailure(error instanceof Error ? error : new Error(String(error))));
  worker.on("exit", (code) => {
    if (!stopped) onFailure(new Error(`the OBJ worker stopped (exit code ${code})`));
  });
  return {
    post: (request: ObjWorkerRequest) => worker.postMessage(request),
    terminate: () => {
      stopped = true;
      void worker.terminate();
    },
    keepAlive: (busy: boolean) => (busy ? worker.ref() : worker.unref()),
  };
}

/** A hold on the shared pool: {@link release} when done with it. */
export interface ObjParsePoolLease {
  readonly pool: ObjParsePool;
  /** Lets the pool go; its workers stop once nobody has held it for a moment. */
  release(): void;
}

/** How long the shared pool's workers outlive their last holder (a page that makes a new Menagerie reuses them). */
export const SHARED_POOL_IDLE_MS = 2_000;

let shared: { pool: ObjParsePool; holders: number; idle?: ReturnType<typeof setTimeout> } | undefined;

/**
 * Holds the page's shared pool (made by the first holder); its workers start once the texts
 * offered pass `startAfterBytes` (0: now; the smallest any holder gave wins).
 */
export function acquireSharedObjParsePool(startAfterBytes = 0): ObjParsePoolLease {
  shared ??= { pool: new ObjParsePool(defaultObjWorkerCount()), holders: 0 };
  const entry = shared;
  entry.holders++;
  clearTimeout(entry.idle);
  entry.pool.startAfter(startAfterBytes);
  let released = false;
  return {
    pool: entry.pool,
    release() {
      if (released) return;
      released = true;
      if (--entry.holders > 0) return;
      entry.idle = setTimeout(() => {
        if (entry.holders > 0) return;
        if (shared === entry) shared = undefined;
        entry.pool.terminate();
      }, SHARED_POOL_IDLE_MS);
      (entry.idle as { unref?: () => void }).unref?.();
    },
  };
}

/** The shared pool while anyone holds it or its idle time runs, else `undefined` (tests look at it). */
export function sharedObjParsePool(): ObjParsePool | undefined {
  return shared?.pool;
}
