/**
 * Which faults a request gets. A rate decision is a hash of the seed, the rule, the path and
 * how many times that path was asked for, so a run is reproducible even when concurrent
 * requests arrive in another order.
 */
import { SeededRandom } from "../../util/seededRandom.js";
import { stringHash } from "../../util/stringHash.js";
import {
  FAULT_DEFAULTS,
  type FaultKind,
  type FaultOptions,
  type FaultRule,
  type FaultTarget,
  validateFaultOptions,
} from "./faultRules.js";

/** What to do with one request, decided before it is answered. */
export interface FaultDecision {
  kind: FaultKind;
  rule: FaultRule;
  /** Seeds the decision's corrupt bytes (see {@link FaultInjector.garbage}). */
  key: string;
}

/**
 * Counts kept by an injector, for tests and logs.
 * @category Fault injection
 */
export interface FaultStats {
  /** Requests seen per target kind (`lookup`, `obj`, `mtl`, `texture`, `glb`, `other`). */
  requests: Record<string, number>;
  /** Faults injected per kind. */
  injected: Record<string, number>;
  /** Requests each rule matched (targets and `match`), in rule order, whether it fired or not. */
  matched: number[];
}

/** Asset kind by file extension. */
const ASSET_KINDS: Readonly<Record<string, FaultTarget>> = Object.freeze({
  ".obj": "obj",
  ".mtl": "mtl",
  ".png": "texture",
  ".jpg": "texture",
  ".jpeg": "texture",
  ".glb": "glb",
});

/** The fault target of an asset path, by its extension. */
export function assetKind(pathname: string): FaultTarget {
  const dot = pathname.lastIndexOf(".");
  return (dot >= 0 && ASSET_KINDS[pathname.slice(dot).toLowerCase()]) || "other";
}

/**
 * Applies fault rules to requests; one per service, its state (counters) inside.
 * @category Fault injection
 */
export class FaultInjector {
  readonly #rules: readonly FaultRule[];
  readonly #seed: number;
  readonly #seen = new Map<FaultRule, number>();
  /** Per rule, how many times each path was matched. */
  readonly #seenByPath = new Map<FaultRule, Map<string, number>>();
  readonly #stats: Omit<FaultStats, "matched"> = { requests: {}, injected: {} };

  constructor(options: FaultOptions) {
    validateFaultOptions(options);
    this.#rules = options.rules;
    this.#seed = options.seed ?? FAULT_DEFAULTS.seed;
  }

  /** A copy of the counters. */
  stats(): FaultStats {
    return {
      requests: { ...this.#stats.requests },
      injected: { ...this.#stats.injected },
      matched: this.#rules.map((rule) => this.#seen.get(rule) ?? 0),
    };
  }

  /**
   * The faults for a request to `pathname` of `kind` (`lookup`, or an asset's kind read from
   * its path), in rule order. Counts the request.
   */
  decide(kind: FaultTarget, pathname: string): FaultDecision[] {
    this.#stats.requests[kind] = (this.#stats.requests[kind] ?? 0) + 1;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // a bad escape: match the raw path
    }
    const out: FaultDecision[] = [];
    this.#rules.forEach((rule, index) => {
      const applies = rule.targets.includes(kind) || (kind !== "lookup" && rule.targets.includes("asset"));
      if (!applies || (rule.match !== undefined && !decoded.includes(rule.match))) return;
      const seen = (this.#seen.get(rule) ?? 0) + 1;
      this.#seen.set(rule, seen);
      let byPath = this.#seenByPath.get(rule);
      if (!byPath) this.#seenByPath.set(rule, (byPath = new Map()));
      const attempt = (byPath.get(decoded) ?? 0) + 1;
      byPath.set(decoded, attempt);
      const key = `${this.#seed}\u0000${index}\u0000${decoded}\u0000${attempt}`;
      const fires =
        rule.first !== undefined
          ? seen <= rule.first
          : SeededRandom.fromState(stringHash(key)).next() < (rule.rate ?? 1);
      if (!fires) return;
      this.#stats.injected[rule.kind] = (this.#stats.injected[rule.kind] ?? 0) + 1;
      out.push({ kind: rule.kind, rule, key });
    });
    return out;
  }

  /** Deterministic garbage of `length` bytes, the same for the same `key`. */
  garbage(length: number, key = ""): Uint8Array<ArrayBuffer> {
    const random = SeededRandom.fromState(stringHash(`garbage\u0000${this.#seed}\u0000${key}`));
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = random.int(256);
    return bytes;
  }
}
