/**
 * The watch a moveTo keeps on its progress (MoveProgress), driven step by step on a real agent
 * and route: no progress is no progress toward the aim, however fast the creature goes.
 */
import { describe, expect, it } from "vitest";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { MoveProgress, shovedBack } from "../../src/motion/moveProgress.js";
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

/** Walks toward, is carried back, walks back (told `carried` or not); the second it was stuck at, or -1. */
function shovedAndBack(told: boolean): number {
  const walker = new MotionWorld().createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x: -20, z: 0 });
  const route = new RouteBehavior({ x: 0, z: 0 }, 0.1, 1, []);
  const progress = new MoveProgress();
  progress.reset(5);
  walker.dt = DT;
  const legs: [seconds: number, speed: number, carried: boolean][] = [
    [1, 2, false],
    [2, -4, true],
    [8, 2, false],
  ];
  let t = 0;
  for (const [seconds, speed, carried] of legs)
    for (let i = 0; i < Math.round(seconds / DT); i++, t += DT) {
      walker.x += speed * DT;
      walker.vx = speed;
      if (progress.stuck(route, walker, told && carried)) return t;
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

  it("carried off (a shove, a reaction) and walking back is progress, not a stall", () => {
    // A walker 20 m from its aim walks 1 s toward it, is carried 8 m back over 2 s (a herd
    // stampeding past), then walks back at 2 m/s: 4 s to where it was. Told it was carried,
    // the watch measures again from there; not told, the shove and the walk back are 6 s lost.
    expect(shovedAndBack(true)).toBe(-1);
    expect(shovedAndBack(false)).toBeGreaterThan(0);
  });

  it("a shove is a push away from the aim harder than the order pulls from a standstill", () => {
    const walker = new MotionWorld().createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x: -10, z: 0 });
    const aim = { x: 0, z: 0 };
    const pull = walker.cruiseSpeed;
    expect(shovedBack(aim, walker, { x: -(pull + 0.1), z: 0 })).toBe(true);
    expect(shovedBack(aim, walker, { x: -(pull - 0.1), z: 0 })).toBe(false); // outweighed by its order
    expect(shovedBack(aim, walker, { x: 0, z: 3 * pull })).toBe(false); // from beside: jostled, not carried off
    expect(shovedBack(aim, walker, { x: 3 * pull, z: 0 })).toBe(false); // toward its aim
  });
});
