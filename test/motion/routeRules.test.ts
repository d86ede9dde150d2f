/**
 * RouteBehavior engine-free, by direct calls: it heads for each waypoint in turn at its cruise
 * speed, passes one within `pass` metres, and arrives at its target; at a take-off point it
 * takes the jump (there, or near it, on its level, no longer closing in, the landing within reach).
 * Given a plan, it plans on its first step and again when the world's obstacles change.
 */
import { describe, expect, it } from "vitest";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import type { JumpLeg } from "../../src/motion/jumpArc.js";
import type { JumpWaypoint } from "../../src/motion/jumpRoutes.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { steeringAgent } from "../helpers/steeringAgent.js";

type Body = SteeringAgent & { y?: number; jumpReach?: { height: number; length: number } };

function walker(x: number, z: number, extra: Record<string, unknown> = {}): Body {
  return steeringAgent({ x, z, cruiseSpeed: 2, maxForce: 20, neighbourRadius: 1, ...extra }) as Body;
}

function force(route: RouteBehavior, agent: SteeringAgent): Vec2 {
  const out = { x: 9, z: 9 };
  route.calculate(agent, out);
  return out;
}

describe("a route through waypoints", () => {
  it("heads for the first waypoint at its cruise speed (less its velocity)", () => {
    const route = new RouteBehavior({ x: 0, z: 10 }, 0.1, 1, [
      { x: 6, z: 0 },
      { x: 6, z: 8 },
    ]);
    expect(route.remaining).toBe(2);
    expect(route.aim).toEqual({ x: 6, z: 0 });
    const f = force(route, walker(0, 0, { vx: 0.5, vz: 0.25 }));
    expect(f.x).toBeCloseTo(2 - 0.5, 9);
    expect(f.z).toBeCloseTo(-0.25, 9);
    const g = force(route, walker(6, 4, { vx: 0.5, vz: 0.25 }));
    expect(g.x).toBeCloseTo(-0.5, 9);
    expect(g.z).toBeCloseTo(-2 - 0.25, 9);
    expect(route.remaining).toBe(2);
  });

  it("passes a waypoint within pass metres (its edge included) and heads for the next, in order", () => {
    const route = new RouteBehavior({ x: 0, z: 10 }, 0.1, 1, [
      { x: 6, z: 0 },
      { x: 6, z: 8 },
    ]);
    const f = force(route, walker(5.25, 0));
    expect(route.remaining).toBe(1);
    expect(route.aim).toEqual({ x: 6, z: 8 });
    expect(f.x).toBeCloseTo((0.75 / Math.hypot(0.75, 8)) * 2, 9);
    expect(f.z).toBeCloseTo((8 / Math.hypot(0.75, 8)) * 2, 9);
    expect(route.jumpDue).toBeUndefined();
    force(route, walker(6, 7.5));
    expect(route.remaining).toBe(0);
    expect(route.aim).toEqual({ x: 0, z: 10 });
  });

  it("walked step by step, visits its waypoints in order and arrives at its target", () => {
    const wps = [
      { x: 6, z: 0 },
      { x: 6, z: 8 },
    ];
    const route = new RouteBehavior({ x: 0, z: 8 }, 0.1, 1, wps);
    const a = walker(0, 0);
    const dt = 1 / 30;
    const reached: number[] = [];
    for (let i = 0; i < 30 * 30; i++) {
      const f = force(route, a);
      a.vx += f.x * dt;
      a.vz += f.z * dt;
      const s = Math.hypot(a.vx, a.vz);
      if (s > 2) {
        a.vx *= 2 / s;
        a.vz *= 2 / s;
      }
      a.x += a.vx * dt;
      a.z += a.vz * dt;
      wps.forEach((w, k) => {
        if (Math.hypot(w.x - a.x, w.z - a.z) < 1 && !reached.includes(k)) reached.push(k);
      });
    }
    expect(reached).toEqual([0, 1]);
    expect(Math.hypot(a.x, a.z - 8)).toBeLessThan(0.3);
    expect(Math.hypot(a.vx, a.vz)).toBeLessThan(0.2);
  });
});

describe("a route's plan", () => {
  it("plans from where the agent is on its first step, whatever the world's obstacle version", () => {
    const world = new MotionWorld();
    world.addObstacle({ center: { x: 3, z: 0 }, radius: 1 }); // one rock added: its version is 1
    const from: Vec2[] = [];
    const route = new RouteBehavior({ x: 6, z: 0 }, 0.1, 1, [], 0.75, (at) => {
      from.push({ x: at.x, z: at.z });
      return [{ x: 3, z: 2 }];
    });
    const agent = walker(0, 0, { world });
    const f = force(route, agent);
    expect(from).toEqual([{ x: 0, z: 0 }]);
    expect(route.plans).toBe(1);
    expect(route.aim).toEqual({ x: 3, z: 2 });
    expect(f.x).toBeCloseTo((3 / Math.hypot(3, 2)) * 2, 9);
    expect(f.z).toBeCloseTo((2 / Math.hypot(3, 2)) * 2, 9);
    agent.x = 1;
    force(route, agent);
    expect(route.plans).toBe(1); // nothing changed: no new plan
    world.addObstacle({ center: { x: 4, z: 3 }, radius: 0.5 });
    force(route, agent);
    expect(from).toEqual([
      { x: 0, z: 0 },
      { x: 1, z: 0 },
    ]);
  });
});

