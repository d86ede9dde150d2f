import { describe, expect, it } from "vitest";
import { dutyFactor, maxWalkSpeed, trotBlend, walkGait } from "../../../src/motion/gaits/walk.js";
import { MotionAgent } from "../../../src/motion/motionAgent.js";
import { Pose } from "../../../src/motion/pose.js";
import type { LegRole, RigRoles } from "../../../src/motion/rigRoles.js";
import { SeededRandom } from "../../../src/util/seededRandom.js";
import { quadrupedRoles } from "../../helpers/motionRig.js";
import { round } from "../../helpers/round.js";

const roles = quadrupedRoles(0.5);
const leg = (end: string, side: string) => roles.legs.find((l) => l.end === end && l.side === side)!;

/** An agent walking straight along +Z at `speed`, already at steady gait. */
function walker(speed: number, r: RigRoles = roles): MotionAgent {
  const agent = new MotionAgent({ roles: r, rng: new SeededRandom(3), behaviour: "walk" });
  // Coasts at the speed given: an engaged reaction of no force pauses the brake of no order.
  agent.addBehavior({
    active: true,
    weight: 1,
    engaged: true,
    calculate: (_, force) => {
      force.x = 0;
      force.z = 0;
    },
  });
  agent.vz = speed;
  for (let i = 0; i < 120; i++) agent.step(1 / 60); // blend in fully
  agent.vz = speed;
  return agent;
}

/** Foot of a leg relative to its hip (forward, down) from the pose's joint angles. */
function foot(l: LegRole, pose: Pose): { forward: number; height: number } {
  const theta = -pose.rotations[l.upper * 3]!; // forward swing
  const knee = l.lower >= 0 ? pose.rotations[l.lower * 3]! : 0;
  const l1 = l.upperLength;
  const l2 = l.length - l.upperLength;
  return {
    forward: l1 * Math.sin(theta) + l2 * Math.sin(theta - knee),
    height: l.length - l1 * Math.cos(theta) - l2 * Math.cos(theta - knee),
  };
}

