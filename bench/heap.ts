/**
 * A full garbage collection on demand (the same trick as test/helpers/allocations.ts), so heap
 * figures measure what is retained, not what the collector has not reached yet.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** JS heap plus array buffers (vertex data lives in typed arrays), in bytes, after a full GC. */
export function retainedBytes(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
