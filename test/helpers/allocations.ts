/**
 * Bytes a function allocates on V8's young-generation heap: a full GC empties the new space,
 * `run` executes, and the new space's growth is what it allocated (every short-lived object,
 * array and closure is born there). A collection during `run` empties the new space and makes
 * the growth read low, so every reading is watched by V8's GC profiler: a reading with a
 * collection in it is thrown away and retried with less work, never counted.
 */
import { GCProfiler, getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function newSpaceUsed(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_used_size ?? 0;
}

/** The new space's growth over `run`, and whether any collection ran meanwhile. */
function growth(run: () => void): { bytes: number; collected: boolean } {
  gc();
  const profiler = new GCProfiler();
  profiler.start();
  const before = newSpaceUsed();
  run();
  const after = newSpaceUsed();
  const collected = (profiler.stop()?.statistics.length ?? 0) > 0;
  return { bytes: after - before, collected };
}

/**
 * What measuring itself allocates (the statistics objects read before `run`, ~2 KB): left out
 * of every figure, or a run of 100 agent-steps would read 20 bytes each while allocating none.
 * The least of a few empty runs without a collection.
 */
let overhead: number | undefined;

function measuringOverhead(): number {
  if (overhead === undefined) {
    const clean = Array.from({ length: 5 }, () => growth(() => {})).filter((g) => !g.collected);
    if (clean.length === 0) throw new Error("allocations: every empty run saw a collection");
    overhead = Math.min(...clean.map((g) => g.bytes));
  }
  return overhead;
}

/**
 * A tolerance for the overhead's own jitter (the statistics objects differ by a few words from
 * one read to the next). A reading below minus this is a broken measurement, not a small one.
 */
const JITTER_BYTES = 256;

/**
 * Young bytes `run(units)` allocates per unit, from a reading without a collection: a reading
 * with one is retried with half the units, at most `retries` times; if every attempt saw a
 * collection, this throws (so a collection never passes for "allocates nothing").
 */
export function youngBytesPerUnit(run: (units: number) => void, units: number, retries = 4): number {
  const base = measuringOverhead();
  let n = units;
  for (let attempt = 0; attempt <= retries; attempt++) {
    const { bytes, collected } = growth(() => run(n));
    if (!collected) {
      const net = bytes - base;
      if (net < -JITTER_BYTES) throw new Error(`allocations: a negative reading (${net} bytes) without a collection`);
      return net / n;
    }
    n = Math.max(1, Math.floor(n / 2));
  }
  throw new Error(`allocations: a collection during every one of ${retries + 1} attempts`);
}

/** Young bytes one call of `run` allocates, from a reading without a collection (else throws). */
export function youngBytesAllocated(run: () => void): number {
  return youngBytesPerUnit(run, 1, 0);
}

/** Options of {@link settledBytesPerUnit}. */
export interface SettleOptions {
  /** Units run before each reading, so the JIT optimises. */
  warm: number;
  /** Units per reading. */
  units: number;
  /** How many units one call of `run(1)` stands for (agents per step), to divide by. */
  perCall?: number;
  /** A reading under this counts as settled. */
  bound: number;
  /** Warm-up rounds at most before giving up on settling. @default 12 */
  maxRounds?: number;
  /** Readings taken once settled; their median is the figure. @default 5 */
  confirm?: number;
}

/** The readings of {@link settledBytesPerUnit}, with a message that lists them all. */
export interface Settled {
  median: number;
  warmup: number[];
  readings: number[];
  message: string;
}

/**
 * Bytes per unit once the code is optimised. Optimisation runs on a background thread, so on a
 * loaded machine it can take a few rounds: warm up until one reading is under the bound, then
 * take `confirm` more readings and report their median. One lucky round does not pass: most of
 * the readings after settling must be under the bound.
 */
export function settledBytesPerUnit(run: (units: number) => void, options: SettleOptions): Settled {
  const { warm, units, bound, perCall = 1, maxRounds = 12, confirm = 5 } = options;
  const read = () => youngBytesPerUnit(run, units) / perCall;
  const warmup: number[] = [];
  for (let round = 0; round < maxRounds; round++) {
    run(warm);
    warmup.push(read());
    if (warmup.at(-1)! < bound) break;
  }
  const readings = Array.from({ length: confirm }, () => {
    run(Math.ceil(warm / 4));
    return read();
  });
  const sorted = [...readings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const list = (xs: number[]) => xs.map((b) => b.toFixed(2)).join(", ");
  return { median, warmup, readings, message: `warm-up: ${list(warmup)}; settled: ${list(readings)}` };
}
