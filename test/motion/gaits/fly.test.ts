import { describe, expect, it } from "vitest";
import { flapFrequency, flyGait } from "../../../src/motion/gaits/fly.js";
import { allFinite, everyRig, largestStep, movedJoints, poseAt } from "../../helpers/gaitRigs.js";
import { flyerRoles } from "../../helpers/motionRig.js";
import { round } from "../../helpers/round.js";

const roles = flyerRoles();
const roll = (turnRate: number) => poseAt(flyGait, roles, 2, 0.3, turnRate).rotations[roles.body * 3 + 2]!;

describe("flyGait", () => {
  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(flyGait, r)).toBe(true);
  });

  it("beats small wings faster, between 2 and 8 beats a second", () => {
    expect(flapFrequency(0.01)).toBe(8);
    expect(flapFrequency(100)).toBe(2);
    expect(round(flapFrequency(0.3025))).toBe(4);
    expect(flapFrequency(0.1)).toBeGreaterThan(flapFrequency(0.5));
    expect(round(flyGait.cycleSeconds({ roles, speed: 3, turnRate: 0, phase: 0 }))).toBe(
      round(1 / flapFrequency(roles.height)),
    );
    expect(flyGait.cruiseSpeed(roles)).toBe(Math.max(1.5, roles.height * 6));
  });

  it("flaps the wings mirrored, legs tucked, without popping", () => {
    const pose = poseAt(flyGait, roles, 2, 0.25);
    const z = (joint: number) => pose.rotations[joint * 3 + 2]!;
    expect(round(z(roles.wings.left))).toBe(0.7);
    expect(round(z(roles.wings.right))).toBe(-0.7);
    for (const leg of roles.legs) expect(round(pose.rotations[leg.upper * 3]!)).toBe(0.9);
    expect(movedJoints(pose).sort()).toEqual(
      [roles.wings.left, roles.wings.right, ...roles.legs.map((l) => l.upper)].sort(),
    );
    expect(largestStep(flyGait, roles, 2)).toBeLessThan(0.01);
  });

  it("banks into turns, at most 0.6 rad either way", () => {
    expect(round(roll(0))).toBe(0);
    expect(round(roll(1))).toBe(-0.35);
    expect(round(roll(-1))).toBe(0.35);
    expect(round(roll(10))).toBe(-0.6);
    expect(round(roll(-10))).toBe(0.6);
  });

  it("keeps flapping when hovering (it does not idle at 0)", () => {
    expect(poseAt(flyGait, roles, 0, 0.25)).toEqual(poseAt(flyGait, roles, 4, 0.25));
  });
});
