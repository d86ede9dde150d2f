/**
 * AgentPoser's exact numbers, engine-free: how fast it blends between idle and its gait (and
 * that a flier blends in at a hover), the phase it advances by its gait's cycle, the speed and
 * turn rate it hands the gait, the smoothstepped mix of the idle and gait poses, a skipped
 * frame, a jump's pose, the bowed head and the folded wings, on rigs with roles at joint 0.
 */
import { describe, expect, it } from "vitest";
import { AgentPoser } from "../../src/motion/agentPose.js";
import { crawlGait } from "../../src/motion/gaits/crawl.js";
import { flyGait } from "../../src/motion/gaits/fly.js";
import type { Gait, GaitContext } from "../../src/motion/gaits/gait.js";
import { advanceIdle, createIdleState, writeIdle } from "../../src/motion/gaits/idle.js";
import { jumpPose } from "../../src/motion/gaits/jumpPose.js";
import { walkGait } from "../../src/motion/gaits/walk.js";
import type { JumpArc } from "../../src/motion/jumpArc.js";
import { Pose } from "../../src/motion/pose.js";
import type { RigRoles } from "../../src/motion/rigRoles.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { bareRig, sixLegRig } from "../helpers/gaitJointRig.js";

const SEED = 7;
/** The six-legged rig without wings (nothing folds), its head 2, neck 3, tail 4. */
const plain: RigRoles = { ...sixLegRig(), wings: { left: -1, right: -1 } };

function poser(roles: RigRoles, dt: number, speed = 0): AgentPoser {
  const p = new AgentPoser(roles, new SeededRandom(SEED));
  p.dt = dt;
  p.speed = speed;
  return p;
}

/** Idle poses of a twin generator: the poser draws only for its idle, so these are its own. */
function idleTwin(roles: RigRoles) {
  const rng = new SeededRandom(SEED);
  const state = createIdleState(rng);
  return (dt: number): Pose => {
    state.dt = dt;
    advanceIdle(state, rng);
    const pose = new Pose(roles.joints.length);
    writeIdle(roles, state, pose);
    return pose;
  };
}

function gaitPose(gait: Gait, roles: RigRoles, speed: number, phase: number, turnRate = 0): Pose {
  const pose = new Pose(roles.joints.length);
  gait.pose({ roles, speed, turnRate, phase }, pose);
  return pose;
}

/** `actual` is `a` (1 - w) + `b` w, rotation by rotation, body rise and breath. */
function expectMix(actual: Pose, a: Pose, b: Pose, w: number, label: string): void {
  for (let i = 0; i < actual.rotations.length; i++) {
    expect(actual.rotations[i], `${label} [${i}]`).toBeCloseTo(a.rotations[i]! * (1 - w) + b.rotations[i]! * w, 6);
  }
  expect(actual.bodyY, `${label} bodyY`).toBeCloseTo(a.bodyY * (1 - w) + b.bodyY * w, 9);
  expect(actual.breath, `${label} breath`).toBeCloseTo(a.breath * (1 - w) + b.breath * w, 9);
}

const smooth = (t: number) => t * t * (3 - 2 * t);
const cycleOf = (gait: Gait, roles: RigRoles, speed: number) =>
  gait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });

describe("AgentPoser: blend", () => {
  const blends = (p: AgentPoser, gait: Gait | null, n: number) =>
    Array.from({ length: n }, () => {
      p.update(gait);
      return p.moveBlend;
    });

  it("blends into a gait in 0.35 s and out again, holding exactly 1 and 0 at the ends", () => {
    const p = poser(plain, 0.07, 1);
    expect(p.moveBlend).toBe(0);
    const up = blends(p, walkGait, 7);
    [0.2, 0.4, 0.6, 0.8].forEach((b, i) => {
      expect(up[i]).toBeCloseTo(b, 12);
    });
    expect(up.slice(4)).toEqual([1, 1, 1]);
    p.speed = 0;
    const down = blends(p, walkGait, 7);
    [0.8, 0.6, 0.4, 0.2].forEach((b, i) => {
      expect(down[i]).toBeCloseTo(b, 12);
    });
    expect(down.slice(5)).toEqual([0, 0]);
  });

  it("moves above 1 mm/s; a flier moves at a hover; no gait idles at any speed", () => {
    expect(blends(poser(plain, 0.07, 0.001), walkGait, 1)).toEqual([0]);
    expect(blends(poser(plain, 0.07, 0.0011), walkGait, 1)[0]).toBeCloseTo(0.2, 12);
    expect(blends(poser(plain, 0.07, 0), flyGait, 1)[0]).toBeCloseTo(0.2, 12);
    expect(blends(poser(plain, 0.07, 5), null, 2)).toEqual([0, 0]);
    const stopping = poser(plain, 0.07, 1);
    blends(stopping, walkGait, 3);
    const out = blends(stopping, null, 2);
    expect(out[0]).toBeCloseTo(0.4, 12);
    expect(out[1]).toBeCloseTo(0.2, 12);
  });
});

