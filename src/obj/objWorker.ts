/**
 * The OBJ reading Web Worker that {@link ObjParsePool} starts in browsers: each text it is sent
 * is read with `parseObjText` and its typed arrays are sent back as transfers, so that a model's
 * parsing runs beside the page's main thread instead of on it. A classic script once bundled
 * (no top-level await, no import of its own at run time). Pure, no engine.
 */
import { type ObjWorkerRequest, prepareObjWorker, readObjRequest } from "./objWorkerReply.js";

interface WebWorkerScope {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  addEventListener(type: "message", listener: (event: { data: ObjWorkerRequest }) => void): void;
}

const scope = globalThis as unknown as WebWorkerScope;
scope.addEventListener("message", (event) => {
  const { reply, transfer } = readObjRequest(event.data);
  scope.postMessage(reply, transfer);
});
void prepareObjWorker().then(() => scope.postMessage({ ready: true }));
