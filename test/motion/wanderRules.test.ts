/**
 * WanderBehavior engine-free, by direct calls: it seeks a point on a circle ahead at its cruise
 * speed; on a navmesh whose planner gives an open way, a wish over an edge turns to that way
 * (its target, and its circle's target, turn with it), and a wish that is open is kept.
 */
import { describe, expect, it } from "vitest";
import { WanderBehavior } from "../../src/motion/behaviors/wander.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { SeededRandom } from "../../src/util/seededRandom.js";

interface Wish {
  dx: number;
  dz: number;
  length: number;
}

/** A walker at (x, z) facing `heading`, on a planner whose open way is `open(dx, dz)`. */
function walker(x: number, z: number, heading: number, cruiseSpeed: number, open?: (dx: number, dz: number) => Vec2) {
  const wishes: Wish[] = [];
  const planner = open && {
    plan: () => [],
    openWay(_a: SteeringAgent, dx: number, dz: number, length: number, out: Vec2) {
      wishes.push({ dx, dz, length });
      const w = open(dx, dz);
      out.x = w.x;
      out.z = w.z;
    },
  };
  const agent = {
    id: 1,
    x,
    z,
    vx: 0,
    vz: 0,
    heading,
    radius: 0.3,
    walkSpeed: 1,
    runSpeed: 3,
    cruiseSpeed,
    maxForce: 50,
    speedLimit: 50,
    dt: 1 / 30,
    rng: new SeededRandom(1),
    world: { pathPlanner: planner },
    neighbours: [],
    neighbourCount: 0,
    neighbourRadius: 1,
  } as unknown as SteeringAgent;
  return { agent, wishes };
}

/** A wander without jitter: its target 3 m straight ahead. */
function steady(): WanderBehavior {
  return new WanderBehavior(1, 2, 0);
}

function force(b: WanderBehavior, agent: SteeringAgent): Vec2 {
  const out = { x: 0, z: 0 };
  b.calculate(agent, out);
  return out;
}

describe("wander on open ground", () => {
  it("seeks its circle's point ahead, along its heading, at its cruise speed", () => {
    const { agent } = walker(4, -2, 0, 1.5);
    const f = force(steady(), agent);
    expect(f.x).toBeCloseTo(0, 9);
    expect(f.z).toBeCloseTo(1.5, 9);
    const east = walker(4, -2, Math.PI / 2, 1.5).agent;
    const g = force(steady(), east);
    expect(g.x).toBeCloseTo(1.5, 9);
    expect(g.z).toBeCloseTo(0, 9);
  });

  it("seeks the point its target names on a circle of `radius`, `distance` ahead, turned by its heading", () => {
    // Target (0.6, 0.8) on a circle of radius 2, 3 m ahead: (1.2, 4.6) in the walker's frame.
    const heading = Math.PI / 3;
    const b = new WanderBehavior(2, 3, 0);
    b.tx = 0.6;
    b.tz = 0.8;
    const f = force(b, walker(4, -2, heading, 1.5).agent);
    const [s, c] = [Math.sin(heading), Math.cos(heading)];
    const [wx, wz] = [1.2 * c + 4.6 * s, -1.2 * s + 4.6 * c];
    const length = Math.hypot(wx, wz);
    expect(f.x).toBeCloseTo((1.5 * wx) / length, 9);
    expect(f.z).toBeCloseTo((1.5 * wz) / length, 9);
  });

  it("with jitter, picks new targets on its circle, the same for the same seed", () => {
    const b = new WanderBehavior();
    const { agent } = walker(0, 0, 0, 1);
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      force(b, agent);
      expect(Math.hypot(b.tx, b.tz)).toBeCloseTo(1, 9);
      seen.add(`${b.tx.toFixed(6)},${b.tz.toFixed(6)}`);
    }
    expect(seen.size).toBe(10);
    const again = new WanderBehavior();
    const other = walker(0, 0, 0, 1).agent;
    for (let i = 0; i < 10; i++) force(again, other);
    expect([again.tx, again.tz]).toEqual([b.tx, b.tz]);
  });

  it("jitters by `jitter` circle radii a second: each step turns its target by at most what dt allows", () => {
    // A draw is under 1 in each axis, so a step moves the target under jitter·dt·√2 before it
    // goes back onto the circle: it turns by at most asin(jitter·dt·√2).
    for (const dt of [1 / 30, 1 / 120]) {
      const b = new WanderBehavior(1, 2, 3);
      const { agent } = walker(0, 0, 0, 1);
      agent.dt = dt;
      let turned = 0;
      for (let i = 0; i < 60; i++) {
        const bx = b.tx;
        const bz = b.tz;
        force(b, agent);
        // The angle between the unit targets before and after.
        const turn = Math.abs(Math.atan2(bx * b.tz - bz * b.tx, bx * b.tx + bz * b.tz));
        expect(turn).toBeLessThanOrEqual(Math.asin(3 * dt * Math.SQRT2));
        turned += turn;
      }
      expect(turned).toBeGreaterThan(0);
    }
  });
});

