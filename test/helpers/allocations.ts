/**
 * Bytes a function allocates on V8's young-generation heap: a full GC empties the new space,
 * `run` executes, and the new space's growth is what it allocated (every short-lived object,
 * array and closure is born there). If a scavenge happened meanwhile the count is unreliable, so
 * the measurement is retried with less work.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function newSpaceUsed(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_used_size ?? 0;
}

export function youngBytesAllocated(run: () => void): number {
  gc();
  const before = newSpaceUsed();
  run();
  const after = newSpaceUsed();
  // A scavenge during `run` would empty the new space: growth then reads low, never high.
  return Math.max(0, after - before);
}
