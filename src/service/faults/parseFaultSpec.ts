/**
 * The spec text of `--faults` / `MENAGERIE_FAULTS`: rules separated by `;`, each
 * `<targets>:<kind>[=<value>][,<option>=<value>...]`, targets joined by `|`, for example
 * `lookup:status=503,first=2; obj:drop,rate=0.2,match=tail; texture:slow=100,chunk=1024`.
 */
import { OptionsError } from "../../core/errors.js";
import {
  type FaultKind,
  type FaultOptions,
  type FaultRule,
  type FaultTarget,
  validateFaultOptions,
} from "./faultRules.js";

/** Which rule field the value after `<kind>=` sets, per kind; other kinds take no value. */
const VALUE_FIELDS: Readonly<Partial<Record<FaultKind, keyof FaultRule>>> = Object.freeze({
  latency: "latencyMs",
  status: "status",
  "rate-limit": "retryAfterSeconds",
  drop: "fraction",
  truncate: "fraction",
  slow: "chunkDelayMs",
});

/** Which rule field each `<option>=` sets. */
const OPTION_FIELDS: Readonly<Record<string, keyof FaultRule>> = Object.freeze({
  first: "first",
  rate: "rate",
  match: "match",
  chunk: "chunkBytes",
  fraction: "fraction",
  "retry-after": "retryAfterSeconds",
});

/**
 * Parses fault spec text (see the module comment) into checked {@link FaultOptions}.
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
    if (colon < 0)
      throw new OptionsError("faults", `rule "${ruleText}" must read <targets>:<kind>[=value][,option=value]`);
    const targets = ruleText
      .slice(0, colon)
      .split("|")
      .map((t) => t.trim()) as FaultTarget[];
    const [head, ...rest] = ruleText
      .slice(colon + 1)
      .split(",")
      .map((s) => s.trim());
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
