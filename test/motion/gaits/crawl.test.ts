import { describe, expect, it } from "vitest";
import { crawlGait } from "../../../src/motion/gaits/crawl.js";
import type { LegRole } from "../../../src/motion/rigRoles.js";
import { allFinite, crawlerRoles, everyRig, largestStep, poseAt, poseNumbers } from "../../helpers/gaitRigs.js";
import { round } from "../../helpers/round.js";

const roles = crawlerRoles();
const cruise = crawlGait.cruiseSpeed(roles);
const leg = (end: string, side: string) => roles.legs.find((l) => l.end === end && l.side === side)!;

/** How far forward (+Z) a leg's tip swings for its Y rotation: left legs point +X, right ones -X. */
function reach(l: LegRole, phase: number): number {
  const angle = poseAt(crawlGait, roles, cruise, phase).rotations[l.upper * 3 + 1]!;
  return -(l.side === "left" ? 1 : -1) * Math.sin(angle);
}

describe("crawlGait", () => {
  it.each(Object.entries(everyRig()))("writes finite numbers on a %s rig", (_rig, r) => {
    expect(allFinite(crawlGait, r)).toBe(true);
  });

  it("scales its cycle and cruise speed with the legs", () => {
    expect(roles.legs).toHaveLength(6);
    expect(crawlGait.name).toBe("crawl");
    expect(round(crawlGait.cycleSeconds({ roles, speed: cruise, turnRate: 0, phase: 0 }))).toBe(
      round(1.6 * Math.sqrt(roles.legLength)),
    );
    expect(round(cruise)).toBe(round(2 * roles.legLength));
  });

  it("steps in alternating tripods: front-left, middle-right, hind-left together, the others opposite", () => {
    const tripodA = [leg("front", "left"), leg("middle", "right"), leg("hind", "left")];
    const tripodB = [leg("front", "right"), leg("middle", "left"), leg("hind", "right")];
    for (const phase of [0.1, 0.25, 0.6, 0.9]) {
      const a = reach(tripodA[0]!, phase);
      expect(Math.abs(a)).toBeGreaterThan(0.01);
      for (const l of tripodA) expect(round(reach(l, phase)), `${l.end} ${l.side}`).toBe(round(a));
      for (const l of tripodB) expect(round(reach(l, phase)), `${l.end} ${l.side}`).toBe(round(-a));
    }
  });

  it("lifts each lower leg outward only, left and right mirrored", () => {
    for (let k = 0; k < 40; k++) {
      const pose = poseAt(crawlGait, roles, cruise, k / 40);
      for (const l of roles.legs) {
        const lift = pose.rotations[l.lower * 3 + 2]! * (l.side === "left" ? 1 : -1);
        expect(lift).toBeGreaterThanOrEqual(0);
        expect(round(lift)).toBeLessThanOrEqual(0.3);
      }
    }
  });

  it("stands still at speed 0, and moves without popping", () => {
    expect(poseNumbers(poseAt(crawlGait, roles, 0, 0.3)).map((v) => round(v))).toEqual([
      ...Array(roles.joints.length * 3).fill(0),
      0,
      1,
    ]);
    expect(largestStep(crawlGait, roles, cruise)).toBeLessThan(0.01);
  });
});
