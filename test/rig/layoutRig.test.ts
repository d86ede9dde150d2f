import { describe, expect, it } from "vitest";
import { BODY_PLANS, extendBodyPlans } from "../../src/rig/bodyPlans.js";
import type { Box3 } from "../../src/rig/box.js";
import { anchorPoint, layoutRig } from "../../src/rig/layoutRig.js";

const box = (min: [number, number, number], max: [number, number, number]): Box3 => ({
  min: { x: min[0], y: min[1], z: min[2] },
  max: { x: max[0], y: max[1], z: max[2] },
});

/** A fox-like quadruped in the model frame: head at +Z, legs below, left legs at +X. */
const QUADRUPED: Record<string, Box3> = {
  body: box([-0.1, 0.25, -0.25], [0.1, 0.45, 0.25]),
  head: box([-0.07, 0.35, 0.22], [0.07, 0.5, 0.4]),
  tail: box([-0.04, 0.3, -0.55], [0.04, 0.4, -0.22]),
  leg_front_left_top: box([0.04, 0.12, 0.12], [0.09, 0.3, 0.2]),
  leg_front_left_bot: box([0.045, 0, 0.13], [0.085, 0.14, 0.19]),
  leg_hind_right_top: box([-0.09, 0.12, -0.2], [-0.04, 0.3, -0.12]),
  leg_hind_right_bot: box([-0.085, 0, -0.19], [-0.045, 0.14, -0.13]),
};

describe("layoutRig", () => {
  it("builds the quadruped hierarchy, parents first", () => {
    const rig = layoutRig("quadruped", QUADRUPED);
    const parentOf = Object.fromEntries(rig.joints.map((j) => [j.part, j.parent]));
    expect(parentOf).toEqual({
      body: null,
      head: "body",
      tail: "body",
      leg_front_left_top: "body",
      leg_front_left_bot: "leg_front_left_top",
      leg_hind_right_top: "body",
      leg_hind_right_bot: "leg_hind_right_top",
    });
    const order = rig.joints.map((j) => j.part);
    for (const joint of rig.joints) {
      if (joint.parent) expect(order.indexOf(joint.parent)).toBeLessThan(order.indexOf(joint.part));
    }
    expect(rig.bounds).toEqual(box([-0.1, 0, -0.55], [0.1, 0.5, 0.4]));
  });

  it("places pivots by the SDK's rules", () => {
    const pivots = Object.fromEntries(layoutRig("quadruped", QUADRUPED).joints.map((j) => [j.part, j.pivot]));
    expect(pivots.body).toEqual({ x: 0, y: 0.35, z: 0 }); // centre
    expect(pivots.leg_front_left_top).toMatchObject({ y: 0.3 }); // top centre
    expect(pivots.leg_front_left_top!.x).toBeCloseTo(0.065, 9);
    expect(pivots.leg_front_left_top!.z).toBeCloseTo(0.16, 9);
    expect(pivots.leg_front_left_bot!.y).toBeCloseTo(0.126, 9); // 40% of the height above the centre
    expect(pivots.head).toEqual({ x: 0, y: 0.35, z: 0.22 }); // bottom-back: nearest the body centre
    expect(pivots.tail).toEqual({ x: 0, y: 0.35, z: -0.22 }); // front
  });

  it("puts a wing's pivot on its inner edge", () => {
    const rig = layoutRig("winged_flyer", {
      body: box([-0.1, 0.1, -0.2], [0.1, 0.3, 0.2]),
      wing_left: box([0.1, 0.25, -0.1], [0.6, 0.28, 0.1]),
      wing_right: box([-0.6, 0.25, -0.1], [-0.1, 0.28, 0.1]),
    });
    const pivots = Object.fromEntries(rig.joints.map((j) => [j.part, j.pivot]));
    expect(pivots.wing_left).toEqual({ x: 0.1, y: 0.25, z: 0 });
    expect(pivots.wing_right).toEqual({ x: -0.1, y: 0.25, z: 0 });
  });

  it("attaches unknown parts and unknown types to the body", () => {
    const rig = layoutRig("dragon", { body: QUADRUPED.body!, horn: QUADRUPED.head! });
    expect(rig.joints.map((j) => [j.part, j.parent, j.known])).toEqual([
      ["body", null, false],
      ["horn", "body", false],
    ]);
    const withExtra = layoutRig("quadruped", { body: QUADRUPED.body!, saddle: QUADRUPED.head! });
    expect(withExtra.joints.find((j) => j.part === "saddle")?.parent).toBe("body");
  });

  it("hangs a lower leg from the body when its upper leg is missing, and everything from the root without a body", () => {
    const { body: _b, ...noBody } = QUADRUPED;
    const rig = layoutRig("quadruped", { body: QUADRUPED.body!, leg_front_left_bot: QUADRUPED.leg_front_left_bot! });
    expect(rig.joints.find((j) => j.part === "leg_front_left_bot")?.parent).toBe("body");
    const headless = layoutRig("quadruped", noBody);
    expect(headless.joints.find((j) => j.part === "head")?.parent).toBeNull();
    expect(headless.joints.find((j) => j.part === "leg_front_left_bot")?.parent).toBe("leg_front_left_top");
  });

  it("uses plans a game adds, and survives cycles in them", () => {
    const plans = extendBodyPlans(BODY_PLANS, {
      loop: { a: { parent: "b", anchor: "center" }, b: { parent: "a", anchor: "center" } },
    });
    const tree = (plansUsed?: typeof plans) =>
      layoutRig("loop", { a: QUADRUPED.body!, b: QUADRUPED.head! }, plansUsed).joints.map((j) => [
        j.part,
        j.parent,
        j.known,
      ]);
    // Without the added plans "loop" is unknown: both parts hang from the root.
    expect(tree()).toEqual([
      ["a", null, false],
      ["b", null, false],
    ]);
    // With them, the cycle a -> b -> a is broken at the root: b is placed first (as a's parent).
    expect(tree(plans)).toEqual([
      ["b", null, true],
      ["a", "b", true],
    ]);
  });

  it("rejects an empty part set", () => {
    expect(() => layoutRig("quadruped", {})).toThrow("layoutRig: no parts to lay out");
  });

  it("computes fractional and per-axis nearest anchors", () => {
    const b = box([0, 0, 0], [2, 4, 6]);
    expect(anchorPoint(b, { x: 0.5, y: 1, z: 0 }, undefined)).toEqual({ x: 1, y: 4, z: 0 });
    expect(anchorPoint(b, { x: "nearest", y: 0, z: "nearest" }, box([5, 5, -3], [7, 7, -1]))).toEqual({
      x: 2,
      y: 0,
      z: 0,
    });
    expect(anchorPoint(b, "nearest", undefined)).toEqual({ x: 1, y: 2, z: 3 });
  });
});
