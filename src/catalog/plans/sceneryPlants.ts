/** Scenery forms that grow: trees, bushes, ferns, mushrooms, grasses, reeds, cacti, coral. */
import { add, type Vec3 } from "../vec3.js";
import { BLUNT, ring, type SceneryFormBuilder, trunk } from "./sceneryShape.js";

export const PLANT_FORMS = {
  broadleaf(s, sc) {
    trunk(sc, s, 0.6);
    sc.ellipsoid("coat", [0, 0.72, 0], [0, 1, 0], 0.26, s.spread, s.spread);
    for (const p of ring(s.count, s.spread * 0.6, 0.62))
      sc.ellipsoid("coat", p, [0, 1, 0], 0.16, s.spread * 0.55, s.spread * 0.55, [1, 0, 0], 0.6);
  },
  willow(s, sc) {
    trunk(sc, s, 0.55);
    sc.ellipsoid("coat", [0, 0.66, 0], [0, 1, 0], 0.3, s.spread, s.spread);
    for (const p of ring(s.count, s.spread * 0.85, 0.5))
      sc.limb("coat", [add(p, [0, 0.25, 0]), p, add(p, [p[0] * 0.2, -0.38, p[2] * 0.2])], 0.1, 0.05, { detail: 0.5 });
  },
  conifer(s, sc) {
    trunk(sc, s, 0.3);
    for (let i = 0; i < 3; i++) {
      const y = 0.15 + i * 0.26;
      const r = s.spread * (1 - i * 0.25);
      sc.limb(
        "coat",
        [
          [0, y, 0],
          [0, y + 0.42, 0],
        ],
        r,
        r * 0.05,
        { roundness: 0.15 },
      );
    }
  },
  palm(s, sc) {
    sc.limb(
      "accent",
      [
        [0, 0, 0],
        [0.12, 0.5, 0],
        [0.2, 0.92, 0],
      ],
      s.thick,
      s.thick * 0.7,
      { ...BLUNT, detail: 0.7 },
    );
    const crown: Vec3 = [0.2, 0.93, 0];
    for (const p of ring(s.count, s.spread, 0))
      sc.limb(
        "coat",
        [crown, add(crown, [p[0] * 0.6, 0.12, p[2] * 0.6]), add(crown, [p[0], -0.12, p[2]])],
        0.07,
        0.02,
        {
          hint: [0, 1, 0],
          flat: 0.2,
          detail: 0.5,
        },
      );
  },
  deadTree(s, sc) {
    trunk(sc, s, 0.8);
    for (const [i, p] of ring(s.count, s.spread, 0).entries()) {
      const y = 0.35 + i * 0.15;
      sc.limb(
        "accent",
        [
          [0, y, 0],
          [p[0] * 0.5, y + 0.15, p[2] * 0.5],
          [p[0], y + 0.35, p[2]],
        ],
        s.thick * 0.5,
        0.01,
        { detail: 0.4 },
      );
    }
  },
  bush(s, sc) {
    sc.ellipsoid("coat", [0, 0.5, 0], [0, 1, 0], 0.5, s.spread, s.spread);
    for (const p of ring(s.count, s.spread * 0.7, 0.35))
      sc.ellipsoid("coat", p, [0, 1, 0], 0.32, s.spread * 0.6, s.spread * 0.6, [1, 0, 0], 0.6);
    for (const p of ring(s.count, s.spread * 0.9, 0.6, 1.2))
      sc.ellipsoid("trim", p, [0, 1, 0], 0.05, 0.05, 0.05, [1, 0, 0], 0.3);
  },
  fern(s, sc) {
    for (const p of ring(s.count, s.spread, 0))
      sc.limb(
        "coat",
        [
          [0, 0, 0],
          [p[0] * 0.4, 1, p[2] * 0.4],
          [p[0], 0.45, p[2]],
        ],
        0.09,
        0.02,
        {
          hint: [0, 1, 0],
          flat: 0.2,
          detail: 0.5,
        },
      );
  },
  mushroom(s, sc) {
    trunk(sc, { ...s, thick: s.thick * 1.8 }, 0.65, "accent");
    sc.ellipsoid("coat", [0, 0.72, 0], [0, 1, 0], 0.28, s.spread, s.spread);
    for (const p of ring(s.count, s.spread * 0.55, 0.93))
      sc.ellipsoid("trim", p, [0, 1, 0], 0.04, 0.06, 0.06, [1, 0, 0], 0.3);
  },
  tuft(s, sc) {
    for (const p of ring(s.count, s.spread, 1, 0.1))
      sc.limb(
        "coat",
        [
          [p[0] * 0.2, 0, p[2] * 0.2],
          [p[0] * 0.5, 0.6, p[2] * 0.5],
          [p[0], 1, p[2]],
        ],
        s.thick,
        0.005,
        { detail: 0.4 },
      );
  },
  reeds(s, sc) {
    for (const [i, p] of ring(s.count, s.spread, 0, 0.1).entries()) {
      const top = 0.75 + (0.25 * ((i * 7) % 3)) / 2;
      const tip: Vec3 = [p[0], top, p[2]];
      sc.limb("coat", [[p[0] * 0.3, 0, p[2] * 0.3], tip], s.thick, 0.004, { detail: 0.35 });
      if (i % 2 === 0)
        sc.ellipsoid("accent", add(tip, [0, -0.16, 0]), [0, 1, 0], 0.07, s.thick * 2.2, s.thick * 2.2, [1, 0, 0], 0.35);
    }
  },
  saguaro(s, sc) {
    trunk(sc, s, 1, "coat");
    for (const side of [1, -1]) {
      const y = side > 0 ? 0.4 : 0.55;
      sc.limb(
        "coat",
        [
          [0, y, 0],
          [side * s.spread, y, 0],
          [side * s.spread, y + 0.3, 0],
        ],
        s.thick * 0.7,
        s.thick * 0.6,
        {
          roundness: 0.3,
          detail: 0.6,
        },
      );
    }
  },
  barrelCactus(s, sc) {
    sc.ellipsoid("coat", [0, 0.5, 0], [0, 1, 0], 0.5, s.spread, s.spread);
    for (const p of ring(s.count, s.spread * 0.3, 0.98))
      sc.ellipsoid("trim", p, [0, 1, 0], 0.05, 0.07, 0.07, [1, 0, 0], 0.3);
  },
  branchCoral(s, sc) {
    for (const [i, p] of ring(s.count, s.spread, 0).entries()) {
      const top = 0.7 + 0.3 * (i % 2);
      sc.limb(
        "coat",
        [
          [0, 0, 0],
          [p[0] * 0.3, top * 0.5, p[2] * 0.3],
          [p[0], top, p[2]],
        ],
        s.thick,
        s.thick * 0.5,
        { detail: 0.5 },
      );
    }
  },
  brainCoral(s, sc) {
    sc.ellipsoid("coat", [0, 0.5, 0], [1, 0, 0], s.spread, 0.5, s.spread * 0.9, [0, 1, 0]);
  },
} satisfies Record<string, SceneryFormBuilder>;
