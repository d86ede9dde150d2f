/**
 * Fault mode of the reference service, its rules: added latency, 5xx answers, 429 with
 * `Retry-After`, connections dropped mid-body, truncated bodies, corrupt bytes, links refused as
 * expired early, and slow bodies — per request kind (lookup, OBJ, MTL, texture, GLB), either for
 * the first N matching requests or at a seeded rate.
 *
 * Off by default. It is configured only by the service's `faults` option, the CLI's `--faults`
 * / `--fault-seed` flags or the `MENAGERIE_FAULTS` / `MENAGERIE_FAULT_SEED` variables, and
 * never reads anything from a request but its path: no query parameter or header turns it on.
 * The rest lives beside this file: the spec text (parseFaultSpec.ts), the environment
 * (faultsFromEnv.ts), the decisions (faultInjector.ts) and the rewritten answers (applyFaults.ts).
 */
import { OptionsError } from "../../core/errors.js";
import { numberInRange, objectOption, oneOf, stringOption } from "../../core/options.js";

/**
 * Which requests a rule applies to. `glb` is a rigged glTF binary (a clip or a whole model);
 * `asset` is every asset; `other` an asset of no known kind.
 * @category Fault injection
 */
export type FaultTarget = "lookup" | "obj" | "mtl" | "texture" | "glb" | "asset" | "other";

/**
 * What a rule does to a request it fires on.
 * @category Fault injection
 */
export type FaultKind = "latency" | "status" | "rate-limit" | "drop" | "truncate" | "corrupt" | "expire" | "slow";

/**
 * One fault rule.
 * @category Fault injection
 */
export interface FaultRule {
  /** Requests it applies to. */
  targets: readonly FaultTarget[];
  /** What it does to a request it fires on. */
  kind: FaultKind;
  /**
   * Only requests whose decoded path contains this text (for example `tail` for one part).
   * @default every request of the targets
   */
  match?: string;
  /**
   * Fires for the first N matching requests only (deterministic). Exclusive with `rate`.
   * @default every matching request, unless `rate` is given
   */
  first?: number;
  /**
   * Probability in [0, 1] that it fires for a matching request (seeded: the same seed fires on
   * the same path at the same attempt).
   * @default 1
   */
  rate?: number;
  /** `latency`: added delay in ms. @default 500 */
  latencyMs?: number;
  /** `status`: the status answered (4xx or 5xx). @default 503 */
  status?: number;
  /** `rate-limit`: the `Retry-After` seconds. @default 1 */
  retryAfterSeconds?: number;
  /** `drop` / `truncate`: share of the body sent before the cut, in (0, 1). @default 0.5 */
  fraction?: number;
  /** `slow`: delay before each chunk in ms. @default 100 */
  chunkDelayMs?: number;
  /** `slow`: chunk size in bytes. @default 1024 */
  chunkBytes?: number;
}

/**
 * Options of the fault mode (`LookupServiceOptions.faults`).
 * @category Fault injection
 */
export interface FaultOptions {
  /** The rules, each checked on every request. */
  rules: readonly FaultRule[];
  /**
   * Seed of the generator behind `rate` and `corrupt`.
   * @default 1
   */
  seed?: number;
}

/** Rule parameters that have a default. */
type FaultParameter = "latencyMs" | "status" | "retryAfterSeconds" | "fraction" | "chunkDelayMs" | "chunkBytes";

/**
 * Defaults of the seed and of the rule parameters.
 * @category Fault injection
 */
export const FAULT_DEFAULTS: Readonly<Required<Pick<FaultOptions, "seed"> & Pick<FaultRule, FaultParameter>>> =
  Object.freeze({
    seed: 1,
    latencyMs: 500,
    status: 503,
    retryAfterSeconds: 1,
    fraction: 0.5,
    chunkDelayMs: 100,
    chunkBytes: 1024,
  });

export const FAULT_TARGETS: readonly FaultTarget[] = Object.freeze([
  "lookup",
  "obj",
  "mtl",
  "texture",
  "glb",
  "asset",
  "other",
]);
export const FAULT_KINDS: readonly FaultKind[] = Object.freeze([
  "latency",
  "status",
  "rate-limit",
  "drop",
  "truncate",
  "corrupt",
  "expire",
  "slow",
]);

/** Inclusive bounds of each numeric rule field, and whether it is whole. */
const RULE_NUMBERS: readonly [keyof FaultRule, number, number, boolean][] = [
  ["first", 0, Number.MAX_SAFE_INTEGER, true],
  ["rate", 0, 1, false],
  ["latencyMs", 0, 600_000, true],
  ["status", 400, 599, true],
  ["retryAfterSeconds", 0, 86_400, true],
  ["fraction", 0, 1, false],
  ["chunkDelayMs", 0, 60_000, true],
  ["chunkBytes", 1, 1 << 24, true],
];

/** Checks fault options; every message names the bad field. */
export function validateFaultOptions(options: FaultOptions): FaultOptions {
  if (typeof options !== "object" || options === null || !Array.isArray(options.rules)) {
    throw new OptionsError("faults", "must be an object with a rules array");
  }
  if (options.seed !== undefined) numberInRange("faults.seed", options.seed, 0, 2 ** 32 - 1, true);
  options.rules.forEach((rule, i) => {
    const at = `faults.rules[${i}]`;
    objectOption(at, rule);
    if (!Array.isArray(rule.targets) || rule.targets.length === 0) {
      throw new OptionsError(`${at}.targets`, `must be a non-empty array of ${FAULT_TARGETS.join(", ")}`);
    }
    rule.targets.forEach((target: unknown, j: number) => {
      oneOf(`${at}.targets[${j}]`, target, FAULT_TARGETS);
    });
    oneOf(`${at}.kind`, rule.kind, FAULT_KINDS);
    if (rule.first !== undefined && rule.rate !== undefined)
      throw new OptionsError(`${at}.first`, "and rate exclude each other");
    if (rule.match !== undefined) stringOption(`${at}.match`, rule.match, { nonEmpty: true });
    for (const [field, min, max, integer] of RULE_NUMBERS) {
      if (rule[field] !== undefined) numberInRange(`${at}.${field}`, rule[field], min, max, integer);
    }
  });
  return options;
}
