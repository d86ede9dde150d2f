/**
 * AvoidAreaBehavior engine-free, by direct calls: a creature is pushed out of an area (a lake)
 * from `margin` metres before its edge, harder the nearer and the deeper in, up to four times its
 * max force; further out it feels nothing.
 */
import { describe, expect, it } from "vitest";
import { AvoidAreaBehavior } from "../../src/motion/behaviors/avoidArea.js";
import { forceOf, steeringAgent } from "../helpers/steeringAgent.js";

/** A round lake of radius 5 at the origin. */
const lake = { center: { x: 0, z: 0 }, radius: 5 };
const MAX_FORCE = 6;

/** The push on a creature at (x, z) near the lake, with `margin`. */
function push(x: number, z: number, margin?: number) {
  const f = forceOf(new AvoidAreaBehavior(lake, margin), steeringAgent({ x, z, maxForce: MAX_FORCE }));
  return { x: f.x + 0, z: f.z + 0 }; // no negative zeros
}

describe("avoid an area", () => {
  it("feels nothing further than its margin (1 m) out", () => {
    expect(push(7, 0)).toEqual({ x: 0, z: 0 });
    expect(push(0, -6.01)).toEqual({ x: 0, z: 0 });
    expect(new AvoidAreaBehavior(lake).weight).toBe(3);
  });

  it("is pushed straight out within the margin, harder the nearer the edge", () => {
    const f = push(5.5, 0);
    expect(f.x).toBeCloseTo(MAX_FORCE * 0.5, 9);
    expect(f.z).toBeCloseTo(0, 9);
    expect(push(0, -5.25).z).toBeCloseTo(-MAX_FORCE * 0.75, 9);
  });

  it("inside, harder the deeper, at most four times its max force", () => {
    expect(push(4, 0).x).toBeCloseTo(MAX_FORCE * 2, 9);
    expect(push(0.5, 0).x).toBeCloseTo(MAX_FORCE * 4, 9);
  });

  it("measures the nearness in margins: a 2 m margin pushes from 2 m out, half as hard 1 m out", () => {
    expect(push(7.5, 0, 2)).toEqual({ x: 0, z: 0 });
    expect(push(6.5, 0, 2).x).toBeCloseTo(MAX_FORCE * 0.25, 9);
    expect(push(6, 0, 2).x).toBeCloseTo(MAX_FORCE * 0.5, 9);
    expect(push(4, 0, 2).x).toBeCloseTo(MAX_FORCE * 1.5, 9);
  });
});
