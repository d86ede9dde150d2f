/**
 * The `uniform` body plan: one `body` part carrying everything, eyes included. Two forms:
 * `fish` (swimmers: fish, sharks, dolphins) and `snake` (slithering, a sinuous tube lying on
 * the ground). The body runs along Z with the head at +Z.
 */
import { Sculptor } from "../shapes.js";
import { add, type Vec3 } from "../vec3.js";
import { addEyes } from "./features.js";

export interface UniformShape {
  form: "fish" | "snake";
  /** Half-height and half-width of the body (its length is 1). */
  bodyHeight: number;
  bodyWidth: number;
  /** Where along the body (0 tail, 1 nose) it is thickest. */
  thickest: number;
  eyeSize: number;
  /** Fish: tail fin span, dorsal fin height, pectoral fin length, beak length (dolphin). */
  tailFin: number;
  /** Horizontal flukes (dolphins, whales) instead of an upright tail fin. */
  flukes: boolean;
  dorsal: number;
  pectoral: number;
  beak: number;
  /** Snake: sideways wave amplitude and number of waves. */
  wave: number;
  waves: number;
}

/** A trout. */
export const UNIFORM_DEFAULTS: Readonly<UniformShape> = Object.freeze({
  form: "fish",
  bodyHeight: 0.12,
  bodyWidth: 0.06,
  thickest: 0.6,
  eyeSize: 0.16,
  tailFin: 0.14,
  flukes: false,
  dorsal: 0.07,
  pectoral: 0.08,
  beak: 0,
  wave: 0.08,
  waves: 1.5,
});

function fish(u: UniformShape, sc: Sculptor): void {
  const y = u.bodyHeight * 1.05;
  const peak = Math.log(0.5) / Math.log(u.thickest);
  sc.limb(
    "coat",
    [
      [0, y, -0.5],
      [0, y, 0.5],
    ],
    u.bodyHeight,
    u.bodyHeight,
    {
      hint: [0, 1, 0],
      flat: u.bodyWidth / u.bodyHeight,
      roundness: 0.7,
      profile: (s) => 0.18 + 0.82 * Math.sin(Math.PI * s ** peak) ** 0.8,
    },
  );
  if (u.beak > 0)
    sc.limb(
      "coat",
      [
        [0, y - u.bodyHeight * 0.2, 0.4],
        [0, y - u.bodyHeight * 0.3, 0.5 + u.beak],
      ],
      u.bodyHeight * 0.3,
      u.bodyHeight * 0.2,
      { detail: 0.5, roundness: 0.6 },
    );
  const root: Vec3 = [0, y, -0.46];
  for (const lobe of [1, -1]) {
    const tip: Vec3 = u.flukes
      ? add(root, [lobe * u.tailFin, 0, -u.tailFin * 0.6])
      : add(root, [0, lobe * u.tailFin, -u.tailFin * 0.8]);
    sc.limb("accent", [root, tip], u.tailFin * 0.3, u.tailFin * 0.12, {
      hint: u.flukes ? [1, 0, 0] : [0, 1, 0],
      flat: 0.15,
      roundness: 0.5,
      detail: 0.6,
    });
  }
  if (u.dorsal > 0) {
    const base: Vec3 = [0, y + u.bodyHeight * 0.8, 0.02];
    sc.limb("accent", [base, add(base, [0, u.dorsal, -u.dorsal * 0.7])], u.dorsal * 0.6, u.dorsal * 0.08, {
      hint: [0, 0, 1],
      flat: 0.12,
      roundness: 0.4,
      detail: 0.6,
    });
  }
  for (const side of [1, -1]) {
    const base: Vec3 = [side * u.bodyWidth * 0.7, y - u.bodyHeight * 0.4, 0.2];
    sc.limb(
      "accent",
      [base, add(base, [side * u.pectoral * 0.7, -u.pectoral * 0.4, -u.pectoral * 0.6])],
      u.pectoral * 0.35,
      u.pectoral * 0.1,
      { hint: [0, 0, 1], flat: 0.15, roundness: 0.5, detail: 0.5 },
    );
  }
  addEyes(
    sc,
    { centre: [0, y + u.bodyHeight * 0.1, 0.3], radii: [u.bodyWidth * 0.85, u.bodyHeight * 0.75, 0.15] },
    u.eyeSize,
    0.45,
    0.35,
  );
}

function snake(u: UniformShape, sc: Sculptor): void {
  const r = u.bodyHeight;
  const path = (s: number): Vec3 => [
    u.wave * Math.sin(2 * Math.PI * u.waves * s) * (0.3 + 0.7 * s),
    r * 0.95,
    -0.5 + s * 0.9,
  ];
  const radius = (s: number): readonly [number, number] => {
    const t = 0.15 + 0.85 * Math.sin(Math.PI * Math.min(1, s * 0.62 + 0.02)) ** 0.6;
    return [r * t * 0.9, r * t * (u.bodyWidth / u.bodyHeight)];
  };
  sc.path("coat", path, radius, [0, 1, 0], 1.3, r, 1, 0.35);
  const neck = path(0.98);
  const headCentre: Vec3 = [neck[0], r * 1.0, neck[2] + r * 1.6];
  sc.ellipsoid("coat", headCentre, [0, -0.05, 1], r * 2.0, r * 0.85, r * 1.25);
  addEyes(sc, { centre: headCentre, radii: [r * 1.25, r * 0.85, r * 2.0] }, u.eyeSize, 0.45, 0.45);
}

/** Forms as a table: the form names how the one body is sculpted. */
const FORMS: Record<UniformShape["form"], (u: UniformShape, sc: Sculptor) => void> = { fish, snake };

/** Builds the single body part. */
export function buildUniform(u: UniformShape, res: number): Record<string, Sculptor> {
  const body = new Sculptor(res);
  FORMS[u.form](u, body);
  return { body };
}
