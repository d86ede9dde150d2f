/**
 * The watch a moveTo keeps on its progress (MoveProgress), driven step by step on a real agent
 * and route: no progress is no progress toward the aim, however fast the creature goes.
 */
import { describe, expect, it } from "vitest";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { MoveProgress } from "../../src/motion/moveProgress.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;

/** Steps a walker round a circle of `radius` about `route`'s target at `speed`; the step it was stuck at, or -1. */
function roundAndRound(radius: number, speed: number, steps: number, inward = 0): number {
  const world = new MotionWorld({ seed: 3 });
  const walker = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x: 0, z: radius });
  const route = new RouteBehavior({ x: 0, z: 0 }, 0.1, 1, []);
  const progress = new MoveProgress();
  progress.reset(5);
  walker.dt = DT;
  let angle = 0;
  let r = radius;
  for (let i = 0; i < steps; i++) {
    angle += (speed * DT) / r;
    r -= inward * DT;
    walker.x = r * Math.sin(angle);
    walker.z = r * Math.cos(angle);
    walker.vx = speed * Math.cos(angle);
    walker.vz = -speed * Math.sin(angle);
    if (progress.stuck(route, walker)) return i;
  }
  return -1;
}

describe("MoveProgress", () => {
  it("running round its aim at its run speed without coming nearer is stuck after stuckSeconds", () => {
    const walker = new MotionWorld().createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk" });
    // Stuck once its stall reaches 5 s: 150 steps of 1/30 s after the first (which it measures
    // from), one more where the sum of the steps rounds under 5.
    expect([150, 151]).toContain(roundAndRound(3.5, walker.runSpeed, 600));
  });

  it("coming 2 cm nearer now and then, however it goes, is progress", () => {
    // 1 cm/s inward: 2 cm every 2 s, inside the 5 s it is given.
    expect(roundAndRound(3.5, 2, 600, 0.01)).toBe(-1);
  });
});
