/**
 * `placeCreatures` at the edges a planner leans on: no overlap for large footprints too (the
 * grid is sized by the largest), no dart at all when there are no attempts, herd members that try
 * round their leader first but go elsewhere when that ring has no room, members facing roughly
 * the leader's way and lone creatures facing anywhere.
 */
import { describe, expect, it } from "vitest";
import type { Area } from "../../src/motion/area.js";
import { type PlacementRequest, placeCreatures } from "../../src/population/placement.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { GivenDraws } from "../helpers/givenDraws.js";

const field: Area = { center: { x: 0, z: 0 }, radius: 20 };

describe("placeCreatures: what planners rely on", () => {
  it("never overlaps footprints of a few metres", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const reqs: PlacementRequest[] = Array.from({ length: 60 }, (_, i) => ({ radius: i % 2 === 0 ? 3 : 1.5 }));
      const result = placeCreatures(field, reqs, new SeededRandom(seed), { gap: 0.1 });
      const done = result.flatMap((p, i) => (p ? [{ ...p, r: reqs[i]!.radius }] : []));
      expect(done.length).toBeGreaterThan(10);
      for (let i = 0; i < done.length; i++)
        for (let j = i + 1; j < done.length; j++) {
          const a = done[i]!;
          const b = done[j]!;
          expect(Math.hypot(a.x - b.x, a.z - b.z), `seed ${seed}`).toBeGreaterThanOrEqual(a.r + b.r + 0.1 - 1e-9);
        }
    }
  });

  it("lets footprints touch: exactly the sum of radii and gap apart, on the area's edge, on an avoided area's edge", () => {
    const meadow: Area = { center: { x: 0, z: 0 }, radius: 10 };
    const pond: Area = { center: { x: 5, z: 0 }, radius: 2 };
    // Draws (x, z) then a heading, per creature: at the centre; 2.5 m east (1 + 1 + 0.5 gap);
    // 1 m inside the rim.
    const darts = new GivenDraws([0, 0, 0, 2.5, 0, 0, -9, 0, 0]);
    const result = placeCreatures(meadow, [{ radius: 1 }, { radius: 1 }, { radius: 1 }], darts, { gap: 0.5 });
    expect(result.map((p) => p && [p.x, p.z])).toEqual([
      [0, 0],
      [2.5, 0],
      [-9, 0],
    ]);
    // 1 m of footprint off the pond's shore (x = 3) is x = 2.
    const shore = placeCreatures(meadow, [{ radius: 1, avoid: [pond] }], new GivenDraws([2, 0, 0]));
    expect(shore.map((p) => p && [p.x, p.z])).toEqual([[2, 0]]);
  });

  it("a herd member tries the ring round its leader for the first half of its darts only", () => {
    // Two darts: the first on the ring (angle, then the footprint factor), the second anywhere.
    // The leader stands at the centre; the ring's dart lands outside the member's own area, so
    // the member stands where its second dart falls.
    const pasture: Area = { center: { x: 8, z: 0 }, radius: 2 };
    const darts = new GivenDraws([0, 0, 0, 0, 2, 8, 0, 0]);
    const reqs: PlacementRequest[] = [
      { radius: 1, herd: 0 },
      { radius: 0.5, herd: 0, area: pasture },
    ];
    const result = placeCreatures(field, reqs, darts, { attempts: 2 });
    expect(result.map((p) => p && [p.x, p.z])).toEqual([
      [0, 0],
      [8, 0],
    ]);
  });

  it("throws no dart when it has no attempts", () => {
    expect(placeCreatures(field, [{ radius: 1 }, { radius: 1 }], new SeededRandom(1), { attempts: 0 })).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("a herd member tries round its leader first, then anywhere in its area", () => {
    // The leader stands in a pen far from where its followers may stand: no ring round it has room.
    const pen: Area = { center: { x: 0, z: 0 }, radius: 2 };
    const pasture: Area = { center: { x: 100, z: 0 }, radius: 10 };
    for (let seed = 1; seed <= 5; seed++) {
      const reqs: PlacementRequest[] = [
        { radius: 0.5, herd: 0, area: pen },
        { radius: 0.5, herd: 0, area: pasture },
        { radius: 0.5, herd: 0, area: pasture },
      ];
      const [leader, ...followers] = placeCreatures(field, reqs, new SeededRandom(seed));
      expect(Math.hypot(leader!.x, leader!.z)).toBeLessThanOrEqual(1.5);
      for (const f of followers) expect(Math.hypot(f!.x - 100, f!.z), `seed ${seed}`).toBeLessThanOrEqual(9.5);
    }
  });

  it("herd members stand round their leader on every side, within five footprints and a gap, wide gaps too", () => {
    for (const gap of [0.1, 1]) {
      const offsets: { dx: number; dz: number }[] = [];
      for (let seed = 1; seed <= 4; seed++) {
        const reqs: PlacementRequest[] = Array.from({ length: 4 }, () => ({ radius: 0.5, herd: 2 }));
        const [leader, ...members] = placeCreatures(field, reqs, new SeededRandom(seed), { gap });
        for (const m of members) offsets.push({ dx: m!.x - leader!.x, dz: m!.z - leader!.z });
      }
      for (const { dx, dz } of offsets) expect(Math.hypot(dx, dz), `gap ${gap}`).toBeLessThanOrEqual(5 * 0.5 + gap);
      // Round the leader, not along a line through it: far off on either axis.
      expect(
        offsets.some(({ dx }) => Math.abs(dx) > 1.2),
        `gap ${gap}`,
      ).toBe(true);
      expect(
        offsets.some(({ dz }) => Math.abs(dz) > 1.2),
        `gap ${gap}`,
      ).toBe(true);
    }
  });

  it("herd members face within 0.4 rad of their leader, not all the same way; lone creatures face anywhere", () => {
    const reqs: PlacementRequest[] = Array.from({ length: 30 }, (_, i) =>
      i < 10 ? { radius: 0.3, herd: 1 } : { radius: 0.3 },
    );
    const result = placeCreatures(field, reqs, new SeededRandom(3));
    const leader = result[0]!;
    const members = result.slice(1, 10).map((p) => p!.heading - leader.heading);
    for (const turn of members) expect(Math.abs(turn)).toBeLessThanOrEqual(0.4);
    expect(new Set(members).size).toBe(9);
    expect(members.some((t) => t > 0) && members.some((t) => t < 0)).toBe(true);
    const lone = result.slice(10).map((p) => p!.heading);
    for (const h of lone) expect(Math.abs(h)).toBeLessThanOrEqual(Math.PI);
    expect(Math.max(...lone) - Math.min(...lone)).toBeGreaterThan(Math.PI);
    expect(lone.some((h) => h < 0) && lone.some((h) => h > 0)).toBe(true);
  });
});
