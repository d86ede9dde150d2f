/**
 * The walk's exact numbers: each limb's phase offset by end and side (walk and trot), the duty
 * factor and cycle at walking, trotting and running speeds, knee-less legs quickening sooner,
 * the swing clamped to a short leg's reach, the body's dip and the head's and tail's sway.
 */
import { describe, expect, it } from "vitest";
import type { GaitContext } from "../../../src/motion/gaits/gait.js";
import {
  dutyFactor,
  type FootState,
  footCycle,
  legOffset,
  maxWalkSpeed,
  trotBlend,
  walkCycleSeconds,
  walkGait,
} from "../../../src/motion/gaits/walk.js";
import { Pose } from "../../../src/motion/pose.js";
import type { LegEnd, RigRoles } from "../../../src/motion/rigRoles.js";
import { bareRig, limb } from "../../helpers/gaitJointRig.js";

const TAU = 2 * Math.PI;
const MAX_SWING = 0.55;
const RUN_SWING = 0.8;

/** [walk, trot] phase offsets by end and side, as the gait documents them. */
const OFFSETS: Record<LegEnd, Record<"left" | "right", [number, number]>> = {
  hind: { left: [0, 0], right: [0.5, 0.5] },
  front: { left: [0.25, 0.5], right: [0.75, 1] },
  middle: { left: [0.5, 0.5], right: [0, 0] },
  "": { left: [0, 0], right: [0.5, 0.5] },
};

/**
 * Eight legs, two of every end, and two arms; the hind-left knee at joint 0, the head at 19
 * and the tail at 20. The front-right leg has no knee; the "" right leg is short (its swing
 * clamps at 90°).
 */
function eightLegRig(headAt = 19, tailAt = 20): RigRoles {
  const L = 0.36;
  return bareRig(21, {
    legs: [
      limb(1, 0, "left", "hind", L),
      limb(2, 3, "right", "hind", L),
      limb(4, 5, "left", "front", L),
      limb(6, -1, "right", "front", L),
      limb(7, 8, "left", "middle", L),
      limb(9, 10, "right", "middle", L),
      limb(11, 12, "left", "", L),
      limb(13, 14, "right", "", 0.05),
    ],
    arms: [limb(15, 16, "left", "front", 0.2), limb(17, 18, "right", "front", 0.2)],
    head: headAt,
    tail: tailAt,
    legLength: L,
    height: 0.9,
  });
}

/** Four knee-less legs (elephant, hippo), the tail at joint 0. */
function kneelessRig(): RigRoles {
  const L = 0.36;
  return bareRig(5, {
    legs: [
      limb(1, -1, "left", "hind", L),
      limb(2, -1, "right", "hind", L),
      limb(3, -1, "left", "front", L),
      limb(4, -1, "right", "front", L),
    ],
    tail: 0,
    legLength: L,
  });
}

/** The gait's numbers at a speed: [trot blend, duty, cycle seconds, top walk speed]. */
function params(roles: RigRoles, speed: number): [number, number, number, number] {
  const L = Math.max(roles.legLength, 0.02);
  const walkCycle = 2.4 * Math.sqrt(L);
  const top = (2 * L * Math.sin(MAX_SWING)) / (0.75 * walkCycle);
  const x = Math.min(1, Math.max(0, (speed - 0.8 * top) / (0.5 * top)));
  const blend = x * x * (3 - 2 * x);
  const duty = 0.75 - 0.25 * blend;
  const kneeless = roles.legs.length > 0 && roles.legs.every((l) => l.lower < 0);
  const reach = 2 * L * Math.sin(kneeless ? MAX_SWING : RUN_SWING);
  return [blend, duty, Math.min(walkCycle * (1 - 0.3 * blend), reach / Math.max(speed * duty, 1e-6)), top];
}

