/**
 * Head and tail features shared by body plans, as tables keyed by style name: a species picks
 * `ears: "pointed"`, `horns: "antlers"`, `tail: "bushy"` and the table does the modelling.
 * Adding a style is adding a row, never a branch in a plan builder.
 */
import type { MaterialSlot } from "../mesh.js";
import { onEllipsoid, type Sculptor } from "../shapes.js";
import { add, direction, type Vec3 } from "../vec3.js";

/** Where a head is: centre and half-widths (x, y, z); features hang off its surface. */
export interface HeadFrame {
  centre: Vec3;
  radii: Vec3;
}

/** Two dark eyes on the head's sides, looking forward-out. */
export function addEyes(sc: Sculptor, head: HeadFrame, size: number, forward = 0.62, up = 0.35): void {
  for (const side of [1, -1]) {
    const at = onEllipsoid(head.centre, head.radii, [side * 0.7, up, forward], 0.93);
    const r = size * Math.max(head.radii[0], head.radii[1]);
    sc.ellipsoid("eye", at, [0, 0, 1], r, r, r, [0, 1, 0], 0.5);
  }
}

export type EarStyle = "none" | "pointed" | "round" | "floppy" | "long" | "tufted" | "fan";

/** Builds one ear on `side` (+1 left at +X, -1 right). */
type EarBuilder = (sc: Sculptor, head: HeadFrame, side: number, len: number, width: number, slot: MaterialSlot) => void;

export const EAR_STYLES: Record<EarStyle, EarBuilder> = {
  none: () => {},
  pointed: (sc, h, side, len, w, slot) => {
    const base = onEllipsoid(h.centre, h.radii, [side * 0.55, 0.8, -0.25], 0.85);
    sc.limb(slot, [base, add(base, [side * len * 0.3, len, -len * 0.1])], w, w * 0.08, {
      flat: 0.35,
      roundness: 0.2,
      hint: [side, 0, 0],
      detail: 0.6,
    });
  },
  round: (sc, h, side, len, w, slot) => {
    const base = onEllipsoid(h.centre, h.radii, [side * 0.6, 0.75, -0.3], 0.85);
    sc.limb(slot, [base, add(base, [side * len * 0.4, len, -len * 0.1])], w, w * 0.7, {
      flat: 0.4,
      roundness: 0.6,
      hint: [side, 0, 0],
      detail: 0.6,
    });
  },
  floppy: (sc, h, side, len, w, slot) => {
    const base = onEllipsoid(h.centre, h.radii, [side * 0.6, 0.7, -0.2], 0.85);
    const top = add(base, [side * len * 0.35, len * 0.2, -len * 0.05]);
    sc.limb(slot, [base, top, add(top, [side * len * 0.15, -len * 0.8, len * 0.05])], w, w * 0.8, {
      flat: 0.35,
      roundness: 0.4,
      hint: [side, 0, 0],
      detail: 0.6,
    });
  },
  long: (sc, h, side, len, w, slot) => {
    const base = onEllipsoid(h.centre, h.radii, [side * 0.4, 0.9, -0.3], 0.85);
    const mid = add(base, [side * len * 0.15, len * 0.6, -len * 0.1]);
    sc.limb(slot, [base, mid, add(base, [side * len * 0.3, len, -len * 0.3])], w, w * 0.6, {
      flat: 0.4,
      roundness: 0.35,
      hint: [side, 0, 0],
      detail: 0.7,
    });
  },
  fan: (sc, h, side, len, w, slot) => {
    // An elephant's ear: a broad thin flap hanging beside the head, thin across X.
    const base = onEllipsoid(h.centre, h.radii, [side * 0.8, 0.45, -0.35], 0.85);
    const mid = add(base, [side * len * 0.3, -len * 0.15, -len * 0.15]);
    sc.limb(slot, [base, mid, add(base, [side * len * 0.4, -len * 0.85, -len * 0.05])], w * 0.7, w * 0.5, {
      flat: 0.12,
      hint: [0, 0, 1],
      roundness: 0.6,
      detail: 0.7,
      profile: (s) => 0.7 + 0.6 * Math.sin(Math.PI * s),
    });
  },
  tufted: (sc, h, side, len, w, slot) => {
    const base = onEllipsoid(h.centre, h.radii, [side * 0.55, 0.85, 0.1], 0.9);
    sc.limb(slot, [base, add(base, [side * len * 0.6, len, 0])], w, w * 0.1, {
      flat: 0.4,
      roundness: 0.2,
      hint: [0, 0, 1],
      detail: 0.5,
    });
  },
};

