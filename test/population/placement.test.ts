import { describe, expect, it } from "vitest";
import { type Area, containsPoint, type EdgeProbe, edgeDistance } from "../../src/motion/area.js";
import { type Placement, type PlacementRequest, placeCreatures } from "../../src/population/placement.js";
import { SeededRandom } from "../../src/util/seededRandom.js";

const meadow: Area = { center: { x: 0, z: 0 }, radius: 12 };
const pond: Area = { center: { x: 3, z: 2 }, radius: 3 };
const probe: EdgeProbe = { x: 0, z: 0 };

/** Seeded requests of mixed sizes, some in herds, all avoiding the pond. */
function requests(seed: number, count: number): PlacementRequest[] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    radius: rng.range(0.1, 0.8),
    ...(i % 3 === 0 ? { herd: i % 2 } : {}),
    avoid: [pond],
  }));
}

function placed(all: (Placement | undefined)[], reqs: readonly PlacementRequest[]) {
  return all.flatMap((p, i) => (p ? [{ ...p, r: reqs[i]!.radius, req: reqs[i]! }] : []));
}

describe("placeCreatures", () => {
  it.each([1, 2, 3])("never overlaps, stays inside its area and out of avoided ones (seed %i)", (seed) => {
    const reqs = requests(seed, 80);
    const gap = 0.1;
    const result = placeCreatures(meadow, reqs, new SeededRandom(seed), { gap });
    expect(result).toHaveLength(80);
    const done = placed(result, reqs);
    expect(done.length).toBeGreaterThan(60);
    for (const [i, a] of done.entries()) {
      expect(containsPoint(meadow, a.x, a.z)).toBe(true);
      expect(edgeDistance(meadow, a.x, a.z, probe)).toBeGreaterThanOrEqual(a.r);
      expect(edgeDistance(pond, a.x, a.z, probe)).toBeLessThanOrEqual(-a.r);
      expect(a.heading).toBeGreaterThanOrEqual(-Math.PI - 0.4);
      expect(a.heading).toBeLessThanOrEqual(Math.PI + 0.4);
      for (const b of done.slice(i + 1))
        expect(Math.hypot(a.x - b.x, a.z - b.z)).toBeGreaterThanOrEqual(a.r + b.r + gap);
    }
  });

  it("is deterministic for the generator, and another seed places differently", () => {
    const reqs = requests(4, 30);
    const run = (seed: number) => placeCreatures(meadow, reqs, new SeededRandom(seed));
    expect(run(4)).toEqual(run(4));
    expect(run(4)).not.toEqual(run(5));
  });

  it("gathers a herd around its first member, facing roughly its way", () => {
    const reqs: PlacementRequest[] = Array.from({ length: 6 }, () => ({ radius: 0.3, herd: 7 }));
    const [leader, ...members] = placeCreatures(meadow, reqs, new SeededRandom(8)) as Placement[];
    for (const m of members) {
      expect(Math.hypot(m.x - leader!.x, m.z - leader!.z)).toBeLessThanOrEqual(5 * 0.3 + 0.1 + 1e-9);
      expect(Math.abs(m.heading - leader!.heading)).toBeLessThanOrEqual(0.4);
    }
  });

  it("leaves out, as undefined, what finds no room, in request order", () => {
    const tiny: Area = { center: { x: 0, z: 0 }, radius: 1 };
    const result = placeCreatures(
      tiny,
      [{ radius: 0.5 }, { radius: 0.5 }, { radius: 2 }, { radius: 0.1 }],
      new SeededRandom(1),
    );
    expect(result.map((p) => p !== undefined)).toEqual([true, false, false, true]);
    expect(placeCreatures(meadow, [{ radius: 0.2 }], new SeededRandom(1), { attempts: 0 })).toEqual([undefined]);
    expect(placeCreatures(meadow, [], new SeededRandom(1))).toEqual([]);
  });

  it("places a request in its own area, a polygon included", () => {
    const pen: Area = {
      points: [
        { x: 20, z: 20 },
        { x: 24, z: 20 },
        { x: 24, z: 23 },
        { x: 20, z: 23 },
      ],
    };
    const reqs = [{ radius: 0.4, area: pen }, { radius: 0.4 }, { radius: 0.4, area: pen }];
    const [a, b, c] = placeCreatures(meadow, reqs, new SeededRandom(3)) as Placement[];
    for (const p of [a!, c!]) expect(edgeDistance(pen, p.x, p.z, probe)).toBeGreaterThanOrEqual(0.4);
    expect(containsPoint(meadow, b!.x, b!.z)).toBe(true);
  });

  it("keeps the gap it is given", () => {
    const reqs = Array.from({ length: 40 }, () => ({ radius: 0.3 }));
    const done = placed(placeCreatures(meadow, reqs, new SeededRandom(6), { gap: 1.5 }), reqs);
    expect(done).toHaveLength(40); // every one placed: an empty placement keeps any gap
    let closest = Infinity;
    for (const [i, a] of done.entries())
      for (const b of done.slice(i + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.z - b.z));
    expect(closest).toBeGreaterThanOrEqual(0.3 + 0.3 + 1.5);
  });
});
