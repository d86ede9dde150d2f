/**
 * Helpers of the reliability tests: a reference service in fault mode on the generated catalog,
 * a watch on unhandled rejections and on `abort` listeners the library leaves behind, and a
 * bounded race that tells a hung promise from a slow one.
 */
import { fileURLToPath } from "node:url";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import type { FaultOptions, FaultRule, FaultTarget } from "../../src/service/faults/faultRules.js";
import { type LookupServer, type LookupServerOptions, startLookupServer } from "../../src/service/index.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

let catalog: Promise<string> | undefined;

/** The generated default catalog (65 species), in the repo's `.menagerie/` cache (generated once). */
export function generatedCatalog(): Promise<string> {
  return (catalog ??= ensureDefaultCatalog({ cacheDir: `${repoRoot}.menagerie` }));
}

/** A service on 127.0.0.1 serving the generated catalog, with `faults` (none: fault mode off). */
export async function startFaultService(
  faults?: FaultOptions,
  options: Partial<LookupServerOptions> = {},
): Promise<LookupServer> {
  return startLookupServer({
    catalogDir: await generatedCatalog(),
    rateLimit: false,
    assetRateLimit: false,
    ...options,
    ...(faults ? { faults } : {}),
    port: 0,
    hostname: "127.0.0.1",
  });
}

/** Counts `unhandledRejection` events while installed. */
export function watchUnhandledRejections(): { readonly count: number; reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const onRejection = (reason: unknown) => reasons.push(reason);
  process.on("unhandledRejection", onRejection);
  return {
    get count() {
      return reasons.length;
    },
    reasons,
    stop: () => void process.off("unhandledRejection", onRejection),
  };
}

type Listener = EventListenerOrEventListenerObject;

/**
 * Tracks `abort` listeners that library code (`/src/`) adds to signals and does not remove.
 * A listener on a signal that has aborted is gone with the event (they are `once`), so only
 * signals still live count.
 */
export function watchAbortListeners(callers: RegExp = /[/\\]src[/\\](api|babylon)[/\\]/): {
  leaked(): number;
  reset(): void;
  stop(): void;
} {
  const proto = AbortSignal.prototype as unknown as EventTarget;
  const ownAdd = Object.getOwnPropertyDescriptor(proto, "addEventListener");
  const ownRemove = Object.getOwnPropertyDescriptor(proto, "removeEventListener");
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  let live = new Map<AbortSignal, Set<Listener>>();
  Object.defineProperty(proto, "addEventListener", {
    configurable: true,
    writable: true,
    value(this: AbortSignal, type: string, listener: Listener | null, options?: AddEventListenerOptions | boolean) {
      // Only listeners library code adds itself (the caller's frame), not those fetch adds inside.
      if (
        type === "abort" &&
        listener &&
        !this.aborted &&
        callers.test((new Error().stack ?? "").split("\n")[2] ?? "")
      ) {
        let set = live.get(this);
        if (!set) live.set(this, (set = new Set()));
        set.add(listener);
      }
      return add.call(this, type, listener, options);
    },
  });
  Object.defineProperty(proto, "removeEventListener", {
    configurable: true,
    writable: true,
    value(this: AbortSignal, type: string, listener: Listener | null, options?: EventListenerOptions | boolean) {
      if (type === "abort" && listener) live.get(this)?.delete(listener);
      return remove.call(this, type, listener, options);
    },
  });
  return {
    leaked: () => [...live].filter(([signal]) => !signal.aborted).reduce((n, [, set]) => n + set.size, 0),
    reset: () => void (live = new Map()),
    stop: () => {
      if (ownAdd) Object.defineProperty(proto, "addEventListener", ownAdd);
      else delete (proto as unknown as Record<string, unknown>)["addEventListener"];
      if (ownRemove) Object.defineProperty(proto, "removeEventListener", ownRemove);
      else delete (proto as unknown as Record<string, unknown>)["removeEventListener"];
    },
  };
}

/** How a bounded operation ended. */
export type Settled<T> = { state: "resolved"; value: T } | { state: "rejected"; error: unknown } | { state: "hung" };

/** Races `promise` against a `limitMs` timer; "hung" when the timer wins. The timer is cleared. */
export async function settleWithin<T>(promise: Promise<T>, limitMs: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<Settled<T>>((resolve) => (timer = setTimeout(() => resolve({ state: "hung" }), limitMs)));
  try {
    return await Promise.race([
      promise.then(
        (value): Settled<T> => ({ state: "resolved", value }),
        (error: unknown): Settled<T> => ({ state: "rejected", error }),
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for Babylon's deferred observer removals (they happen on the next tick). */
export function nextTick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The outcomes a row of the fault matrix (test/reliability/faults.test.ts) can document. */
export type FaultOutcome = "succeeded" | "retried and succeeded" | "degraded" | "typed error";

/** One row of the fault matrix: a fault, and the outcome it must give. */
export interface FaultRow {
  fault: string;
  rules: FaultRule[];
  seed?: number;
  /** The documented outcome this fault must give. */
  expected: FaultOutcome;
  /** Attempts column: requests the first rule matched (or, without rules, lookups made). */
  attemptsOf?: FaultTarget;
  /**
   * What runs: one spawn of the generated fox (default), 20 lookups with the cache off, or a
   * populate of 12 forest creatures among fox, deer and wolf.
   */
  run?: "spawn" | "lookups" | "populate";
  /** The species a spawn row spawns. @default "fox" */
  species?: string;
  client?: { timeoutMs?: number };
  assetTimeoutMs?: number;
  /** Extra assertions on the result (the creature, the error, the warnings). */
  check?: (result: FaultRunResult) => void;
  /**
   * A bug in code these tests do not own makes the row fail: it is left out of the matrix run
   * (and listed as left out) unless MENAGERIE_KNOWN_BUGS=1 is set, which runs it to reproduce.
   */
  knownBug?: string;
}

/** What a row's `check` sees. */
export interface FaultRunResult {
  settled: Settled<unknown>;
  warnings: MenagerieWarning[];
  retries: number;
  /** spawn: the creature's parts (bones for a rigged one), sorted. */
  parts: string[] | undefined;
  /** spawn: the creature's clips, in order (none for a part-built one). */
  clips?: string[] | undefined;
  kind?: "parts" | "whole" | "rig" | undefined;
  /** populate: the creatures made, by name, and what was left out. */
  group?: { names: string[]; omissions: string[] };
}
