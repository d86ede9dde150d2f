/**
 * The catalog's only source of randomness: a tiny seeded generator (mulberry32) so that a seed
 * reproduces every file byte for byte. `Math.random` and the clock are never used.
 */

/** A seeded stream of numbers in [0, 1). */
export interface Rng {
  /** Next number in [0, 1). */
  next(): number;
  /** Uniform number in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** `value` scaled by a random factor in [1 - fraction, 1 + fraction]. */
  jitter(value: number, fraction: number): number;
}

/** Creates a mulberry32 generator; any 32-bit integer is a valid seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (n) => Math.floor(next() * n),
    jitter: (value, fraction) => value * (1 + fraction * (2 * next() - 1)),
  };
}

/**
 * FNV-1a hash of a string mixed with a seed. Each creature draws from its own stream seeded
 * by (catalog seed, name), so adding a species never changes the others.
 */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
