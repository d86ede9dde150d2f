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

function growth(run: () => void): number {
  gc();
  const before = newSpaceUsed();
  run();
  return newSpaceUsed() - before;
}

/**
 * What measuring itself allocates (the statistics objects read before `run`, ~2 KB): left out
 * of every figure, or a run of 100 agent-steps would read 20 bytes each while allocating none.
 * The least of a few empty runs: nothing can scavenge during an empty run.
 */
let overhead: number | undefined;

export function youngBytesAllocated(run: () => void): number {
  overhead ??= Math.min(...Array.from({ length: 5 }, () => growth(() => {})));
  // A scavenge during `run` would empty the new space: growth then reads low, never high.
  return Math.max(0, growth(run) - overhead);
}
