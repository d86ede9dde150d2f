/**
 * holdRealm at the water's very edge and across it along z, engine-free: a swimmer that starts
 * on the shore line is not in the water, so nothing holds it to it; a walker stepping into water
 * along z loses exactly its speed into the water, as it does along x.
 */
import { describe, expect, it } from "vitest";
import { createObstacle } from "../../src/motion/obstacles.js";
import { holdRealm, isInWater, type RealmBody } from "../../src/motion/water.js";

/** A square lake 4 m wide, its east shore on x = -8 and its south shore on z = -7. */
const lake = createObstacle({
  points: [
    { x: -12, z: -7 },
    { x: -8, z: -7 },
    { x: -8, z: -3 },
    { x: -12, z: -3 },
  ],
});

function body(realm: RealmBody["realm"], x: number, z: number, vx = 0, vz = 0): RealmBody {
  return { x, z, vx, vz, radius: 0.3, realm };
}

describe("holdRealm at the shore line", () => {
  it("does not hold a swimmer whose step starts exactly on the shore (not in the water, as isInWater says)", () => {
    expect(isInWater([lake], -8, -5)).toBe(false);
    const b = body("water", -7.5, -5, 1.5, 0);
    expect(holdRealm(b, [lake], { x: -8, z: -5 })).toBe(false);
    expect(b).toEqual(body("water", -7.5, -5, 1.5, 0));
  });
});

describe("holdRealm across a shore along z", () => {
  it("puts a walker's step into the water back outside and stops exactly its speed into the water", () => {
    const b = body("ground", -10, -6.8, 0.5, 2);
    expect(holdRealm(b, [lake], { x: -10, z: -7.5 })).toBe(true);
    expect(isInWater([lake], b.x, b.z)).toBe(false);
    expect(b.z).toBeCloseTo(-7 - 1e-3, 9);
    expect(b.x).toBeCloseTo(-10, 9);
    expect(b.vz).toBeCloseTo(0, 9);
    expect(b.vx).toBeCloseTo(0.5, 9);
  });

  it("puts a swimmer's step out of the water back inside and stops exactly its speed out of it", () => {
    const b = body("water", -10, -7.4, -0.5, -3);
    expect(holdRealm(b, [lake], { x: -10, z: -6.5 })).toBe(true);
    expect(isInWater([lake], b.x, b.z)).toBe(true);
    expect(b.z).toBeCloseTo(-7 + 1e-3, 9);
    expect(b.vz).toBeCloseTo(0, 9);
    expect(b.vx).toBeCloseTo(-0.5, 9);
  });
});
