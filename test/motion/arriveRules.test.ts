/**
 * ArriveBehavior engine-free, by direct calls: it seeks its target at its cruise speed, slower
 * within `slowRadius` in proportion to the distance left (so it stops there rather than
 * overshooting), and brakes once within `tolerance`, the edge included: a `moveTo` arrives when
 * its centre is `tolerance` metres from the target.
 */
import { describe, expect, it } from "vitest";
import { ArriveBehavior } from "../../src/motion/behaviors/arrive.js";
import { forceOf, steeringAgent } from "../helpers/steeringAgent.js";

describe("ArriveBehavior", () => {
  it("seeks its target at its cruise speed from beyond slowRadius", () => {
    const arrive = new ArriveBehavior({ x: 6, z: 8 }, 0.1, 1.5);
    const f = forceOf(arrive, steeringAgent({ cruiseSpeed: 2, vx: 0.5 }));
    expect(f.x).toBeCloseTo(0.6 * 2 - 0.5, 9);
    expect(f.z).toBeCloseTo(0.8 * 2, 9);
    expect(arrive.arrived).toBe(false);
  });

  it("within slowRadius, wants a speed that falls with the distance left", () => {
    const arrive = new ArriveBehavior({ x: 0.75, z: 0 }, 0.1, 1.5);
    // Half of slowRadius left: half its cruise speed.
    expect(forceOf(arrive, steeringAgent({ cruiseSpeed: 2 }))).toEqual({ x: 1, z: 0 });
    const quarter = new ArriveBehavior({ x: 0, z: -0.5 }, 0.1, 2);
    const f = forceOf(quarter, steeringAgent({ cruiseSpeed: 2, vz: -1 }));
    expect(f.x).toBeCloseTo(0, 9);
    expect(f.z).toBeCloseTo(-0.5 + 1, 9);
    expect(quarter.arrived).toBe(false);
  });

  it("arrives and brakes within tolerance, its edge included", () => {
    const arrive = new ArriveBehavior({ x: 0.5, z: 0 }, 0.5, 1.5);
    const f = forceOf(arrive, steeringAgent({ vx: 0.25, vz: -0.5 }));
    expect(arrive.arrived).toBe(true);
    expect(f).toEqual({ x: -1, z: 2 });
  });
});
