/**
 * A small seeded random generator (mulberry32): the same seed gives the same sequence, so a
 * seed reproduces a scene's placement and motion exactly. Not for cryptography.
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = hashSeed(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A float in (-1, 1), denser near 0 (difference of two uniforms). */
  binomial(): number {
    return this.next() - this.next();
  }

  /**
   * Writes `out.length` binomial draws into `out`, for per-frame use: nothing returned, and the
   * generator inlined here, so no double is boxed across a call.
   */
  fillBinomial(out: Float64Array): void {
    let state = this.#state;
    for (let i = 0; i < out.length; i++) {
      let sum = 0;
      for (let k = 0; k < 2; k++) {
        let t = (state = (state + 0x6d2b79f5) | 0);
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        sum += k === 0 ? u : -u;
      }
      out[i] = sum;
    }
    this.#state = state;
  }

  /** A generator for a sub-stream, e.g. one per creature, independent of draw order elsewhere. */
  fork(salt: number): SeededRandom {
    return new SeededRandom(hashSeed(this.#state ^ Math.imul(salt + 1, 0x9e3779b1)));
  }
}

/** Mixes any number (including non-integers) into a 32-bit state. */
function hashSeed(seed: number): number {
  let h = Math.floor(seed * 1000003) ^ 0x2545f491;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
