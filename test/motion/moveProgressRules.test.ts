/**
 * MoveProgress and shovedBack read off aims away from the origin, stalls of whole steps, a new
 * order's reset and a long carry: the watch measures distance to the aim wherever it is.
 */
import { describe, expect, it } from "vitest";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { MoveProgress, shovedBack } from "../../src/motion/moveProgress.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

function walker(x: number, z: number) {
  return new MotionWorld().createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x, z });
}

/** Steps `agent` `steps` times of `dt`, moving it by (vx, vz) m/s; the step it was stuck at, or -1. */
function walk(
  p: MoveProgress,
  route: RouteBehavior,
  agent: ReturnType<typeof walker>,
  dt: number,
  steps: number,
  vx: number,
  vz: number,
  carried = false,
): number {
  agent.dt = dt;
  for (let i = 0; i < steps; i++) {
    agent.x += vx * dt;
    agent.z += vz * dt;
    if (p.stuck(route, agent, carried)) return i;
  }
  return -1;
}

describe("MoveProgress away from the origin", () => {
  it("walking steadily toward an aim off the origin, along x or along z, is progress", () => {
    const p = new MoveProgress();
    const east = walker(-5, 4);
    const routeEast = new RouteBehavior({ x: 20, z: 4 }, 0.1, 1, []);
    p.reset(1);
    expect(walk(p, routeEast, east, 0.25, 40, 1, 0)).toBe(-1);
    const north = walker(3, -5);
    const routeNorth = new RouteBehavior({ x: 3, z: 20 }, 0.1, 1, []);
    p.reset(1);
    expect(walk(p, routeNorth, north, 0.25, 40, 0, 1)).toBe(-1);
  });

  it("is stuck on the step its stall reaches stuckSeconds exactly", () => {
    const p = new MoveProgress();
    const still = walker(-5, 0);
    const route = new RouteBehavior({ x: 0, z: 0 }, 0.1, 1, []);
    p.reset(1);
    // The first step measures; four of 0.25 s more make exactly 1 s.
    expect(walk(p, route, still, 0.25, 10, 0, 0)).toBe(4);
  });

  it("reset starts a new watch with its own stuckSeconds, the old stall forgotten", () => {
    const p = new MoveProgress();
    const still = walker(-5, 0);
    const route = new RouteBehavior({ x: 0, z: 0 }, 0.1, 1, []);
    p.reset(2);
    expect(walk(p, route, still, 0.25, 7, 0, 0)).toBe(-1); // 1.5 s stalled
    p.reset(2);
    expect(walk(p, route, still, 0.25, 7, 0, 0)).toBe(-1); // the same aim: measured afresh
    p.reset(0.5);
    expect(walk(p, route, still, 0.25, 10, 0, 0)).toBe(2);
  });

  it("after a long carry away, the walk back is progress from where it was left", () => {
    const p = new MoveProgress();
    const agent = walker(-10, 0);
    const route = new RouteBehavior({ x: 0, z: 0 }, 0.1, 1, []);
    p.reset(3);
    expect(walk(p, route, agent, 0.25, 4, 2, 0)).toBe(-1); // to x = -8
    expect(walk(p, route, agent, 0.25, 8, -5, 0, true)).toBe(-1); // carried to x = -18
    expect(walk(p, route, agent, 0.25, 40, 2, 0)).toBe(-1); // 5 s back to where it was, then on
  });
});

describe("shovedBack off the axes", () => {
  it("weighs the push along the line to the aim, wherever the agent stands", () => {
    const agent = walker(3, 4); // 5 m from the origin, the aim
    const aim = { x: 0, z: 0 };
    const pull = agent.cruiseSpeed;
    const away = (s: number) => ({ x: (3 / 5) * s, z: (4 / 5) * s });
    expect(shovedBack(aim, agent, away(pull + 0.1))).toBe(true);
    expect(shovedBack(aim, agent, away(pull - 0.1))).toBe(false);
    expect(shovedBack(aim, agent, { x: -4 * pull, z: 3 * pull })).toBe(false); // across the line
    const offAim = { x: 10, z: 10 };
    const b = walker(10, 6); // 4 m south of its aim
    expect(shovedBack(offAim, b, { x: 0, z: -(b.cruiseSpeed + 0.1) })).toBe(true);
    expect(shovedBack(offAim, b, { x: 0, z: -(b.cruiseSpeed - 0.1) })).toBe(false);
  });

  it("a push exactly as hard as the order's pull is not a shove", () => {
    const agent = walker(-4, 0);
    expect(shovedBack({ x: 0, z: 0 }, agent, { x: -agent.cruiseSpeed, z: 0 })).toBe(false);
  });
});

describe("a moveTo shoved back by its neighbours", () => {
  /**
   * Walks `agent` toward a point 20 m ahead while a neighbour keeps pressing on it from the
   * front, overlapping it by a fixed share of separation's reach, for `seconds`; whether the
   * order gave up. The neighbour's raw push is the agent's cruise speed: separation weighs it
   * twice (its weight, 2), so the weighed push is twice the order's pull and carries it back.
   */
  function pressedFromAhead(seconds: number, along: "x" | "z"): { gaveUp: boolean; back: number } {
    const agent = walker(0, 0);
    let gaveUp = false;
    const ahead = along === "x" ? { x: 1, z: 0 } : { x: 0, z: 1 };
    agent.moveTo({ x: 20 * ahead.x, z: 20 * ahead.z }, { stuckSeconds: 1, onArrive: (arrived) => (gaveUp = !arrived) });
    const sep = agent.separation;
    expect(sep.weight).toBe(2);
    const other = {
      id: agent.id + 1000,
      x: 0,
      z: 0,
      y: 0,
      radius: agent.radius,
    } as unknown as (typeof agent.neighbours)[0];
    const limit = sep.radius + 2 * agent.radius;
    // SeparationBehavior's push: (limit - d) / limit * maxForce * 2 = cruise at this gap.
    const share = agent.cruiseSpeed / (agent.maxForce * 2);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    const dt = 0.05;
    for (let t = 0; t < seconds && !gaveUp; t += dt) {
      other.x = agent.x + ahead.x * limit * (1 - share);
      other.z = agent.z + ahead.z * limit * (1 - share);
      agent.neighbours[0] = other;
      agent.neighbourCount = 1;
      agent.step(dt);
    }
    return { gaveUp, back: -(agent.x * ahead.x + agent.z * ahead.z) };
  }

  it("is carried, not stalled: its watch pauses while the weighed push beats its pull", () => {
    for (const along of ["x", "z"] as const) {
      const { gaveUp, back } = pressedFromAhead(4, along);
      expect(back, along).toBeGreaterThan(0.5); // it was carried back, away from its aim
      expect(gaveUp, along).toBe(false); // 4 s of going backwards, with a 1 s watch: never counted as a stall
    }
  });
});
