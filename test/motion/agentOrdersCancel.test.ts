/**
 * What `cancel` does to a visit, at fixed steps: it settles the visit false and only that (what
 * it steers by stays), on the way there or while it stays, also after an earlier visit gave up
 * and went back to its order. Only a visit that gives up goes back to the order it had.
 */
import { describe, expect, it } from "vitest";
import type { PathPlanner } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;

function setUp(planner?: PathPlanner) {
  const world = new MotionWorld({ seed: 7 });
  if (planner) (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
  const agent = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk" });
  return { world, agent };
}

function steps(world: MotionWorld, n: number): void {
  for (let i = 0; i < n; i++) world.step(DT);
}

describe("cancel during a visit", () => {
  it("on its way: tells false and walks on to the place, not back to the order it had", () => {
    const { world, agent } = setUp();
    agent.wander({ area: boxArea(-10, -10, 10, 10), speed: 0.3 });
    const done: boolean[] = [];
    agent.visit({ x: 6, z: 0 }, { stay: 5, onDone: (ok) => done.push(ok) });
    steps(world, 10);
    agent.cancel();
    expect(done).toEqual([false]);
    expect(agent.state).toBe("visit");
    steps(world, 300);
    expect(Math.hypot(agent.x - 6, agent.z)).toBeLessThan(1);
    expect(agent.state).toBe("visit");
    expect(done).toEqual([false]);
  });

  it("while it stays: tells false and stands on, not back to the order it had", () => {
    const { world, agent } = setUp();
    agent.wander({ area: boxArea(-10, -10, 10, 10), speed: 0.3 });
    const done: boolean[] = [];
    agent.visit({ x: 0.5, z: 0 }, { stay: 30, pose: "graze", onDone: (ok) => done.push(ok) });
    for (let i = 0; i < 300 && agent.activity !== "graze"; i++) world.step(DT);
    expect(agent.activity).toBe("graze");
    agent.cancel();
    expect(done).toEqual([false]);
    expect(agent.state).toBe("visit");
    const x = agent.x;
    const z = agent.z;
    steps(world, 60);
    expect(agent.state).toBe("visit");
    expect(Math.hypot(agent.x - x, agent.z - z)).toBeLessThan(0.05);
  });

  it("after an earlier visit gave up: the cancelled one still does not go back", () => {
    let reachable = false;
    const { world, agent } = setUp({ plan: () => (reachable ? [] : undefined) });
    agent.wander({ speed: 0.25 });
    const done: string[] = [];
    agent.visit({ x: 8, z: 0 }, { onDone: (ok) => done.push(`first ${ok}`) });
    steps(world, 3);
    expect(done).toEqual(["first false"]);
    expect(agent.state).toBe("wander");
    reachable = true;
    agent.visit({ x: 6, z: 0 }, { onDone: (ok) => done.push(`second ${ok}`) });
    steps(world, 10);
    agent.cancel();
    expect(done).toEqual(["first false", "second false"]);
    expect(agent.state).toBe("visit");
  });
});