describe("AgentPoser: phase", () => {
  it("advances the phase by dt over the gait's cycle at its speed, wrapping at 1", () => {
    for (const [gait, speed] of [
      [walkGait, 0.4],
      [crawlGait, 0.2],
    ] as const) {
      const p = poser(plain, 0.1, speed);
      const step = 0.1 / cycleOf(gait, plain, speed);
      let phase = 0;
      for (let i = 0; i < 30; i++) {
        p.update(gait);
        phase = (phase + step) % 1;
        expect(p.phase, `${gait.name} ${i}`).toBeCloseTo(phase, 9);
      }
    }
  });

  it("keeps the phase while it idles, also with a gait at a standstill", () => {
    const p = poser(plain, 0.1, 0);
    p.update(walkGait);
    p.update(walkGait);
    expect([p.phase, p.moveBlend]).toEqual([0, 0]);
    p.speed = 0.5;
    p.update(walkGait);
    const moved = p.phase;
    expect(moved).toBeGreaterThan(0);
    p.update(null);
    p.update(null);
    p.update(null);
    expect(p.phase).toBe(moved);
  });

  it("takes a cycle under 1 ms for 1 ms", () => {
    const instant: Gait = { ...crawlGait, name: "instant", cycleSeconds: () => 0 };
    const p = poser(plain, 0.0004, 1);
    p.update(instant);
    expect(p.phase).toBeCloseTo(0.4, 12);
  });

  it("asks a gait with a fast path for its cycle that way, with its speed and turn rate", () => {
    const seen: string[] = [];
    const spy: Gait = {
      name: "spy",
      cycleSeconds: () => {
        seen.push("cycleSeconds");
        return 1;
      },
      prepare: (ctx: GaitContext) => {
        seen.push(`prepare ${ctx.speed} ${ctx.turnRate}`);
        ctx.cycle = 2;
      },
      pose: (ctx: GaitContext) => {
        seen.push(`pose ${ctx.speed} ${ctx.turnRate} ${ctx.phase}`);
      },
      cruiseSpeed: () => 1,
    };
    const p = poser(plain, 0.5, 3);
    p.turnRate = -0.5;
    p.update(spy);
    expect(seen).toEqual(["prepare 3 -0.5", "pose 3 -0.5 0.25"]);
    expect(p.phase).toBe(0.25);
  });
});