const leg: JumpLeg = { from: { x: 5, y: 0, z: 0 }, to: { x: 7, y: 0, z: 0 } };
const legZ: JumpLeg = { from: { x: 0, y: 0, z: 5 }, to: { x: 0, y: 0, z: 7 } };

function jumpRoute(l: JumpLeg = leg): RouteBehavior {
  const wps: JumpWaypoint[] = [
    { x: l.from.x, z: l.from.z, jump: l },
    { x: l.to.x, z: l.to.z },
    { x: 20, z: 20 },
  ];
  return new RouteBehavior({ x: 30, z: 30 }, 0.1, 1, wps);
}

/** Whether the walker takes the jump this step (and, when it does, stands still and skips the landing). */
function jumps(agent: Body, l: JumpLeg = leg): boolean {
  const route = jumpRoute(l);
  const f = force(route, agent);
  if (route.jumpDue === undefined) {
    expect(route.remaining).toBe(3);
    return false;
  }
  expect(route.jumpDue).toBe(l);
  expect(route.remaining).toBe(1);
  expect(f).toEqual({ x: 0, z: 0 });
  return true;
}

describe("a route's jump", () => {
  it("is taken on its take-off point, even when still closing in", () => {
    expect(jumps(walker(4.95, 0, { vx: 2 }))).toBe(true);
    expect(jumps(walker(4.86, 0, { radius: 0.5, vx: 2 }))).toBe(true); // within 0.3 radius
    expect(jumps(walker(4.8, 0, { radius: 0.5, vx: 2 }))).toBe(false);
    const atOrigin: JumpLeg = { from: { x: 0, y: 0, z: 0 }, to: { x: 2, y: 0, z: 0 } };
    expect(jumps(walker(-0.1, 0, { vx: 2 }), atOrigin)).toBe(true); // exactly 0.1 m off
    expect(jumps(walker(4.5, 0, { radius: 0.5, vx: 2 }))).toBe(false);
  });

  it("is taken near it (within pass, or two radii) once no longer closing in", () => {
    expect(jumps(walker(4.5, 0))).toBe(true);
    expect(jumps(walker(4.25, 0))).toBe(true);
    expect(jumps(walker(4.2, 0))).toBe(false);
    expect(jumps(walker(4.1, 0, { radius: 0.5 }))).toBe(true);
    expect(jumps(walker(3.9, 0, { radius: 0.5 }))).toBe(false);
  });

  it("waits to get there while closing in faster than a quarter of its cruise speed", () => {
    expect(jumps(walker(4.5, 0, { vx: 0.5 }))).toBe(true);
    expect(jumps(walker(4.5, 0, { vx: 1 }))).toBe(false);
    expect(jumps(walker(4.5, 0, { vx: -1 }))).toBe(true);
    expect(jumps(walker(0, 4.5, { vz: 1 }), legZ)).toBe(false);
    expect(jumps(walker(0, 4.5, { vz: 0.5, vx: 3 }), legZ)).toBe(true);
    const f = force(jumpRoute(), walker(4.5, 0, { vx: 1 }));
    expect(f.x).toBeCloseTo(1, 9);
  });

  it("is taken near it only on its level", () => {
    expect(jumps(walker(4.5, 0, { y: 0.3 }))).toBe(true);
    expect(jumps(walker(4.5, 0, { y: -0.3 }))).toBe(true);
    expect(jumps(walker(4.5, 0, { y: 0.35 }))).toBe(false);
    expect(jumps(walker(4.5, 0, { y: 0.3 }), { from: { x: 5, y: 2, z: 0 }, to: { x: 7, y: 2, z: 0 } })).toBe(false);
    expect(jumps(walker(4.95, 0, { y: 1 }))).toBe(true);
    // Both raised (a ledge 2 m up): on its level by their difference, not their sum.
    expect(jumps(walker(4.5, 0, { y: 2.2 }), { from: { x: 5, y: 2, z: 0 }, to: { x: 7, y: 2, z: 0 } })).toBe(true);
  });

  it("is taken near it only with the landing within its reach (or the jump's own span)", () => {
    expect(jumps(walker(4.5, 0, { jumpReach: { height: 1, length: 2.5 } }))).toBe(true);
    expect(jumps(walker(4.5, 0, { jumpReach: { height: 1, length: 2.4 } }))).toBe(false);
    expect(jumps(walker(4.5, 0, { jumpReach: { height: 1, length: 1 } }))).toBe(false);
    expect(jumps(walker(4.6, 0, { jumpReach: { height: 1, length: 1 } }))).toBe(false);
    const far: JumpLeg = { from: { x: 5, y: 0, z: 0 }, to: { x: 8, y: 0, z: 0 } };
    expect(jumps(walker(4.5, 0, { jumpReach: { height: 1, length: 1 } }), far)).toBe(false);
    const wide: JumpLeg = { from: { x: 5, y: 0, z: 0 }, to: { x: 7.5, y: 0, z: 0 } };
    expect(jumps(walker(5.1, 0.4, { jumpReach: { height: 1, length: 1 } }), wide)).toBe(true);
    const zLeg: JumpLeg = { from: { x: 0, y: 0, z: 5 }, to: { x: 0, y: 0, z: 7.5 } };
    expect(jumps(walker(0.4, 5.1, { jumpReach: { height: 1, length: 1 } }), zLeg)).toBe(true);
    expect(jumps(walker(0, 4.5, { jumpReach: { height: 1, length: 1 } }), zLeg)).toBe(false);
  });
});
