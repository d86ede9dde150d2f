/**
 * The indexes that keep a crowd's step linear: the obstacles by place (avoidance reads the ones
 * near an agent), the neighbour grid's own search, and the neighbours gathered for an agent's
 * step, checked against brute force over fast movers and against the behaviour they feed.
 */
import { describe, expect, it } from "vitest";
import { FleePredatorsBehavior } from "../../src/motion/behaviors/fleePredators.js";
import type { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import { ObstacleIndex } from "../../src/motion/obstacleIndex.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { SpatialGrid } from "../../src/motion/spatialGrid.js";
import type { Obstacle, SteeringAgent } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

/** Seeded circles and squares over a square of side `span`, a few of them wide. */
function obstacles(seed: number, count: number, span: number): Obstacle[] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const x = rng.range(-span / 2, span / 2);
    const z = rng.range(-span / 2, span / 2);
    const r = i % 17 === 0 ? rng.range(20, 60) : rng.range(0.2, 2);
    return createObstacle(
      i % 3
        ? { center: { x, z }, radius: r }
        : {
            points: [
              { x: x - r, z: z - r },
              { x: x + r, z: z - r },
              { x: x + r, z: z + r },
              { x: x - r, z: z + r },
            ],
          },
    );
  });
}

/** The obstacles whose bounding circle grown by `reach` holds (x, z), by brute force. */
function within(list: readonly Obstacle[], x: number, z: number, reach: number): number[] {
  return list.flatMap((o, i) => (Math.hypot(x - o.x, z - o.z) <= o.reach + reach ? [i] : []));
}

function near(index: ObstacleIndex, list: readonly Obstacle[], version: number, x: number, z: number, reach: number) {
  index.at.x = x;
  index.at.z = z;
  index.at.reach = reach;
  const count = index.near(list, version); // first: a query may grow `found`
  return [...index.found.subarray(0, count)];
}

describe("ObstacleIndex", () => {
  it("offers every obstacle within reach of a point, in list order, and few of the others", () => {
    const list = obstacles(1, 400, 300);
    const index = new ObstacleIndex();
    const rng = new SeededRandom(2);
    let offered = 0;
    let wanted = 0;
    for (let q = 0; q < 300; q++) {
      const x = rng.range(-160, 160);
      const z = rng.range(-160, 160);
      const reach = rng.range(0.3, 3);
      const found = near(index, list, 0, x, z, reach);
      expect(found).toEqual([...found].sort((a, b) => a - b));
      expect(new Set(found).size).toBe(found.length);
      const want = within(list, x, z, reach);
      expect(want.filter((i) => !found.includes(i))).toEqual([]);
      offered += found.length;
      wanted += want.length;
    }
    expect(wanted).toBeGreaterThan(100);
    expect(offered).toBeLessThan(list.length * 300 * 0.2);
  });

  it("sees an obstacle added, removed, replaced or moved in place", () => {
    // No wide obstacle here: those are offered to every query.
    const list = obstacles(3, 50, 100).filter((o) => o.reach < 20);
    const n = list.length;
    const index = new ObstacleIndex();
    expect(near(index, list, 0, 500, 500, 1)).toEqual([]);
    list.push(createObstacle({ center: { x: 500, z: 500 }, radius: 1 }));
    expect(near(index, list, 1, 500, 500, 1)).toEqual([n]);
    list[n] = createObstacle({ center: { x: -500, z: 500 }, radius: 1 });
    index.refresh(list, 1);
    expect(near(index, list, 1, 500, 500, 1)).toEqual([]);
    expect(near(index, list, 1, -500, 500, 1)).toEqual([n]);
    (list[n] as { x: number }).x = 700;
    index.refresh(list, 1);
    expect(near(index, list, 1, 700, 500, 0.5)).toEqual([n]);
    list.pop();
    expect(near(index, list, 2, 700, 500, 0.5)).toEqual([]);
  });
});

describe("SpatialGrid.near", () => {
  it("finds exactly the items within the radius, as brute force does, in any span", () => {
    const rng = new SeededRandom(4);
    const items = Array.from({ length: 700 }, () => ({ x: rng.range(-60, 60), z: rng.range(-60, 60) }));
    const grid = new SpatialGrid();
    grid.rebuild(items, 3);
    for (const radius of [0.5, 4, 11, 500]) {
      for (let q = 0; q < 50; q++) {
        grid.at.x = rng.range(-70, 70);
        grid.at.z = rng.range(-70, 70);
        grid.at.radius = radius;
        const count = grid.near(); // first: a query may grow `found`
        const found = [...grid.found.subarray(0, count)].sort((a, b) => a - b);
        const want = items.flatMap((p, i) => (Math.hypot(p.x - grid.at.x, p.z - grid.at.z) <= radius ? [i] : []));
        expect(found).toEqual(want);
      }
    }
  });
});

