import { describe, expect, it } from "vitest";
import { GRID_PLANNER } from "../../src/motion/gridPlanner.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import type { CreatureRealm, Obstacle, PlannedAgent, SteeringWorld, Vec2 } from "../../src/motion/types.js";

const rock = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });
const pond = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });
const from: Vec2 = { x: -8, z: 0.3 };
const to: Vec2 = { x: 8, z: -0.2 };

function agent(
  options: { realm?: CreatureRealm; altitude?: number; radius?: number },
  obstacles: readonly Obstacle[],
  waters: readonly Obstacle[],
): PlannedAgent {
  const world = { obstacles, waters } as unknown as SteeringWorld;
  return {
    x: from.x,
    y: 0,
    z: from.z,
    radius: options.radius ?? 0.4,
    altitude: options.altitude ?? 0,
    world,
    ...(options.realm ? { realm: options.realm } : {}),
  };
}

/** The grid planner's way, which it never calls unreachable. */
function plan(a: PlannedAgent, start: Vec2, goal: Vec2, avoid?: readonly Obstacle[]): Vec2[] {
  const path = GRID_PLANNER.plan(a, start, goal, avoid);
  expect(path).toBeDefined();
  return path ?? [];
}

/** True when every waypoint keeps `clearance` from the edge of the round obstacle `o`. */
function keepsClear(path: readonly Vec2[], o: Obstacle, clearance: number): boolean {
  return path.every((p) => Math.hypot(p.x - o.x, p.z - o.z) - o.reach >= clearance - 1e-9);
}

describe("GRID_PLANNER", () => {
  it("plans a walker round a rock in its way, keeping 1.5 radii and 0.2 m from it, without the goal itself", () => {
    const path = plan(agent({ realm: "ground", radius: 0.6 }, [rock], []), from, to);
    expect(path.length).toBeGreaterThan(0);
    expect(path.at(-1)).not.toEqual(to);
    expect(keepsClear(path, rock, 0.6 * 1.5 + 0.2)).toBe(true);
    for (const p of path) expect(Math.hypot(p.x - to.x, p.z - to.z)).toBeGreaterThan(0.5);
  });

  it("plans nothing when the way is clear, or there is nothing to go round", () => {
    const aside = createObstacle({ center: { x: 0, z: 9 }, radius: 2 });
    expect(plan(agent({ realm: "ground" }, [aside], [aside]), from, to)).toEqual([]);
    expect(plan(agent({ realm: "ground" }, [], []), from, to)).toEqual([]);
    expect(plan(agent({ realm: "ground" }, [], []), from, to, [])).toEqual([]);
  });

  it("plans a walker round water, but not a swimmer", () => {
    const walk = plan(agent({ realm: "ground" }, [], [pond]), from, to);
    expect(walk.length).toBeGreaterThan(0);
    expect(keepsClear(walk, pond, 0.4 * 1.5 + 0.2)).toBe(true);
    expect(plan(agent({ realm: "water" }, [], [pond]), from, to)).toEqual([]);
  });

  it("plans a swimmer round a rock in the water", () => {
    const lake = createObstacle({ center: { x: 0, z: 0 }, radius: 20 });
    const path = plan(agent({ realm: "water" }, [rock], [lake]), from, to);
    expect(path.length).toBeGreaterThan(0);
    expect(keepsClear(path, rock, 0.4 * 1.5 + 0.2)).toBe(true);
  });

  it("plans round what the order avoids too, with or without obstacles of the world", () => {
    for (const solid of [[], [createObstacle({ center: { x: 0, z: 30 }, radius: 1 })]]) {
      const path = plan(agent({ realm: "ground" }, solid, []), from, to, [rock]);
      expect(path.length).toBeGreaterThan(0);
      expect(keepsClear(path, rock, 0.4 * 1.5 + 0.2)).toBe(true);
    }
  });

  it("lets a flyer pass over everything", () => {
    expect(plan(agent({ realm: "air", altitude: 3 }, [rock], [pond]), from, to, [rock])).toEqual([]);
  });

  it("keeps the clearance, so a gap narrower than it is gone round", () => {
    // Two rocks 2.2 m apart on the straight line: a 0.4 m walker needs 0.8 m each side (1.6 m),
    // a 1 m walker needs 1.7 m each side and goes round both.
    const top = createObstacle({ center: { x: 0, z: 3.1 }, radius: 2 });
    const bottom = createObstacle({ center: { x: 0, z: -3.1 }, radius: 2 });
    const big = plan(agent({ realm: "ground", radius: 1 }, [top, bottom], []), { x: -8, z: 0 }, { x: 8, z: 0 });
    expect(big.length).toBeGreaterThan(0);
    for (const p of big) expect(Math.abs(p.z)).toBeGreaterThan(5);
  });
});
