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
