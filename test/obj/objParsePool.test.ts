/**
 * OBJ text read in real worker threads (objWorker.ts, started from the TypeScript sources with
 * tsx) gives exactly what the reader gives in this thread; a refused text comes back as the same
 * ObjTextError; a worker that cannot start or dies hands its texts back to be read here; the
 * shared pool's workers stop once nobody holds it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  acquireSharedObjParsePool,
  defaultObjWorkerStarter,
  ObjParsePool,
  type ObjWorkerStarter,
  SHARED_POOL_IDLE_MS,
  sharedObjParsePool,
} from "../../src/obj/objParsePool.js";
import { ObjTextError, parseObjText } from "../../src/obj/objText.js";
import { quadrupedParts } from "../helpers/tinyModels.js";

const PARTS = quadrupedParts();
/** Refers to a vertex it never defines. */
const BAD_OBJ = "v 0 0 0\nv 1 0 0\nf 1 2 7\n";

const pools: ObjParsePool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.terminate();
});

function pool(size: number, start?: ObjWorkerStarter | null): ObjParsePool {
  const made = new ObjParsePool(size, start);
  pools.push(made);
  return made;
}

async function readyPool(size: number): Promise<ObjParsePool> {
  const made = pool(size);
  made.warm();
  await vi.waitFor(() => expect(made.ready).toBe(true), { timeout: 30_000, interval: 20 });
  return made;
}

/** The default Node starter, with every started worker's handle counted and its terminations. */
function countingStarter() {
  const counts = { started: 0, terminated: 0 };
  const start: ObjWorkerStarter = async (onReply, onFailure) => {
    const handle = await defaultObjWorkerStarter()!(onReply, onFailure);
    counts.started++;
    return {
      post: (request) => handle.post(request),
      terminate: () => {
        counts.terminated++;
        handle.terminate();
      },
    };
  };
  return { counts, start };
}

describe("ObjParsePool with worker threads", () => {
  it("reads every text in a worker, bit for bit what this thread reads, in both handednesses", async () => {
    const workers = await readyPool(2);
    for (const rightHanded of [false, true]) {
      const texts = Object.values(PARTS);
      const fromWorkers = await Promise.all(texts.map((text) => workers.parse(text, rightHanded)!));
      expect(fromWorkers).toEqual(texts.map((text) => parseObjText(text, { rightHanded })));
      expect(fromWorkers[0]![0]!.positions).toBeInstanceOf(Float32Array);
    }
    expect(workers.stats).toEqual({ workersStarted: 2, workerFailures: 0, parsedInWorkers: 22, parsedInThread: 0 });
  }, 60_000);

  it("rejects a text the reader refuses with the same ObjTextError", async () => {
    const workers = await readyPool(1);
    const here = (() => {
      try {
        parseObjText(BAD_OBJ);
      } catch (error) {
        return error as Error;
      }
    })();
    const there: unknown = await workers.parse(BAD_OBJ, false)!.catch((error: unknown) => error);
    expect(there).toBeInstanceOf(ObjTextError);
    expect((there as Error).message).toBe(here!.message);
  }, 60_000);

  it("has nothing to offer before a worker is ready, and nothing at all without a way to start one", () => {
    const booting = pool(1);
    booting.warm();
    expect(booting.ready).toBe(false);
    expect(booting.parse(PARTS["body"]!, false)).toBeUndefined();
    const none = pool(2, null);
    none.warm();
    expect(none.parse(PARTS["body"]!, false)).toBeUndefined();
    expect(none.stats.workersStarted).toBe(0);
  });

  it("stops using workers when one cannot start", async () => {
    const failing = pool(2, () => Promise.reject(new Error("refused by the page's CSP")));
    failing.warm();
    await vi.waitFor(() => expect(failing.stats.workerFailures).toBe(1));
    expect(failing.ready).toBe(false);
    expect(failing.parse(PARTS["body"]!, false)).toBeUndefined();
  });

  it("reads here the texts a worker held when it died, and uses workers no more", async () => {
    // A worker that says it is ready, then exits on the first text it is sent.
    const dying: ObjWorkerStarter = async (onReply, onFailure) => {
      const worker = new Worker(
        `const { parentPort } = require("node:worker_threads");
         parentPort.on("message", () => process.exit(3));
         parentPort.postMessage({ ready: true });`,
        { eval: true },
      );
      worker.on("message", onReply);
      worker.on("exit", (code) => onFailure(new Error(`exit ${code}`)));
      return { post: (request) => worker.postMessage(request), terminate: () => void worker.terminate() };
    };
    const workers = pool(1, dying);
    workers.warm();
    await vi.waitFor(() => expect(workers.ready).toBe(true), { timeout: 30_000 });
    const texts = [PARTS["body"]!, PARTS["head"]!];
    const read = await Promise.all(texts.map((text) => workers.parse(text, false)!));
    expect(read).toEqual(texts.map((text) => parseObjText(text)));
    expect(workers.stats).toMatchObject({ workerFailures: 1, parsedInWorkers: 0, parsedInThread: 2 });
    expect(workers.parse(PARTS["body"]!, false)).toBeUndefined();
  }, 60_000);

  it("terminates its workers, reading here what they still held", async () => {
    const { counts, start } = countingStarter();
    const workers = pool(2, start);
    workers.warm();
    await vi.waitFor(() => expect(counts.started).toBe(2), { timeout: 30_000 });
    await vi.waitFor(() => expect(workers.ready).toBe(true), { timeout: 30_000 });
    const pending = workers.parse(PARTS["tail"]!, false)!;
    workers.terminate();
    expect(await pending).toEqual(parseObjText(PARTS["tail"]!));
    expect(counts.terminated).toBe(2);
    expect(workers.ready).toBe(false);
    expect(workers.stats.workerFailures).toBe(0);
  }, 60_000);
});

