/**
 * The world's own rules, engine-free and at fixed steps: the step order of agents that join
 * late or out of order, the version obstacles and waters bump, which steps do nothing, and
 * that neighbour queries (findNeighbours, a step's gathering, agentsNear) find exactly the
 * agents within reach, also after agents moved since the neighbour grid was built.
 */
import { describe, expect, it } from "vitest";
import type { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { boxArea } from "../helpers/areas.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);

/** A behaviour that runs `act` on its agent each step and pushes nothing. */
function acting(act: (agent: SteeringAgent) => void): SteeringBehavior {
  return {
    active: true,
    weight: 1,
    calculate(agent: SteeringAgent, out: Vec2) {
      act(agent);
      out.x = 0;
      out.z = 0;
    },
  };
}

function ids(list: readonly SteeringAgent[], count = list.length): number[] {
  return list
    .slice(0, count)
    .map((a) => a.id)
    .sort((p, q) => p - q);
}

/** The ids of the agents within `radius` of `agent` (itself left out), by brute force. */
function within(world: MotionWorld, agent: SteeringAgent, radius: number): number[] {
  return ids(world.agents.filter((o) => o !== agent && Math.hypot(o.x - agent.x, o.z - agent.z) <= radius));
}

/** `count` idle agents of `height` at seeded places over a square of side `span`. */
function scatter(count: number, span: number, height: number, seed: number): MotionWorld {
  const rng = new SeededRandom(seed);
  const world = new MotionWorld({ seed: 3 });
  const rolesOfSize = quadrupedRoles(height);
  for (let i = 0; i < count; i++)
    world.createAgent({ roles: rolesOfSize, x: rng.range(-span / 2, span / 2), z: rng.range(-span / 2, span / 2) });
  return world;
}

describe("MotionWorldCore: places in the step order", () => {
  it("gives place n the world seed's fork n-1, so a recorded seed replays the same streams", () => {
    const world = new MotionWorld({ seed: 17 });
    const first = world.reserveAgent();
    const second = world.reserveAgent();
    expect([first.id, second.id]).toEqual([1, 2]);
    const seeded = new SeededRandom(17);
    expect([first.rng.next(), second.rng.next()]).toEqual([seeded.fork(0).next(), seeded.fork(1).next()]);
  });

  it("steps agents added without a place after every place taken, in the order they were added", () => {
    const world = new MotionWorld();
    const early = world.reserveAgent();
    const a = new MotionAgent({ roles, rng: new SeededRandom(1) });
    const b = new MotionAgent({ roles, rng: new SeededRandom(2) });
    world.add(a);
    world.add(b);
    const placed = world.createAgent({ roles }, early);
    expect(world.agents).toEqual([placed, a, b]);
  });
});

describe("MotionWorldCore: obstacles and waters", () => {
  it("bumps obstacleVersion on each water added or removed, and tells whether it was there", () => {
    const world = new MotionWorld();
    const water = world.addWater(boxArea(0, 0, 4, 4), 0.5);
    expect([world.obstacleVersion, world.waters, water.level]).toEqual([1, [water], 0.5]);
    expect(world.isInWater(2, 2)).toBe(true);
    expect(world.removeWater(water)).toBe(true);
    expect([world.obstacleVersion, world.waters.length, world.isInWater(2, 2)]).toEqual([2, 0, false]);
    expect(world.removeWater(water)).toBe(false);
    expect(world.obstacleVersion).toBe(2);
    const rock = world.addObstacle({ center: { x: 0, z: 0 }, radius: 1 });
    expect(world.obstacleVersion).toBe(3);
    expect([world.removeObstacle(rock), world.removeObstacle(rock), world.obstacleVersion]).toEqual([true, false, 4]);
  });
});

describe("MotionWorldCore: steps that do nothing", () => {
  it("does not step agents for a negative step, nor at a negative or zero time scale", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles });
    const asked: number[] = [];
    a.behaviours.push(acting((agent) => asked.push(agent.dt)));
    a.vz = 0.3;
    for (const [scale, dt] of [
      [-1, -0.05],
      [-1, 0.05],
      [0, 0.05],
      [1, -0.05],
    ]) {
      world.timeScale = scale!;
      expect(world.step(dt!), `scale ${scale} dt ${dt}`).toBe(0);
    }
    expect([asked, a.x, a.z, world.time]).toEqual([[], 0, 0, 0]);
  });
});