describe("wander on a navmesh", () => {
  it("asks the planner for its wish: the unit direction to its target, at least 1.5 s of cruise long", () => {
    const slow = walker(4, -2, Math.PI / 2, 1, (dx, dz) => ({ x: dx, z: dz }));
    force(steady(), slow.agent);
    expect(slow.wishes).toHaveLength(1);
    expect(slow.wishes[0]!.dx).toBeCloseTo(1, 9);
    expect(slow.wishes[0]!.dz).toBeCloseTo(0, 9);
    expect(slow.wishes[0]!.length).toBeCloseTo(3, 9);
    const fast = walker(4, -2, 0, 4, (dx, dz) => ({ x: dx, z: dz }));
    force(steady(), fast.agent);
    expect(fast.wishes[0]!.dx).toBeCloseTo(0, 9);
    expect(fast.wishes[0]!.dz).toBeCloseTo(1, 9);
    expect(fast.wishes[0]!.length).toBeCloseTo(6, 9);
  });

  it("keeps its wish and its circle's target when the way it wished is open", () => {
    const { agent } = walker(4, -2, 0.3, 1.5, (dx, dz) => ({ x: dx, z: dz }));
    const b = steady();
    const f = force(b, agent);
    expect(b.tx).toBe(0);
    expect(b.tz).toBe(1);
    const free = force(steady(), walker(4, -2, 0.3, 1.5).agent);
    expect(f.x).toBeCloseTo(free.x, 9);
    expect(f.z).toBeCloseTo(free.z, 9);
  });

  it("turns to the open way the planner gives over an edge, and turns its circle's target with it", () => {
    // Facing +Z, the edge ahead: the open way is along +X.
    const { agent } = walker(4, -2, 0, 1.5, () => ({ x: 1, z: 0 }));
    const b = steady();
    const f = force(b, agent);
    expect(f.x).toBeCloseTo(1.5, 9);
    expect(f.z).toBeCloseTo(0, 9);
    expect(b.tx).toBeCloseTo(1, 9);
    expect(b.tz).toBeCloseTo(0, 9);
  });

  it("turns the open way into its own frame when it faces elsewhere", () => {
    // Facing +X (heading pi/2), the open way along -Z is to its right: local (-1, 0)... in its frame.
    const { agent } = walker(4, -2, Math.PI / 2, 1.5, () => ({ x: 0, z: -1 }));
    const b = steady();
    const f = force(b, agent);
    expect(f.x).toBeCloseTo(0, 9);
    expect(f.z).toBeCloseTo(-1.5, 9);
    // Local x turned by the heading: world = (lx c + lz s, -lx s + lz c); here (0, -1) from local (1, 0).
    expect(b.tx).toBeCloseTo(1, 9);
    expect(b.tz).toBeCloseTo(0, 9);
    const diag = walker(4, -2, Math.PI / 4, 1.5, () => ({ x: Math.SQRT1_2, z: -Math.SQRT1_2 }));
    const d = steady();
    force(d, diag.agent);
    // world (√½, -√½) at heading π/4 is local (tx, tz) = (x c - z s, x s + z c) = (1, 0).
    expect(d.tx).toBeCloseTo(1, 9);
    expect(d.tz).toBeCloseTo(0, 9);
    // And it heads along that open way, at its cruise speed.
    const g = force(steady(), diag.agent);
    expect(g.x).toBeCloseTo(1.5 * Math.SQRT1_2, 9);
    expect(g.z).toBeCloseTo(-1.5 * Math.SQRT1_2, 9);
  });
});
