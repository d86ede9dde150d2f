import { describe, expect, it } from "vitest";
import { createIdleState, idlePose } from "../../../src/motion/gaits/idle.js";
import { Pose } from "../../../src/motion/pose.js";
import type { RigRoles } from "../../../src/motion/rigRoles.js";
import { SeededRandom } from "../../../src/util/seededRandom.js";
import { waddlerRoles } from "../../helpers/gaitRigs.js";
import { bodyOnlyRoles, quadrupedRoles } from "../../helpers/motionRig.js";
import { round } from "../../helpers/round.js";

/** Runs idle for `steps` frames of `dt`, returning each frame's head yaw, breath and tail yaw. */
function run(roles: RigRoles, seed: number, steps: number, dt = 1 / 30) {
  const rng = new SeededRandom(seed);
  const state = createIdleState(rng);
  const pose = new Pose(roles.joints.length);
  const frames: { head: number; yaw: number; breath: number; tail: number; target: number }[] = [];
  for (let i = 0; i < steps; i++) {
    pose.reset();
    state.dt = dt;
    idlePose(roles, state, rng, pose);
    const head = roles.head >= 0 ? roles.head : roles.neck;
    frames.push({
      head: head >= 0 ? pose.rotations[head * 3 + 1]! : Number.NaN,
      yaw: state.headYaw,
      breath: pose.breath,
      tail: roles.tail >= 0 ? pose.rotations[roles.tail * 3 + 1]! : Number.NaN,
      target: state.headTarget,
    });
  }
  return { frames, state, pose };
}

describe("idle", () => {
  it("starts at a random time, with a first turn 1 to 5 s away, the same for a seed", () => {
    for (let seed = 0; seed < 50; seed++) {
      const state = createIdleState(new SeededRandom(seed));
      expect(state.time).toBeGreaterThanOrEqual(0);
      expect(state.time).toBeLessThan(10);
      expect(state.nextTurnAt).toBeGreaterThanOrEqual(1);
      expect(state.nextTurnAt).toBeLessThan(5);
      expect([state.dt, state.headYaw, state.headTarget]).toEqual([0, 0, 0]);
    }
    expect(createIdleState(new SeededRandom(3))).toEqual(createIdleState(new SeededRandom(3)));
  });

  it("breathes 1.5% around rest every 3.5 s, and sways the tail by at most 0.08", () => {
    const roles = quadrupedRoles(0.5);
    const { frames } = run(roles, 1, 30 * 20);
    const breaths = frames.map((f) => f.breath);
    expect(round(Math.max(...breaths), 3)).toBe(1.015);
    expect(round(Math.min(...breaths), 3)).toBe(0.985);
    expect(Math.max(...frames.map((f) => Math.abs(f.tail)))).toBeLessThanOrEqual(0.08);
    const state = createIdleState(new SeededRandom(1));
    const pose = new Pose(roles.joints.length);
    state.time = 3.5 / 4;
    state.nextTurnAt = 100;
    idlePose(roles, state, new SeededRandom(1), pose);
    expect(round(pose.breath)).toBe(1.015);
  });

  it("turns the head now and then, within 0.6 rad, easing without overshoot or jumps", () => {
    const { frames } = run(quadrupedRoles(0.5), 2, 30 * 60);
    const targets = new Set(frames.map((f) => f.target));
    expect(targets.size).toBeGreaterThan(5);
    let previous = 0;
    for (const f of frames) {
      expect(f.head).toBe(Math.fround(f.yaw)); // the pose holds the state's yaw
      expect(Math.abs(f.yaw)).toBeLessThanOrEqual(0.6);
      expect(Math.abs(f.yaw - previous)).toBeLessThanOrEqual(Math.abs(f.target - previous) * (2.5 / 30) + 1e-12);
      previous = f.yaw;
    }
  });

  it("reaches its target, not past it, however long the frame", () => {
    const { frames } = run(quadrupedRoles(0.5), 4, 40, 5);
    for (const f of frames) expect(f.yaw).toBe(f.target);
  });

  it("turns the neck of a rig without a head, and nothing of a rig with neither", () => {
    const roles: RigRoles = { ...waddlerRoles(), head: -1, neck: 0 };
    const { frames } = run(roles, 5, 300);
    expect(frames.some((f) => f.head !== 0)).toBe(true);
    const bare = run(bodyOnlyRoles(), 5, 300);
    expect([...bare.pose.rotations].every((v) => v === 0)).toBe(true);
    expect(bare.pose.breath).not.toBe(1);
  });

  it("is the same for the same seed", () => {
    expect(run(quadrupedRoles(0.5), 9, 500).frames).toEqual(run(quadrupedRoles(0.5), 9, 500).frames);
    expect(run(quadrupedRoles(0.5), 9, 500).frames).not.toEqual(run(quadrupedRoles(0.5), 10, 500).frames);
  });
});
