/**
 * The project's one seeded random generator (mulberry32): the same seed gives the same
 * sequence on every platform, so a seed reproduces a scene's placement and motion, the
 * catalog's files byte for byte, and the fault mode's decisions. Not for cryptography.
 */
export class SeededRandom {
  #state: number;

  /**
   * @param seed any number, non-integers included; it is mixed first, so neighbouring seeds
   * (1, 2, 3...) give unrelated streams.
   */
  constructor(seed: number) {
    this.#state = mixSeed(seed);
  }

  /**
   * A generator that starts from `state` as given, unmixed: for states that are already well
   * mixed, such as a `stringHash` of a name. Only the low 32 bits count.
   */
  static fromState(state: number): SeededRandom {
    const random = new SeededRandom(0);
    random.#state = state | 0;
    return random;
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

  /** `value` scaled by a random factor in [1 - fraction, 1 + fraction). */
  jitter(value: number, fraction: number): number {
    return value * (1 + fraction * (2 * this.next() - 1));
  }

  /** A float in (-1, 1), denser near 0 (difference of two uniforms). */
  binomial(): number {
    return this.next() - this.next();
  }

  /**
   * Writes `out.length` binomial draws into `out`, for per-frame use: nothing returned, and the
   * step of {@link next} inlined here, so no double is boxed across a call.
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
    return new SeededRandom(mixSeed(this.#state ^ Math.imul(salt + 1, 0x9e3779b1)));
  }
}

/** Mixes any number (non-integers included) into a 32-bit state (murmur3's finalizer). */
function mixSeed(seed: number): number {
  let h = Math.floor(seed * 1000003) ^ 0x2545f491;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
