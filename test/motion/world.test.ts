import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import type { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { MOTION_WORLD_DEFAULTS, MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);

/** A world of `count` walkers at seeded positions over a square of side `span`. */
function crowd(count: number, span: number, seed = 5): MotionWorld {
  const rng = new SeededRandom(seed);
  const world = new MotionWorld({ seed: 1 });
  for (let i = 0; i < count; i++) {
    world.createAgent({
      roles,
      behaviour: "walk",
      x: rng.range(-span / 2, span / 2),
      z: rng.range(-span / 2, span / 2),
    });
  }
  return world;
}

/** The ids `findNeighbours` gives for `agent`, in order. */
function neighbourIds(world: MotionWorld, agent: MotionAgent): number[] {
  const count = world.findNeighbours(agent);
  return world.neighbours.slice(0, count).map((a) => a.id);
}

function bruteForce(world: MotionWorld, agent: MotionAgent, radius: number): number[] {
  return world.agents.filter((o) => o !== agent && Math.hypot(o.x - agent.x, o.z - agent.z) <= radius).map((o) => o.id);
}

/** Positions, headings and poses of a seeded wandering herd after `steps` frames. */
function wander(seed: number, steps: number, world = new MotionWorld({ seed })) {
  const agents = [0, 1, 2].map((i) => world.createAgent({ roles, behaviour: "walk", x: i, z: 0 }));
  for (const a of agents) a.wander({ area: { center: { x: 0, z: 0 }, radius: 6 } });
  return {
    world,
    run: () => {
      for (let i = 0; i < steps; i++) world.step(1 / 30);
      return agents.map((a) => [a.x, a.z, a.heading, a.phase, ...a.pose.rotations]);
    },
  };
}

describe("MotionWorld", () => {
  it("has documented defaults", () => {
    expect(MOTION_WORLD_DEFAULTS).toEqual({ seed: 1, maxStepSeconds: 0.1 });
    expect(Object.isFrozen(MOTION_WORLD_DEFAULTS)).toBe(true);
  });

  it("takes an option given as undefined as its default", () => {
    const world = new MotionWorld({ seed: undefined, maxStepSeconds: undefined });
    expect(world.maxStepSeconds).toBe(MOTION_WORLD_DEFAULTS.maxStepSeconds);
    const seeded = new MotionWorld({ seed: MOTION_WORLD_DEFAULTS.seed });
    expect(world.nextAgentRandom().next()).toBe(seeded.nextAgentRandom().next());
  });

  it("refuses a maxStepSeconds that is not a positive finite number with an OptionsError naming it", () => {
    for (const [value, shown] of [
      [0, "0"],
      [-0.1, "-0.1"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
    ] as const) {
      let error: unknown;
      try {
        new MotionWorld({ maxStepSeconds: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, shown).toBeInstanceOf(OptionsError);
      expect([(error as OptionsError).option, (error as Error).message]).toEqual([
        "maxStepSeconds",
        `maxStepSeconds must be a positive finite number, got ${shown}`,
      ]);
    }
  });

  it("is deterministic per seed, whatever another world does meanwhile", () => {
    const alone = wander(42, 300).run();
    const a = wander(42, 1);
    const b = wander(7, 1);
    let last: number[][] = [];
    for (let i = 0; i < 300; i++) {
      b.run();
      last = a.run();
    }
    expect(last).toEqual(alone);
    expect(wander(43, 300).run()).not.toEqual(alone);
  });

  it("forks each agent's random stream by creation count, so a removal does not shift later agents", () => {
    const first = new MotionWorld({ seed: 9 });
    const second = new MotionWorld({ seed: 9 });
    const draws = (agent: MotionAgent) => [agent.rng.next(), agent.rng.next()];
    first.createAgent({ roles });
    const kept = first.createAgent({ roles });
    second.remove(second.createAgent({ roles }));
    const late = second.createAgent({ roles });
    expect(draws(late)).toEqual(draws(kept));
    expect(draws(new MotionWorld({ seed: 10 }).createAgent({ roles }))).not.toEqual(draws(first.agents[0]!));
  });

  it("adds an agent once and tracks the largest radius", () => {
    const world = new MotionWorld();
    const small = world.createAgent({ roles: quadrupedRoles(0.2) });
    const big = new MotionAgent({ roles: quadrupedRoles(2), rng: new SeededRandom(1) });
    world.add(big);
    world.add(big);
    expect(world.agents).toEqual([small, big]);
    expect(big.world).toBe(world);
    expect(world.maxRadius).toBe(big.radius);
    expect(big.radius).toBeGreaterThan(small.radius);
  });

  it("removes an agent, settling its pending moveTo as not arrived", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles });
    const b = world.createAgent({ roles });
    const arrivals: boolean[] = [];
    a.moveTo({ x: 50, z: 0 }, { onArrive: (ok) => arrivals.push(ok) });
    world.remove(a);
    world.remove(a);
    world.remove(new MotionAgent({ roles, rng: new SeededRandom(1) }));
    expect(world.agents).toEqual([b]);
    expect(a.world).toBeUndefined();
    expect(arrivals).toEqual([false]);
  });

  it("steps every agent in the order added, each by the same clamped, scaled step", () => {
    const world = new MotionWorld({ maxStepSeconds: 0.05 });
    const order: [number, number][] = [];
    const recorder: SteeringBehavior = {
      active: true,
      weight: 1,
      calculate(agent: SteeringAgent, out: Vec2) {
        order.push([agent.id, agent.dt]);
        out.x = 0;
        out.z = 0;
      },
    };
    const agents = [0, 1, 2].map(() => world.createAgent({ roles }));
    for (const a of [...agents].reverse()) a.behaviours.push(recorder);
    expect(world.step(0.02)).toBe(0.02);
    expect(world.step(1)).toBe(0.05);
    world.timeScale = 2;
    expect(world.step(0.01)).toBe(0.02);
    const ids = agents.map((a) => a.id);
    expect(order).toEqual([0.02, 0.05, 0.02].flatMap((dt) => ids.map((id) => [id, dt])));
    expect(world.time).toBeCloseTo(0.09, 12);
  });

  it("does nothing while paused, for no time, or at time scale 0", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles });
    a.vz = 0.3;
    world.paused = true;
    expect(world.step(0.05)).toBe(0);
    world.paused = false;
    for (const dt of [0, -1, Number.NaN]) expect(world.step(dt)).toBe(0);
    world.timeScale = 0;
    expect(world.step(0.05)).toBe(0);
    expect([a.z, world.time]).toEqual([0, 0]);
  });

  it.each([
    [0.5, 1],
    [1, 2],
    [3, 3],
  ])("finds exactly the agents within queryRadius %f (as a set), never the agent itself (seed %i)", (radius, seed) => {
    const world = crowd(300, 30, seed);
    world.step(1 / 60);
    world.queryRadius = radius;
    let found = 0;
    for (const agent of world.agents) {
      const ids = neighbourIds(world, agent);
      expect(ids).not.toContain(agent.id);
      expect([...new Set(ids)].sort((p, q) => p - q)).toEqual(bruteForce(world, agent, radius).sort((p, q) => p - q));
      found += ids.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it("finds neighbours before the first step and after agents join", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    world.createAgent({ roles, x: 5, z: 0 });
    world.queryRadius = 1;
    expect(neighbourIds(world, a)).toEqual([]);
    const near = world.createAgent({ roles, x: 0.5, z: 0.5 });
    expect(neighbourIds(world, a)).toEqual([near.id]);
  });

  // Two cells of one query can hash to the same bucket (about 1 query in 10 here): its agents
  // must still come back once.
  it("lists each neighbour once", () => {
    const world = crowd(400, 40);
    world.step(1 / 60);
    let repeated = 0;
    for (const radius of [0.5, 1, 2, 4]) {
      world.queryRadius = radius;
      for (const agent of world.agents) {
        const ids = neighbourIds(world, agent);
        if (new Set(ids).size !== ids.length) repeated++;
      }
    }
    expect(repeated).toBe(0);
  });
});
