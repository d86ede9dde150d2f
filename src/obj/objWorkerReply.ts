/**
 * What the OBJ reading workers (objWorker.ts in browsers, objWorkerThread.ts in Node) and their
 * pool (objParsePool.ts) say to each other, and the reading itself: {@link parseObjText}, then
 * the simplified levels asked for (objLevels.ts), their typed arrays listed for transfer
 * (moved, not copied). Pure, no engine.
 */
import { makeObjLevels, type ObjLevelSpec, simplifierReady } from "./objLevels.js";
import { type ObjMesh, parseObjText } from "./objText.js";

/** A text to read. */
export interface ObjWorkerRequest {
  id: number;
  text: string;
  rightHanded: boolean;
  /** Simplified levels to make of each mesh; none when absent. */
  levels?: readonly ObjLevelSpec[] | undefined;
}

/** What a worker says: it is ready, or a request's meshes, or why the text could not be read. */
export type ObjWorkerReply =
  | { ready: true }
  | { id: number; meshes: ObjMesh[] }
  | { id: number; error: { name: string; message: string } };

let canSimplify = false;

/**
 * Readies a worker: compiles the simplifier (before the worker says it is ready, so that every
 * text it reads gets its levels). Where WebAssembly cannot run, texts are read without levels.
 */
export function prepareObjWorker(): Promise<void> {
  return simplifierReady().then(
    () => {
      canSimplify = true;
    },
    () => undefined,
  );
}

/** Reads a request's text: the reply, and the buffers to transfer with it. */
export function readObjRequest(request: ObjWorkerRequest): { reply: ObjWorkerReply; transfer: ArrayBuffer[] } {
  let meshes: ObjMesh[];
  try {
    meshes = parseObjText(request.text, { rightHanded: request.rightHanded });
    const specs = request.levels;
    if (canSimplify && specs && specs.length > 0) for (const mesh of meshes) mesh.levels = makeObjLevels(mesh, specs);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { reply: { id: request.id, error: { name, message } }, transfer: [] };
  }
  // A Set: a level shared by two entries (or by the mesh) must be listed once, or the transfer fails.
  const transfer = new Set<ArrayBuffer>();
  const list = (buffers: {
    positions: Float32Array;
    normals?: Float32Array | undefined;
    uvs?: Float32Array | undefined;
    indices: Uint16Array | Uint32Array;
  }) => {
    for (const array of [buffers.positions, buffers.normals, buffers.uvs, buffers.indices]) {
      if (array) transfer.add(array.buffer as ArrayBuffer);
    }
  };
  for (const mesh of meshes) {
    list(mesh);
    for (const level of mesh.levels ?? []) if (level) list(level);
  }
  return { reply: { id: request.id, meshes }, transfer: [...transfer] };
}
