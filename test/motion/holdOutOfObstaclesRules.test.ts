/**
 * The rules of holdOutOfObstacles on single steps: a step that ends deeper in a band is pushed
 * back along the band's inward direction and loses only its velocity into the obstacle; a step
 * that keeps its depth is left alone; where overlapping rocks push it from one into the next,
 * the push-outs that settle keep the step (held out of every band) rather than undo it.
 */
import { describe, expect, it } from "vitest";
import { type CircleArea, type EdgeProbe, edgeDistance } from "../../src/motion/area.js";
import { holdOutOfObstacles, type ObstacleBody } from "../../src/motion/holdOutOfObstacles.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { boxArea } from "../helpers/areas.js";

const rock = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });
const probe: EdgeProbe = { x: 0, z: 0 };

/** How deep (x, z) is in a rock's band (its edge plus `radius`): positive in. */
function bandDepth(area: CircleArea, x: number, z: number, radius: number): number {
  return edgeDistance(area, x, z, probe) + radius;
}

describe("holdOutOfObstacles: one push", () => {
  it("pushes a step that ends in the band back out along x and takes only its speed into the rock", () => {
    const body = { x: -2.1, z: 0, vx: 2, vz: 0.5, radius: 0.5 };
    expect(holdOutOfObstacles(body, [rock], { x: -3, z: 0 })).toBe(true);
    expect([body.x, body.z, body.vx, body.vz]).toEqual([-2.5, 0, 0, 0.5]);
  });

  it("pushes a slanting step back along the rock's normal and keeps its speed along the band", () => {
    // A 3-4-5 slant: on the rock's edge, at (-1.2, -1.6), from well clear of it.
    const body = { x: -1.2, z: -1.6, vx: 1, vz: 2, radius: 0.5 };
    expect(holdOutOfObstacles(body, [rock], { x: -2.4, z: -3.2 })).toBe(true);
    expect(body.x).toBeCloseTo(-1.5, 12);
    expect(body.z).toBeCloseTo(-2, 12);
    // 2.2 m/s into the rock (along 0.6, 0.8) taken off; what is left runs along the edge.
    expect(body.vx).toBeCloseTo(-0.32, 12);
    expect(body.vz).toBeCloseTo(0.24, 12);
  });

  it("keeps a velocity that already leads out of the rock (the step was pushed in by something else)", () => {
    const body = { x: 0, z: -2.1, vx: 0.3, vz: -1, radius: 0.5 };
    expect(holdOutOfObstacles(body, [rock], { x: 0, z: -3 })).toBe(true);
    expect([body.x, body.z, body.vx, body.vz]).toEqual([0, -2.5, 0.3, -1]);
  });

  it("leaves alone a step that starts in a band and keeps its depth, velocity and all", () => {
    const box = createObstacle(boxArea(0, 0, 4, 4));
    const body = { x: 1.5, z: -0.2, vx: 1, vz: 0.5, radius: 0.5 };
    expect(holdOutOfObstacles(body, [box], { x: 1, z: -0.2 })).toBe(false);
    expect([body.x, body.z, body.vx, body.vz]).toEqual([1.5, -0.2, 1, 0.5]);
  });
});

/**
 * Clusters of overlapping rocks where a push out of one lands in another, and the push-outs
 * settle within the rounds: the step ends held out (never deeper in any band than it started),
 * not undone back to where it started.
 */
const SETTLING: { rocks: CircleArea[]; from: { x: number; z: number }; body: ObstacleBody }[] = [
  {
    rocks: [
      { center: { x: 0, z: 0.5 }, radius: 0.5 },
      { center: { x: -1, z: 1.8 }, radius: 1.8 },
    ],
    from: { x: 0, z: 2.4 },
    body: { x: 0, z: 1.4, vx: -0.4, vz: 1, radius: 0.6 },
  },
  {
    rocks: [
      { center: { x: 0.7, z: 0.2 }, radius: 1.4 },
      { center: { x: 1.6, z: 1.4 }, radius: 1.4 },
      { center: { x: -1.1, z: 2 }, radius: 0.7 },
      { center: { x: -0.5, z: -0.8 }, radius: 1.4 },
    ],
    from: { x: 3, z: 1.6 },
    body: { x: 2.9, z: 1.9, vx: -0.1, vz: -0.8, radius: 0.2 },
  },
  {
    rocks: [
      { center: { x: 0.4, z: 1.8 }, radius: 0.8 },
      { center: { x: 1.5, z: -1 }, radius: 1 },
      { center: { x: -1.4, z: 1.5 }, radius: 1.4 },
      { center: { x: -1.8, z: -1.7 }, radius: 1.5 },
    ],
    from: { x: -1.9, z: -2.8 },
    body: { x: -2.4, z: -2.4, vx: -0.6, vz: 0.3, radius: 0.3 },
  },
  {
    rocks: [
      { center: { x: -1.4, z: 0.1 }, radius: 1.7 },
      { center: { x: -0.3, z: -1.1 }, radius: 1 },
      { center: { x: -1, z: 1.2 }, radius: 0.6 },
    ],
    from: { x: -1.3, z: 0.9 },
    body: { x: -1.9, z: 0.4, vx: -0.4, vz: -0.8, radius: 0.3 },
  },
  {
    rocks: [
      { center: { x: 1.2, z: 1.8 }, radius: 0.5 },
      { center: { x: 0.2, z: -0.9 }, radius: 1.7 },
      { center: { x: 1.1, z: -0.4 }, radius: 0.4 },
      { center: { x: -0.2, z: -0.3 }, radius: 1.4 },
    ],
    from: { x: 0.9, z: 1.7 },
    body: { x: 1.2, z: 1.9, vx: -0.4, vz: 0.1, radius: 0.6 },
  },
];

describe("holdOutOfObstacles: overlapping rocks", () => {
  it.each(SETTLING.map((c, i) => [i, c] as const))("cluster %i: the push-outs settle and the step is kept", (_, c) => {
    const body = { ...c.body };
    const rocks = c.rocks.map((r) => createObstacle(r));
    expect(holdOutOfObstacles(body, rocks, c.from)).toBe(true);
    for (const r of c.rocks) {
      const start = Math.max(0, bandDepth(r, c.from.x, c.from.z, body.radius));
      expect(bandDepth(r, body.x, body.z, body.radius)).toBeLessThanOrEqual(start + 1e-6);
    }
    // Not undone: it is neither back where it started nor stopped.
    expect([body.x, body.z]).not.toEqual([c.from.x, c.from.z]);
    expect(Math.hypot(body.vx, body.vz)).toBeGreaterThan(0.1);
  });
});