describe("AgentPoser: pose", () => {
  it("mixes its idle and gait poses by the smoothstepped blend, handing the gait its turn rate", () => {
    const dt = 0.0875; // a quarter of the blend a step
    const p = poser(plain, dt, 2);
    p.turnRate = 1;
    const idle = idleTwin(plain);
    const cycle = cycleOf(flyGait, plain, 2);
    for (let i = 1; i <= 5; i++) {
      p.update(flyGait);
      const blend = Math.min(1, i * 0.25);
      expect(p.moveBlend).toBeCloseTo(blend, 12);
      const fly = gaitPose(flyGait, plain, 2, ((i * dt) / cycle) % 1, 1);
      expectMix(p.pose, idle(dt), fly, smooth(blend), `step ${i}`);
    }
    expect(p.pose.rotations[plain.body * 3 + 2]).toBeCloseTo(-0.35, 6);
  });

  it("holds the idle pose while it idles", () => {
    const p = poser(plain, 0.1, 0);
    const idle = idleTwin(plain);
    for (let i = 0; i < 4; i++) {
      p.update(i < 2 ? null : walkGait);
      const want = idle(0.1);
      expectMix(p.pose, want, want, 0, `step ${i}`);
    }
    expect(p.pose.breath).not.toBe(1);
  });

  it("leaves the pose of a skipped frame as it was, and poses the next as if none were skipped", () => {
    const p = poser(plain, 0.05, 0.5);
    const twin = poser(plain, 0.05, 0.5);
    expect(p.skip).toBe(false);
    p.update(walkGait);
    twin.update(walkGait);
    const before = [...p.pose.rotations, p.pose.bodyY, p.pose.breath];
    p.skip = true;
    for (let i = 0; i < 3; i++) {
      p.update(walkGait);
      twin.update(walkGait);
    }
    expect([...p.pose.rotations, p.pose.bodyY, p.pose.breath]).toEqual(before);
    expect([p.phase, p.moveBlend]).toEqual([twin.phase, twin.moveBlend]);
    p.skip = false;
    p.update(walkGait);
    twin.update(walkGait);
    expect([...p.pose.rotations, p.pose.bodyY, p.pose.breath]).toEqual([
      ...twin.pose.rotations,
      twin.pose.bodyY,
      twin.pose.breath,
    ]);
  });

  it("takes its jump's pose during a jump, with a gait; idles through one without; ignores a jump with no arc", () => {
    const arc = {} as JumpArc;
    const jumping = poser(plain, 0.1, 1);
    jumping.jump = { arc, phase: "fall", phaseSeconds: 0.5, phaseProgress: 0.4 };
    jumping.update(walkGait);
    const want = new Pose(plain.joints.length);
    jumpPose(plain, "fall", 0.4, want);
    expect([...jumping.pose.rotations, jumping.pose.bodyY, jumping.pose.breath]).toEqual([
      ...want.rotations,
      want.bodyY,
      1,
    ]);
    const idle = poser(plain, 0.1, 1);
    idle.jump = { arc, phase: "fall", phaseSeconds: 0.5, phaseProgress: 0.4 };
    idle.update(null);
    const rest = idleTwin(plain)(0.1);
    expectMix(idle.pose, rest, rest, 0, "idle jump");
    const landed = poser(plain, 0.1, 1);
    landed.jump = { arc: undefined, phase: "fall", phaseSeconds: 0.5, phaseProgress: 0.4 };
    landed.update(walkGait);
    const cycle = cycleOf(walkGait, plain, 1);
    expectMix(
      landed.pose,
      idleTwin(plain)(0.1),
      gaitPose(walkGait, plain, 1, 0.1 / cycle),
      smooth(0.1 / 0.35),
      "no arc",
    );
  });
});

