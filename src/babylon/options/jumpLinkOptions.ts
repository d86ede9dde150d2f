/** What `Menagerie.addJumpLink` takes, and the check of its ends. */
import { OptionsError } from "../../core/errors.js";
import { describeValue } from "../../core/options.js";
import type { Vec3 } from "../../motion/jumpArc.js";

/**
 * An end of a jump link: where feet stand, metres (a Babylon `Vector3` is one).
 * @category Motion
 */
export interface JumpLinkEnd {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * Options of `Menagerie.addJumpLink`.
 * @category Motion
 */
export interface JumpLinkOptions {
  /** Jumped both ways (from `to` back to `from` too). @default false */
  twoWay?: boolean;
}

/**
 * A link's end, copied (a Vector3 the game moves later does not move the link).
 * @throws OptionsError naming the end when it is not a point of finite numbers.
 */
export function linkEnd(name: string, end: JumpLinkEnd): Vec3 {
  const ok = typeof end === "object" && end !== null && [end.x, end.y, end.z].every((v) => Number.isFinite(v));
  if (!ok) throw new OptionsError(name, `must be a point { x, y, z } of finite numbers, got ${describeValue(end)}`);
  return { x: end.x, y: end.y, z: end.z };
}
