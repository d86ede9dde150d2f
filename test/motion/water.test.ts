import { describe, expect, it } from "vitest";
import type { EdgeProbe } from "../../src/motion/area.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import type { Obstacle } from "../../src/motion/types.js";
import {
  BEHAVIOR_REALMS,
  holdRealm,
  isInWater,
  probeWaters,
  type RealmBody,
  waterReach,
} from "../../src/motion/water.js";

/** A round pond of radius 2 at (10, 5): off the origin, so a sign slip in the offsets shows. */
const pond = createObstacle({ center: { x: 10, z: 5 }, radius: 2 });
/** A square lake 4 m wide at (-10, -5). */
const lake = createObstacle({
  points: [
    { x: -12, z: -7 },
    { x: -8, z: -7 },
    { x: -8, z: -3 },
    { x: -12, z: -3 },
  ],
});
const waters: readonly Obstacle[] = [pond, lake];

function probe(ws: readonly Obstacle[], x: number, z: number, reach = 0.5): EdgeProbe {
  const out: EdgeProbe = { x: 7, z: 7, distance: 7 };
  waterReach.metres = reach;
  probeWaters(ws, { x, z }, out);
  return out;
}

function body(realm: RealmBody["realm"], x: number, z: number, vx = 0, vz = 0): RealmBody {
  return { x, z, vx, vz, radius: 0.3, realm };
}

describe("BEHAVIOR_REALMS", () => {
  it("puts flyers in the air and swimmers in the water; other behaviours are not named", () => {
    expect(BEHAVIOR_REALMS.fly).toBe("air");
    expect(BEHAVIOR_REALMS.swim).toBe("water");
    expect(BEHAVIOR_REALMS.walk).toBeUndefined();
    expect(Object.isFrozen(BEHAVIOR_REALMS)).toBe(true);
  });
});

describe("isInWater", () => {
  it("is true inside any of the waters, the first or the last", () => {
    expect(isInWater(waters, 11, 5)).toBe(true);
    expect(isInWater(waters, 10, 6.5)).toBe(true);
    expect(isInWater(waters, -10, -5)).toBe(true);
    expect(isInWater(waters, -11.5, -3.5)).toBe(true);
  });

  it("is false on land, on the very shore and where there are no waters", () => {
    expect(isInWater(waters, 0, 0)).toBe(false);
    expect(isInWater(waters, 12.2, 5)).toBe(false);
    expect(isInWater(waters, 10, 7.2)).toBe(false);
    expect(isInWater(waters, 12, 5)).toBe(false);
    expect(isInWater(waters, -8, -5)).toBe(false);
    expect(isInWater([], 10, 5)).toBe(false);
  });

  it("does not count a point just outside a water's bounding circle (no reach beyond it)", () => {
    // A ring of points 0.1 m outside the pond, all round: none is in it.
    for (let a = 0; a < 16; a++) {
      const t = (a / 16) * 2 * Math.PI;
      expect(isInWater([pond], 10 + 2.1 * Math.cos(t), 5 + 2.1 * Math.sin(t))).toBe(false);
      expect(isInWater([pond], 10 + 1.9 * Math.cos(t), 5 + 1.9 * Math.sin(t))).toBe(true);
    }
  });
});

describe("probeWaters", () => {
  it("writes the signed distance into the nearest water and the unit direction into it", () => {
    const inside = probe(waters, 11.5, 5);
    expect(inside.distance).toBeCloseTo(0.5, 9);
    expect(inside.x).toBeCloseTo(-1, 9);
    expect(inside.z).toBeCloseTo(0, 9);
    const ashore = probe(waters, 10, 7.3);
    expect(ashore.distance).toBeCloseTo(-0.3, 9);
    expect(ashore.x).toBeCloseTo(0, 9);
    expect(ashore.z).toBeCloseTo(-1, 9);
    const byLake = probe(waters, -7.6, -5);
    expect(byLake.distance).toBeCloseTo(-0.4, 9);
    expect(byLake.x).toBeCloseTo(-1, 9);
  });

  it("reports -1e9 and no direction beyond the reach of every bounding circle, whatever out held", () => {
    for (const [x, z] of [
      [0, 0],
      [12.6, 5],
      [10, 7.6],
      [10, 8],
      [13, 5],
      [20, 5],
      [10, 15],
    ] as const) {
      const out = probe(waters, x, z);
      expect(out).toEqual({ x: 0, z: 0, distance: -1e9 });
    }
    expect(probe([], 10, 5)).toEqual({ x: 0, z: 0, distance: -1e9 });
  });

  it("looks waterReach.metres beyond a bounding circle and no further", () => {
    expect(probe([pond], 12.4, 5, 0.5).distance).toBeCloseTo(-0.4, 9);
    expect(probe([pond], 12.4, 5, 0.3).distance).toBe(-1e9);
    expect(probe([pond], 12.4, 5, 0).distance).toBe(-1e9);
    // Exactly at the reach still counts.
    expect(probe([pond], 12.5, 5, 0.5).distance).toBeCloseTo(-0.5, 9);
  });

  it("takes the water it is deepest in (largest distance), in either order", () => {
    const big = createObstacle({ center: { x: 0, z: 0 }, radius: 5 });
    const small = createObstacle({ center: { x: 3, z: 0 }, radius: 1 });
    // At (3, 0): 1 m into the small one, 2 m into the big one.
    for (const ws of [
      [big, small],
      [small, big],
    ]) {
      const out = probe(ws, 3, 0);
      expect(out.distance).toBeCloseTo(2, 9);
      expect(out.x).toBeCloseTo(-1, 9);
    }
    // At (4.5, 0): 0.5 into both; at (3.9, 0) the small one is nearer its edge, the big one deeper.
    const edge = probe([small, big], 3.9, 0);
    expect(edge.distance).toBeCloseTo(1.1, 9);
    expect(edge.x).toBeCloseTo(-1, 9);
  });
});