describe("MotionWorldCore: neighbour queries", () => {
  it("counts an agent exactly queryRadius away as a neighbour", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    const b = world.createAgent({ roles, x: 1.5, z: 0 });
    world.createAgent({ roles, x: 0, z: 1.5001 });
    world.queryRadius = 1.5;
    const count = world.findNeighbours(a);
    expect(ids(world.neighbours, count)).toEqual([b.id]);
  });

  it("finds neighbours right after an agent is removed, without a step", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    const far = world.createAgent({ roles, x: 5, z: 0 });
    const near = world.createAgent({ roles, x: 0.5, z: 0 });
    world.queryRadius = 1;
    expect(ids(world.neighbours, world.findNeighbours(a))).toEqual([near.id]);
    world.remove(far);
    expect(ids(world.neighbours, world.findNeighbours(a))).toEqual([near.id]);
    expect(world.agentsNear(0, 0, 1)).toEqual([a, near]);
  });

  // Outside a step the grid reaches a whole cell (at least 1 m, 4 times the largest radius)
  // further, for agents moved on their own since it was built: before the first step and after one.
  it.each([
    [0.1, 0.9],
    [4, 6],
  ])("finds agents of height %f moved up to %f m since the grid was built, outside a step", (height, move) => {
    const world = scatter(120, 24, height, 11);
    const rng = new SeededRandom(4);
    const radius = 1.5;
    for (const stepped of [false, true]) {
      if (stepped) world.step(1 / 30); // (its gathering leaves its own queryRadius)
      world.queryRadius = radius;
      world.findNeighbours(world.agents[0]!); // builds the grid (before the first step)
      for (const agent of world.agents) {
        const angle = rng.range(0, 2 * Math.PI);
        const by = rng.range(0, move);
        agent.x += by * Math.cos(angle);
        agent.z += by * Math.sin(angle);
      }
      let found = 0;
      for (const agent of world.agents) {
        const count = world.findNeighbours(agent);
        expect(ids(world.neighbours, count)).toEqual(within(world, agent, radius));
        expect(ids(world.agentsNear(agent.x, agent.z, radius).filter((o) => o !== agent))).toEqual(
          within(world, agent, radius),
        );
        found += count;
      }
      expect(found).toBeGreaterThan(0);
    }
  });

  it("gathers, for an agent's step, an agent that moved far earlier in the same step", () => {
    const world = new MotionWorld();
    const runner = world.createAgent({ roles, x: -3, z: 0 });
    const watcher = world.createAgent({ roles, x: 0.5, z: 0 });
    world.createAgent({ roles, x: 30, z: 0 }); // another cell of the grid
    // The runner jumps next to the watcher during its own step (as a jump or a push could move it).
    runner.behaviours.push(
      acting((agent) => {
        (agent as MotionAgent).x = 0;
      }),
    );
    const seen: number[][] = [];
    watcher.behaviours.push(acting((agent) => seen.push(ids(agent.neighbours, agent.neighbourCount))));
    world.step(1 / 30);
    expect(seen).toEqual([[runner.id]]);
  });

  it("lists agentsNear nearest first, equally near ones by id, the rim included", () => {
    const world = new MotionWorld();
    const at = (x: number, z: number) => world.createAgent({ roles, x, z });
    const rim = at(0, 2);
    const mid = at(1.5, 0);
    const near = at(0, -1);
    const tieA = at(-1, 0);
    at(0, 2.01);
    at(2, 2); // past the rim along the diagonal only
    const nearest = at(0.1, 0);
    const tieB = at(1, 0);
    expect(world.agentsNear(0, 0, 2)).toEqual([nearest, near, tieA, tieB, mid, rim]);
    // Away from the origin (both coordinates count, each from the query point).
    expect(world.agentsNear(5, 5, 1)).toEqual([]);
    expect(world.agentsNear(2, 2, 0.5).map((a) => [a.x, a.z])).toEqual([[2, 2]]);
    expect(world.agentsNear(0, 2.1, 0.095).map((a) => [a.x, a.z])).toEqual([[0, 2.01]]);
  });
});
