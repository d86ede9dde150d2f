import { describe, expect, it } from "vitest";
import { Pose } from "../../src/motion/pose.js";

describe("Pose", () => {
  it("starts at rest: zero rotations, no rise, breath 1", () => {
    const pose = new Pose(3);
    expect([pose.jointCount, pose.rotations.length]).toEqual([3, 9]);
    expect([...pose.rotations]).toEqual(Array(9).fill(0));
    expect([pose.bodyY, pose.breath, pose.mixWeight]).toEqual([0, 1, 0.5]);
  });

  it("sets and adds a joint's rotation, ignoring joint -1 (a role the rig lacks)", () => {
    const pose = new Pose(2);
    pose.set(1, 0.5, -0.25, 1);
    pose.add(1, 0.25, 0.25, -2);
    pose.add(0, 1, 0, 0);
    pose.set(-1, 9, 9, 9);
    pose.add(-1, 9, 9, 9);
    expect([...pose.rotations]).toEqual([1, 0, 0, 0.75, 0, -1]);
  });

  it("sets joint 0, the first joint, like any other", () => {
    const pose = new Pose(2);
    pose.set(0, 0.5, -0.25, 2);
    pose.add(0, 0.25, 0.5, -1);
    expect([...pose.rotations]).toEqual([0.75, 0.25, 1, 0, 0, 0]);
  });

  it("resets to rest", () => {
    const pose = new Pose(1);
    pose.set(0, 1, 2, 3);
    pose.bodyY = 0.2;
    pose.breath = 1.1;
    pose.reset();
    expect([...pose.rotations, pose.bodyY, pose.breath]).toEqual([0, 0, 0, 0, 1]);
  });

  it("mixes two poses by mixWeight: a at 0, b at 1, linear between", () => {
    const a = new Pose(2);
    const b = new Pose(2);
    a.set(0, 1, 0, -1);
    a.bodyY = 0.1;
    a.breath = 1;
    b.set(1, 2, 4, 8);
    b.bodyY = -0.3;
    b.breath = 1.2;
    const out = new Pose(2);
    const mix = (t: number) => {
      out.mixWeight = t;
      out.mix(a, b);
      return [...out.rotations, out.bodyY, out.breath].map((v) => Math.round(v * 1e6) / 1e6);
    };
    expect(mix(0)).toEqual([1, 0, -1, 0, 0, 0, 0.1, 1]);
    expect(mix(1)).toEqual([0, 0, 0, 2, 4, 8, -0.3, 1.2]);
    expect(mix(0.25)).toEqual([0.75, 0, -0.75, 0.5, 1, 2, 0, 1.05]);
  });

  it("may mix into one of its own inputs", () => {
    const a = new Pose(1);
    const b = new Pose(1);
    a.set(0, 1, 1, 1);
    b.set(0, 3, 3, 3);
    a.mixWeight = 0.5;
    a.mix(a, b);
    expect([...a.rotations]).toEqual([2, 2, 2]);
  });
});