/** The whole pose as a flat list: three rotations per joint, then the body's rise. */
function expectedPose(roles: RigRoles, speed: number, phase: number): number[] {
  const [blend, duty, cycle, top] = params(roles, speed);
  const stride = speed * duty * cycle;
  const out = Array<number>(roles.joints.length * 3).fill(0);
  for (const leg of [...roles.legs, ...roles.arms]) {
    const [walk, trot] = OFFSETS[leg.end][leg.side];
    const shifted = phase - (walk + (trot - walk) * blend);
    const p = shifted - Math.floor(shifted);
    let forward = stride / 2 - (stride * p) / duty;
    let knee = 0;
    if (p >= duty) {
      const s = (p - duty) / (1 - duty);
      forward = -stride / 2 + stride * s * s * (3 - 2 * s);
      knee = 0.9 * Math.sin(Math.PI * s);
    }
    out[leg.upper * 3] = -Math.asin(Math.max(-1, Math.min(1, forward / leg.length)));
    if (leg.lower >= 0) out[leg.lower * 3] = knee;
  }
  const moving = Math.min(1, speed / top);
  const sway = moving * Math.sin(TAU * phase);
  if (roles.head >= 0) out[roles.head * 3 + 1] = 0.08 * sway;
  if (roles.tail >= 0) out[roles.tail * 3 + 1] = -0.2 * sway;
  out.push((-0.02 * roles.legLength * moving * (1 - Math.cos(2 * TAU * phase))) / 2);
  return out;
}

function actualPose(roles: RigRoles, speed: number, phase: number, pose = new Pose(roles.joints.length)): number[] {
  walkGait.pose({ roles, speed, turnRate: 0, phase }, pose);
  return [...pose.rotations, pose.bodyY];
}

function expectClose(actual: number[], expected: number[], label: string): void {
  expect(actual).toHaveLength(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i], `${label} [${i}]`).toBeCloseTo(expected[i]!, 5);
}

const PHASES = [0.03, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.97];

describe("walk's helpers", () => {
  const roles = eightLegRig();
  const top = (2 * 0.36 * Math.sin(MAX_SWING)) / (0.75 * 2.4 * 0.6);

  it("cycles in 2.4 sqrt(leg) s, legs of at least 2 cm; tops its walk where the legs swing 0.55 rad", () => {
    expect(walkCycleSeconds(0.36)).toBeCloseTo(1.44, 12);
    expect(walkCycleSeconds(0.005)).toBeCloseTo(2.4 * Math.sqrt(0.02), 12);
    expect(maxWalkSpeed(roles)).toBeCloseTo(top, 12);
  });

  it("blends walk into trot from 0.8 to 1.3 times the top walk, the duty falling from 3/4 to 1/2", () => {
    expect(trotBlend(0.7 * top, roles)).toBe(0);
    expect(trotBlend(2 * top, roles)).toBe(1);
    expect(trotBlend(0.9 * top, roles)).toBeCloseTo(0.104, 9);
    expect(trotBlend(1.05 * top, roles)).toBeCloseTo(0.5, 9);
    expect(trotBlend(1.3 * top, roles)).toBeCloseTo(1, 12);
    expect(dutyFactor(0.4)).toBeCloseTo(0.65, 12);
  });

  it("offsets each leg by its end and side, between its walk and trot offsets", () => {
    for (const end of ["hind", "front", "middle", ""] as const) {
      for (const side of ["left", "right"] as const) {
        const [walk, trot] = OFFSETS[end][side];
        expect(legOffset({ end, side }, 0), `${end} ${side}`).toBe(walk);
        expect(legOffset({ end, side }, 1), `${end} ${side}`).toBe(trot);
        expect(legOffset({ end, side }, 0.4), `${end} ${side}`).toBeCloseTo(walk + 0.4 * (trot - walk), 12);
      }
    }
  });

  it("sweeps a foot back while down, then lifts the knee and swings it forward", () => {
    const out: FootState = { forward: 9, knee: 9, down: false };
    expect(footCycle(0.3, 0.6, 0.75, out)).toEqual({ forward: 0.3 - (0.6 * 0.3) / 0.75, knee: 0, down: true });
    expect(footCycle(0.75, 0.6, 0.75, out)).toEqual({ forward: -0.3, knee: 0, down: false });
    const s = (0.85 - 0.75) / 0.25;
    const swung = footCycle(0.85, 0.6, 0.75, out);
    expect(swung.forward).toBeCloseTo(-0.3 + 0.6 * s * s * (3 - 2 * s), 12);
    expect(swung.knee).toBeCloseTo(0.9 * Math.sin(Math.PI * s), 12);
    expect(swung.down).toBe(false);
  });
});

