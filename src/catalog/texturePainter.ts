/**
 * Paints a creature's textures: a species colour, a pattern (fur noise, stripes, spots,
 * rosettes, patches, scales, feathers) and a lighter belly. Textures wrap in u (around each
 * sweep) and run along v (along it), so stripes across v ring a body or a leg like a zebra's,
 * and u = 0.5 is the underside of every body, head and tail (see sweep hints in the plans).
 * Noise lattices are periodic in u so there is no visible seam.
 */
import type { SeededRandom } from "../util/seededRandom.js";

export type Rgb = readonly [number, number, number];
export type Pattern = "plain" | "fur" | "stripes" | "spots" | "rosettes" | "patches" | "scales" | "feathers";

/** A painted RGBA image. */
export interface Texture {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PaintOptions {
  size: number;
  base: Rgb;
  /** Colour of the pattern's marks. */
  marks: Rgb;
  pattern: Pattern;
  /** Underside colour and how far around it reaches (0 = none, 0.25 = half the body). */
  belly?: Rgb;
  bellyWidth?: number;
}

/** Periodic value noise: a `cells`×`cells` lattice of random values, smoothly interpolated. */
function makeNoise(rng: SeededRandom, cells: number): (u: number, v: number) => number {
  const lattice = Array.from({ length: cells * cells }, () => rng.next());
  const at = (i: number, j: number) =>
    lattice[(((j % cells) + cells) % cells) * cells + (((i % cells) + cells) % cells)]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (u, v) => {
    const x = u * cells;
    const y = v * cells;
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = smooth(x - i);
    const fy = smooth(y - j);
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * fx;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fx;
    return top + (bottom - top) * fy;
  };
}

/** Distance in texture space, wrapping in u. */
function wrappedDistance(u: number, v: number, cu: number, cv: number): number {
  const du = Math.min(Math.abs(u - cu), 1 - Math.abs(u - cu));
  return Math.hypot(du, v - cv);
}

type PatternFn = (u: number, v: number) => number;
type PatternMaker = (rng: SeededRandom, noise: (u: number, v: number) => number) => PatternFn;

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

function dots(rng: SeededRandom, count: number, rMin: number, rMax: number): Array<[number, number, number]> {
  return Array.from(
    { length: count },
    () => [rng.next(), rng.next(), rng.range(rMin, rMax)] as [number, number, number],
  );
}

/** Pattern → amount of mark colour (0..1) at (u, v). */
const PATTERNS: Record<Pattern, PatternMaker> = {
  plain: () => () => 0,
  fur: (_rng, noise) => (u, v) => 0.25 * smoothstep(0.55, 0.9, noise(u * 3, v * 0.5)),
  stripes: (_rng, noise) => (u, v) =>
    smoothstep(0.35, 0.6, Math.sin(2 * Math.PI * (v * 9 + 0.6 * noise(u, v) + 0.15 * Math.sin(2 * Math.PI * u)))),
  spots: (rng) => {
    const list = dots(rng, 40, 0.025, 0.05);
    return (u, v) => (list.some(([cu, cv, r]) => wrappedDistance(u, v, cu, cv) < r) ? 1 : 0);
  },
  rosettes: (rng) => {
    const list = dots(rng, 34, 0.03, 0.045);
    return (u, v) =>
      list.some(([cu, cv, r]) => {
        const d = wrappedDistance(u, v, cu, cv);
        return d < r && d > r * 0.55;
      })
        ? 1
        : 0;
  },
  patches: (_rng, noise) => (u, v) => smoothstep(0.6, 0.64, noise(u, v)),
  scales: () => (u, v) => {
    const rows = 16;
    const y = v * rows;
    const row = Math.floor(y);
    const x = u * rows + (row % 2) * 0.5;
    const d = Math.hypot(x - Math.round(x), (y - row) * 1.2);
    return 0.55 * smoothstep(0.42, 0.55, d);
  },
  feathers: () => (u, v) => {
    const rows = 10;
    const y = v * rows;
    const row = Math.floor(y);
    const x = u * rows * 0.8 + (row % 2) * 0.5;
    const fx = x - Math.floor(x) - 0.5;
    const edge = smoothstep(0.35, 0.5, Math.hypot(fx, (y - row) * 0.7));
    const shaft = Math.abs(fx) < 0.04 ? 0.4 : 0;
    return Math.max(0.45 * edge, shaft * 0.7);
  },
};

const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Paints one texture. */
export function paintTexture(rng: SeededRandom, options: PaintOptions): Texture {
  const { size, base, marks, belly, bellyWidth = 0 } = options;
  const grain = makeNoise(rng, 16);
  const broad = makeNoise(rng, 4);
  const pattern = PATTERNS[options.pattern](rng, broad);
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      const t = pattern(u, v);
      const under = belly && bellyWidth > 0 ? 1 - smoothstep(bellyWidth * 0.6, bellyWidth, Math.abs(u - 0.5)) : 0;
      const shade = 0.88 + 0.24 * grain(u, v);
      const i = (y * size + x) * 4;
      for (let k = 0; k < 3; k++) {
        const coat = belly ? mix(base[k]!, belly[k]!, under) : base[k]!;
        data[i + k] = Math.max(0, Math.min(255, Math.round(mix(coat, marks[k]!, t * (1 - under * 0.7)) * shade)));
      }
      data[i + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}
