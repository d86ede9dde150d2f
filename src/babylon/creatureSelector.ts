/**
 * Which creatures a hunt chases or a prey flees: one creature, a list of them, a list of names
 * (`"zebra"` matches `zebra` and `zebra#0002`, and a record whose `creature` is zebra), or a
 * predicate. Turned here into a test on the motion agents the world finds nearby.
 */

import type { MotionAgent } from "../motion/motionAgent.js";
import type { SteeringAgent } from "../motion/types.js";
import { herdKey } from "../population/populationRules.js";
import type { ModelRecord } from "../records/schemas.js";

/**
 * Which creatures: one, a list, a list of names (lower or upper case; a `#0002` suffix and the
 * record's `creature` are looked through), or a predicate.
 *
 * @example
 * lion.hunt(["zebra", "gazelle"]);
 * zebra.fleeFrom((c) => c.record.taxonomy?.includes("Felidae") ?? false);
 * @category Creatures
 */
export type CreatureSelector<C> = C | readonly C[] | readonly string[] | ((creature: C) => boolean);

interface Selectable {
  readonly motion: MotionAgent;
  readonly record: ModelRecord;
}

/** True when a record goes by one of `names` (see {@link CreatureSelector}). */
export function recordNamed(record: ModelRecord, names: ReadonlySet<string>): boolean {
  return (
    names.has(herdKey(record)) || names.has(record.name.toLowerCase()) || names.has(herdKey({ name: record.name }))
  );
}

/**
 * A test on motion agents for a selector; `creatureOf` finds an agent's creature (agents of no
 * creature never match), `self` never matches.
 */
export function agentMatcher<C extends Selectable>(
  selector: CreatureSelector<C>,
  self: C,
  creatureOf: (agent: SteeringAgent) => C | undefined,
): (agent: SteeringAgent) => boolean {
  if (typeof selector === "function") {
    const test = selector as (creature: C) => boolean;
    return (agent) => {
      const c = creatureOf(agent);
      return c !== undefined && c !== self && test(c);
    };
  }
  if (!Array.isArray(selector)) {
    const one = (selector as C).motion;
    return (agent) => agent === one && agent !== self.motion;
  }
  const list = selector as readonly (C | string)[];
  const names = new Set(list.filter((s): s is string => typeof s === "string").map((s) => s.trim().toLowerCase()));
  const agents = new Set(list.filter((s): s is C => typeof s !== "string").map((c) => c.motion as SteeringAgent));
  return (agent) => {
    if (agent === self.motion) return false;
    if (agents.has(agent)) return true;
    if (names.size === 0) return false;
    const c = creatureOf(agent);
    return c !== undefined && recordNamed(c.record, names);
  };
}
