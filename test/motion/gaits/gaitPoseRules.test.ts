/**
 * The gaits' exact numbers: every joint a gait writes at phases inside each half of its cycle,
 * at half its cruise speed (the amplitudes scale with speed) and above it (they stop growing),
 * on a rig whose joints sit at known indices (a knee at joint 0, legs without knees).
 */
import { describe, expect, it } from "vitest";
import { crawlGait } from "../../../src/motion/gaits/crawl.js";
import { floatGait } from "../../../src/motion/gaits/float.js";
import { flapFrequency, flyGait } from "../../../src/motion/gaits/fly.js";
import type { Gait } from "../../../src/motion/gaits/gait.js";
import { fract, quickened, smoothstep } from "../../../src/motion/gaits/gait.js";
import { hopGait } from "../../../src/motion/gaits/hop.js";
import { gaitFor, walkGait } from "../../../src/motion/gaits/index.js";
import { jumpPose } from "../../../src/motion/gaits/jumpPose.js";
import { slitherGait, swimGait, wriggleGait } from "../../../src/motion/gaits/undulate.js";
import { waddleGait } from "../../../src/motion/gaits/waddle.js";
import { Pose } from "../../../src/motion/pose.js";
import type { RigRoles } from "../../../src/motion/rigRoles.js";
import { bareRig, sixLegRig } from "../../helpers/gaitJointRig.js";
import { poseAt } from "../../helpers/gaitRigs.js";

const TAU = 2 * Math.PI;
const rig = sixLegRig();
const L = rig.legLength;
const PHASES = [0.05, 0.125, 0.2, 0.3, 0.4, 0.45, 0.55, 0.6, 0.7, 0.8, 0.875, 0.95];

type Expected = Record<number, [number, number, number]>;

/** Every rotation of `pose` equals `expected` (joints not listed stay at 0), and its body rise. */
function expectPose(pose: Pose, expected: Expected, bodyY: number, label: string): void {
  for (let j = 0; j < pose.jointCount; j++) {
    const want = expected[j] ?? [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      expect(pose.rotations[j * 3 + k], `${label}: joint ${j} axis ${k}`).toBeCloseTo(want[k]!, 6);
    }
  }
  expect(pose.bodyY, `${label}: bodyY`).toBeCloseTo(bodyY, 9);
  expect(pose.breath, `${label}: breath`).toBe(1);
}

const cycle = (gait: Gait, roles: RigRoles, speed: number) =>
  gait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });

describe("quickened, smoothstep, fract", () => {
  it("keeps a cycle up to the cruise speed, shortens it in proportion above, and ignores a cruise of 0", () => {
    expect(quickened(2, 1, 0.5)).toBe(2);
    expect(quickened(2, 1, 1)).toBe(2);
    expect(quickened(2, 1, 4)).toBe(0.5);
    expect(quickened(2, 0, 4)).toBe(2);
    expect(quickened(2, -1, 4)).toBe(2);
    expect(smoothstep(0.2)).toBeCloseTo(0.104, 12);
    expect(fract(2.25)).toBe(0.25);
  });
});

describe("crawl", () => {
  const cruise = 2 * L;
  /** Tripod A (front-left, middle-right, hind-left) at the phase, tripod B half a cycle later. */
  function expected(phase: number, moving: number): Expected {
    const out: Expected = {};
    const tripodA = new Set([7, 12, 14]);
    for (const leg of rig.legs) {
      const p = phase + (tripodA.has(leg.upper) ? 0 : 0.5);
      const sign = leg.side === "left" ? 1 : -1;
      out[leg.upper] = [0, 0.35 * moving * sign * Math.sin(TAU * p), 0];
      if (leg.lower >= 0) out[leg.lower] = [0, 0, 0.3 * moving * sign * Math.max(0, Math.cos(TAU * p))];
    }
    return out;
  }

  it("cycles in 1.6 sqrt(leg) s up to cruise (2 legs/s), quicker above, for legs of at least 2 cm", () => {
    expect(crawlGait.name).toBe("crawl");
    expect(crawlGait.cruiseSpeed(rig)).toBeCloseTo(0.72, 12);
    expect(cycle(crawlGait, rig, 0.3)).toBeCloseTo(0.96, 12);
    expect(cycle(crawlGait, rig, 2.88)).toBeCloseTo(0.24, 12);
    expect(cycle(crawlGait, sixLegRig(0.005), 0)).toBeCloseTo(1.6 * Math.sqrt(0.02), 12);
  });

  it("sweeps the tripods against each other and lifts the knees outward, scaled by speed up to cruise", () => {
    for (const [speed, moving] of [
      [cruise / 2, 0.5],
      [3 * cruise, 1],
    ] as const) {
      for (const phase of PHASES) {
        const bodyY = 0.01 * L * moving * Math.sin(2 * TAU * phase);
        expectPose(poseAt(crawlGait, rig, speed, phase), expected(phase, moving), bodyY, `${speed} ${phase}`);
      }
    }
  });
});

