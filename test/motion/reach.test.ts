/**
 * Where an order can take a creature (reachablePoint, nearestEdgePoint), on plain worlds of
 * circles: a walker's target leaves obstacles' clearance and the water by its shore margin, a
 * swimmer's goes into the water, a flyer's stays as given; every creature's target leaves the
 * areas it keeps out of.
 */
import { describe, expect, it } from "vitest";
import type { Area } from "../../src/motion/area.js";
import { nearestEdgePoint, type Reacher, reachablePoint } from "../../src/motion/reach.js";
import type { CreatureRealm, Obstacle, SteeringWorld } from "../../src/motion/types.js";
import { boxArea } from "../helpers/areas.js";

function circle(x: number, z: number, radius: number): Obstacle {
  return { area: { center: { x, z }, radius }, x, z, reach: radius };
}

function world(obstacles: Obstacle[], waters: Obstacle[] = []): SteeringWorld {
  return { obstacles, waters } as unknown as SteeringWorld;
}

function reacher(w: SteeringWorld | undefined, realm: CreatureRealm, more: Partial<Reacher> = {}): Reacher {
  return { x: 0, z: -10, world: w, realm, altitude: 0, clearance: 0.45, keepRealm: { margin: 0.95 }, ...more };
}

const rock = circle(0, 0, 2);
const pond = circle(10, 0, 3);

describe("reachablePoint for a walker", () => {
  it("moves a target inside an obstacle straight out to its clearance (+5 cm) beyond the edge", () => {
    const p = reachablePoint(reacher(world([rock]), "ground"), 1, 0);
    expect(p.x).toBeCloseTo(2.5, 9);
    expect(p.z).toBeCloseTo(0, 9);
    const q = reachablePoint(reacher(world([rock]), "ground"), 0, -2.3); // outside, within clearance
    expect(q.x).toBeCloseTo(0, 9);
    expect(q.z).toBeCloseTo(-2.5, 9);
  });

  it("leaves a target beyond every clearance where it is", () => {
    expect(reachablePoint(reacher(world([rock]), "ground"), 2.6, 0)).toEqual({ x: 2.6, z: 0 });
    expect(reachablePoint(reacher(world([rock]), "ground"), 0, -2.5)).toEqual({ x: 0, z: -2.5 });
  });

  it("moves a target at an obstacle's very centre out on the side the creature comes from", () => {
    const fromSouth = reachablePoint(reacher(world([rock]), "ground", { x: 0, z: -10 }), 0, 0);
    expect(fromSouth.x).toBeCloseTo(0, 9);
    expect(fromSouth.z).toBeCloseTo(-2.5, 9);
    const fromEast = reachablePoint(reacher(world([rock]), "ground", { x: 7, z: 0 }), 0, 0);
    expect(fromEast.x).toBeCloseTo(2.5, 9);
    expect(fromEast.z).toBeCloseTo(0, 9);
    const fromNorthEast = reachablePoint(reacher(world([rock]), "ground", { x: 3, z: 4 }), 0, 0);
    expect(fromNorthEast.x).toBeCloseTo(1.5, 9);
    expect(fromNorthEast.z).toBeCloseTo(2, 9);
    const offOrigin = world([circle(4, -3, 2)]);
    const fromAside = reachablePoint(reacher(offOrigin, "ground", { x: 7, z: 1 }), 4, -3);
    expect(fromAside.x).toBeCloseTo(5.5, 9);
    expect(fromAside.z).toBeCloseTo(-1, 9);
    // Standing on the centre itself: out along +x.
    const onIt = reachablePoint(reacher(world([rock]), "ground", { x: 0, z: 0 }), 0, 0);
    expect(onIt.x).toBeCloseTo(2.5, 9);
    expect(onIt.z).toBeCloseTo(0, 9);
    // A nanometre off it, whichever side it goes: out, and no further than the clearance's edge.
    const nearlyOn = reachablePoint(reacher(world([rock]), "ground", { x: 0, z: 1e-9 }), 0, 0);
    expect(Math.hypot(nearlyOn.x, nearlyOn.z)).toBeCloseTo(2.5, 9);
  });

  it("ends outside every obstacle when pushing out of one pushes into another", () => {
    const a = circle(0, 0, 2);
    const b = circle(3.2, 1, 1.5);
    const w = world([b, a]);
    for (const [x, z] of [
      [3, 1],
      [0.5, 0],
      [1, 1],
    ] as const) {
      const p = reachablePoint(reacher(w, "ground"), x, z);
      for (const o of [a, b]) expect(Math.hypot(p.x - o.x, p.z - o.z)).toBeGreaterThanOrEqual(o.reach + 0.5 - 1e-3);
    }
  });

  it("keeps a walker's target out of the water by its shore margin (+5 cm), and a swimmer's not", () => {
    const p = reachablePoint(reacher(world([], [pond]), "ground"), 12, 0);
    expect(p.x).toBeCloseTo(14, 9);
    expect(p.z).toBeCloseTo(0, 9);
    const s = reachablePoint(reacher(world([], [pond]), "water"), 12, 0);
    expect(s).toEqual({ x: 12, z: 0 });
  });

  it("keeps every creature's target out of the areas it avoids by their margin (+5 cm), a flyer's too", () => {
    const meadow: Area = { center: { x: 0, z: 20 }, radius: 4 };
    const avoid = [{ area: meadow, margin: 0.95 }];
    for (const r of [
      reacher(world([]), "ground"),
      reacher(world([]), "air"),
      reacher(undefined, "ground"),
      reacher(world([]), "ground", { altitude: 3 }),
    ]) {
      const p = reachablePoint(r, 0, 18, avoid);
      expect(p.x).toBeCloseTo(0, 9);
      expect(p.z).toBeCloseTo(15, 9);
    }
  });

  it("gives a flyer (by realm, altitude or no world) its target as sent, over obstacles and water", () => {
    const w = world([rock], [pond]);
    expect(reachablePoint(reacher(w, "air"), 1, 0)).toEqual({ x: 1, z: 0 });
    expect(reachablePoint(reacher(w, "ground", { altitude: 2 }), 1, 0)).toEqual({ x: 1, z: 0 });
    expect(reachablePoint(reacher(w, "ground", { altitude: 2 }), 11, 0)).toEqual({ x: 11, z: 0 });
    expect(reachablePoint(reacher(undefined, "ground"), 1, 0)).toEqual({ x: 1, z: 0 });
    // ... also when it avoids an area elsewhere: the obstacles still do not move it.
    const away = [{ area: { center: { x: 50, z: 50 }, radius: 1 } as Area, margin: 1 }];
    expect(reachablePoint(reacher(w, "air"), 1, 0, away)).toEqual({ x: 1, z: 0 });
    expect(reachablePoint(reacher(w, "air"), 11, 0, away)).toEqual({ x: 11, z: 0 });
  });

  it("moves an altitude-0 walker's target out of an obstacle", () => {
    const p = reachablePoint(reacher(world([rock]), "ground", { altitude: 0 }), 1, 0);
    expect(p.x).toBeCloseTo(2.5, 9);
  });
});

