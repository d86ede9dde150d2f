import { describe, expect, it } from "vitest";
import { type LegRole, rigRoles, sizeOnlyRoles, typicalLegLength } from "../../src/motion/rigRoles.js";
import type { RigLayout } from "../../src/rig/layoutRig.js";
import { round } from "../helpers/round.js";

/** A layout from part → pivot height, its bounds from y = `minY` to `maxY`. */
function layout(pivots: Record<string, number>, minY = 0, maxY = 1): RigLayout {
  return {
    type: "test",
    joints: Object.entries(pivots).map(([part, y]) => ({ part, parent: null, pivot: { x: 0, y, z: 0 }, known: true })),
    bounds: { min: { x: -1, y: minY, z: -1 }, max: { x: 1, y: maxY, z: 1 } },
  };
}

const rounded = (leg: LegRole) => ({ ...leg, length: round(leg.length), upperLength: round(leg.upperLength) });

describe("rigRoles", () => {
  it("indexes the named joints in the layout's order, -1 for those the rig lacks", () => {
    const roles = rigRoles(layout({ tail: 0.5, body: 0.6, head: 0.8, wing_right: 0.7 }), 1);
    expect(roles.joints).toEqual(["tail", "body", "head", "wing_right"]);
    expect([roles.body, roles.head, roles.neck, roles.tail]).toEqual([1, 2, -1, 0]);
    expect(roles.wings).toEqual({ left: -1, right: 3 });
  });

  it("indexes a neck where the rig has one (a giraffe's, a bird's)", () => {
    const roles = rigRoles(layout({ body: 0.5, neck: 0.9, head: 1.2, wing_left: 0.6 }), 1);
    expect([roles.body, roles.neck, roles.head]).toEqual([0, 1, 2]);
    expect(roles.wings).toEqual({ left: 3, right: -1 });
  });

  it("reads two-segment legs: end, side, hip height and upper length, scaled", () => {
    const roles = rigRoles(
      layout(
        {
          body: 0.5,
          leg_front_left_top: 0.4,
          leg_front_left_bot: 0.2,
          leg_hind_right_top: 0.3,
          leg_hind_right_bot: 0.1,
        },
        0.1,
        0.6,
      ),
      2,
    );
    expect(roles.legs.map(rounded)).toEqual([
      { upper: 1, lower: 2, side: "left", end: "front", length: 0.6, upperLength: 0.4 },
      { upper: 3, lower: 4, side: "right", end: "hind", length: 0.4, upperLength: 0.4 },
    ]);
    expect(round(roles.height)).toBe(1);
    expect(round(roles.legLength)).toBe(0.5);
    expect(typicalLegLength(roles)).toBe(roles.legLength);
  });

  it("reads one-segment legs, middle legs, endless legs and arms", () => {
    const roles = rigRoles(
      layout({ leg_middle_left: 0.2, leg_right: 0.3, arm_left_top: 0.6, arm_left_bot: 0.5, arm_right: 0.55 }),
      1,
    );
    expect(roles.legs.map(rounded)).toEqual([
      { upper: 0, lower: -1, side: "left", end: "middle", length: 0.2, upperLength: 0.2 },
      { upper: 1, lower: -1, side: "right", end: "", length: 0.3, upperLength: 0.3 },
    ]);
    expect(roles.arms.map(rounded)).toEqual([
      { upper: 2, lower: 3, side: "left", end: "", length: 0.6, upperLength: 0.1 },
      { upper: 4, lower: -1, side: "right", end: "", length: 0.55, upperLength: 0.55 },
    ]);
  });

  it("ignores names that only look like legs, and a lower leg without its upper", () => {
    const roles = rigRoles(layout({ leg_front_left_bot: 0.1, legs_left: 0.2, leg_up_left: 0.2, leg_left_mid: 0.2 }), 1);
    expect([roles.legs, roles.arms]).toEqual([[], []]);
  });

  it("gives legless rigs 40% of their height as leg length, and never a zero-length leg", () => {
    expect(round(rigRoles(layout({ body: 0.5 }, 0, 0.5), 1).legLength)).toBe(0.2);
    const flat = rigRoles(layout({ leg_left_top: 0, leg_left_bot: 0.1 }), 1);
    expect(flat.legs[0]!.length).toBe(1e-3);
    expect(flat.legs[0]!.upperLength).toBe(1e-3);
  });
});

describe("sizeOnlyRoles", () => {
  it("has no joints, and legs half its height", () => {
    expect(sizeOnlyRoles(1.6)).toEqual({
      joints: [],
      body: -1,
      head: -1,
      neck: -1,
      tail: -1,
      wings: { left: -1, right: -1 },
      legs: [],
      arms: [],
      height: 1.6,
      legLength: 0.8,
    });
  });
});