describe("float", () => {
  it("bobs 4% of its height and rolls its body, one cycle every 3 s; cruises 0.3 heights/s (0.3 m at least)", () => {
    expect(floatGait.name).toBe("float");
    expect(cycle(floatGait, rig, 7)).toBe(3);
    expect(floatGait.cruiseSpeed(rig)).toBeCloseTo(0.24, 12);
    expect(floatGait.cruiseSpeed(bareRig(1, { height: 0.1 }))).toBeCloseTo(0.09, 12);
    for (const phase of PHASES) {
      const pose = poseAt(floatGait, rig, 0, phase);
      const body: [number, number, number] = [0.03 * Math.sin(TAU * phase + 1), 0, 0.05 * Math.sin(TAU * phase)];
      expectPose(pose, { 1: body }, 0.04 * 0.8 * Math.sin(TAU * phase), `${phase}`);
    }
  });
});

describe("fly", () => {
  it("beats 2.2 / sqrt(height) times a second between 2 and 8, heights under 5 cm counted as 5 cm", () => {
    expect(flapFrequency(1)).toBeCloseTo(2.2, 12);
    expect(flapFrequency(0.25)).toBeCloseTo(4.4, 12);
    expect(flapFrequency(0.04)).toBe(8);
    expect(flapFrequency(2)).toBe(2);
    expect(cycle(flyGait, rig, 3)).toBeCloseTo(Math.sqrt(0.8) / 2.2, 12);
    expect(flyGait.name).toBe("fly");
    expect(flyGait.cruiseSpeed(rig)).toBeCloseTo(4.8, 12);
    expect(flyGait.cruiseSpeed(bareRig(1, { height: 0.1 }))).toBe(1.5);
  });

  it("flaps the wings mirrored, tucks every leg, swings the tail, bobs against the beat and banks", () => {
    for (const turnRate of [0, 1, -1.5, 3, -3]) {
      for (const phase of PHASES) {
        const flap = 0.7 * Math.sin(TAU * phase);
        const bank = Math.max(-0.6, Math.min(0.6, -0.35 * turnRate));
        const want: Expected = {
          5: [0, 0, flap],
          6: [0, 0, -flap],
          1: [0, 0, bank],
          4: [0.1 * Math.sin(TAU * phase), 0, 0],
        };
        for (const leg of rig.legs) want[leg.upper] = [0.9, 0, 0];
        const bodyY = 0.03 * 0.8 * Math.sin(TAU * phase + Math.PI);
        expectPose(poseAt(flyGait, rig, 2, phase, turnRate), want, bodyY, `${turnRate} ${phase}`);
      }
    }
  });
});

describe("undulation", () => {
  it.each([
    [swimGait, "swim", 0.22, 1.6, 1.2],
    [slitherGait, "slither", 0.4, 2.4, 0.4],
    [wriggleGait, "wriggle", 0.3, 0.9, 0.2],
  ] as const)("%s: a wave of its amplitude, head and tail behind the body", (gait, name, amplitude, base, cruise) => {
    expect(gait.name).toBe(name);
    expect(cycle(gait, rig, 0)).toBeCloseTo(base * Math.sqrt(0.8), 12);
    expect(cycle(gait, rig, 2)).toBeCloseTo((base * Math.sqrt(0.8)) / 1.6, 12);
    expect(cycle(gait, bareRig(1, { height: 0.01 }), 1)).toBeCloseTo((base * Math.sqrt(0.05)) / 1.3, 12);
    expect(gait.cruiseSpeed(rig)).toBeCloseTo(cruise * 1.6, 12);
    expect(gait.cruiseSpeed(bareRig(1, { height: 0.1 }))).toBeCloseTo(cruise * 0.4, 12);
    for (const phase of PHASES) {
      const want: Expected = {
        1: [0, amplitude * Math.sin(TAU * phase), 0],
        2: [0, -0.5 * amplitude * Math.sin(TAU * phase - 0.8), 0],
        4: [0, 2 * amplitude * Math.sin(TAU * phase - 1.6), 0],
      };
      expectPose(poseAt(gait, rig, 1, phase), want, 0, `${phase}`);
    }
  });
});