/** A behaviour that checks, as its agent steps, the neighbours the world gathered for it. */
function gatherCheck(world: MotionWorld, misses: string[]): SteeringBehavior {
  return {
    active: true,
    weight: 0,
    calculate(agent: SteeringAgent, out) {
      out.x = 0;
      out.z = 0;
      const me = world.agents.find((a) => a === agent)!;
      const reach = Math.max(me.neighbourRadius, me.separation.radius + me.radius + world.maxRadius);
      const gathered = new Set(me.neighbours.slice(0, me.neighbourCount));
      for (const other of world.agents) {
        const d = Math.hypot(other.x - me.x, other.z - me.z);
        if (other !== me && d <= reach && !gathered.has(other)) misses.push(`${other.id} at ${d} of ${me.id}`);
      }
    },
  };
}

describe("the neighbours gathered for a step", () => {
  it("hold every agent within reach even after others ran many cells this step", () => {
    const world = new MotionWorld({ seed: 8 });
    const rng = new SeededRandom(9);
    const misses: string[] = [];
    const roles = quadrupedRoles(0.5);
    for (let i = 0; i < 120; i++) {
      const agent = world.createAgent({ roles, behaviour: "walk", x: rng.range(-15, 15), z: rng.range(-15, 15) });
      // Fast movers (up to 40 m/s: 4 m in a 0.1 s step, many grid cells) through a slow crowd.
      const speed = i % 4 === 0 ? 40 : 1;
      agent.setSpeeds({ walk: speed, run: speed });
      agent.vx = i % 4 === 0 ? speed : 0;
      agent.wander({ area: { center: { x: 0, z: 0 }, radius: 15 } });
      agent.addBehavior(gatherCheck(world, misses));
    }
    for (let s = 0; s < 20; s++) world.step(0.1);
    expect(misses).toEqual([]);
  });

  it("serve flee-predators when they reach as far as its radius, as its own search would", () => {
    const roles = quadrupedRoles(0.5);
    for (const [gap, flees] of [
      [4.9, true],
      [5.1, false],
    ] as const) {
      const world = new MotionWorld({ seed: 10 });
      const prey = world.createAgent({ roles, behaviour: "walk", x: 0, z: 0 });
      const lion = world.createAgent({ roles, behaviour: "walk", x: gap, z: 0 });
      prey.neighbourRadius = 8; // a herd's view: the gathered list reaches past the 5 m radius
      const flee = prey.addBehavior(new FleePredatorsBehavior((other) => other === lion));
      world.step(1 / 60);
      expect(flee.engaged).toBe(flees);
      expect(prey.state).toBe(flees ? "flee" : "idle");
    }
  });

  it("serve a fleeing prey whose predator is in its view: no search of its calm radius, the same predator", () => {
    const roles = quadrupedRoles(0.5);
    for (const [gap, searches] of [
      [3, 0], // within the 8 m view: found among the gathered neighbours
      [9, 1], // past the view, within the 10 m calm radius: searched for
    ] as const) {
      const world = new MotionWorld({ seed: 10 });
      const prey = world.createAgent({ roles, behaviour: "walk", x: 0, z: 0 });
      const lion = world.createAgent({ roles, behaviour: "walk", x: 4, z: 0 });
      prey.neighbourRadius = 8; // a herd's view, short of the calm radius
      const flee = prey.addBehavior(new FleePredatorsBehavior((other) => other === lion));
      world.step(1 / 60); // noticed at 4 m: it flees, and looks as far as its calm radius now
      expect(flee.engaged).toBe(true);
      lion.x = prey.x + gap;
      lion.z = prey.z;
      let calls = 0;
      const find = world.findNeighbours.bind(world);
      world.findNeighbours = (agent) => {
        calls++;
        return find(agent);
      };
      world.step(1 / 60);
      expect(flee.engaged).toBe(true);
      expect(flee.predator).toBe(lion);
      expect(calls).toBe(searches);
    }
  });
});
