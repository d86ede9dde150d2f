import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../src/util/seededRandom.js";

/** `n` draws of `next()`. */
function draws(random: SeededRandom, n: number): number[] {
  return Array.from({ length: n }, () => random.next());
}

describe("SeededRandom", () => {
  // Pinned outputs: scenes, the catalog's bytes and fault runs are reproduced from seeds, so
  // the stream of a seed must never change.
  it("gives the pinned stream for a seed (mixed) and for a state (unmixed)", () => {
    const mixed = new SeededRandom(1);
    expect([mixed.next(), mixed.range(-2, 5), mixed.int(17), mixed.binomial()]).toEqual([
      0.09220782946795225, -1.3836308470927179, 11, -0.22276368830353022,
    ]);
    const raw = SeededRandom.fromState(99);
    expect([raw.next(), raw.range(1, 3), raw.int(9), raw.jitter(2, 0.3)]).toEqual([
      0.2604658124037087, 2.6096455310471356, 4, 2.2282921109348535,
    ]);
  });

  it("repeats its stream for a seed and differs for the next seed", () => {
    const first = draws(new SeededRandom(7), 5);
    expect(draws(new SeededRandom(7), 5)).toEqual(first);
    expect(draws(new SeededRandom(8), 5)).not.toEqual(first);
    // A fractional seed is a seed of its own, not rounded onto a neighbour.
    expect(draws(new SeededRandom(7.5), 5)).not.toEqual(first);
    expect(draws(SeededRandom.fromState(7), 5)).not.toEqual(first);
  });

  it("keeps only the low 32 bits of a state", () => {
    expect(draws(SeededRandom.fromState(2 ** 32 + 5), 3)).toEqual(draws(SeededRandom.fromState(5), 3));
    expect(draws(SeededRandom.fromState(-1), 3)).toEqual(draws(SeededRandom.fromState(0xffffffff), 3));
  });

  it("stays inside the documented ranges", () => {
    const random = new SeededRandom(3);
    let outside = 0;
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const u = random.next();
      const r = random.range(2, 3);
      const n = random.int(5);
      const b = random.binomial();
      const j = random.jitter(10, 0.2);
      sum += u;
      if (u < 0 || u >= 1 || r < 2 || r >= 3 || !Number.isInteger(n) || n < 0 || n >= 5) outside++;
      if (b <= -1 || b >= 1 || j < 8 || j >= 12) outside++;
    }
    expect(outside).toBe(0);
    expect(Math.round(sum / 1000)).toBe(5); // mean of 10 000 uniforms, about 5 000
  });

  it("fills binomial draws exactly as binomial() would give them", () => {
    const a = new SeededRandom(11);
    const b = new SeededRandom(11);
    const out = new Float64Array(7);
    a.fillBinomial(out);
    expect(Array.from(out)).toEqual(Array.from({ length: 7 }, () => b.binomial()));
    // And both generators are left at the same place.
    expect(a.next()).toBe(b.next());
  });

  it("forks sub-streams by salt, reproducible from the parent's state", () => {
    const parent = new SeededRandom(5);
    const twin = new SeededRandom(5);
    const one = draws(parent.fork(1), 4);
    expect(draws(twin.fork(1), 4)).toEqual(one);
    expect(draws(new SeededRandom(5).fork(2), 4)).not.toEqual(one);
    // Forking draws nothing from the parent.
    expect(parent.next()).toBe(new SeededRandom(5).next());
  });
});
