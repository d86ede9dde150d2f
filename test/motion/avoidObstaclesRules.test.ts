import { describe, expect, it } from "vitest";
import { AvoidObstaclesBehavior, edgeStep, sidestep } from "../../src/motion/behaviors/avoidObstacles.js";
import { createObstacle, WorldBody } from "../../src/motion/obstacles.js";
import type { Obstacle, SteeringAgent, Vec2 } from "../../src/motion/types.js";

/** A walker as avoidance reads it: position, velocity, radius, force cap, id, its world. */
function walker(x: number, z: number, vx = 0, vz = 0, id = 1): SteeringAgent {
  return { id, x, z, y: 0, vx, vz, radius: 0.5, maxForce: 2, world: undefined } as unknown as SteeringAgent;
}

/** A world with only what avoidance reads, and no obstacle index: it walks the whole list. */
function world(obstacles: Obstacle[], bodies: WorldBody[] = [], floors = false) {
  return { obstacles, bodies, pathPlanner: floors ? { standOn: () => 0 } : undefined } as never;
}

function force(agent: SteeringAgent, w: unknown, margin = 1): Vec2 {
  agent.world = w as never;
  const out = { x: 7, z: 7 };
  new AvoidObstaclesBehavior(margin).calculate(agent, out);
  return out;
}

const rock = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });

describe("AvoidObstaclesBehavior: obstacles", () => {
  it("pushes straight out of a rock, growing from the margin's edge inward", () => {
    // margin 1 + radius 0.5 = 1.5; 1 m from the edge: strength maxForce * 0.5 / 1.5.
    const f = force(walker(-3, 0), world([rock]));
    expect(f.x).toBeCloseTo(-2 / 3, 9);
    expect(f.z).toBeCloseTo(0, 9);
    const g = force(walker(0, 2.5), world([rock]));
    expect(g.x).toBeCloseTo(0, 9);
    expect(g.z).toBeCloseTo(2 * (1 / 1.5), 9);
    // 1.5 m inside: (1.5 + 1.5) / 1.5 = twice the force; deeper still it stops at four times.
    const h = force(walker(0, -0.5), world([rock]));
    expect(h.z).toBeCloseTo(-4, 9);
    const big = createObstacle({ center: { x: 0, z: 0 }, radius: 20 });
    expect(force(walker(0, -10), world([big])).z).toBeCloseTo(-8, 9);
  });

  it("feels a rock from every side just inside the margin, and nothing just beyond it", () => {
    for (let k = 0; k < 24; k++) {
      const a = (k / 24) * Math.PI * 2 + 0.1;
      const inside = force(walker(Math.cos(a) * 3.45, Math.sin(a) * 3.45), world([rock]));
      expect(Math.hypot(inside.x, inside.z)).toBeGreaterThan(0.05);
      const beyond = force(walker(Math.cos(a) * 3.6, Math.sin(a) * 3.6), world([rock]));
      expect(beyond).toEqual({ x: 0, z: 0 });
    }
  });

  it("ignores a rock on another floor where floors lie above each other, not on one floor", () => {
    const deck = createObstacle({ center: { x: 0, y: 3, z: 0 }, radius: 2 } as never);
    expect(force(walker(-3, 0), world([deck], [], true))).toEqual({ x: 0, z: 0 });
    expect(force(walker(-3, 0), world([deck], [], false)).x).toBeCloseTo(-2 / 3, 9);
  });

  it("sums every rock in the list, and a flier in the air or a walker with no world feels none", () => {
    const other = createObstacle({ center: { x: -6, z: 0 }, radius: 2 });
    const f = force(walker(-3, 0), world([rock, other]));
    expect(f.x).toBeCloseTo(-2 / 3 + 2 / 3, 9);
    const g = force(walker(-3.2, 0), world([other, rock]));
    expect(g.x).toBeCloseTo(-2 * (0.3 / 1.5) + 2 * (0.7 / 1.5), 9);
    const flier = { ...walker(-3, 0), altitude: 2 } as SteeringAgent;
    expect(force(flier, world([rock]))).toEqual({ x: 0, z: 0 });
    const out = { x: 7, z: 7 };
    new AvoidObstaclesBehavior().calculate(walker(-3, 0), out);
    expect(out).toEqual({ x: 0, z: 0 });
  });

  it("steers a walker heading at a rock round it, on the side its way leans to", () => {
    // Heading +x a little north of the centre: pushed back and to the north (+z).
    const f = force(walker(-3, 0.3, 1.5, 0), world([rock]));
    expect(f.x).toBeLessThan(0);
    expect(f.z).toBeGreaterThan(0.3);
    const g = force(walker(-3, -0.3, 1.5, 0), world([rock]));
    expect(g.z).toBeLessThan(-0.3);
    // Walking away from it (the rock behind), only the push out remains.
    const away = force(walker(-3, 0.3, -1.5, 0), world([rock]));
    const still = force(walker(-3, 0.3), world([rock]));
    expect(away.x).toBeCloseTo(still.x, 12);
    expect(away.z).toBeCloseTo(still.z, 12);
    // A rock off its path, beyond the margin, changes nothing.
    expect(force(walker(-3, 4, 1.5, 0), world([rock]))).toEqual({ x: 0, z: 0 });
  });
});

