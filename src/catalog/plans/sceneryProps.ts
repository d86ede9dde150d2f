/** Scenery forms that do not grow: rocks, ice, fences, lamp posts, benches, hay bales, hydrants. */
import type { Vec3 } from "../vec3.js";
import { BLUNT, ring, type SceneryFormBuilder, trunk } from "./sceneryShape.js";

export const PROP_FORMS = {
  boulder(s, sc) {
    sc.limb(
      "coat",
      [
        [-s.spread, 0.45, 0],
        [s.spread, 0.5, 0.1],
      ],
      0.5,
      0.4,
      {
        roundness: 0.6,
        profile: (t) => 1 + 0.12 * Math.sin(t * 11),
      },
    );
    sc.ellipsoid("coat", [s.spread * 0.6, 0.3, 0.4], [1, 0.2, 0], 0.35, 0.3, 0.32, [0, 1, 0], 0.6);
  },
  stones(s, sc) {
    for (const [i, p] of ring(s.count, s.spread, 0.5).entries()) {
      const r = 0.5 + 0.25 * (i % 2);
      sc.ellipsoid("coat", [p[0], r * 0.6, p[2]], [1, 0.1, 0.3], r, r * 0.6, r * 0.8, [0, 1, 0], 0.5);
    }
  },
  iceBlock(s, sc) {
    sc.limb(
      "coat",
      [
        [-s.spread, 0.5, 0],
        [s.spread, 0.5, 0],
      ],
      0.5,
      0.5,
      { hint: [0, 1, 0], flat: 1.2, roundness: 0.08 },
    );
  },
  iceSpike(s, sc) {
    for (const [i, p] of ring(s.count, s.spread, 0).entries()) {
      const top = 1 - 0.3 * (i % 2);
      sc.limb(
        "coat",
        [
          [p[0], 0, p[2]],
          [p[0] * 1.4, top, p[2] * 1.4],
        ],
        s.thick,
        0.01,
        { roundness: 0.15, detail: 0.6 },
      );
    }
  },
  fence(s, sc) {
    for (const x of [-s.spread, s.spread])
      sc.limb(
        "accent",
        [
          [x, 0, 0],
          [x, 1, 0],
        ],
        s.thick,
        s.thick,
        { ...BLUNT, detail: 0.5 },
      );
    for (const y of [0.4, 0.8])
      sc.limb(
        "coat",
        [
          [-s.spread * 1.1, y, 0],
          [s.spread * 1.1, y, 0],
        ],
        0.08,
        0.08,
        { hint: [0, 1, 0], flat: 0.35, ...BLUNT, detail: 0.5 },
      );
  },
  lampPost(s, sc) {
    sc.limb(
      "accent",
      [
        [0, 0, 0],
        [0, 0.08, 0],
      ],
      s.thick * 2.5,
      s.thick * 2.5,
      { ...BLUNT, detail: 0.5 },
    );
    trunk(sc, s, 0.9);
    sc.ellipsoid("trim", [0, 0.93, 0], [0, 1, 0], 0.07, s.spread, s.spread, [1, 0, 0], 0.6);
    sc.limb(
      "accent",
      [
        [0, 0.98, 0],
        [0, 1, 0],
      ],
      s.spread * 1.1,
      0.02,
      { roundness: 0.3, detail: 0.5 },
    );
  },
  bench(s, sc) {
    const slab = { hint: [0, 1, 0] as Vec3, flat: 0.25, ...BLUNT, detail: 0.5 };
    sc.limb(
      "coat",
      [
        [-s.spread, 0.45, 0],
        [s.spread, 0.45, 0],
      ],
      0.2,
      0.2,
      slab,
    );
    sc.limb(
      "coat",
      [
        [-s.spread, 0.85, -0.2],
        [s.spread, 0.85, -0.2],
      ],
      0.16,
      0.16,
      { ...slab, hint: [0, 0, 1] },
    );
    for (const x of [-s.spread * 0.8, s.spread * 0.8])
      for (const z of [-0.15, 0.15])
        sc.limb(
          "trim",
          [
            [x, 0, z],
            [x, z < 0 ? 0.95 : 0.45, z],
          ],
          s.thick,
          s.thick,
          { ...BLUNT, detail: 0.4 },
        );
  },
  bale(s, sc) {
    sc.limb(
      "coat",
      [
        [-s.spread, 0.5, 0],
        [s.spread, 0.5, 0],
      ],
      0.5,
      0.5,
      { hint: [0, 1, 0], roundness: 0.08 },
    );
  },
  hydrant(s, sc) {
    trunk(sc, { ...s, thick: s.spread }, 0.8, "coat");
    sc.ellipsoid("coat", [0, 0.82, 0], [0, 1, 0], 0.14, s.spread * 1.05, s.spread * 1.05, [1, 0, 0], 0.6);
    sc.limb(
      "trim",
      [
        [-s.spread * 1.6, 0.55, 0],
        [s.spread * 1.6, 0.55, 0],
      ],
      s.thick,
      s.thick,
      { ...BLUNT, detail: 0.4 },
    );
  },
} satisfies Record<string, SceneryFormBuilder>;
