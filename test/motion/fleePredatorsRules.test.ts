/**
 * FleePredatorsBehavior engine-free: prey notice the nearest predator within `radius` (5 m),
 * run from it at their run speed (or the option's), keep running while one is within
 * `calmRadius` (twice the radius) and calm down past it. In a MotionWorld, and by direct calls on
 * a small world whose neighbour search a test lays out: a prey whose gathered neighbours reach
 * its radius reads those (no second search) with the same rules the world's search keeps.
 */
import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { FLEE_PREDATORS_DEFAULTS, FleePredatorsBehavior } from "../../src/motion/behaviors/fleePredators.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import type { SteeringAgent, SteeringWorld } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";
import { type AgentFields, forceOf, steeringAgent } from "../helpers/steeringAgent.js";

const DT = 1 / 30;
const roles = quadrupedRoles(1);

/** A world whose search finds what a test puts in its `neighbours`, logging each search's radius. */
type SearchedWorld = SteeringWorld & { neighbours: SteeringAgent[]; searches: number[]; gatheredFor?: SteeringAgent };

function searchedWorld(): SearchedWorld {
  const world = {
    neighbours: [] as SteeringAgent[],
    queryRadius: 0,
    searches: [] as number[],
    gatheredFor: undefined as SteeringAgent | undefined,
    findNeighbours(): number {
      world.searches.push(world.queryRadius);
      return world.neighbours.length;
    },
  };
  return world as unknown as SearchedWorld;
}

/** An animal of `world` at (x, z). */
function animal(world: SteeringWorld | undefined, x: number, z: number, fields: AgentFields = {}): SteeringAgent {
  return steeringAgent({ x, z, world, ...fields });
}

const lions = new Set<SteeringAgent>();
const isLion = (other: SteeringAgent) => lions.has(other);
function lion(world: SteeringWorld | undefined, x: number, z: number): SteeringAgent {
  const l = animal(world, x, z, { id: 100 + lions.size });
  lions.add(l);
  return l;
}

/**
 * A prey at (10, 10) whose world gathered `gathered` for it this step, within a view of
 * `view` metres (its own search would find nothing).
 */
function herdPrey(view: number, gathered: (world: SteeringWorld) => SteeringAgent[]) {
  const world = searchedWorld();
  const list = gathered(world);
  const prey = animal(world, 10, 10, { neighbours: list, neighbourCount: list.length, neighbourRadius: view });
  world.gatheredFor = prey;
  return { world, prey };
}

describe("in a world: a prey and the lion it sees", () => {
  function savanna(gap: number) {
    const world = new MotionWorld({ seed: 5 });
    const prey = world.createAgent({ roles, behaviour: "walk", x: 0, z: 0 });
    const lion = world.createAgent({ roles, behaviour: "walk", x: gap, z: 0 });
    const fear = prey.addBehavior(new FleePredatorsBehavior((other) => other === lion));
    return { world, prey, lion, fear };
  }

  /** Steps with the lion held `gap` metres east of the prey, returning the prey's top speed. */
  function hold(world: MotionWorld, prey: MotionAgent, lion: MotionAgent, gap: number, steps: number): number {
    let top = 0;
    for (let i = 0; i < steps; i++) {
      lion.x = prey.x + gap;
      lion.z = prey.z;
      world.step(DT);
      top = Math.max(top, prey.speed);
    }
    return top;
  }

  it("does not notice a lion past 5 m", () => {
    const { world, prey, lion, fear } = savanna(5.5);
    hold(world, prey, lion, 5.5, 30);
    expect([fear.engaged, fear.predator, prey.state]).toEqual([false, undefined, "idle"]);
    expect(prey.speed).toBeLessThan(1e-6);
  });

  it("flees a lion within 5 m at its run speed, away from it, and keeps fleeing until it is past 10 m", () => {
    const { world, prey, lion, fear } = savanna(4.5);
    const top = hold(world, prey, lion, 4.5, 60);
    expect([fear.engaged, fear.predator, prey.state]).toEqual([true, lion, "flee"]);
    expect(top).toBeGreaterThan(prey.runSpeed * 0.98);
    expect(top).toBeLessThanOrEqual(prey.runSpeed + 1e-9);
    expect(prey.vx).toBeLessThan(-prey.runSpeed * 0.98); // west, away from the lion in the east
    hold(world, prey, lion, 9.5, 30); // out of its notice, not yet calm
    expect([fear.engaged, prey.state]).toEqual([true, "flee"]);
    hold(world, prey, lion, 10.5, 1);
    expect([fear.engaged, fear.predator, prey.state]).toEqual([false, undefined, "idle"]);
  });

  it("flees at the speed it is given instead of its run speed", () => {
    const world = new MotionWorld({ seed: 5 });
    const prey = world.createAgent({ roles, behaviour: "walk", x: 0, z: 0 });
    const lion = world.createAgent({ roles, behaviour: "walk", x: 0, z: -3 });
    prey.addBehavior(new FleePredatorsBehavior((other) => other === lion, { speed: prey.runSpeed / 2 }));
    let top = 0;
    for (let i = 0; i < 90; i++) {
      world.step(DT);
      top = Math.max(top, prey.speed);
    }
    expect(top).toBeGreaterThan((prey.runSpeed / 2) * 0.98);
    expect(top).toBeLessThanOrEqual(prey.runSpeed / 2 + 1e-9);
    expect(prey.z).toBeGreaterThan(2); // north, away from the lion in the south
  });
});

