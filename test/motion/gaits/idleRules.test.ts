/**
 * Idle's exact numbers: when the head turns (at the turn time, not a frame later), where to
 * (straight ahead for a draw under 0.3, else -0.6..0.6), when it turns next (2 to 6 s on), how
 * it eases (2.5 of the gap a second, never past it), and the breath's and tail's waves; on rigs
 * whose head, neck or tail sit at joint 0.
 */
import { describe, expect, it } from "vitest";
import { advanceIdle, createIdleState, type IdleState, idlePose, writeIdle } from "../../../src/motion/gaits/idle.js";
import { Pose } from "../../../src/motion/pose.js";
import { SeededRandom } from "../../../src/util/seededRandom.js";
import { bareRig } from "../../helpers/gaitJointRig.js";

const TAU = 2 * Math.PI;

/** A generator whose `next()` draws are given (`range` scales them), throwing when they run out. */
class Draws extends SeededRandom {
  readonly #values: number[];
  constructor(values: number[]) {
    super(1);
    this.#values = [...values];
  }
  override next(): number {
    const value = this.#values.shift();
    if (value === undefined) throw new Error("no draw left");
    return value;
  }
  get left(): number {
    return this.#values.length;
  }
}

function state(fields: Partial<IdleState>): IdleState {
  return { dt: 0, time: 0, headYaw: 0, headTarget: 0, nextTurnAt: 100, ...fields };
}

describe("idle's state", () => {
  it("starts 0 to 10 s into its waves, its first turn 1 to 5 s away, drawn in that order", () => {
    expect(createIdleState(new Draws([0.25, 0.5]))).toEqual(state({ time: 2.5, nextTurnAt: 3 }));
  });

  it("turns the head when its turn time is reached: to a drawn yaw, the next turn 2 to 6 s later", () => {
    const s = state({ time: 1, dt: 0.5, nextTurnAt: 1.5 });
    const rng = new Draws([0.3, 0.75, 0.25]);
    advanceIdle(s, rng);
    expect(rng.left).toBe(0);
    expect(s.time).toBe(1.5);
    expect(s.headTarget).toBeCloseTo(0.3, 12); // -0.6 + 1.2 * 0.75
    expect(s.nextTurnAt).toBeCloseTo(1.5 + 3, 12); // 2 + 4 * 0.25
    expect(s.headYaw).toBeCloseTo(0.3, 12); // dt 0.5: 2.5 x 0.5 > 1, so the whole gap
  });

  it("looks straight ahead for a draw under 0.3, drawing no yaw", () => {
    const s = state({ time: 2, dt: 0.1, nextTurnAt: 2, headYaw: 0.4, headTarget: 0.4 });
    const rng = new Draws([0.29, 0.5]);
    advanceIdle(s, rng);
    expect(rng.left).toBe(0);
    expect(s.headTarget).toBe(0);
    expect(s.nextTurnAt).toBeCloseTo(2.1 + 4, 12);
    expect(s.headYaw).toBeCloseTo(0.4 - 0.4 * 0.25, 12);
  });

  it("draws nothing before its turn time, easing a quarter of the gap in a tenth of a second", () => {
    const s = state({ time: 1, dt: 0.1, nextTurnAt: 1.2, headYaw: -0.2, headTarget: 0.2 });
    advanceIdle(s, new Draws([]));
    expect(s.time).toBeCloseTo(1.1, 12);
    expect(s.nextTurnAt).toBe(1.2);
    expect(s.headYaw).toBeCloseTo(-0.2 + 0.4 * 0.25, 12);
    s.dt = 0.02;
    advanceIdle(s, new Draws([]));
    expect(s.headYaw).toBeCloseTo(-0.1 + 0.3 * 0.05, 12);
  });
});

describe("idle's pose", () => {
  const s = state({ time: 0.7, headYaw: 0.25 });
  const breath = 1 + 0.015 * Math.sin((TAU * 0.7) / 3.5);
  const tail = 0.08 * Math.sin((TAU * 0.7) / 2.3);

  it("turns the head at joint 0 about Y, sways the tail, breathes", () => {
    const roles = bareRig(3, { head: 0, neck: 1, tail: 2 });
    const pose = new Pose(3);
    writeIdle(roles, s, pose);
    expect([...pose.rotations].map((v, i) => (i === 1 || i === 7 ? v : v === 0))).toEqual([
      true,
      Math.fround(0.25),
      true,
      true,
      true,
      true,
      true,
      Math.fround(tail),
      true,
    ]);
    expect(pose.breath).toBeCloseTo(breath, 12);
    expect(pose.bodyY).toBe(0);
  });

  it("turns the neck when there is no head, the tail at joint 0", () => {
    const roles = bareRig(3, { neck: 2, tail: 0 });
    const pose = new Pose(3);
    writeIdle(roles, s, pose);
    expect([...pose.rotations]).toEqual([0, Math.fround(tail), 0, 0, 0, 0, 0, Math.fround(0.25), 0]);
  });

  it("turns the head, not the neck, when it has both, the neck at joint 0", () => {
    const roles = bareRig(3, { neck: 0, head: 2 });
    const pose = new Pose(3);
    writeIdle(roles, s, pose);
    expect([...pose.rotations]).toEqual([0, 0, 0, 0, 0, 0, 0, Math.fround(0.25), 0]);
  });

  it("advances, then writes, in one call", () => {
    const roles = bareRig(2, { head: 1 });
    const one = state({ time: 0.5, dt: 0.2, headYaw: 0, headTarget: 0.4 });
    const pose = new Pose(2);
    idlePose(roles, one, new Draws([]), pose);
    expect(one.time).toBeCloseTo(0.7, 12);
    expect(pose.rotations[4]).toBeCloseTo(0.2, 6);
    expect(pose.breath).toBeCloseTo(breath, 12);
  });
});
