/**
 * A hand-built rig whose joints sit at chosen indices, for the gaits' exact-value tests: a limb
 * at joint 0 tells "index >= 0" from "index > 0", a one-segment limb tells a knee from none.
 */
import { type LegEnd, type LegRole, type RigRoles, type Side, sizeOnlyRoles } from "../../src/motion/rigRoles.js";

/** A limb at `upper` (and `lower`, -1 for none), `length` metres long, its upper half the thigh. */
export function limb(upper: number, lower: number, side: Side, end: LegEnd, length: number): LegRole {
  return { upper, lower, side, end, length, upperLength: length / 2 };
}

/**
 * Six legs and two arms: front-left's knee at joint 0, hind-right and arm-right without a knee.
 * Body 1, head 2, neck 3, tail 4, wings 5 and 6; legs 7-16, arms 17-19.
 */
export function sixLegRig(legLength = 0.36, height = 0.8): RigRoles {
  const legs = [
    limb(7, 0, "left", "front", legLength),
    limb(8, 9, "right", "front", legLength),
    limb(10, 11, "left", "middle", legLength),
    limb(12, 13, "right", "middle", legLength),
    limb(14, 15, "left", "hind", legLength),
    limb(16, -1, "right", "hind", legLength),
  ];
  const arms = [limb(17, 18, "left", "", legLength / 2), limb(19, -1, "right", "", legLength / 2)];
  return {
    joints: Array.from({ length: 20 }, (_, i) => `j${i}`),
    body: 1,
    head: 2,
    neck: 3,
    tail: 4,
    wings: { left: 5, right: 6 },
    legs,
    arms,
    height,
    legLength,
  };
}

/** A rig with only the roles given, every other one missing (-1). */
export function bareRig(joints: number, roles: Partial<RigRoles>): RigRoles {
  return { ...sizeOnlyRoles(1), joints: Array.from({ length: joints }, (_, i) => `j${i}`), ...roles };
}