describe("waddle", () => {
  const cruise = 0.9 * L;
  it("cycles in 1.4 sqrt(leg) s up to cruise (0.9 legs/s), quicker above, for legs of at least 3 cm", () => {
    expect(waddleGait.name).toBe("waddle");
    expect(waddleGait.cruiseSpeed(rig)).toBeCloseTo(0.324, 12);
    expect(cycle(waddleGait, rig, 0.1)).toBeCloseTo(0.84, 12);
    expect(cycle(waddleGait, rig, 4 * 0.324)).toBeCloseTo(0.21, 12);
    expect(cycle(waddleGait, sixLegRig(0.01), 0)).toBeCloseTo(1.4 * Math.sqrt(0.03), 12);
  });

  it("rolls the body, swings the legs against each other and lifts the wings, scaled by speed up to cruise", () => {
    for (const [speed, moving] of [
      [cruise / 2, 0.5],
      [3 * cruise, 1],
    ] as const) {
      for (const phase of PHASES) {
        const wave = Math.sin(TAU * phase);
        const want: Expected = {
          1: [0, 0.05 * moving * wave, 0.14 * moving * wave],
          5: [0, 0, 0.15 * moving * Math.max(0, wave)],
          6: [0, 0, -0.15 * moving * Math.max(0, -wave)],
        };
        for (const leg of rig.legs) {
          const sign = leg.side === "left" ? 1 : -1;
          want[leg.upper] = [-0.3 * moving * sign * wave, 0, 0];
          if (leg.lower >= 0) want[leg.lower] = [0.25 * moving * Math.max(0, sign * wave), 0, 0];
        }
        expectPose(poseAt(waddleGait, rig, speed, phase), want, 0, `${speed} ${phase}`);
      }
    }
  });
});

describe("hop", () => {
  const cruise = 4 * L;
  /** The airborne half: a parabola, legs stretched back then swung forward, arms tucked. */
  function air(phase: number, moving: number): [Expected, number] {
    const s = phase / 0.5;
    const swing = smoothstep((s - 0.7) / 0.3);
    const bend = smoothstep(s / 0.3) * (1 - swing);
    const tuck = smoothstep(s / 0.2) * (1 - smoothstep((s - 0.8) / 0.2));
    const want: Expected = {};
    for (const leg of rig.legs) {
      want[leg.upper] = [0.6 * moving * (1 - swing), 0, 0];
      if (leg.lower >= 0) want[leg.lower] = [-0.3 * moving * bend, 0, 0];
    }
    for (const arm of rig.arms) want[arm.upper] = [-0.5 * moving * tuck, 0, 0];
    return [want, 4 * 0.6 * L * moving * s * (1 - s)];
  }
  /** The ground half: a crouch that loads, then the legs stretch back to push. */
  function ground(phase: number, moving: number): [Expected, number] {
    const s = (phase - 0.5) / 0.5;
    const crouch = Math.sin(Math.PI * s);
    const want: Expected = {};
    for (const leg of rig.legs) {
      want[leg.upper] = [moving * (-0.4 * crouch + 0.6 * smoothstep(s)), 0, 0];
      if (leg.lower >= 0) want[leg.lower] = [0.6 * moving * crouch, 0, 0];
    }
    return [want, -0.12 * L * moving * crouch];
  }

  it("cycles in 0.9 sqrt(leg / 0.15) s up to cruise (4 legs/s), quicker above, for legs of at least 3 cm", () => {
    expect(hopGait.name).toBe("hop");
    expect(hopGait.cruiseSpeed(rig)).toBeCloseTo(1.44, 12);
    expect(cycle(hopGait, rig, 1)).toBeCloseTo(0.9 * Math.sqrt(2.4), 12);
    expect(cycle(hopGait, rig, 2.88)).toBeCloseTo(0.45 * Math.sqrt(2.4), 12);
    expect(cycle(hopGait, sixLegRig(0.01), 0)).toBeCloseTo(0.9 * Math.sqrt(0.2), 12);
  });

  it("flies the first half and crouches the second, scaled by speed up to cruise", () => {
    for (const [speed, moving] of [
      [cruise / 2, 0.5],
      [3 * cruise, 1],
    ] as const) {
      for (const phase of [...PHASES, 0.02, 0.08, 0.38, 0.42, 0.48]) {
        const [want, bodyY] = phase < 0.5 ? air(phase, moving) : ground(phase, moving);
        expectPose(poseAt(hopGait, rig, speed, phase), want, bodyY, `${speed} ${phase}`);
      }
    }
  });
});