describe("walkGait", () => {
  const roles = eightLegRig();
  const top = params(roles, 0)[3];
  const SPEEDS = [0, 0.5 * top, 0.9 * top, 1.2 * top, 2 * top, 8 * top];

  it("walks, trots and runs at the cycle its legs allow; 0.6 of the top walk is its cruise", () => {
    expect(walkGait.name).toBe("walk");
    expect(walkGait.cruiseSpeed(roles)).toBeCloseTo(0.6 * top, 12);
    for (const speed of SPEEDS) {
      const want = params(roles, speed)[2];
      const ctx: GaitContext = { roles, speed, turnRate: 0, phase: 0 };
      expect(walkGait.cycleSeconds(ctx), `${speed}`).toBeCloseTo(want, 9);
      walkGait.prepare!(ctx);
      expect(ctx.cycle, `${speed}`).toBeCloseTo(want, 9);
    }
    // Running, the cycle is the legs' reach over the ground swept while down.
    expect(walkGait.cycleSeconds({ roles, speed: 8 * top, turnRate: 0, phase: 0 })).toBeCloseTo(
      (2 * 0.36 * Math.sin(RUN_SWING)) / (8 * top * 0.5),
      9,
    );
  });

  it("quickens knee-less legs sooner, and a rig with only arms as if it had knees", () => {
    const heavy = kneelessRig();
    const speed = 8 * top;
    expect(walkGait.cycleSeconds({ roles: heavy, speed, turnRate: 0, phase: 0 })).toBeCloseTo(
      (2 * 0.36 * Math.sin(MAX_SWING)) / (speed * 0.5),
      9,
    );
    // One knee is enough to run wide, even one at joint 0.
    const oneKnee = bareRig(5, {
      legs: [
        limb(1, 0, "left", "hind", 0.36),
        limb(2, -1, "right", "hind", 0.36),
        limb(3, -1, "left", "front", 0.36),
        limb(4, -1, "right", "front", 0.36),
      ],
      legLength: 0.36,
    });
    expect(walkGait.cycleSeconds({ roles: oneKnee, speed, turnRate: 0, phase: 0 })).toBeCloseTo(
      (2 * 0.36 * Math.sin(RUN_SWING)) / (speed * 0.5),
      9,
    );
    const armsOnly = bareRig(4, { arms: [limb(0, 1, "left", "front", 0.36), limb(2, 3, "right", "front", 0.36)] });
    expect(walkGait.cycleSeconds({ roles: armsOnly, speed, turnRate: 0, phase: 0 })).toBeCloseTo(
      params(armsOnly, speed)[2],
      9,
    );
    expect(params(armsOnly, speed)[2]).toBeCloseTo(((2 * 0.5 * Math.sin(RUN_SWING)) / speed) * 2, 9);
  });

  it("poses every limb, the head, the tail and the body's dip at each phase and speed", () => {
    for (const r of [roles, eightLegRig(0, 20), kneelessRig()]) {
      for (const speed of SPEEDS) {
        for (const phase of PHASES) {
          expectClose(actualPose(r, speed, phase), expectedPose(r, speed, phase), `${speed} ${phase}`);
        }
      }
    }
  });

  it("takes legs shorter than 2 cm for 2 cm", () => {
    const tiny: RigRoles = { ...kneelessRig(), legLength: 0.005 };
    const speed = 0.05;
    expectClose(actualPose(tiny, speed, 0.3), expectedPose(tiny, speed, 0.3), "tiny");
    expect(walkGait.cycleSeconds({ roles: tiny, speed, turnRate: 0, phase: 0 })).toBeCloseTo(params(tiny, speed)[2], 9);
  });

  it("writes all three axes of every limb joint, whatever the pose held before", () => {
    const pose = new Pose(roles.joints.length);
    pose.rotations.fill(7);
    walkGait.pose({ roles, speed: top, turnRate: 0, phase: 0.3 }, pose);
    for (const leg of roles.legs) {
      expect(pose.rotations[leg.upper * 3 + 1], `${leg.upper}`).toBe(0);
      expect(pose.rotations[leg.upper * 3 + 2], `${leg.upper}`).toBe(0);
      if (leg.lower >= 0) {
        expect(pose.rotations[leg.lower * 3 + 1], `${leg.lower}`).toBe(0);
        expect(pose.rotations[leg.lower * 3 + 2], `${leg.lower}`).toBe(0);
      }
    }
  });
});
