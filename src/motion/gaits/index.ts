/**
 * Behaviour → gait, as data a game can extend. A legged gait on a rig without legs, or a
 * behaviour not in the table, falls back to idle (`null`).
 */
import type { RigRoles } from "../rigRoles.js";
import { crawlGait } from "./crawl.js";
import { floatGait } from "./float.js";
import { flyGait } from "./fly.js";
import type { Gait } from "./gait.js";
import { hopGait } from "./hop.js";
import { slitherGait, swimGait, wriggleGait } from "./undulate.js";
import { waddleGait } from "./waddle.js";
import { walkGait } from "./walk.js";

export { crawlGait } from "./crawl.js";
export { floatGait } from "./float.js";
export { flapFrequency, flyGait } from "./fly.js";
export type { Gait, GaitContext } from "./gait.js";
export { hopGait } from "./hop.js";
export { createIdleState, type IdleState, idlePose } from "./idle.js";
export { slitherGait, swimGait, wriggleGait } from "./undulate.js";
export { waddleGait } from "./waddle.js";
export {
  dutyFactor,
  type FootState,
  footCycle,
  legOffset,
  maxWalkSpeed,
  trotBlend,
  walkCycleSeconds,
  walkGait,
} from "./walk.js";

/**
 * Gaits by behaviour; `null` means idle only.
 * @category Body plans and gaits
 */
export type GaitTable = Readonly<Record<string, Gait | null>>;

/**
 * The default gait table: a record's `behaviour` (lower-cased) → its gait; `null` idles.
 * @category Body plans and gaits
 */
export const BEHAVIOR_GAITS: GaitTable = Object.freeze({
  walk: walkGait,
  run: walkGait,
  trot: walkGait,
  fly: flyGait,
  swim: swimGait,
  hop: hopGait,
  crawl: crawlGait,
  waddle: waddleGait,
  slither: slitherGait,
  wriggle: wriggleGait,
  bob: floatGait,
  float: floatGait,
  drive: null,
  static: null,
  none: null,
});

/**
 * @deprecated Use `BEHAVIOR_GAITS`; will be removed in 0.3.
 * @category Body plans and gaits
 */
export const BEHAVIOUR_GAITS: GaitTable = BEHAVIOR_GAITS;

const LEGGED = new Set<Gait>([walkGait, crawlGait, waddleGait, hopGait]);

/** The gait for a behaviour on a rig, or `null` for idle. */
export function gaitFor(
  behaviour: string | undefined,
  roles: RigRoles,
  table: GaitTable = BEHAVIOR_GAITS,
): Gait | null {
  // Own keys only: a behaviour named "constructor" or "__proto__" is unknown, not Object's.
  const key = behaviour?.toLowerCase();
  const gait = (key !== undefined && Object.hasOwn(table, key) && table[key]) || null;
  if (gait && LEGGED.has(gait) && roles.legs.length === 0) return roles.body >= 0 ? slitherGait : null;
  return gait;
}
