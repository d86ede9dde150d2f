import { describe, expect, it } from "vitest";
import { slitherGait, swimGait, wriggleGait } from "../../../src/motion/gaits/undulate.js";
import { allFinite, everyRig, largestStep, movedJoints, poseAt } from "../../helpers/gaitRigs.js";
import { bodyOnlyRoles, quadrupedRoles } from "../../helpers/motionRig.js";
import { round } from "../../helpers/round.js";

const GAITS = [
  ["swim", swimGait, 0.22, 1.6, 1.2],
  ["slither", slitherGait, 0.4, 2.4, 0.4],
  ["wriggle", wriggleGait, 0.3, 0.9, 0.2],
] as const;

describe.each(GAITS)("%s", (name, gait, amplitude, baseCycle, cruise) => {
  const roles = quadrupedRoles(0.5); // has body, head and tail

  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(gait, r)).toBe(true);
  });

  it("has its name, cycle and cruise speed", () => {
    expect(gait.name).toBe(name);
    const cycle = (speed: number, r = roles) => gait.cycleSeconds({ roles: r, speed, turnRate: 0, phase: 0 });
    expect(round(cycle(0))).toBe(round(baseCycle * Math.sqrt(roles.height)));
    expect(round(cycle(2))).toBe(round(cycle(0) / 1.6)); // faster when faster
    expect(round(cycle(0, bodyOnlyRoles(0.01)))).toBe(round(baseCycle * Math.sqrt(0.05)));
    expect(round(gait.cruiseSpeed(roles))).toBe(round(cruise * roles.height * 2));
    expect(round(gait.cruiseSpeed(bodyOnlyRoles(0.1)))).toBe(round(cruise * 0.4));
  });

  it("sends a wave along body, head and tail, the tail twice the body's, without popping", () => {
    const yaw = (phase: number, joint: number) => poseAt(gait, roles, 0, phase).rotations[joint * 3 + 1]!;
    expect(round(yaw(0.25, roles.body))).toBe(round(amplitude));
    let tail = 0;
    let head = 0;
    for (let k = 0; k < 400; k++) {
      tail = Math.max(tail, Math.abs(yaw(k / 400, roles.tail)));
      head = Math.max(head, Math.abs(yaw(k / 400, roles.head)));
    }
    expect(round(tail, 3)).toBe(round(2 * amplitude, 3));
    expect(round(head, 3)).toBe(round(0.5 * amplitude, 3));
    expect(movedJoints(poseAt(gait, roles, 0, 0.3)).sort()).toEqual([roles.body, roles.head, roles.tail].sort());
    expect(largestStep(gait, roles, 1)).toBeLessThan(0.01);
  });
});
