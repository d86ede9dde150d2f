/**
 * Fault mode of the reference service: added latency, 5xx answers, 429 with `Retry-After`,
 * connections dropped mid-body, truncated bodies, corrupt bytes, links refused as expired
 * early, and slow bodies — per request kind (lookup, OBJ, MTL, texture), either for the first
 * N matching requests or at a seeded rate. A rate decision is a hash of the seed, the rule, the
 * path and how many times that path was asked for, so a run is reproducible even when
 * concurrent requests arrive in another order.
 *
 * Off by default. It is configured only by the service's `faults` option, the CLI's `--faults`
 * / `--fault-seed` flags or the `MENAGERIE_FAULTS` / `MENAGERIE_FAULT_SEED` variables, and
 * never reads anything from a request but its path: no query parameter or header turns it on.
 *
 * Spec text (CLI and environment): rules separated by `;`, each
 * `<targets>:<kind>[=<value>][,<option>=<value>...]`, for example
 * `lookup:status=503,first=2; obj:drop,rate=0.2,match=tail; texture:slow=100,chunk=1024`.
 */
import { OptionsError } from "../api/errors.js";
import { SeededRandom } from "../util/seededRandom.js";
import { stringHash } from "../util/stringHash.js";

/** Which requests a rule applies to. `asset` is every asset; `other` an asset of no known kind. */
export type FaultTarget = "lookup" | "obj" | "mtl" | "texture" | "asset" | "other";

/** What a rule does to a request it fires on. */
export type FaultKind = "latency" | "status" | "rate-limit" | "drop" | "truncate" | "corrupt" | "expire" | "slow";

/** One fault rule. */
export interface FaultRule {
  /** Requests it applies to. */
  targets: readonly FaultTarget[];
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

/** Options of the fault mode (`LookupServiceOptions.faults`). */
export interface FaultOptions {
  rules: readonly FaultRule[];
  /**
   * Seed of the generator behind `rate` and `corrupt`.
   * @default 1
   */
  seed?: number;
}

/** Defaults of the rule parameters. */
export const FAULT_DEFAULTS = Object.freeze({
  seed: 1,
  latencyMs: 500,
  status: 503,
  retryAfterSeconds: 1,
  fraction: 0.5,
  chunkDelayMs: 100,
  chunkBytes: 1024,
});

/** Counts kept by an injector, for tests and logs. */
export interface FaultStats {
  /** Requests seen per target kind (`lookup`, `obj`, `mtl`, `texture`, `other`). */
  requests: Record<string, number>;
  /** Faults injected per kind. */
  injected: Record<string, number>;
  /** Requests each rule matched (targets and `match`), in rule order, whether it fired or not. */
  matched: number[];
}

const TARGETS: readonly FaultTarget[] = ["lookup", "obj", "mtl", "texture", "asset", "other"];
const KINDS: readonly FaultKind[] = ["latency", "status", "rate-limit", "drop", "truncate", "corrupt", "expire", "slow"];

/** Asset kind by file extension. */
const ASSET_KINDS: Readonly<Record<string, FaultTarget>> = Object.freeze({
  ".obj": "obj",
  ".mtl": "mtl",
  ".png": "texture",
  ".jpg": "texture",
  ".jpeg": "texture",
});

function checkNumber(name: string, value: unknown, min: number, max: number, integer: boolean): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new OptionsError(name, `must be ${integer ? "an integer" : "a number"} from ${min} to ${max}, got ${String(value)}`);
  }
}

/** Checks fault options; every message names the bad field. */
export function validateFaultOptions(options: FaultOptions): FaultOptions {
  if (typeof options !== "object" || options === null || !Array.isArray(options.rules)) {
    throw new OptionsError("faults", "must be an object with a rules array");
  }
  checkNumber("faults.seed", options.seed, 0, 2 ** 32 - 1, true);
  options.rules.forEach((rule, i) => {
    const at = `faults.rules[${i}]`;
    if (!Array.isArray(rule.targets) || rule.targets.length === 0 || !rule.targets.every((t: FaultTarget) => TARGETS.includes(t))) {
      throw new OptionsError(`${at}.targets`, `must be a non-empty array of ${TARGETS.join(", ")}`);
    }
    if (!KINDS.includes(rule.kind)) throw new OptionsError(`${at}.kind`, `must be one of ${KINDS.join(", ")}, got ${String(rule.kind)}`);
    if (rule.first !== undefined && rule.rate !== undefined) throw new OptionsError(`${at}.first`, "and rate exclude each other");
    if (rule.match !== undefined && (typeof rule.match !== "string" || rule.match === "")) {
      throw new OptionsError(`${at}.match`, "must be a non-empty string");
    }
    checkNumber(`${at}.first`, rule.first, 0, Number.MAX_SAFE_INTEGER, true);
    checkNumber(`${at}.rate`, rule.rate, 0, 1, false);
    checkNumber(`${at}.latencyMs`, rule.latencyMs, 0, 600_000, true);
    checkNumber(`${at}.status`, rule.status, 400, 599, true);
    checkNumber(`${at}.retryAfterSeconds`, rule.retryAfterSeconds, 0, 86_400, true);
    checkNumber(`${at}.fraction`, rule.fraction, 0, 1, false);
    checkNumber(`${at}.chunkDelayMs`, rule.chunkDelayMs, 0, 60_000, true);
    checkNumber(`${at}.chunkBytes`, rule.chunkBytes, 1, 1 << 24, true);
  });
  return options;
}