describe("jumpPose", () => {
  /** A crouch of depth c: every leg and arm folded, the body low. */
  function crouch(c: number): [Expected, number] {
    const want: Expected = {};
    for (const leg of rig.legs) {
      want[leg.upper] = [-0.45 * c, 0, 0];
      if (leg.lower >= 0) want[leg.lower] = [0.8 * c, 0, 0];
    }
    for (const arm of rig.arms) {
      want[arm.upper] = [-0.3 * c, 0, 0];
      if (arm.lower >= 0) want[arm.lower] = [0.4 * c, 0, 0];
    }
    return [want, -0.18 * L * c];
  }
  /** Stretched by s: front legs forward, hind legs back, arms forward, the body pitched. */
  function stretch(s: number, pitch: number): [Expected, number] {
    const want: Expected = { 1: [pitch, 0, 0], 4: [-0.4 * s, 0, 0], 2: [-pitch * 0.6, 0, 0] };
    for (const leg of rig.legs) {
      const front = leg.end === "front";
      want[leg.upper] = [(front ? -0.7 : 0.6) * s, 0, 0];
      if (leg.lower >= 0) want[leg.lower] = [(front ? 0.2 : -0.3) * s, 0, 0];
    }
    for (const arm of rig.arms) {
      want[arm.upper] = [-0.6 * s, 0, 0];
      if (arm.lower >= 0) want[arm.lower] = [0.2 * s, 0, 0];
    }
    return [want, 0];
  }
  const at = (phase: "start" | "fall" | "end", t: number) => {
    const pose = new Pose(rig.joints.length);
    jumpPose(rig, phase, t, pose);
    return pose;
  };

  it("crouches over the first third of the start, then stretches nose up", () => {
    for (const t of [0, 0.1, 0.2, 0.3, 0.32]) {
      const [want, y] = crouch(smoothstep(t * 3));
      expectPose(at("start", t), want, y, `start ${t}`);
    }
    for (const t of [1 / 3, 0.4, 0.6, 0.8, 1, 1.5]) {
      const s = smoothstep((Math.min(t, 1) - 1 / 3) * 1.5);
      const [want, y] = stretch(s, -0.35 * s);
      expectPose(at("start", t), want, y, `start ${t}`);
    }
    const [folded, low] = crouch(0);
    expectPose(at("start", -1), folded, low, "start before 0");
  });

  it("turns nose down over the fall, front legs reaching", () => {
    for (const t of [-0.5, 0, 0.25, 0.5, 0.8, 1, 2]) {
      const [want, y] = stretch(1, -0.35 + 0.6 * smoothstep(Math.min(1, Math.max(0, t))));
      expectPose(at("fall", t), want, y, `fall ${t}`);
    }
  });

  it("lands in a crouch that straightens by (1 - t)²", () => {
    for (const t of [-1, 0, 0.25, 0.5, 0.9, 1, 3]) {
      const u = Math.min(1, Math.max(0, t));
      const [want, y] = crouch((1 - u) * (1 - u));
      expectPose(at("end", t), want, y, `end ${t}`);
    }
  });
});

describe("gaitFor", () => {
  it("gives no gait for a missing behaviour, even when a table has a key named undefined", () => {
    expect(gaitFor(undefined, rig, { undefined: walkGait })).toBeNull();
    expect(gaitFor("undefined", rig, { undefined: walkGait })).toBe(walkGait);
  });
});
