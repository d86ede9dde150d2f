import { describe, expect, it } from "vitest";
import { waddleGait } from "../../../src/motion/gaits/waddle.js";
import {
  allFinite,
  everyRig,
  largestStep,
  movedJoints,
  poseAt,
  poseNumbers,
  waddlerRoles,
} from "../../helpers/gaitRigs.js";
import { round } from "../../helpers/round.js";

const roles = waddlerRoles();
const cruise = waddleGait.cruiseSpeed(roles);
const rot = (pose: ReturnType<typeof poseAt>, joint: number, axis: number) => pose.rotations[joint * 3 + axis]!;

describe("waddleGait", () => {
  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(waddleGait, r)).toBe(true);
  });

  it("scales its cycle and cruise speed with the legs", () => {
    const L = roles.legLength;
    expect(waddleGait.name).toBe("waddle");
    expect(round(waddleGait.cycleSeconds({ roles, speed: cruise, turnRate: 0, phase: 0 }))).toBe(
      round(1.4 * Math.sqrt(L)),
    );
    expect(round(cruise)).toBe(round(0.9 * L));
  });

  it("moves without popping, the end of its cycle meeting the start", () => {
    expect(largestStep(waddleGait, roles, cruise)).toBeLessThan(0.01);
  });

  it("stands still at speed 0", () => {
    for (const phase of [0, 0.25, 0.6]) {
      const pose = poseAt(waddleGait, roles, 0, phase);
      expect(poseNumbers(pose).map((v) => round(v))).toEqual([...Array(roles.joints.length * 3).fill(0), 0, 1]);
    }
  });

  it("rolls the body and swings the legs against each other, only body, legs and wings", () => {
    const pose = poseAt(waddleGait, roles, cruise, 0.25);
    const [left, right] = [roles.legs.find((l) => l.side === "left")!, roles.legs.find((l) => l.side === "right")!];
    expect(round(rot(pose, roles.body, 2))).toBe(0.14);
    expect(round(rot(pose, left.upper, 0))).toBe(-0.3);
    expect(round(rot(pose, right.upper, 0))).toBe(0.3);
    expect(round(rot(pose, left.lower, 0))).toBe(0.25); // the leg stepping bends; the other stays straight
    expect(round(rot(pose, right.lower, 0))).toBe(0);
    expect(round(rot(pose, roles.wings.left, 2))).toBe(0.15);
    const allowed = [roles.body, roles.wings.left, roles.wings.right, ...roles.legs.flatMap((l) => [l.upper, l.lower])];
    expect(movedJoints(pose).every((j) => allowed.includes(j))).toBe(true);
    expect(round(rot(poseAt(waddleGait, roles, cruise, 0.75), roles.body, 2))).toBe(-0.14);
  });

  it("reaches full swing at cruise speed and no further", () => {
    const at = (speed: number) => rot(poseAt(waddleGait, roles, speed, 0.25), roles.body, 2);
    expect(round(at(cruise / 2))).toBe(0.07);
    expect(at(cruise * 3)).toBe(at(cruise));
  });
});
