/**
 * A populate's `mix` checked against the species a habitat search found: a key that names none
 * of them (`zebras` for `zebra`, a typo) would weigh nothing and leave its species out in silence.
 */
import { OptionsError } from "../core/errors.js";
import type { ModelRecord } from "../records/schemas.js";
import { nearestNames } from "../util/editDistance.js";
import { herdKey } from "./populationRules.js";

/**
 * Throws an `OptionsError` (option `mix`) for each key of `mix` that is not the name of one of
 * `eligible` (lower case, without a `#0002` suffix) nor `"*"`, naming the nearest species. With
 * no species at all there is nothing to check against: the plan's omissions say so.
 */
export function checkMixKeys(
  mix: Readonly<Record<string, number>> | undefined,
  eligible: readonly ModelRecord[],
  habitat: string,
): void {
  if (!mix || eligible.length === 0) return;
  const species = [...new Set(eligible.map(herdKey))].sort();
  const unknown = Object.keys(mix).filter((key) => key !== "*" && !species.includes(key));
  if (unknown.length === 0) return;
  const hints = unknown.map((key) => {
    const near = nearestNames(key.toLowerCase(), species);
    return near.length > 0 ? `"${key}" (nearest: ${near.join(", ")})` : `"${key}"`;
  });
  const some = species.length > 8 ? `${species.slice(0, 8).join(", ")}, ...` : species.join(", ");
  throw new OptionsError(
    "mix",
    `names no species of the ${habitat}: ${hints.join("; ")}; its species are ${some} (keys are lower case, without a #0002 suffix)`,
  );
}