describe("a Node process", () => {
  it("stays alive while a worker holds a text, and ends once it is idle", async () => {
    // A script whose only pending work is a text in a worker: it must print the answer (the
    // worker is ref'd while busy) and then end by itself (unref'd once idle).
    const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
    const dir = await mkdtemp(join(tmpdir(), "menagerie-pool-"));
    try {
      const script = join(dir, "script.mts");
      await writeFile(
        script,
        `import { ObjParsePool } from ${JSON.stringify(join(repoRoot, "src/obj/objParsePool.ts"))};
         const pool = new ObjParsePool(1);
         pool.warm();
         const whenReady = (): Promise<void> =>
           pool.ready ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 10)).then(whenReady);
         await whenReady();
         pool.parse("v 0 0 0\\nv 1 0 0\\nv 0 1 0\\nf 1 2 3\\n", false)!.then((meshes) =>
           console.log(\`read \${meshes.length} mesh, \${pool.stats.parsedInWorkers} in a worker\`));`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
        cwd: repoRoot,
        timeout: 60_000,
      });
      expect(stdout.trim()).toBe("read 1 mesh, 1 in a worker");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("the shared pool", () => {
  it("is one pool for all its holders, and goes away a moment after the last lets go", async () => {
    const first = acquireSharedObjParsePool();
    const second = acquireSharedObjParsePool();
    expect(second.pool).toBe(first.pool);
    first.release();
    first.release(); // a second release of one hold counts once
    second.release();
    expect(sharedObjParsePool()).toBe(first.pool); // still there during its idle time
    const third = acquireSharedObjParsePool(); // taken again in time: the same workers
    expect(third.pool).toBe(first.pool);
    third.release();
    await new Promise((resolve) => setTimeout(resolve, SHARED_POOL_IDLE_MS + 300));
    expect(sharedObjParsePool()).toBeUndefined();
    const fresh = acquireSharedObjParsePool();
    expect(fresh.pool).not.toBe(first.pool);
    fresh.release();
  }, 30_000);
});