export type HornStyle = "none" | "antlers" | "goat" | "cow" | "ossicones" | "rhino" | "tusks";

type HornBuilder = (sc: Sculptor, head: HeadFrame, size: number) => void;

const pairs = (build: (side: number) => void) => [1, -1].forEach(build);

export const HORN_STYLES: Record<HornStyle, HornBuilder> = {
  none: () => {},
  antlers: (sc, h, s) =>
    pairs((side) => {
      const base = onEllipsoid(h.centre, h.radii, [side * 0.4, 0.9, -0.1], 0.8);
      const tip = add(base, [side * s * 0.7, s * 1.1, -s * 0.5]);
      const mid = add(base, [side * s * 0.35, s * 0.6, -s * 0.1]);
      sc.limb("trim", [base, mid, tip], s * 0.06, s * 0.025, { detail: 0.5 });
      sc.limb("trim", [mid, add(mid, [side * s * 0.05, s * 0.45, s * 0.2])], s * 0.04, s * 0.02, { detail: 0.4 });
      const upper = add(base, [side * s * 0.55, s * 0.9, -s * 0.3]);
      sc.limb("trim", [upper, add(upper, [side * s * 0.05, s * 0.4, s * 0.15])], s * 0.035, s * 0.015, { detail: 0.4 });
    }),
  goat: (sc, h, s) =>
    pairs((side) => {
      const base = onEllipsoid(h.centre, h.radii, [side * 0.35, 0.9, 0.1], 0.85);
      sc.limb(
        "trim",
        [base, add(base, [side * s * 0.15, s * 0.7, -s * 0.4]), add(base, [side * s * 0.3, s * 0.5, -s * 0.9])],
        s * 0.12,
        s * 0.03,
        { detail: 0.5 },
      );
    }),
  cow: (sc, h, s) =>
    pairs((side) => {
      const base = onEllipsoid(h.centre, h.radii, [side * 0.7, 0.7, -0.1], 0.85);
      sc.limb(
        "trim",
        [base, add(base, [side * s * 0.6, s * 0.1, 0]), add(base, [side * s * 0.8, s * 0.5, s * 0.1])],
        s * 0.1,
        s * 0.03,
        { detail: 0.5 },
      );
    }),
  ossicones: (sc, h, s) =>
    pairs((side) => {
      const base = onEllipsoid(h.centre, h.radii, [side * 0.4, 0.9, -0.2], 0.85);
      sc.limb("trim", [base, add(base, [side * s * 0.1, s * 0.5, -s * 0.05])], s * 0.07, s * 0.09, {
        detail: 0.5,
        roundness: 0.5,
      });
    }),
  rhino: (sc, h, s) => {
    const base = onEllipsoid(h.centre, h.radii, [0, 0.35, 1], 0.8);
    sc.limb("trim", [base, add(base, [0, s * 0.6, s * 0.15]), add(base, [0, s * 0.9, -s * 0.1])], s * 0.22, s * 0.02, {
      detail: 0.6,
      hint: [0, 0, 1],
    });
  },
  tusks: (sc, h, s) =>
    pairs((side) => {
      const base = onEllipsoid(h.centre, h.radii, [side * 0.45, -0.5, 0.8], 0.85);
      sc.limb(
        "trim",
        [base, add(base, [side * s * 0.1, -s * 0.4, s * 0.5]), add(base, [side * s * 0.15, -s * 0.1, s * 0.95])],
        s * 0.07,
        s * 0.02,
        { detail: 0.5 },
      );
    }),
};

export type TailStyle = "none" | "thin" | "bushy" | "tuft" | "stub" | "hair" | "curl" | "thick";

