/**
 * What a MotionAgent's orders promise beyond a moveTo's settling, at fixed steps: a visit walks
 * to a place's edge (right up to an area its wander avoids, that area only), stays its time in
 * its pose, then goes back to the order it had (or idles after a walk); a stuck visit goes back
 * too; the world's planner plans unless it declines; a wander and a moveTo size their steering
 * to the body.
 */
import { describe, expect, it } from "vitest";
import type { Area, PolygonArea } from "../../src/motion/area.js";
import { AvoidAreaBehavior } from "../../src/motion/behaviors/avoidArea.js";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { StayInAreaBehavior } from "../../src/motion/behaviors/stayInArea.js";
import { WanderBehavior } from "../../src/motion/behaviors/wander.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import type { Obstacle, PathPlanner, VisitPose } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;

function setUp(height = 0.5, planner?: PathPlanner) {
  const world = new MotionWorld({ seed: 7 });
  if (planner) (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
  const agent = world.createAgent({ roles: quadrupedRoles(height), behaviour: "walk" });
  return { world, agent };
}

function steps(world: MotionWorld, n: number): void {
  for (let i = 0; i < n; i++) world.step(DT);
}

/** The areas the agent's current order keeps out of. */
function avoided(agent: MotionAgent): Area[] {
  return agent.orderBehaviors.filter((b) => b instanceof AvoidAreaBehavior).map((b) => (b as AvoidAreaBehavior).area);
}

const circle = (x: number, z: number, radius: number): Area => ({ center: { x, z }, radius });
const shifted = (area: Area, dx: number, dz: number): Area =>
  "points" in area ? { points: area.points.map((p) => ({ x: p.x + dx, z: p.z + dz })) } : area;

describe("a visit to an area its wander avoids", () => {
  const pond = boxArea(4, -2, 8, 2) as PolygonArea;
  const others: Area[] = [
    shifted(pond, 20, 0), // the same shape elsewhere along x only
    shifted(pond, 0, 20), // along z only
    { points: [...pond.points.slice(0, 3), { x: 30, z: 30 }] }, // sharing all but one corner
    { points: pond.points.slice(0, 3) }, // its first three corners
    circle(6, 0, 2),
  ];

  it("goes right up to that area, an equal copy of it counting as it, and keeps out of the others", () => {
    const { agent } = setUp();
    agent.wander({ avoid: [pond, ...others] });
    agent.visit({ points: pond.points.map((p) => ({ ...p })) });
    expect(agent.state).toBe("visit");
    expect(avoided(agent)).toEqual(others);
    agent.visit(pond);
    expect(avoided(agent)).toEqual(others);
  });

  it("tells circles apart by centre and radius, and a circle from a polygon", () => {
    const round = circle(0, 10, 3);
    const near = [circle(0.5, 10, 3), circle(0, 10.5, 3), circle(0, 10, 3.5), pond];
    const { agent } = setUp();
    agent.wander({ avoid: [round, ...near] });
    agent.visit(circle(0, 10, 3));
    expect(avoided(agent)).toEqual(near);
    agent.visit(round);
    expect(avoided(agent)).toEqual(near);
    agent.visit(pond);
    expect(avoided(agent)).toEqual([round, ...near.slice(0, 3)]);
  });

  it("plans its way round the other avoided areas, not the one it visits", () => {
    const seen: Obstacle[][] = [];
    const planner: PathPlanner = {
      plan: (_a, _f, _t, avoid) => {
        seen.push([...(avoid ?? [])]);
        return [];
      },
    };
    const { world, agent } = setUp(0.5, planner);
    agent.wander({ avoid: [pond, ...others] });
    agent.visit(pond);
    steps(world, 1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.map((o) => o.area)).toEqual(others);
  });

  it("arrives at its edge, stays, then wanders again keeping out of it", () => {
    const { world, agent } = setUp();
    agent.wander({ avoid: [pond] });
    const done: boolean[] = [];
    agent.visit(pond, { stay: 1, pose: "drink", onDone: (ok) => done.push(ok) });
    steps(world, 900);
    expect(done).toEqual([true]);
    expect(agent.state).toBe("wander");
    expect(avoided(agent)).toEqual([pond]);
  });
});

describe("a visit's stay", () => {
  it("holds its pose for `stay` seconds, then goes back to the order it had, with its limits", () => {
    const { world, agent } = setUp();
    const area = boxArea(-10, -10, 10, 10);
    agent.wander({ area, speed: 0.3 });
    const wanderGoal = agent.orderBehaviors[0];
    const done: boolean[] = [];
    agent.visit({ x: 2, z: 1 }, { stay: 2, pose: "graze", onDone: (ok) => done.push(ok) });
    let arrivedAt = -1;
    for (let i = 0; i < 900 && done.length === 0; i++) {
      world.step(DT);
      if (arrivedAt < 0 && agent.activity === "graze") arrivedAt = world.time;
      if (arrivedAt >= 0 && done.length === 0) expect(agent.state).toBe("visit");
    }
    expect(arrivedAt).toBeGreaterThan(0);
    expect(done).toEqual([true]);
    expect(world.time - arrivedAt).toBeGreaterThan(2 - 2 * DT);
    expect(world.time - arrivedAt).toBeLessThan(2 + 2 * DT);
    expect(agent.activity).toBeUndefined();
    expect(agent.state).toBe("wander");
    expect(agent.cruiseSpeed).toBe(0.3);
    expect(agent.orderBehaviors[0]).toBe(wanderGoal);
    expect(agent.orderBehaviors.some((b) => b instanceof StayInAreaBehavior && b.area === area)).toBe(true);
  });

  it("stays ten seconds in the idle pose by default", () => {
    const { world, agent } = setUp();
    const done: boolean[] = [];
    agent.visit({ x: 1, z: 0 }, { onDone: (ok) => done.push(ok) });
    let arrivedAt = -1;
    for (let i = 0; i < 1200 && done.length === 0; i++) {
      world.step(DT);
      if (arrivedAt < 0 && agent.activity !== undefined) {
        arrivedAt = world.time;
        expect(agent.activity).toBe("idle");
      }
    }
    expect(done).toEqual([true]);
    expect(world.time - arrivedAt).toBeGreaterThan(10 - 2 * DT);
    expect(world.time - arrivedAt).toBeLessThan(10 + 2 * DT);
  });

  it("after a visit sent during a moveTo, it idles: the walk is not resumed", () => {
    const { world, agent } = setUp();
    const walked: boolean[] = [];
    agent.moveTo({ x: 20, z: 0 }, { onArrive: (ok) => walked.push(ok) });
    const done: boolean[] = [];
    agent.visit({ x: 1, z: 1 }, { stay: 0.5, onDone: (ok) => done.push(ok) });
    expect(walked).toEqual([false]);
    steps(world, 600);
    expect(done).toEqual([true]);
    expect(agent.state).toBe("idle");
    expect(agent.moveTarget).toBeUndefined();
    expect(agent.cruiseSpeed).toBe(agent.walkSpeed);
  });

  it("after a visit sent during another visit, it idles: the first visit is not resumed", () => {
    const { world, agent } = setUp();
    const done: string[] = [];
    agent.visit({ x: 6, z: 0 }, { stay: 0.5, onDone: (ok) => done.push(`first ${ok}`) });
    steps(world, 5);
    agent.visit({ x: 0.5, z: 1 }, { stay: 0.5, onDone: (ok) => done.push(`second ${ok}`) });
    steps(world, 600);
    expect(done).toEqual(["first false", "second true"]);
    expect(agent.state).toBe("idle");
    expect(agent.moveTarget).toBeUndefined();
  });

  it("a new order cuts the stay short: done(false), and the new order stands", () => {
    const { world, agent } = setUp();
    agent.wander();
    const done: boolean[] = [];
    agent.visit({ x: 0.5, z: 0 }, { stay: 30, onDone: (ok) => done.push(ok) });
    steps(world, 300);
    expect(agent.activity).toBe("idle");
    agent.stop();
    expect(done).toEqual([false]);
    expect(agent.state).toBe("idle");
    steps(world, 300);
    expect(done).toEqual([false]);
    expect(agent.state).toBe("idle");
  });

  it("a visit it cannot get to settles false and goes back to the order it had", () => {
    const { world, agent } = setUp(0.5, { plan: () => undefined });
    agent.wander({ speed: 0.25 });
    const done: boolean[] = [];
    agent.visit({ x: 8, z: 0 }, { onDone: (ok) => done.push(ok) });
    steps(world, 3);
    expect(done).toEqual([false]);
    expect(agent.state).toBe("wander");
    expect(agent.cruiseSpeed).toBe(0.25);
  });

  it("bows its head to drink or graze while it stays", () => {
    const poses: Record<string, string> = {};
    for (const pose of ["idle", "drink", "graze"] as VisitPose[]) {
      const { world, agent } = setUp();
      agent.visit({ x: 0.01, z: 0 }, { pose, stay: 60 });
      steps(world, 90);
      expect(agent.activity).toBe(pose);
      poses[pose] = JSON.stringify(agent.pose);
    }
    expect(poses.drink).not.toBe(poses.idle);
    expect(poses.graze).not.toBe(poses.idle);
    expect(poses.graze).not.toBe(poses.drink);
  });

  it("refuses a stay that is not a non-negative number, naming it", () => {
    const { agent } = setUp();
    expect(() => agent.visit({ x: 1, z: 0 }, { stay: -1 })).toThrow(/stay/);
    expect(() => agent.visit({ x: 1, z: 0 }, { tolerance: -1 })).toThrow(/tolerance/);
  });
});

describe("the world's planner", () => {
  it("plans a moveTo when it does not say whom it plans for, and leaves one it declines to the grid", () => {
    let calls = 0;
    const own: PathPlanner = {
      plan: () => {
        calls++;
        return [];
      },
    };
    const a = setUp(0.5, own);
    a.agent.moveTo({ x: 5, z: 0 });
    steps(a.world, 2);
    expect(calls).toBeGreaterThan(0);
    calls = 0;
    const b = setUp(0.5, { ...own, plans: () => false });
    const settled: boolean[] = [];
    b.agent.moveTo({ x: 3, z: 0 }, { onArrive: (ok) => settled.push(ok) });
    steps(b.world, 600);
    expect(calls).toBe(0);
    expect(settled).toEqual([true]);
  });
});

describe("sizes to the body", () => {
  it("wanders on a circle of twice its radius four radii ahead (at least 0.3 and 0.6 m), kept a metre or six radii in", () => {
    for (const height of [0.2, 3]) {
      const { agent } = setUp(height);
      const area = boxArea(-50, -50, 50, 50);
      agent.wander({ area });
      const [goal, stay] = agent.orderBehaviors as [WanderBehavior, StayInAreaBehavior];
      expect(goal).toBeInstanceOf(WanderBehavior);
      expect(goal.radius).toBe(Math.max(0.3, agent.radius * 2));
      expect(goal.distance).toBe(Math.max(0.6, agent.radius * 4));
      expect(stay.margin).toBe(Math.max(1, agent.radius * 6));
    }
  });

  it("a moveTo slows within four radii of its target (at least half a metre)", () => {
    for (const height of [0.2, 3]) {
      const { agent } = setUp(height);
      agent.moveTo({ x: 10, z: 0 });
      const route = agent.orderBehaviors[0] as RouteBehavior;
      expect(route).toBeInstanceOf(RouteBehavior);
      expect(route.slowRadius).toBe(Math.max(0.5, agent.radius * 4));
    }
  });
});
