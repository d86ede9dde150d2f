/**
 * What the OBJ reading workers (objWorker.ts in browsers, objWorkerThread.ts in Node) and their
 * pool (objParsePool.ts) say to each other, and the reading itself: {@link parseObjText}, its
 * typed arrays listed for transfer (moved, not copied). Pure, no engine.
 */
import { type ObjMesh, parseObjText } from "./objText.js";

/** A text to read. */
export interface ObjWorkerRequest {
  id: number;
  text: string;
  rightHanded: boolean;
}

/** What a worker says: it is ready, or a request's meshes, or why the text could not be read. */
export type ObjWorkerReply =
  | { ready: true }
  | { id: number; meshes: ObjMesh[] }
  | { id: number; error: { name: string; message: string } };

/** Reads a request's text: the reply, and the buffers to transfer with it. */
export function readObjRequest(request: ObjWorkerRequest): { reply: ObjWorkerReply; transfer: ArrayBuffer[] } {
  let meshes: ObjMesh[];
  try {
    meshes = parseObjText(request.text, { rightHanded: request.rightHanded });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { reply: { id: request.id, error: { name, message } }, transfer: [] };
  }
  const transfer: ArrayBuffer[] = [];
  for (const mesh of meshes) {
    for (const array of [mesh.positions, mesh.normals, mesh.uvs, mesh.indices]) {
      if (array) transfer.push(array.buffer as ArrayBuffer);
    }
  }
  return { reply: { id: request.id, meshes }, transfer };
}