describe("by direct calls", () => {
  it("feels nothing in no world", () => {
    const fear = new FleePredatorsBehavior(() => true);
    expect(forceOf(fear, animal(undefined, 0, 0))).toEqual({ x: 0, z: 0 });
    expect(fear.engaged).toBe(false);
  });

  it("runs from the lion at its run speed, or the speed given, raising the step's cap to it", () => {
    const world = searchedWorld();
    world.neighbours.push(lion(world, 3, 0));
    const prey = animal(world, 0, 0, { runSpeed: 3, speedLimit: 1 });
    expect(forceOf(new FleePredatorsBehavior(isLion), prey)).toEqual({ x: -3 * 3, z: 0 });
    expect(prey.speedLimit).toBe(3);
    expect(forceOf(new FleePredatorsBehavior(isLion, { speed: 5 }), prey)).toEqual({ x: -5 * 3, z: 0 });
    expect(prey.speedLimit).toBe(5);
  });

  it("stepped on its own (nothing gathered for it), searches the world, not its stale neighbour list", () => {
    const world = searchedWorld();
    const l = lion(world, 13, 10);
    world.neighbours.push(l);
    const prey = animal(world, 10, 10, { neighbours: [], neighbourCount: 0, neighbourRadius: 8 });
    const fear = new FleePredatorsBehavior(isLion);
    forceOf(fear, prey);
    expect([fear.engaged, fear.predator]).toEqual([true, l]);
    expect(world.searches).toEqual([5]);
  });

  it("reads the neighbours gathered for it when they reach its radius: no second search", () => {
    for (const view of [5, 8]) {
      const { world, prey } = herdPrey(view, () => []);
      const fear = new FleePredatorsBehavior(isLion);
      forceOf(fear, prey);
      expect(fear.engaged).toBe(false);
      expect(world.searches).toEqual([]);
    }
  });

  it("among the gathered, notices a lion within its radius, east, north or exactly at it, and none past it", () => {
    for (const [x, z, flees] of [
      [13, 10, true], // 3 m east
      [10, 13, true], // 3 m north
      [7, 6, true], // exactly 5 m
      [10, 15.01, false],
      [17, 10, false], // 7 m east: in the 8 m view, past the 5 m radius
      [10, 18, false], // 8 m north
      [15, 15, false],
    ] as const) {
      const { prey } = herdPrey(8, (world) => [lion(world, x, z)]);
      const fear = new FleePredatorsBehavior(isLion);
      forceOf(fear, prey);
      expect([x, z, fear.engaged]).toEqual([x, z, flees]);
    }
  });

  it("does not flee a listed lion that is not of its world (one just taken out)", () => {
    const { world, prey } = herdPrey(8, () => [lion(undefined, 12, 10)]);
    const fear = new FleePredatorsBehavior(isLion);
    expect(forceOf(fear, prey)).toEqual({ x: 0, z: 0 });
    expect(fear.engaged).toBe(false);
    expect(world.searches).toEqual([]);
  });

  it("runs from the nearest lion, not the nearest animal nor the last listed", () => {
    const { prey } = herdPrey(8, (world) => [
      lion(world, 10, 12), // 2 m north
      animal(world, 11, 10), // a zebra 1 m east
      lion(world, 6, 10), // 4 m west
    ]);
    const fear = new FleePredatorsBehavior(isLion);
    const f = forceOf(fear, prey);
    expect(fear.predator).toBe(prey.neighbours[0]);
    expect(f.x).toBeCloseTo(0, 9);
    expect(f.z).toBeCloseTo(-3 * 3, 9); // south, away from the lion in the north
    const { prey: alone } = herdPrey(8, (world) => [lion(world, 6, 10), lion(world, 10, 12)]);
    forceOf(fear, alone);
    expect(fear.predator).toBe(alone.neighbours[1]);
  });

  it("of two lions equally near, keeps to the first its world lists (a fixed choice, so it does not dither)", () => {
    const { prey } = herdPrey(8, (world) => [lion(world, 13, 10), lion(world, 7, 10)]);
    const fear = new FleePredatorsBehavior(isLion);
    for (let i = 0; i < 3; i++) {
      forceOf(fear, prey);
      expect(fear.predator).toBe(prey.neighbours[0]);
    }
  });
});

describe("options", () => {
  it("default to a 5 m notice and a calm radius twice that; a calm radius below the notice is raised to it", () => {
    expect(FLEE_PREDATORS_DEFAULTS).toEqual({ radius: 5, calmOverRadius: 2 });
    const fear = new FleePredatorsBehavior(isLion);
    expect([fear.radius, fear.calmRadius, fear.speed, fear.state]).toEqual([5, 10, 0, "flee"]);
    expect(new FleePredatorsBehavior(isLion, { radius: 3 }).calmRadius).toBe(6);
    expect(new FleePredatorsBehavior(isLion, { radius: 6, calmRadius: 2 }).calmRadius).toBe(6);
    expect(new FleePredatorsBehavior(isLion, { calmRadius: 7, speed: 4 })).toMatchObject({ calmRadius: 7, speed: 4 });
  });

  it("reject a bad one by name", () => {
    const bad = (options: unknown) => () => new FleePredatorsBehavior(isLion, options as never);
    expect(bad(null)).toThrow(OptionsError);
    expect(bad(null)).toThrow(/^options must be an object, got null$/);
    expect(bad({ radius: 0 })).toThrow(/^radius must be a positive finite number, got 0$/);
    expect(bad({ calmRadius: -1 })).toThrow(/^calmRadius must be a positive finite number, got -1$/);
    expect(bad({ speed: -1 })).toThrow(/^speed must be a non-negative finite number, got -1$/);
  });
});
