/**
 * reachablePoint where its pushes meet: a walker's target pushed out of the water (or an
 * avoided area) into a rock's clearance is pushed on until it is out of both; and a swimmer's
 * target in water too shallow for its body is moved down the floor's slope to where it fits.
 */
import { describe, expect, it } from "vitest";
import { type Reacher, reachablePoint } from "../../src/motion/reach.js";
import type { DepthBand } from "../../src/motion/swimKinds.js";
import type { CreatureRealm, HeightFunction, Obstacle, SteeringWorld, Vec2 } from "../../src/motion/types.js";

function circle(x: number, z: number, radius: number): Obstacle {
  return { area: { center: { x, z }, radius }, x, z, reach: radius };
}

function world(obstacles: Obstacle[], waters: Obstacle[] = []): SteeringWorld {
  return { obstacles, waters } as unknown as SteeringWorld;
}

function reacher(w: SteeringWorld, realm: CreatureRealm, more: object = {}): Reacher {
  return { x: 0, z: -10, world: w, realm, altitude: 0, clearance: 0.45, keepRealm: { margin: 0.95 }, ...more };
}

/** How far `p` is beyond `keep` metres from a circle's edge (negative: within it). */
function beyond(p: Vec2, o: Obstacle, keep: number): number {
  return Math.hypot(p.x - o.x, p.z - o.z) - o.reach - keep;
}

describe("reachablePoint where its pushes meet", () => {
  // Out of the pond east by its margin lands at (14, 0), 1 m from the rock's centre: within its clearance.
  const pond = circle(10, 0, 3);
  const rock = circle(14, 1, 1);

  it("a walker's target pushed out of the water into a rock's clearance ends out of both", () => {
    const p = reachablePoint(reacher(world([rock], [pond]), "ground"), 12, 0);
    expect(beyond(p, pond, 1)).toBeGreaterThan(-1e-6); // shore margin 0.95 + 5 cm
    expect(beyond(p, rock, 0.5)).toBeGreaterThan(-1e-6); // clearance 0.45 + 5 cm
    expect(p.x).toBeCloseTo(14, 6);
    expect(p.z).toBeCloseTo(-0.5, 6);
  });

  it("so does one pushed out of an avoided area into a rock's clearance", () => {
    const avoid = [{ area: pond.area, margin: 0.95 }];
    const p = reachablePoint(reacher(world([rock]), "ground"), 12, 0, avoid);
    expect(beyond(p, pond, 1)).toBeGreaterThan(-1e-6);
    expect(beyond(p, rock, 0.5)).toBeGreaterThan(-1e-6);
    expect(p.x).toBeCloseTo(14, 6);
    expect(p.z).toBeCloseTo(-0.5, 6);
  });
});

describe("reachablePoint for a swimmer whose body needs depth", () => {
  // A bowl: 3 m deep at the pond's centre, 0.8 m shallower a metre out; a fish 1 m tall, always
  // wholly under, fits where the column is 1.02 m deep: within 2.475 m of the centre.
  const pond = circle(10, 0, 3);
  const ground: HeightFunction = (x, z) => -3 + 0.8 * Math.hypot(x - 10, z);
  const band: DepthBand = { top: 0, bottom: 1, submerged: 1 };
  const fish = (more: object = {}) =>
    reacher(world([], [pond]), "water", { id: 1, bodyHeight: 1, depthBand: band, ground, ...more });

  it("moves a target in the shallows down the slope to where it fits, and a body's height further", () => {
    // 2.5 m out: 1.0 m deep. A quarter metre in it fits; then 1 m more (its height): 1.25 m out.
    const p = reachablePoint(fish(), 12.5, 0);
    expect(p.x).toBeCloseTo(11.25, 6);
    expect(p.z).toBeCloseTo(0, 6);
    // From land: into the water 0.5 m inside the edge, then as deep.
    const q = reachablePoint(fish(), 10, 8);
    expect(q.x).toBeCloseTo(10, 6);
    expect(q.z).toBeCloseTo(1.25, 6);
  });

  it("leaves a target where it fits, and one of a swimmer that reads no floor", () => {
    expect(reachablePoint(fish(), 12, 0)).toEqual({ x: 12, z: 0 });
    expect(reachablePoint(fish({ ground: undefined }), 12.5, 0)).toEqual({ x: 12.5, z: 0 });
  });

  it("measures the depth from the swimmer's own water level when it has one", () => {
    // Its surface 1 m up: 2.0 m deep at 2.5 m out, where it fits.
    expect(reachablePoint(fish({ waterLevel: 1 }), 12.5, 0)).toEqual({ x: 12.5, z: 0 });
    // 1 m down: it fits within 1.225 m of the centre; 0.25 m inside that, then 1 m more.
    const p = reachablePoint(fish({ waterLevel: -1 }), 12.5, 0);
    expect(p.x).toBeCloseTo(10, 6);
  });
});
