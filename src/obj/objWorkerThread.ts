/**
 * The OBJ reading worker thread that {@link ObjParsePool} starts in Node: objWorker.ts's twin
 * for `node:worker_threads`. Node only.
 */
import { parentPort } from "node:worker_threads";
import { type ObjWorkerRequest, prepareObjWorker, readObjRequest } from "./objWorkerReply.js";

if (parentPort) {
  const port = parentPort;
  port.on("message", (request: ObjWorkerRequest) => {
    const { reply, transfer } = readObjRequest(request);
    port.postMessage(reply, transfer);
  });
  void prepareObjWorker().then(() => port.postMessage({ ready: true }));
}
