/**
 * What a MotionAgent's orders promise, in a MotionWorld stepped at fixed steps: a moveTo settles
 * once, true on arrival (within its tolerance) or false when the planner finds no way or it
 * makes no progress for stuckSeconds; the areas its wander avoids stay limits of every order.
 */
import { describe, expect, it } from "vitest";
import { AvoidAreaBehavior } from "../../src/motion/behaviors/avoidArea.js";
import type { PathPlanner } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;

function setUp(planner?: PathPlanner) {
  const world = new MotionWorld({ seed: 5 });
  if (planner) (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
  const agent = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x: 0, z: 0 });
  return { world, agent };
}

function steps(world: MotionWorld, n: number): void {
  for (let i = 0; i < n; i++) world.step(DT);
}

describe("moveTo", () => {
  it("reports a target the planner finds no way to as unreachable after its first step, well before stuckSeconds", () => {
    const { world, agent } = setUp({ plan: () => undefined });
    const settled: boolean[] = [];
    agent.moveTo({ x: 10, z: 0 }, { onArrive: (ok) => settled.push(ok) });
    steps(world, 3);
    expect(settled).toEqual([false]);
    expect(agent.state).toBe("idle");
  });

  it("gives up after stuckSeconds without progress (at speed 0), and not before", () => {
    const { world, agent } = setUp();
    const settled: boolean[] = [];
    agent.moveTo({ x: 10, z: 0 }, { speed: 0, stuckSeconds: 1, onArrive: (ok) => settled.push(ok) });
    steps(world, 25);
    expect(settled).toEqual([]);
    expect(agent.state).toBe("moveTo");
    steps(world, 15);
    expect(settled).toEqual([false]);
    expect(agent.state).toBe("idle");
    steps(world, 30);
    expect(settled).toEqual([false]);
  });

  it("arrives at once at a target within half its radius by default, or within the tolerance sent", () => {
    const { world, agent } = setUp();
    const settled: boolean[] = [];
    agent.moveTo({ x: agent.radius * 0.4, z: 0 }, { speed: 0, onArrive: (ok) => settled.push(ok) });
    steps(world, 1);
    expect(settled).toEqual([true]);
    agent.moveTo({ x: 1.5, z: 0 }, { speed: 0, tolerance: 2, onArrive: (ok) => settled.push(ok) });
    steps(world, 1);
    expect(settled).toEqual([true, true]);
    agent.moveTo(
      { x: agent.x + agent.radius * 0.4, z: agent.z },
      { speed: 0, tolerance: 0.01, onArrive: (ok) => settled.push(ok) },
    );
    steps(world, 1);
    expect(settled).toEqual([true, true]);
  });

  it("walks to a target in the open and settles true once, near it", () => {
    const { world, agent } = setUp();
    const settled: boolean[] = [];
    agent.moveTo({ x: 6, z: 3 }, { onArrive: (ok) => settled.push(ok) });
    steps(world, 600);
    expect(settled).toEqual([true]);
    expect(Math.hypot(agent.x - 6, agent.z - 3)).toBeLessThan(agent.radius);
    expect(agent.state).toBe("idle");
  });

  it("refuses a stuckSeconds that is not positive, naming it", () => {
    const { agent } = setUp();
    expect(() => agent.moveTo({ x: 1, z: 1 }, { stuckSeconds: 0 })).toThrow(/stuckSeconds/);
    expect(() => agent.moveTo({ x: 1, z: 1 }, { tolerance: -1 })).toThrow(/tolerance/);
  });
});

describe("the areas a wander avoids", () => {
  const pond = { center: { x: 20, z: 0 }, radius: 3 };
  it("stay limits of a moveTo and of a stop", () => {
    const { agent } = setUp();
    agent.wander({ avoid: [pond] });
    agent.moveTo({ x: 5, z: 0 });
    expect(agent.orderBehaviors.some((b) => b instanceof AvoidAreaBehavior)).toBe(true);
    agent.stop();
    expect(agent.orderBehaviors.some((b) => b instanceof AvoidAreaBehavior)).toBe(true);
  });

  it("keep a moveTo's target out of them", () => {
    const { world, agent } = setUp();
    agent.wander({ avoid: [pond] });
    const settled: boolean[] = [];
    agent.moveTo({ x: 20, z: 0 }, { onArrive: (ok) => settled.push(ok) });
    steps(world, 900);
    expect(settled).toEqual([true]);
    expect(Math.hypot(agent.x - 20, agent.z)).toBeGreaterThan(3);
  });
});
