/**
 * SeparationBehavior engine-free: a creature is pushed away from each gathered neighbour closer
 * than `radius` plus both bodies' radii, harder the deeper the overlap (up to twice its max
 * force), not from one on another layer; two exactly on one spot part along x, the lower id east,
 * so a game that spawns a herd on one point sees it spread, the same way every run.
 */
import { describe, expect, it } from "vitest";
import { SeparationBehavior } from "../../src/motion/behaviors/separation.js";
import type { SteeringAgent } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";
import { type AgentFields, forceOf, steeringAgent } from "../helpers/steeringAgent.js";

/** An agent (radius 0.3, max force 6) with `others` gathered as its neighbours. */
function crowded(fields: AgentFields, others: SteeringAgent[]): SteeringAgent {
  return steeringAgent({ ...fields, neighbours: others, neighbourCount: others.length });
}

const other = (id: number, x: number, z: number, y?: number) =>
  steeringAgent(y === undefined ? { id, x, z } : { id, x, y, z });

describe("two on one spot", () => {
  it("part along x, the lower id east and the higher west, at the max force", () => {
    const sep = new SeparationBehavior();
    expect(forceOf(sep, crowded({ id: 1 }, [other(2, 0, 0)]))).toEqual({ x: 6, z: 0 });
    expect(forceOf(sep, crowded({ id: 2 }, [other(1, 0, 0)]))).toEqual({ x: -6, z: 0 });
    expect(forceOf(sep, crowded({ id: 5, x: 3, z: 3 }, [other(9, 3, 3), other(7, 3, 3)]))).toEqual({ x: 12, z: 0 });
  });

  it("in a world, a herd spawned on one point spreads out, the same way every run", () => {
    const run = () => {
      const world = new MotionWorld({ seed: 9 });
      const herd = [0, 1, 2].map(() =>
        world.createAgent({ roles: quadrupedRoles(0.6), behaviour: "walk", x: 4, z: 4 }),
      );
      for (let i = 0; i < 90; i++) world.step(1 / 30);
      return herd;
    };
    const [a, b, c] = run();
    for (const [p, q] of [
      [a!, b!],
      [a!, c!],
      [b!, c!],
    ] as const) {
      expect(Math.hypot(p.x - q.x, p.z - q.z)).toBeGreaterThan(p.radius + q.radius);
    }
    expect(a!.x).toBeGreaterThan(c!.x); // the first made (lowest id) ends east of the last
    expect(run().map((h) => [h.x, h.z])).toEqual([a, b, c].map((h) => [h!.x, h!.z]));
  });
});

describe("overlapping neighbours", () => {
  it("push it straight away, harder the deeper the overlap", () => {
    const sep = new SeparationBehavior(); // reach: 0.5 + 0.3 + 0.3 = 1.1 m
    const f = forceOf(sep, crowded({}, [other(2, 0.55, 0)])); // half the reach: half of twice the max force
    expect(f.x).toBeCloseTo(-6, 9);
    expect(f.z).toBeCloseTo(0, 9);
    const g = forceOf(sep, crowded({}, [other(2, 0, -0.825)])); // a quarter in
    expect(g.x).toBeCloseTo(0, 9);
    expect(g.z).toBeCloseTo(3, 9);
  });

  it("do not push from their reach on, nor from another layer (a bird over a walker)", () => {
    const sep = new SeparationBehavior();
    expect(forceOf(sep, crowded({}, [other(2, 1.1, 0), other(3, 0, -2)]))).toEqual({ x: 0, z: 0 });
    expect(forceOf(sep, crowded({ y: 0 }, [other(2, 0.5, 0, 1.1)]))).toEqual({ x: 0, z: 0 });
    expect(forceOf(sep, crowded({ y: 0 }, [other(2, 0.5, 0, 0.5)])).x).toBeLessThan(0);
  });

  it("push between two on one layer high up (birds at 10 m), and only within the reach's height apart", () => {
    const sep = new SeparationBehavior(); // reach: 1.1 m
    expect(forceOf(sep, crowded({ y: 10 }, [other(2, 0.55, 0, 10)])).x).toBeCloseTo(-6, 9);
    // 1.05 m below: nearer than the reach, so still one layer; past the reach, another.
    expect(forceOf(sep, crowded({ y: 10 }, [other(2, 0.55, 0, 8.95)])).x).toBeCloseTo(-6, 9);
    expect(forceOf(sep, crowded({ y: 10 }, [other(2, 0.55, 0, 8.85)]))).toEqual({ x: 0, z: 0 });
  });

  it("reach further with a wider radius", () => {
    expect(forceOf(new SeparationBehavior(1.5), crowded({}, [other(2, 1.5, 0)])).x).toBeLessThan(0);
  });
});