describe("reachablePoint for a swimmer", () => {
  it("moves a target on land into the nearest water, min(margin, 0.5) m inside its edge", () => {
    const w = world([], [pond]);
    const p = reachablePoint(reacher(w, "water"), 15, 0);
    expect(p.x).toBeCloseTo(12.5, 9);
    expect(p.z).toBeCloseTo(0, 9);
    const narrow = reachablePoint(reacher(w, "water", { keepRealm: { margin: 0.2 } }), 10, 5);
    expect(narrow.x).toBeCloseTo(10, 9);
    expect(narrow.z).toBeCloseTo(2.8, 9);
    const shallow = reachablePoint(reacher(w, "water"), 12.9, 0); // in, but nearer the edge than 0.5
    expect(shallow.x).toBeCloseTo(12.5, 9);
  });

  it("leaves a target well inside the water where it is, and one with no water anywhere", () => {
    expect(reachablePoint(reacher(world([], [pond]), "water"), 11, 0)).toEqual({ x: 11, z: 0 });
    expect(reachablePoint(reacher(world([], [pond]), "water"), 12.5, 0)).toEqual({ x: 12.5, z: 0 });
    expect(reachablePoint(reacher(world([]), "water"), 40, 0)).toEqual({ x: 40, z: 0 });
  });

  it("still keeps a swimmer's target out of obstacles' clearance", () => {
    const p = reachablePoint(reacher(world([rock]), "water"), 1, 0);
    expect(p.x).toBeCloseTo(2.5, 9);
  });

  it("does not move a walker's target into the water", () => {
    const p = reachablePoint(reacher(world([], [pond]), "ground"), 15, 0);
    expect(p).toEqual({ x: 15, z: 0 });
  });
});

describe("nearestEdgePoint", () => {
  const disc: Area = { center: { x: 1, z: 1 }, radius: 2 };
  it("is the edge point on the line from the centre, from outside or inside", () => {
    const out = nearestEdgePoint(disc, { x: 6, z: 1 });
    expect(out.x).toBeCloseTo(3, 9);
    expect(out.z).toBeCloseTo(1, 9);
    const inside = nearestEdgePoint(disc, { x: 1, z: 0 });
    expect(inside.x).toBeCloseTo(1, 9);
    expect(inside.z).toBeCloseTo(-1, 9);
  });
  it("is some edge point from the very centre", () => {
    const p = nearestEdgePoint(disc, { x: 1, z: 1 });
    expect(Math.hypot(p.x - 1, p.z - 1)).toBeCloseTo(2, 9);
  });
  it("is the nearest point of a polygon's side", () => {
    const square = boxArea(0, 0, 4, 4);
    const p = nearestEdgePoint(square, { x: 2, z: -3 });
    expect(p.x).toBeCloseTo(2, 9);
    expect(p.z).toBeCloseTo(0, 9);
    const q = nearestEdgePoint(square, { x: 3, z: 2 });
    expect(q.x).toBeCloseTo(4, 9);
    expect(q.z).toBeCloseTo(2, 9);
  });
});