describe("AvoidObstaclesBehavior: bodies", () => {
  it("pushes away from a body, growing to four times the force inside the margin", () => {
    // limit = 1.5 + 0.5 = 2; at 1 m: push = 2 * min(4, 4 * 1 / 1.5).
    const f = force(walker(4, 2), world([], [new WorldBody(5, 2, 0.5)]));
    expect(f.x).toBeCloseTo(-2 * (4 / 1.5), 9);
    expect(f.z).toBeCloseTo(0, 9);
    const g = force(walker(5.6, 3.8), world([], [new WorldBody(5, 3, 0.5)]));
    const d = 1;
    const push = 2 * Math.min(4, (4 * (2 - d)) / 1.5);
    expect(g.x).toBeCloseTo(0.6 * push, 9);
    expect(g.z).toBeCloseTo(0.8 * push, 9);
    const near = force(walker(5.3, 3), world([], [new WorldBody(5, 3, 0.5)]));
    expect(near.x).toBeCloseTo(8, 9);
  });

  it("pushes away at any distance and sidesteps along the body's edge, not toward its centre", () => {
    // 1.5 m away along (0.6, 0.8), walking in with a lean: push 2 * min(4, 4 * 0.5 / 1.5).
    const body = new WorldBody(5, 3, 0.5);
    const a = walker(5 + 0.9, 3 + 1.2, -1.2, -0.4);
    const f = force(a, world([], [body]));
    const push = 2 * ((4 * 0.5) / 1.5);
    edgeStep.ix = -0.6;
    edgeStep.iz = -0.8;
    edgeStep.strength = push;
    const side = { x: 0, z: 0 };
    sidestep(a, side);
    expect(Math.hypot(side.x, side.z)).toBeGreaterThan(0.1);
    expect(f.x).toBeCloseTo(0.6 * push + side.x, 9);
    expect(f.z).toBeCloseTo(0.8 * push + side.z, 9);
  });

  it("feels a body just inside the limit from every side and not at or beyond it", () => {
    const body = new WorldBody(-2, 1, 0.5);
    for (let k = 0; k < 24; k++) {
      const a = (k / 24) * Math.PI * 2 + 0.1;
      const inside = force(walker(-2 + Math.cos(a) * 1.95, 1 + Math.sin(a) * 1.95), world([], [body]));
      expect(Math.hypot(inside.x, inside.z)).toBeGreaterThan(0.1);
      const beyond = force(walker(-2 + Math.cos(a) * 2.05, 1 + Math.sin(a) * 2.05), world([], [body]));
      expect(beyond).toEqual({ x: 0, z: 0 });
    }
  });

  it("pushes a walker standing on a body's centre along +x, and sidesteps one walking into it", () => {
    expect(force(walker(5, 3), world([], [new WorldBody(5, 3, 0.5)]))).toEqual({ x: 8, z: 0 });
    const f = force(walker(4, 3.2, 1.5, 0), world([], [new WorldBody(5, 3, 0.5)]));
    const still = force(walker(4, 3.2), world([], [new WorldBody(5, 3, 0.5)]));
    expect(f.z).toBeGreaterThan(still.z + 0.1);
    const g = force(walker(4, 2.8, 1.5, 0), world([], [new WorldBody(5, 3, 0.5)]));
    expect(g.z).toBeLessThan(-0.1);
  });
});

describe("sidestep", () => {
  function step(ix: number, iz: number, strength: number, agent: SteeringAgent): Vec2 {
    edgeStep.ix = ix;
    edgeStep.iz = iz;
    edgeStep.strength = strength;
    const out = { x: 1, z: 1 };
    sidestep(agent, out);
    return out;
  }

  it("adds a push along the edge, scaled by how straight it heads in, on its leaning side", () => {
    // Inward (0.6, 0.8), velocity (2, 1): speed √5, into = 2/√5, lean = -1.6 + 0.6 = -1 → side -1.
    const s = Math.sqrt(5);
    const into = 2 / s;
    const out = step(0.6, 0.8, 2, walker(0, 0, 2, 1));
    expect(out.x).toBeCloseTo(1 + -0.8 * -1 * 2 * into * 1.5, 12);
    expect(out.z).toBeCloseTo(1 + 0.6 * -1 * 2 * into * 1.5, 12);
    // Leaning the other way: velocity (1, 2): into = (0.6 + 1.6)/√5, lean = -0.8 + 1.2 → side +1.
    const into2 = 2.2 / s;
    const o2 = step(0.6, 0.8, 3, walker(0, 0, 1, 2));
    expect(o2.x).toBeCloseTo(1 + -0.8 * 3 * into2 * 1.5, 12);
    expect(o2.z).toBeCloseTo(1 + 0.6 * 3 * into2 * 1.5, 12);
  });

  it("adds nothing when standing still or heading away or along the edge", () => {
    expect(step(0.6, 0.8, 2, walker(0, 0))).toEqual({ x: 1, z: 1 });
    expect(step(0.6, 0.8, 2, walker(0, 0, -2, -1))).toEqual({ x: 1, z: 1 });
    expect(step(1, 0, 2, walker(0, 0, -1.5, 0.2))).toEqual({ x: 1, z: 1 });
  });

  it("heading dead centre, goes round by its id: even one way, odd the other", () => {
    const even = step(1, 0, 2, walker(0, 0, 2, 0, 4));
    expect(even.x).toBeCloseTo(1, 12);
    expect(even.z).toBeCloseTo(1 + 2 * 1.5, 12);
    const odd = step(1, 0, 2, walker(0, 0, 2, 0, 3));
    expect(odd.z).toBeCloseTo(1 - 2 * 1.5, 12);
    // A lean below a thousandth of the speed counts as dead centre (it does not flip the side).
    const slight = step(1, 0, 2, walker(0, 0, 2, -0.001, 4));
    expect(slight.z).toBeGreaterThan(1);
    // Above it, the lean decides.
    const leaning = step(1, 0, 2, walker(0, 0, 2, -0.003, 4));
    expect(leaning.z).toBeLessThan(1);
  });
});