describe("AgentPoser: bow", () => {
  /** Head x rotations (about X) of the head and neck while standing with `pitch` asked for. */
  function bowed(roles: RigRoles, dt: number, steps: number): { head: number; neck: number }[] {
    const p = poser(roles, dt);
    p.headPitch = 0.5;
    return Array.from({ length: steps }, () => {
      p.update(null);
      return {
        head: roles.head >= 0 ? p.pose.rotations[roles.head * 3]! : 0,
        neck: roles.neck >= 0 ? p.pose.rotations[roles.neck * 3]! : 0,
      };
    });
  }
  const eased = (n: number, k = 0.3) => 0.5 * (1 - (1 - k) ** n);

  it("bows head and neck together (0.4 and 0.6 of it), easing 3 of the gap a second", () => {
    for (const roles of [plain, bareRig(3, { neck: 0, head: 1 }), bareRig(3, { head: 0, neck: 2 })]) {
      bowed(roles, 0.1, 4).forEach((b, i) => {
        expect(b.head).toBeCloseTo(0.4 * eased(i + 1), 6);
        expect(b.neck).toBeCloseTo(0.6 * eased(i + 1), 6);
      });
    }
  });

  it("bows the head alone, or the neck alone, by all of it", () => {
    bowed(bareRig(2, { head: 0 }), 0.1, 3).forEach((b, i) => {
      expect(b.head).toBeCloseTo(eased(i + 1), 6);
    });
    bowed(bareRig(2, { neck: 1 }), 0.1, 3).forEach((b, i) => {
      expect(b.neck).toBeCloseTo(eased(i + 1), 6);
    });
  });

  it("reaches the bow, not past it, in a long frame", () => {
    expect(bowed(plain, 0.5, 2).map((b) => b.head)).toEqual([Math.fround(0.2), Math.fround(0.2)]);
  });

  it("lifts the head again as it starts to walk", () => {
    const p = poser(plain, 0.1);
    p.headPitch = 0.5;
    for (let i = 0; i < 3; i++) p.update(null);
    let bow = eased(3);
    p.speed = 0.5;
    const cycle = cycleOf(walkGait, plain, 0.5);
    for (let i = 1; i <= 3; i++) {
      p.update(walkGait);
      bow *= 0.7;
      const idle = new Pose(plain.joints.length);
      idle.set(plain.head, 0.4 * bow, 0, 0);
      const walk = gaitPose(walkGait, plain, 0.5, (i * 0.1) / cycle);
      const w = smooth((i * 0.1) / 0.35);
      expect(p.pose.rotations[plain.head * 3], `step ${i}`).toBeCloseTo(
        idle.rotations[plain.head * 3]! * (1 - w) + walk.rotations[plain.head * 3]! * w,
        6,
      );
    }
  });
});

describe("AgentPoser: wings", () => {
  const winged = sixLegRig();
  const leftWing = bareRig(3, { wings: { left: 0, right: 2 } });
  /** The wings' rotations [left x, y, z, right x, y, z]. */
  const wings = (p: AgentPoser, roles: RigRoles) => [
    ...p.pose.rotations.slice(roles.wings.left * 3, roles.wings.left * 3 + 3),
    ...p.pose.rotations.slice(roles.wings.right * 3, roles.wings.right * 3 + 3),
  ];
  const folded = (f: number) => [0, 0.5 * f, -1.2 * f, 0, -0.5 * f, 1.2 * f].map(Math.fround);

  it("folds the wings of a bird at rest, 4 of the gap a second, and holds them folded", () => {
    for (const roles of [winged, leftWing]) {
      const p = poser(roles, 0.1);
      const seen = Array.from({ length: 3 }, () => {
        p.update(null);
        return wings(p, roles);
      });
      [0.4, 0.64, 0.784].forEach((f, i) => {
        folded(f).forEach((v, k) => {
          expect(seen[i]![k], `${f} [${k}]`).toBeCloseTo(v, 6);
        });
      });
      p.dt = 1;
      p.update(null);
      expect(wings(p, roles)).toEqual(folded(1));
    }
  });

  it("keeps them folded while it walks, however far the blend, and spreads them to fly", () => {
    const p = poser(winged, 0.1, 0.5);
    p.update(walkGait);
    p.update(walkGait);
    expect(p.moveBlend).toBeGreaterThan(0);
    folded(0.64).forEach((v, k) => {
      expect(wings(p, winged)[k]).toBeCloseTo(v, 6);
    });
    p.speed = 2;
    const cycle = cycleOf(flyGait, winged, 2);
    const phase0 = p.phase;
    p.update(flyGait);
    const f = 0.64 * 0.6;
    const flap = gaitPose(flyGait, winged, 2, (phase0 + 0.1 / cycle) % 1);
    const w = smooth(0.3 / 0.35); // three steps of 0.1 s into the blend
    const fold = folded(f);
    const idleWing = [...fold];
    const gaitWing = [
      ...flap.rotations.slice(winged.wings.left * 3, winged.wings.left * 3 + 3),
      ...flap.rotations.slice(winged.wings.right * 3, winged.wings.right * 3 + 3),
    ].map((v, k) => v + fold[k]!);
    wings(p, winged).forEach((v, k) => {
      expect(v, `[${k}]`).toBeCloseTo(idleWing[k]! * (1 - w) + gaitWing[k]! * w, 5);
    });
  });
});