/** Tail from `base` going back (-Z) at `pitch` radians above horizontal. */
type TailBuilder = (
  sc: Sculptor,
  base: Vec3,
  pitch: number,
  len: number,
  thick: number,
  tip: MaterialSlot | undefined,
) => void;

const back = (pitch: number): Vec3 => direction(pitch, Math.PI);

export const TAIL_STYLES: Record<TailStyle, TailBuilder> = {
  none: () => {},
  thin: (sc, b, p, len, r, tip) => {
    const mid = add(b, [0, Math.sin(p) * len * 0.5, -Math.cos(p) * len * 0.5]);
    const end = add(mid, [0, Math.sin(p) * len * 0.2 - len * 0.25, -len * 0.45]);
    sc.limb("coat", [b, mid, end], r, r * 0.45, { detail: 0.6 });
    if (tip) sc.ellipsoid(tip, end, back(p), r * 0.9, r * 0.7, r * 0.7, [0, 1, 0], 0.4);
  },
  bushy: (sc, b, p, len, r, tip) => {
    const d = back(p);
    const mid = add(b, [0, d[1] * len * 0.5, d[2] * len * 0.5]);
    const end = add(mid, [0, -len * 0.22, -len * 0.42]);
    const bulge = (s: number) => 0.5 + 1.6 * Math.sin(Math.PI * Math.min(1, s * 1.1)) ** 0.7;
    sc.limb("coat", [b, mid, end], r, r * 0.8, { detail: 0.8, profile: bulge, roundness: 0.5 });
    if (tip)
      sc.ellipsoid(
        tip,
        add(end, [0, len * 0.03, -len * 0.02]),
        [0, -0.45, -1],
        len * 0.14,
        r * 1.0,
        r * 1.0,
        [0, 1, 0],
        0.6,
      );
  },
  tuft: (sc, b, _p, len, r, tip) => {
    const end = add(b, [0, -len * 0.8, -len * 0.35]);
    sc.limb("coat", [b, add(b, [0, -len * 0.1, -len * 0.3]), end], r, r * 0.5, { detail: 0.5 });
    sc.ellipsoid(tip ?? "accent", end, [0, -1, -0.2], r * 2.2, r * 1.2, r * 1.2, [0, 0, 1], 0.5);
  },
  stub: (sc, b, p, len, r, tip) => {
    const d = back(p);
    sc.ellipsoid(
      tip ?? "coat",
      add(b, [0, d[1] * len * 0.5, d[2] * len * 0.5]),
      d,
      len * 0.55,
      r,
      r * 0.9,
      [0, 1, 0],
      0.6,
    );
  },
  hair: (sc, b, _p, len, r) => {
    const mid = add(b, [0, -len * 0.15, -len * 0.3]);
    sc.limb("accent", [b, mid, add(b, [0, -len * 0.95, -len * 0.4])], r * 0.8, r * 1.4, {
      detail: 0.7,
      profile: (s) => 1 - 0.3 * s * s,
      flat: 0.6,
    });
  },
  curl: (sc, b, _p, len, r) => {
    const coil = (s: number): Vec3 =>
      add(b, [0, len * 0.3 * Math.sin(s * 4 * Math.PI) * s, -len * (0.25 * s + 0.3 * Math.sin(s * 2 * Math.PI) * s)]);
    sc.path("coat", coil, () => [r, r], [1, 0, 0], len * 2, r, 0.5, 0.5);
  },
  thick: (sc, b, p, len, r, tip) => {
    const d = back(p);
    // A heavy tail may rest on the ground but never dips below it (feet define y = 0).
    const drop = add(b, [0, d[1] * len - len * 0.15, d[2] * len]);
    const end: Vec3 = [drop[0], Math.max(drop[1], r * 0.25), drop[2]];
    sc.limb("coat", [b, add(b, [0, d[1] * len * 0.5, d[2] * len * 0.5]), end], r, r * 0.2, {
      detail: 0.8,
      roundness: 0.4,
    });
    if (tip) sc.ellipsoid(tip, end, d, r * 0.6, r * 0.4, r * 0.4, [0, 1, 0], 0.4);
  },
};