/** Which spec key sets which rule field, and the kind whose value it is. */
const VALUE_FIELDS: Partial<Record<FaultKind, keyof FaultRule>> = {
  latency: "latencyMs",
  status: "status",
  "rate-limit": "retryAfterSeconds",
  drop: "fraction",
  truncate: "fraction",
  slow: "chunkDelayMs",
};
const OPTION_FIELDS: Readonly<Record<string, keyof FaultRule>> = {
  first: "first",
  rate: "rate",
  match: "match",
  chunk: "chunkBytes",
  fraction: "fraction",
  "retry-after": "retryAfterSeconds",
};

/**
 * Parses the spec text of `--faults` / `MENAGERIE_FAULTS` (see the module comment).
 *
 * @example
 * parseFaultSpec("lookup:status=503,first=2; texture:slow=100,chunk=1024", 7);
 */
export function parseFaultSpec(text: string, seed?: number): FaultOptions {
  const rules: FaultRule[] = [];
  for (const raw of text.split(";")) {
    const ruleText = raw.trim();
    if (ruleText === "") continue;
    const colon = ruleText.indexOf(":");
    if (colon < 0) throw new OptionsError("faults", `rule "${ruleText}" must read <targets>:<kind>[=value][,option=value]`);
    const targets = ruleText.slice(0, colon).split("|").map((t) => t.trim()) as FaultTarget[];
    const [head, ...rest] = ruleText.slice(colon + 1).split(",").map((s) => s.trim());
    const [kind, value] = (head ?? "").split("=", 2) as [FaultKind, string | undefined];
    const rule: Record<string, unknown> = { targets, kind };
    const numeric = (key: string, v: string | undefined): number => {
      if (v === undefined || v.trim() === "" || !Number.isFinite(Number(v))) {
        throw new OptionsError("faults", `"${key}" of rule "${ruleText}" needs a number`);
      }
      return Number(v);
    };
    if (value !== undefined) {
      const field = VALUE_FIELDS[kind];
      if (!field) throw new OptionsError("faults", `kind "${kind}" of rule "${ruleText}" takes no value`);
      rule[field] = numeric(kind, value);
    }
    for (const option of rest) {
      const [key, v] = option.split("=", 2) as [string, string | undefined];
      const field = OPTION_FIELDS[key];
      if (!field) throw new OptionsError("faults", `unknown option "${key}" in rule "${ruleText}"`);
      rule[field] = field === "match" ? (v ?? "") : numeric(key, v);
    }
    rules.push(rule as unknown as FaultRule);
  }
  return validateFaultOptions({ rules, ...(seed !== undefined ? { seed } : {}) });
}

/** What to do with one request, decided before it is answered. */
export interface FaultDecision {
  kind: FaultKind;
  rule: FaultRule;
}

/** Applies fault rules to requests; one per service, its state (counters) inside. */
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
   * The faults for a request to `pathname` of `kind` (`lookup`, or an asset's kind from
   * {@link assetKind}), in rule order. Counts the request.
   */
  decide(kind: FaultTarget, pathname: string): FaultDecision[] {
    return this.#decide(kind, pathname).map((d) => d.decision);
  }

  /** Like {@link decide}, with the key that seeds each decision's corrupt bytes. */
  decideWithKeys(kind: FaultTarget, pathname: string): { decision: FaultDecision; key: string }[] {
    return this.#decide(kind, pathname);
  }

  #decide(kind: FaultTarget, pathname: string): { decision: FaultDecision; key: string }[] {
    this.#stats.requests[kind] = (this.#stats.requests[kind] ?? 0) + 1;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // a bad escape: match the raw path
    }
    const out: { decision: FaultDecision; key: string }[] = [];
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
      const fires = rule.first !== undefined ? seen <= rule.first : SeededRandom.fromState(stringHash(key)).next() < (rule.rate ?? 1);
      if (!fires) return;
      this.#stats.injected[rule.kind] = (this.#stats.injected[rule.kind] ?? 0) + 1;
      out.push({ decision: { kind: rule.kind, rule }, key });
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

