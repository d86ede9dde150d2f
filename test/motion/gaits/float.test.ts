import { describe, expect, it } from "vitest";
import { floatGait } from "../../../src/motion/gaits/float.js";
import { allFinite, everyRig, largestStep, movedJoints, poseAt } from "../../helpers/gaitRigs.js";
import { bodyOnlyRoles } from "../../helpers/motionRig.js";
import { round } from "../../helpers/round.js";

const roles = bodyOnlyRoles(0.5);

describe("floatGait", () => {
  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(floatGait, r)).toBe(true);
  });

  it("bobs once every 3 s, at any speed; cruises slowly", () => {
    expect(floatGait.name).toBe("float");
    for (const speed of [0, 1, 10]) expect(floatGait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 })).toBe(3);
    expect(round(floatGait.cruiseSpeed(roles))).toBe(0.15);
    expect(round(floatGait.cruiseSpeed(bodyOnlyRoles(0.1)))).toBe(0.09); // at least 0.3 m's worth
  });

  it("rises and falls by 4% of its height, moving only its body, without popping", () => {
    expect(round(poseAt(floatGait, roles, 0, 0.25).bodyY)).toBe(0.02);
    expect(round(poseAt(floatGait, roles, 0, 0.75).bodyY)).toBe(-0.02);
    expect(round(poseAt(floatGait, roles, 0, 0).bodyY)).toBe(0);
    expect(movedJoints(poseAt(floatGait, roles, 0, 0.1))).toEqual([roles.body]);
    expect(largestStep(floatGait, roles, 0)).toBeLessThan(0.001);
  });

  it("bobs the same whatever its speed (it does not idle at 0)", () => {
    expect(poseAt(floatGait, roles, 0, 0.4)).toEqual(poseAt(floatGait, roles, 5, 0.4));
  });
});
