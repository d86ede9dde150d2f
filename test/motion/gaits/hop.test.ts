import { describe, expect, it } from "vitest";
import { crawlGait } from "../../../src/motion/gaits/crawl.js";
import { hopGait } from "../../../src/motion/gaits/hop.js";
import { waddleGait } from "../../../src/motion/gaits/waddle.js";
import { allFinite, everyRig, hopperRoles, largestStep, poseAt, poseNumbers } from "../../helpers/gaitRigs.js";
import { round } from "../../helpers/round.js";

const roles = hopperRoles();
const L = roles.legLength;
const cruise = hopGait.cruiseSpeed(roles);

describe("hopGait", () => {
  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(hopGait, r)).toBe(true);
  });

  it("hops faster, not farther, above its cruise speed (as crawl and waddle step faster)", () => {
    const at = (speed: number) => hopGait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });
    expect(at(0)).toBe(at(cruise));
    expect(round(at(3 * cruise))).toBe(round(at(cruise) / 3)); // the same ground per hop
    for (const gait of [crawlGait, waddleGait]) {
      const c = gait.cruiseSpeed(roles);
      const cycle = (speed: number) => gait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });
      expect(round(cycle(2 * c)), gait.name).toBe(round(cycle(c) / 2));
    }
  });

  it("scales its cycle and cruise speed with the legs", () => {
    expect(hopGait.name).toBe("hop");
    expect(round(hopGait.cycleSeconds({ roles, speed: cruise, turnRate: 0, phase: 0 }))).toBe(
      round(0.9 * Math.sqrt(L / 0.15)),
    );
    expect(round(cruise)).toBe(round(4 * L));
  });

  it("flies a parabola in the first half, peaking at 60% of the leg length, and crouches in the second", () => {
    const y = (phase: number) => poseAt(hopGait, roles, cruise, phase).bodyY;
    expect(round(y(0.25))).toBe(round(0.6 * L));
    expect(round(y(0.125))).toBe(round(0.75 * 0.6 * L));
    expect(round(y(0))).toBe(0);
    for (let k = 1; k < 50; k++) expect(y(k / 100)).toBeGreaterThan(0);
    expect(round(y(0.75))).toBe(round(-0.12 * L));
    for (let k = 51; k < 100; k++) expect(y(k / 100)).toBeLessThan(0);
  });

  it("pushes with both legs together and tucks the arms in flight", () => {
    const air = poseAt(hopGait, roles, cruise, 0.2);
    const ground = poseAt(hopGait, roles, cruise, 0.7);
    for (const pose of [air, ground]) {
      const [a, b] = roles.legs.map((l) => [pose.rotations[l.upper * 3], pose.rotations[l.lower * 3]]);
      expect(a).toEqual(b);
    }
    expect(round(air.rotations[roles.legs[0]!.upper * 3]!)).toBe(0.6);
    for (const arm of roles.arms) {
      expect(round(air.rotations[arm.upper * 3]!)).toBe(-0.5);
      expect(ground.rotations[arm.upper * 3]).toBe(0);
    }
  });

  it("stands still at speed 0", () => {
    for (const phase of [0, 0.25, 0.7]) {
      expect(poseNumbers(poseAt(hopGait, roles, 0, phase)).map((v) => round(v))).toEqual([
        ...Array(roles.joints.length * 3).fill(0),
        0,
        1,
      ]);
    }
  });

  it("keeps its body height continuous through the cycle", () => {
    let largest = 0;
    for (let k = 0; k < 2000; k++) {
      const a = poseAt(hopGait, roles, cruise, k / 2000).bodyY;
      const b = poseAt(hopGait, roles, cruise, ((k + 1) % 2000) / 2000).bodyY;
      largest = Math.max(largest, Math.abs(a - b));
    }
    expect(largest).toBeLessThan(0.01 * L);
  });

  // The legs once snapped from 0 to 0.6 rad at take-off (phase 0) and back at landing (0.5),
  // and the arms from -0.5 to 0: a pop every hop.
  it("moves its joints without popping, the end of its cycle meeting the start", () => {
    expect(largestStep(hopGait, roles, cruise)).toBeLessThan(0.01);
  });
});