/** The fault target of an asset path, by its extension. */
export function assetKind(pathname: string): FaultTarget {
  const dot = pathname.lastIndexOf(".");
  return (dot >= 0 && ASSET_KINDS[pathname.slice(dot).toLowerCase()]) || "other";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The failure a fault answers with, as the client would see it from a sick service. */
function injectedError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * Runs a request through its fault decisions: `answer` produces the healthy response, which the
 * faults delay, replace, cut, corrupt or slow down.
 */
export async function applyFaults(
  injector: FaultInjector,
  decisions: readonly (FaultDecision & { key?: string })[],
  answer: () => Promise<Response>,
): Promise<Response> {
  for (const { kind, rule } of decisions) {
    if (kind === "latency") await sleep(rule.latencyMs ?? FAULT_DEFAULTS.latencyMs);
  }
  for (const { kind, rule } of decisions) {
    if (kind === "status") {
      const status = rule.status ?? FAULT_DEFAULTS.status;
      return injectedError(status, status >= 500 ? "Internal error" : "Bad request", "Injected fault.");
    }
    if (kind === "rate-limit") {
      const seconds = rule.retryAfterSeconds ?? FAULT_DEFAULTS.retryAfterSeconds;
      return injectedError(429, "Rate limit exceeded", `Too many requests: try again in ${seconds} s.`, { "retry-after": String(seconds) });
    }
    if (kind === "expire") return injectedError(403, "Forbidden", "The asset link has expired.");
  }
  const bodyFaults = decisions.filter((d) => d.kind === "drop" || d.kind === "truncate" || d.kind === "corrupt" || d.kind === "slow");
  const response = await answer();
  if (bodyFaults.length === 0 || response.body === null || response.status !== 200) return response;
  let bytes: Uint8Array<ArrayBuffer> = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete("etag"); // the bytes differ from the file's
  let dropAt: number | undefined;
  let slow: FaultRule | undefined;
  for (const { kind, rule, key } of bodyFaults) {
    const cut = Math.floor(bytes.length * (rule.fraction ?? FAULT_DEFAULTS.fraction));
    if (kind === "truncate") bytes = bytes.slice(0, cut);
    else if (kind === "corrupt") bytes = injector.garbage(bytes.length, key);
    else if (kind === "drop") dropAt = cut;
    else slow = rule;
  }
  // The full length is announced even when the connection is dropped, as a real cut-off would.
  headers.set("content-length", String(bytes.length));
  return new Response(bodyStream(bytes, dropAt, slow), { status: response.status, statusText: response.statusText, headers });
}

/**
 * The error that ends a dropped body. The Node adapter logs it and destroys the socket; its
 * stack is one line, as the drop is intended and a trace says nothing.
 */
function droppedError(): Error {
  const error = new Error("connection dropped by fault injection");
  error.stack = `Error: ${error.message} (fault mode)`;
  return error;
}

/** A body that sends `bytes` (slowly, in chunks, for `slow`) and errors after `dropAt` bytes. */
function bodyStream(bytes: Uint8Array<ArrayBuffer>, dropAt: number | undefined, slow: FaultRule | undefined): ReadableStream<Uint8Array<ArrayBuffer>> {
  const end = dropAt ?? bytes.length;
  const chunk = slow ? (slow.chunkBytes ?? FAULT_DEFAULTS.chunkBytes) : Math.max(1, end);
  const delay = slow ? (slow.chunkDelayMs ?? FAULT_DEFAULTS.chunkDelayMs) : 0;
  let offset = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      if (delay > 0) await sleep(delay);
      if (cancelled) return;
      if (offset >= end) {
        if (dropAt !== undefined) controller.error(droppedError());
        else controller.close();
        return;
      }
      const next = Math.min(end, offset + chunk);
      controller.enqueue(bytes.slice(offset, next));
      offset = next;
    },
    cancel() {
      cancelled = true;
    },
  });
}

/** Reads `MENAGERIE_FAULTS` / `MENAGERIE_FAULT_SEED`; `undefined` when fault mode is off. */
export function faultsFromEnv(env: Record<string, string | undefined>): FaultOptions | undefined {
  const spec = env["MENAGERIE_FAULTS"];
  if (spec === undefined || spec.trim() === "") return undefined;
  const rawSeed = env["MENAGERIE_FAULT_SEED"];
  if (rawSeed !== undefined && !/^\d+$/.test(rawSeed)) throw new OptionsError("MENAGERIE_FAULT_SEED", `must be a non-negative integer, got "${rawSeed}"`);
  return parseFaultSpec(spec, rawSeed === undefined ? undefined : Number(rawSeed));
}