describe("holdRealm: walkers never step into water", () => {
  it("leaves a step on land alone", () => {
    const b = body("ground", 7, 5, 2, 0);
    expect(holdRealm(b, waters, { x: 6.8, z: 5 })).toBe(false);
    expect(b).toEqual(body("ground", 7, 5, 2, 0));
    expect(holdRealm(b, [], { x: 6.8, z: 5 })).toBe(false);
  });

  it("puts a step from land into the water back just outside, dropping the speed into it", () => {
    const b = body("ground", 8.3, 5, 3, 1);
    expect(holdRealm(b, waters, { x: 7.9, z: 5 })).toBe(true);
    expect(isInWater(waters, b.x, b.z)).toBe(false);
    expect(b.x).toBeCloseTo(8 - 1e-3, 9);
    expect(b.z).toBeCloseTo(5, 9);
    // Into the water (+x here) stopped; along the shore kept.
    expect(b.vx).toBeCloseTo(0, 9);
    expect(b.vz).toBeCloseTo(1, 9);
  });

  it("keeps a speed that already leads out of the water", () => {
    const b = body("ground", 10, 3.4, 0.5, -2);
    expect(holdRealm(b, waters, { x: 10, z: 2.9 })).toBe(true);
    expect(b.z).toBeCloseTo(3 - 1e-3, 9);
    expect(b.x).toBeCloseTo(10, 9);
    expect(b.vx).toBe(0.5);
    expect(b.vz).toBe(-2);
  });

  it("lets a walker already in the water (put there) go no deeper, but shallower", () => {
    const shallower = body("ground", 11.8, 5, 1, 0);
    expect(holdRealm(shallower, waters, { x: 11.5, z: 5 })).toBe(false); // 0.5 deep -> 0.2 deep
    expect(shallower).toEqual(body("ground", 11.8, 5, 1, 0));
    const b = body("ground", 10.8, 5, -2, 0.5);
    expect(holdRealm(b, waters, { x: 11.5, z: 5 })).toBe(true); // 0.5 deep -> 1.2 deep
    expect(b.x).toBeCloseTo(11.5, 9);
    expect(b.vx).toBeCloseTo(0, 9);
    expect(b.vz).toBeCloseTo(0.5, 9);
    const same = body("ground", 10, 6.5, 0, 1);
    expect(holdRealm(same, waters, { x: 11.5, z: 5 })).toBe(false); // as deep as it was
    expect(same).toEqual(body("ground", 10, 6.5, 0, 1));
  });
});

describe("holdRealm: swimmers never leave the water", () => {
  it("leaves a step inside the water alone", () => {
    const b = body("water", 10.5, 5, 1, 0);
    expect(holdRealm(b, waters, { x: 10, z: 5 })).toBe(false);
    expect(b).toEqual(body("water", 10.5, 5, 1, 0));
  });

  it("puts a step out of the water back just inside, dropping the speed out of it", () => {
    const b = body("water", 12.4, 5, 2, -1);
    expect(holdRealm(b, waters, { x: 11.8, z: 5 })).toBe(true);
    expect(isInWater(waters, b.x, b.z)).toBe(true);
    expect(b.x).toBeCloseTo(12 - 1e-3, 9);
    expect(b.z).toBeCloseTo(5, 9);
    expect(b.vx).toBeCloseTo(0, 9);
    expect(b.vz).toBeCloseTo(-1, 9);
  });

  it("keeps a speed that leads back into the water", () => {
    const b = body("water", 10, 7.2, 0.3, -1);
    expect(holdRealm(b, waters, { x: 10, z: 6.9 })).toBe(true);
    expect(b.z).toBeCloseTo(7 - 1e-3, 9);
    expect(b.vx).toBe(0.3);
    expect(b.vz).toBe(-1);
  });

  it("holds a swimmer whatever reach the last probe of the waters left (0 after keepRealm's swimmer rule)", () => {
    for (const reach of [0, 0.5, Number.POSITIVE_INFINITY]) {
      waterReach.metres = reach;
      const far = body("water", 12.9, 5, 2, 0);
      expect(holdRealm(far, waters, { x: 11.8, z: 5 })).toBe(true);
      expect(far.x).toBeCloseTo(12 - 1e-3, 9);
      expect(far.vx).toBe(0);
      waterReach.metres = reach;
      const walker = body("ground", 8.5, 5, 2, 0);
      expect(holdRealm(walker, waters, { x: 7, z: 5 })).toBe(true);
      expect(walker.x).toBeCloseTo(8 - 1e-3, 9);
    }
  });

  it("does not hold a swimmer that was on land to the water", () => {
    const b = body("water", 5, 5, 1, 0);
    expect(holdRealm(b, waters, { x: 4, z: 5 })).toBe(false);
    expect(b).toEqual(body("water", 5, 5, 1, 0));
  });

  it("holds no flyer", () => {
    const into = body("air", 10, 5, 1, 0);
    expect(holdRealm(into, waters, { x: 7, z: 5 })).toBe(false);
    const out = body("air", 13, 5, 1, 0);
    expect(holdRealm(out, waters, { x: 10, z: 5 })).toBe(false);
    expect(into).toEqual(body("air", 10, 5, 1, 0));
    expect(out).toEqual(body("air", 13, 5, 1, 0));
  });
});
