/** Fault mode from the environment: `MENAGERIE_FAULTS` (spec text) and `MENAGERIE_FAULT_SEED`. */
import { OptionsError } from "../../core/errors.js";
import type { FaultOptions } from "./faultRules.js";
import { parseFaultSpec } from "./parseFaultSpec.js";

/** Reads `MENAGERIE_FAULTS` / `MENAGERIE_FAULT_SEED`; `undefined` when fault mode is off. */
export function faultsFromEnv(env: Record<string, string | undefined>): FaultOptions | undefined {
  const spec = env["MENAGERIE_FAULTS"];
  if (spec === undefined || spec.trim() === "") return undefined;
  const rawSeed = env["MENAGERIE_FAULT_SEED"];
  if (rawSeed !== undefined && !/^\d+$/.test(rawSeed))
    throw new OptionsError("MENAGERIE_FAULT_SEED", `must be a non-negative integer, got "${rawSeed}"`);
  return parseFaultSpec(spec, rawSeed === undefined ? undefined : Number(rawSeed));
}