describe("walk", () => {
  it("places the four legs hind-left, front-left, hind-right, front-right a quarter cycle apart", () => {
    const speed = 0.5 * maxWalkSpeed(roles);
    const ctx = { roles, speed, turnRate: 0, phase: 0 };
    const pose = new Pose(roles.joints.length);
    // The phase at which each foot is furthest forward: its touch-down.
    const touchDown = (l: LegRole) => {
      let best = 0;
      let bestForward = -Infinity;
      for (let k = 0; k < 1000; k++) {
        pose.reset();
        ctx.phase = k / 1000;
        walkGait.pose(ctx, pose);
        const f = foot(l, pose).forward;
        if (f > bestForward + 1e-12) {
          bestForward = f;
          best = k / 1000;
        }
      }
      return best;
    };
    const hl = touchDown(leg("hind", "left"));
    const rel = (l: LegRole) => round((((touchDown(l) - hl) % 1) + 1) % 1, 3);
    expect(rel(leg("front", "left"))).toBe(0.25);
    expect(rel(leg("hind", "right"))).toBe(0.5);
    expect(rel(leg("front", "right"))).toBe(0.75);
  });

  it("never bends a knee forward", () => {
    const agent = walker(0.7 * maxWalkSpeed(roles));
    let minKnee = Infinity;
    let maxKnee = 0;
    for (let i = 0; i < 2000; i++) {
      agent.step(1 / 60);
      for (const l of roles.legs) {
        const k = agent.pose.rotations[l.lower * 3]!;
        minKnee = Math.min(minKnee, k);
        maxKnee = Math.max(maxKnee, k);
      }
    }
    expect(minKnee).toBeGreaterThanOrEqual(0);
    expect(maxKnee).toBeGreaterThan(0.5); // it does bend, backward, in the swing
  });

  it.each([0.3, 0.6, 0.9, 3, 8])(
    "does not slide its feet at %f of the top walking speed (trotting, running)",
    (fraction) => {
      const speed = fraction * maxWalkSpeed(roles);
      const agent = walker(speed);
      const dt = 1 / 240;
      const cycle = walkGait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });
      const steps = Math.round((3 * cycle) / dt);
      for (const l of roles.legs) {
        let drift = 0;
        let stanceStart: number | undefined;
        const touchDowns: number[] = [];
        let wasDown = false;
        const probe = walker(speed);
        for (let i = 0; i < steps; i++) {
          probe.step(dt);
          const f = foot(l, probe.pose);
          const worldZ = probe.z + f.forward;
          const down = probe.pose.rotations[l.lower * 3]! === 0;
          if (down && !wasDown) {
            stanceStart = worldZ;
            touchDowns.push(worldZ);
          }
          if (down && stanceStart !== undefined) drift = Math.max(drift, Math.abs(worldZ - stanceStart));
          wasDown = down;
        }
        const bodyPerCycle = speed * cycle;
        // While down a foot stays put (within 10% of a stride)...
        expect(drift / bodyPerCycle, `${l.end} ${l.side} drift`).toBeLessThan(0.1);
        // ...and from one touch-down to the next the foot travels what the body does.
        const stride = touchDowns[touchDowns.length - 1]! - touchDowns[touchDowns.length - 2]!;
        expect(Math.abs(stride - bodyPerCycle) / bodyPerCycle, `${l.end} ${l.side} stride`).toBeLessThan(0.1);
      }
      expect(agent.speed).toBeCloseTo(speed, 9);
    },
  );

  it("slows its cycle for longer legs", () => {
    const small = quadrupedRoles(0.5);
    const big = quadrupedRoles(2);
    const at = (r: RigRoles) => walkGait.cycleSeconds({ roles: r, speed: 0.1, turnRate: 0, phase: 0 });
    expect(at(big)).toBeGreaterThan(at(small));
    expect(round(at(big) / at(small), 3)).toBe(2); // pendulum scaling: sqrt(4)
  });

  it("blends from walk to trot with speed: diagonal pairs together, shorter duty", () => {
    const top = maxWalkSpeed(roles);
    expect(trotBlend(0.5 * top, roles)).toBe(0);
    expect(trotBlend(2 * top, roles)).toBe(1);
    const mid = trotBlend(1.05 * top, roles);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1);
    expect(dutyFactor(0)).toBe(0.75);
    expect(dutyFactor(1)).toBe(0.5);
    const pose = new Pose(roles.joints.length);
    walkGait.pose({ roles, speed: 2 * top, turnRate: 0, phase: 0.1 }, pose);
    const angle = (l: LegRole) => pose.rotations[l.upper * 3]!;
    expect(angle(leg("hind", "left"))).toBeCloseTo(angle(leg("front", "right")), 9);
    expect(angle(leg("front", "left"))).toBeCloseTo(angle(leg("hind", "right")), 9);
  });

  it("runs heavy bodies' knee-less legs no wider than their fastest walk: they quicken instead of splaying", () => {
    const kneed = quadrupedRoles(3);
    // quadruped_fat (elephant, hippo, rhino): one straight segment per leg.
    const heavy: RigRoles = {
      ...kneed,
      legs: kneed.legs.map((l) => ({ ...l, lower: -1, upperLength: l.length })),
    };
    const widest = (r: RigRoles, speed: number) => {
      const pose = new Pose(r.joints.length);
      let max = 0;
      for (let i = 0; i < 100; i++) {
        walkGait.pose({ roles: r, speed, turnRate: 0, phase: i / 100 }, pose);
        for (const l of r.legs) max = Math.max(max, Math.abs(pose.rotations[l.upper * 3]!));
      }
      return max;
    };
    const cycle = (r: RigRoles, speed: number) => walkGait.cycleSeconds({ roles: r, speed, turnRate: 0, phase: 0 });
    const run = Math.sqrt(1.6 * 9.81 * kneed.legLength); // SPEED_RULES' quadruped_fat run
    expect(widest(kneed, run)).toBeGreaterThan(0.7); // a runner's legs reach far
    expect(widest(heavy, run)).toBeLessThanOrEqual(0.56); // a heavy body's stay under ~31°
    expect(cycle(heavy, run)).toBeLessThan(cycle(kneed, run));
    // At a walk nothing changes.
    const stroll = 0.5 * maxWalkSpeed(kneed);
    expect(round(widest(heavy, stroll), 9)).toBe(round(widest(kneed, stroll), 9));
  });

  it("bobs the body twice per cycle and counter-sways head and tail", () => {
    const speed = 0.6 * maxWalkSpeed(roles);
    const pose = new Pose(roles.joints.length);
    const ys: number[] = [];
    const sways: number[] = []; // the sign of head x tail at each phase: -1 counter-sway, 0 still
    for (let k = 0; k < 100; k++) {
      pose.reset();
      walkGait.pose({ roles, speed, turnRate: 0, phase: k / 100 }, pose);
      ys.push(pose.bodyY);
      const head = pose.rotations[roles.head * 3 + 1]!;
      const tail = pose.rotations[roles.tail * 3 + 1]!;
      sways.push(Math.abs(head) < 1e-9 && Math.abs(tail) < 1e-9 ? 0 : Math.sign(head * tail));
    }
    // Head and tail are never on the same side; both are still only where the sway crosses zero.
    expect([-1, 0, 1].map((sign) => sways.filter((s) => s === sign).length)).toEqual([98, 2, 0]);
    const lows = ys.filter((y, i) => y < ys[(i + 99) % 100]! && y <= ys[(i + 1) % 100]!);
    expect(lows).toHaveLength(2);
  });
});
