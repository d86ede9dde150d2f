/**
 * The hard rule of obstacles after steering (holdOutOfObstacles), on the engine-free world: a
 * step never ends deeper in an obstacle's clearance band (its edge plus the creature's radius)
 * than it started, whatever pushes it.
 */
import { describe, expect, it } from "vitest";
import { type EdgeProbe, edgeDistance } from "../../src/motion/area.js";
import { holdOutOfObstacles } from "../../src/motion/holdOutOfObstacles.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;
const probe: EdgeProbe = { x: 0, z: 0 };

/** Ten rocks of radius 1.7 m on a 5 m circle round the origin: each overlaps the next. */
const RING = Array.from({ length: 10 }, (_, k) => ({
  center: { x: 5 * Math.sin(k * 0.2 * Math.PI), z: 5 * Math.cos(k * 0.2 * Math.PI) },
  radius: 1.7,
}));

describe("holdOutOfObstacles", () => {
  it("small walkers ordered into a closed ring of overlapping rocks stay out of every rock, and give up", () => {
    for (const height of [0.3, 0.45, 0.6]) {
      const world = new MotionWorld({ seed: 1 });
      for (const rock of RING) world.addObstacle(rock);
      const walker = world.createAgent({ roles: quadrupedRoles(height), behaviour: "walk", x: -14, z: -14 });
      const settled: boolean[] = [];
      walker.moveTo({ x: 0, z: 0 }, { onArrive: (ok) => settled.push(ok) });
      let deepest = -Infinity;
      for (let i = 0; i < 3000 && settled.length === 0; i++) {
        world.step(DT);
        for (const rock of RING)
          deepest = Math.max(deepest, edgeDistance(rock, walker.x, walker.z, probe) + walker.radius);
      }
      // Its body (centre plus radius) never overlaps a rock beyond rounding; it never got inside.
      const outside = Math.hypot(walker.x, walker.z) > 5;
      expect([height, deepest <= 1e-6, settled, outside]).toEqual([height, true, [false], true]);
    }
  });

  it("a step that ends in a rock's band is pushed back to its edge and loses its speed into the rock", () => {
    const rock = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });
    const body = { x: 0, z: -2.1, vx: 0, vz: 1, radius: 0.5 };
    expect(holdOutOfObstacles(body, [rock], { x: 0, z: -3 })).toBe(true);
    expect([body.x, body.z, body.vx, body.vz]).toEqual([0, -2.5, 0, 0]);
    // A step along the band that stays clear is left alone.
    const clear = { x: 2.6, z: 0, vx: 1, vz: 0, radius: 0.5 };
    expect(holdOutOfObstacles(clear, [rock], { x: 2.6, z: -0.1 })).toBe(false);
    expect([clear.x, clear.z, clear.vx]).toEqual([2.6, 0, 1]);
  });

  it("one that starts in a band (a rock put down on it) may walk out, but not deeper in", () => {
    const rock = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });
    const out = { x: 0, z: -2.3, vx: 0, vz: -1, radius: 0.5 };
    expect(holdOutOfObstacles(out, [rock], { x: 0, z: -2.2 })).toBe(false);
    const deeper = { x: 0, z: -2.1, vx: 0, vz: 1, radius: 0.5 };
    holdOutOfObstacles(deeper, [rock], { x: 0, z: -2.2 });
    expect(deeper.z).toBeCloseTo(-2.2, 12);
  });

  it("squeezed where two rocks' bands meet and the push-outs disagree, it stays where the step started, stopped", () => {
    const rocks = [
      createObstacle({ center: { x: -1.5, z: 0 }, radius: 1 }),
      createObstacle({ center: { x: 1.5, z: 0 }, radius: 1 }),
    ];
    // A 1 m gap, a body 1.2 m wide: it cannot pass between them.
    const body = { x: 0, z: 0, vx: 0, vz: 1, radius: 0.6 };
    expect(holdOutOfObstacles(body, rocks, { x: 0, z: -1 })).toBe(true);
    expect([body.x, body.z, body.vx, body.vz]).toEqual([0, -1, 0, 0]);
  });
});
