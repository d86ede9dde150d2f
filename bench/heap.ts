/**
 * Retained memory, measured once the work is really over: pending timers and I/O callbacks get
 * their turn first (a loader's last texture callback, a keep-alive socket's timer), then a full
 * garbage collection (the same trick as test/helpers/allocations.ts), so heap figures measure
 * what is retained, not what the collector has not reached yet nor what is still in flight.
 * Measured right after a load instead, they swung by megabytes, below zero at times.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const turn = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** JS heap plus array buffers (vertex data lives in typed arrays), in bytes, after a full GC. */
export async function retainedBytes(): Promise<number> {
  // Two timer turns (a callback may queue another), one immediate, then collect twice (the
  // first pass may leave finalization work for the second).
  await turn(0);
  await turn(10);
  await new Promise<void>((resolve) => setImmediate(resolve));
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}
