/** The check of the ends `Menagerie.addJumpLink` takes. */
import { OptionsError } from "../../core/errors.js";
import { describeValue } from "../../core/options.js";
import type { Vec3 } from "../../motion/jumpArc.js";
import type { JumpLinkEnd } from "../../motion/jumpRoutes.js";

/**
 * A link's end, copied (a Vector3 the game moves later does not move the link).
 * @throws OptionsError naming the end when it is not a point of finite numbers.
 */
export function linkEnd(name: string, end: JumpLinkEnd): Vec3 {
  const ok = typeof end === "object" && end !== null && [end.x, end.y, end.z].every((v) => Number.isFinite(v));
  if (!ok) throw new OptionsError(name, `must be a point { x, y, z } of finite numbers, got ${describeValue(end)}`);
  return { x: end.x, y: end.y, z: end.z };
}
