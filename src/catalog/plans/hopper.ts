/**
 * The `hopper` body plan: body (haunches), chest, head, `ears` (both ears in ONE part, as the
 * real service names it), thighs (`leg_*_top`) and long feet (`leg_*_bot`), arms and tail.
 * Rabbits, kangaroos and frogs differ only in parameters; frogs leave out tail and ears.
 */
import { Sculptor } from "../shapes.js";
import { add, direction, scale, type Vec3 } from "../vec3.js";
import { addEyes, EAR_STYLES, type EarStyle, type HeadFrame, TAIL_STYLES, type TailStyle } from "./features.js";

export interface HopperShape {
  /** Haunch radius and half-length; the haunch sits `lift` above its resting height. */
  bodyRadius: number;
  bodyLength: number;
  lift: number;
  chestRadius: number;
  /** Degrees above horizontal from haunch to chest (upright kangaroo near 60). */
  chestPitch: number;
  chestDistance: number;
  headRadius: number;
  /** How far up the chest the head sits (1: on top, as a rabbit; small: in front, as a frog). */
  headRise: number;
  /** Head width over height (a frog's head is wide and flat). */
  headWidth: number;
  snoutLength: number;
  eyeSize: number;
  eyeUp: number;
  ears: EarStyle;
  earLength: number;
  earWidth: number;
  thighRadius: number;
  footLength: number;
  footThick: number;
  armThick: number;
  /** Share of the shoulder's height the arm reaches down (1: paws on the ground). */
  armReach: number;
  tail: TailStyle;
  tailLength: number;
  tailThick: number;
  tailPitch: number;
}

/** A sitting rabbit. */
export const HOPPER_DEFAULTS: Readonly<HopperShape> = Object.freeze({
  bodyRadius: 0.3,
  bodyLength: 0.34,
  lift: 0.02,
  chestRadius: 0.22,
  chestPitch: 45,
  chestDistance: 0.32,
  headRadius: 0.16,
  headRise: 1,
  headWidth: 0.9,
  snoutLength: 0.06,
  eyeSize: 0.2,
  eyeUp: 0.35,
  ears: "long",
  earLength: 0.38,
  earWidth: 0.06,
  thighRadius: 0.19,
  footLength: 0.42,
  footThick: 0.05,
  armThick: 0.05,
  armReach: 1,
  tail: "stub",
  tailLength: 0.1,
  tailThick: 0.09,
  tailPitch: 20,
});

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Builds every part of a hopper. */
export function buildHopper(h: HopperShape, res: number): Record<string, Sculptor> {
  const centre: Vec3 = [0, h.bodyRadius * 0.9 + h.lift, 0];
  const body = new Sculptor(res).ellipsoid(
    "coat",
    centre,
    [0, 0.15, 1],
    h.bodyLength,
    h.bodyRadius,
    h.bodyRadius * 0.9,
  );
  const chestCentre = add(centre, scale(direction(rad(h.chestPitch)), h.chestDistance));
  const chest = new Sculptor(res).ellipsoid(
    "coat",
    chestCentre,
    direction(rad(h.chestPitch)),
    h.chestRadius * 1.15,
    h.chestRadius,
    h.chestRadius * 0.9,
  );
  const headCentre = add(chestCentre, [
    0,
    (h.chestRadius * 0.85 + h.headRadius * 0.45) * h.headRise,
    h.chestRadius * (0.35 + 0.6 * (1 - h.headRise)),
  ]);
  const frame: HeadFrame = {
    centre: headCentre,
    radii: [h.headRadius * h.headWidth, h.headRadius, h.headRadius * 1.1],
  };
  const head = new Sculptor(res);
  head.ellipsoid("coat", headCentre, [0, -0.1, 1], frame.radii[2], frame.radii[1], frame.radii[0]);
  if (h.snoutLength > 0) {
    head.limb(
      "coat",
      [
        add(headCentre, [0, -h.headRadius * 0.2, h.headRadius * 0.4]),
        add(headCentre, [0, -h.headRadius * 0.35, h.headRadius + h.snoutLength]),
      ],
      h.headRadius * 0.5,
      h.headRadius * 0.35,
      { roundness: 0.7, detail: 0.6 },
    );
  }
  addEyes(head, frame, h.eyeSize, 0.5, h.eyeUp);
  const ears = new Sculptor(res);
  for (const side of [1, -1]) EAR_STYLES[h.ears](ears, frame, side, h.earLength, h.earWidth, "coat");
  const tail = new Sculptor(res);
  TAIL_STYLES[h.tail](
    tail,
    add(centre, [0, h.bodyRadius * 0.1, -h.bodyLength * 0.9]),
    rad(h.tailPitch),
    h.tailLength,
    h.tailThick,
    "accent",
  );
  const parts: Record<string, Sculptor> = { body, chest, head, ears, tail };
  for (const [name, side] of [
    ["left", 1],
    ["right", -1],
  ] as const) {
    const x = side * h.bodyRadius * 0.72;
    const thighCentre: Vec3 = [x, centre[1] - h.bodyRadius * 0.25, -h.bodyLength * 0.1];
    parts[`leg_${name}_top`] = new Sculptor(res).ellipsoid(
      "coat",
      thighCentre,
      [0, -0.35, 1],
      h.thighRadius * 1.3,
      h.thighRadius,
      h.thighRadius * 0.6,
    );
    const heel: Vec3 = [x, h.footThick, thighCentre[2] - h.thighRadius * 1.1];
    const toe: Vec3 = [x, h.footThick * 0.8, heel[2] + h.footLength];
    parts[`leg_${name}_bot`] = new Sculptor(res).limb(
      "coat",
      [
        add(thighCentre, [0, -h.thighRadius * 0.3, -h.thighRadius * 0.5]),
        heel,
        add(heel, [0, 0, h.footLength * 0.5]),
        toe,
      ],
      h.footThick * 1.6,
      h.footThick,
      { detail: 0.7, roundness: 0.5 },
    );
    const shoulder = add(chestCentre, [side * h.chestRadius * 0.55, -h.chestRadius * 0.2, h.chestRadius * 0.3]);
    const paw: Vec3 = [
      shoulder[0],
      Math.max(h.armThick * 0.9, shoulder[1] * (1 - h.armReach)),
      shoulder[2] + h.armThick * 1.5 + shoulder[1] * (1 - h.armReach) * 0.5,
    ];
    const arm = new Sculptor(res).limb("coat", [shoulder, paw], h.armThick * 1.3, h.armThick, { detail: 0.6 });
    arm.ellipsoid(
      "coat",
      [paw[0], paw[1] - h.armThick * 0.2, paw[2] + h.armThick * 0.6],
      [0, 0, 1],
      h.armThick * 1.4,
      h.armThick * 0.7,
      h.armThick * 1.0,
      [0, 1, 0],
      0.5,
    );
    parts[`arm_${name}`] = arm;
  }
  if (h.ears === "none") delete parts.ears;
  if (h.tail === "none") delete parts.tail;
  return parts;
}
