/**
 * PursueBehavior engine-free, by direct calls: it heads, at its run speed or the option's, for
 * where a moving target will be once the distance is closed at both speeds (at most 3 s on),
 * straight for a standing one.
 */
import { describe, expect, it } from "vitest";
import { PursueBehavior } from "../../src/motion/behaviors/pursue.js";
import type { Vec2 } from "../../src/motion/types.js";
import { forceOf, steeringAgent } from "../helpers/steeringAgent.js";

/** A fox at the origin (run 3 m/s). */
const fox = () => steeringAgent({ runSpeed: 3, speedLimit: 1 });

/** The force toward (x, z) at `speed`, from a standing fox at the origin (GAIN 3). */
function toward(x: number, z: number, speed: number): Vec2 {
  const d = Math.hypot(x, z);
  return { x: (x / d) * speed * 3, z: (z / d) * speed * 3 };
}

function expectVec(v: Vec2, w: Vec2): void {
  expect(v.x).toBeCloseTo(w.x, 9);
  expect(v.z).toBeCloseTo(w.z, 9);
}

describe("pursue", () => {
  it("runs straight for a standing target at its run speed, or the speed given, raising the step's cap", () => {
    const agent = fox();
    expectVec(forceOf(new PursueBehavior({ x: 3, z: 4 }), agent), toward(3, 4, 3));
    expect(agent.speedLimit).toBe(3);
    expectVec(forceOf(new PursueBehavior({ x: 3, z: 4 }, { speed: 5 }), agent), toward(3, 4, 5));
    expect(agent.speedLimit).toBe(5);
  });

  it("heads for where a moving target will be: its velocity times the time to close on it", () => {
    // 6 m off, closing at 3 + 2 m/s: 1.2 s ahead, 2.4 m along the target's way.
    expectVec(forceOf(new PursueBehavior({ x: 6, z: 0, vx: 0, vz: 2 }), fox()), toward(6, 2.4, 3));
    expectVec(forceOf(new PursueBehavior({ x: 0, z: 6, vx: 2, vz: 0 }), fox()), toward(2.4, 6, 3));
    expectVec(forceOf(new PursueBehavior({ x: 0, z: -6, vx: -2, vz: 0 }), fox()), toward(-2.4, -6, 3));
  });

  it("looks at most 3 s ahead of a far target", () => {
    expectVec(forceOf(new PursueBehavior({ x: 40, z: 0, vx: 0, vz: -1 }), fox()), toward(40, -3, 3));
  });
});
