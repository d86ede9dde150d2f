/**
 * Birds (and other winged animals): `winged_flyer` (body, head, tail, wing_{left,right},
 * leg_{left,right}) with wings spread in flight, and `winged_standing` (body, head, neck, tail,
 * leg_{left,right}_{top,bot}) with wings folded into the body. Bats and butterflies are flyers
 * with a membrane wing (`wingSlot: "accent"`) or two wing lobes.
 */
import type { MaterialSlot } from "../mesh.js";
import { Sculptor } from "../shapes.js";
import { add, direction, scale, type Vec3 } from "../vec3.js";
import { addEyes, EAR_STYLES, type HeadFrame } from "./features.js";

export interface BirdShape {
  bodyRadius: number;
  /** Degrees the body's long axis rises toward the head (a penguin stands near 75). */
  bodyPitch: number;
  /** Ground to the underside of the body. */
  legLength: number;
  legThick: number;
  neckLength: number;
  neckPitch: number;
  neckThick: number;
  headRadius: number;
  beak: "cone" | "hook" | "flat" | "none";
  beakLength: number;
  beakRadius: number;
  eyeSize: number;
  /** How far forward the eyes look (owls look straight ahead). */
  eyeForward: number;
  tufts: boolean;
  comb: boolean;
  /** Half wingspan and chord of a spread wing; folded wings use the chord only. */
  wingSpan: number;
  wingChord: number;
  wingLobes: 1 | 2;
  wingSlot: MaterialSlot;
  bodySlot: MaterialSlot;
  /** Folded wings on the body's sides, or penguin flippers. */
  folded: "wing" | "flipper";
  tailLength: number;
  tailWidth: number;
  tailPitch: number;
}

/** A generic songbird-sized flyer (body one unit long). */
export const BIRD_DEFAULTS: Readonly<BirdShape> = Object.freeze({
  bodyRadius: 0.24,
  bodyPitch: 10,
  legLength: 0.3,
  legThick: 0.035,
  neckLength: 0.18,
  neckPitch: 60,
  neckThick: 0.12,
  headRadius: 0.19,
  beak: "cone",
  beakLength: 0.16,
  beakRadius: 0.06,
  eyeSize: 0.2,
  eyeForward: 0.5,
  tufts: false,
  comb: false,
  wingSpan: 1.1,
  wingChord: 0.45,
  wingLobes: 1,
  wingSlot: "coat",
  bodySlot: "coat",
  folded: "wing",
  tailLength: 0.4,
  tailWidth: 0.22,
  tailPitch: -5,
});

const rad = (deg: number): number => (deg * Math.PI) / 180;
const SIDES = [
  ["left", 1],
  ["right", -1],
] as const;

interface Skeleton {
  centre: Vec3;
  axis: Vec3;
  neckBase: Vec3;
  headCentre: Vec3;
}

/** Half the body's vertical extent: a tilted ellipsoid reaches lower than its radius. */
const halfDepth = (b: BirdShape): number =>
  Math.hypot(0.5 * Math.sin(rad(b.bodyPitch)), b.bodyRadius * Math.cos(rad(b.bodyPitch)));

function skeleton(b: BirdShape): Skeleton {
  const centre: Vec3 = [0, b.legLength + halfDepth(b), 0];
  const axis = direction(rad(b.bodyPitch));
  const neckBase = add(add(centre, scale(axis, 0.38)), [0, b.bodyRadius * 0.25, 0]);
  return { centre, axis, neckBase, headCentre: add(neckBase, scale(direction(rad(b.neckPitch)), b.neckLength)) };
}

function buildBody(b: BirdShape, k: Skeleton, res: number): Sculptor {
  const body = new Sculptor(res);
  body.ellipsoid(b.bodySlot, k.centre, k.axis, 0.5, b.bodyRadius, b.bodyRadius * 0.85);
  return body;
}

function buildHead(b: BirdShape, k: Skeleton, res: number): Sculptor {
  const head = new Sculptor(res);
  const r = b.headRadius;
  const frame: HeadFrame = { centre: k.headCentre, radii: [r * 0.95, r, r * 1.05] };
  head.ellipsoid(b.bodySlot, k.headCentre, [0, 0, 1], r * 1.05, r, r * 0.95);
  const start = add(k.headCentre, [0, -r * 0.1, r * 0.75]);
  const end = add(start, [0, b.beak === "hook" ? -b.beakLength * 0.35 : -b.beakLength * 0.1, b.beakLength]);
  if (b.beak === "hook")
    head.limb(
      "accent",
      [start, add(start, [0, b.beakLength * 0.15, b.beakLength * 0.8]), end],
      b.beakRadius,
      b.beakRadius * 0.15,
      { detail: 0.5 },
    );
  else if (b.beak === "flat")
    head.limb("accent", [start, end], b.beakRadius, b.beakRadius * 0.9, {
      hint: [1, 0, 0],
      flat: 0.35,
      roundness: 0.5,
      detail: 0.5,
    });
  else if (b.beak === "cone") head.limb("accent", [start, end], b.beakRadius, b.beakRadius * 0.1, { detail: 0.5 });
  addEyes(head, frame, b.eyeSize, b.eyeForward, 0.3);
  if (b.tufts) for (const [, side] of SIDES) EAR_STYLES.tufted(head, frame, side, r * 0.5, r * 0.18, b.bodySlot);
  if (b.comb) {
    head.ellipsoid(
      "trim",
      add(k.headCentre, [0, r * 0.95, r * 0.1]),
      [0, 0, 1],
      r * 0.6,
      r * 0.45,
      r * 0.12,
      [0, 1, 0],
      0.6,
    );
    head.ellipsoid(
      "trim",
      add(start, [0, -r * 0.45, -r * 0.1]),
      [0, -1, 0.3],
      r * 0.3,
      r * 0.2,
      r * 0.1,
      [0, 0, 1],
      0.4,
    );
  }
  return head;
}

function buildTail(b: BirdShape, k: Skeleton, res: number): Sculptor {
  const tail = new Sculptor(res);
  const root = add(k.centre, scale(k.axis, -0.35));
  const tip = add(root, scale(direction(rad(b.tailPitch), Math.PI), b.tailLength));
  tail.limb(b.bodySlot, [root, tip], b.tailWidth * 0.35, b.tailWidth, {
    hint: [1, 0, 0],
    flat: 0.18,
    roundness: 0.4,
    detail: 0.7,
  });
  return tail;
}

/** Builds a flying bird: wings spread, legs hanging with toes at y = 0. */
export function buildWingedFlyer(b: BirdShape, res: number): Record<string, Sculptor> {
  const k = skeleton(b);
  const parts: Record<string, Sculptor> = {
    body: buildBody(b, k, res),
    head: buildHead(b, k, res),
    tail: buildTail(b, k, res),
  };
  for (const [name, side] of SIDES) {
    const wing = new Sculptor(res);
    const root = add(k.centre, [side * b.bodyRadius * 0.5, b.bodyRadius * 0.35, 0.05]);
    const lobes =
      b.wingLobes === 2
        ? [
            [0.15, 1],
            [-0.35, 0.75],
          ]
        : [[0, 1]];
    for (const [dz, size] of lobes) {
      const r0 = add(root, [0, 0, dz! * b.wingChord]);
      const tip = add(r0, [side * b.wingSpan * size!, b.wingSpan * 0.1, -b.wingSpan * 0.2 + dz! * b.wingChord * 1.5]);
      const mid = add(r0, [side * b.wingSpan * 0.5 * size!, b.wingSpan * 0.12, dz! * b.wingChord]);
      wing.limb(b.wingSlot, [r0, mid, tip], b.wingChord * 0.45 * size!, b.wingChord * 0.2 * size!, {
        hint: [0, 0, 1],
        flat: 0.1,
        roundness: b.wingLobes === 2 ? 0.8 : 0.4,
        profile: (s) => 0.8 + 0.5 * Math.sin(Math.PI * s),
      });
    }
    parts[`wing_${name}`] = wing;
    const leg = new Sculptor(res);
    const x = side * b.bodyRadius * 0.3;
    const foot: Vec3 = [x, b.legThick * 0.6, 0.02];
    leg.limb("accent", [[x, k.centre[1] - halfDepth(b) * 0.6, 0], foot], b.legThick, b.legThick * 0.8, { detail: 0.5 });
    for (const yaw of [-0.5, 0, 0.5]) {
      leg.limb(
        "accent",
        [foot, add([foot[0], b.legThick * 0.5, foot[2]], scale(direction(0, yaw), b.legThick * 4))],
        b.legThick * 0.6,
        b.legThick * 0.35,
        { detail: 0.35 },
      );
    }
    parts[`leg_${name}`] = leg;
  }
  return parts;
}

/** Builds a standing bird: neck as its own part, wings folded, two-segment legs, webbed/clawed feet. */
export function buildWingedStanding(b: BirdShape, res: number): Record<string, Sculptor> {
  const k = skeleton(b);
  const body = buildBody(b, k, res);
  for (const [, side] of SIDES) {
    if (b.folded === "flipper") {
      const shoulder = add(k.centre, [side * b.bodyRadius * 0.75, b.bodyRadius * 0.5, 0.05]);
      body.limb(
        b.bodySlot,
        [shoulder, add(shoulder, [side * b.bodyRadius * 0.35, -b.wingChord, -0.05])],
        b.bodyRadius * 0.22,
        b.bodyRadius * 0.1,
        { hint: [0, 0, 1], flat: 0.3 },
      );
    } else {
      body.ellipsoid(
        b.wingSlot,
        add(k.centre, [side * b.bodyRadius * 0.72, b.bodyRadius * 0.15, -0.05]),
        add(k.axis, [0, -0.15, 0]),
        b.wingChord,
        b.bodyRadius * 0.55,
        b.bodyRadius * 0.2,
      );
    }
  }
  const neck = new Sculptor(res);
  neck.limb(
    b.bodySlot,
    [
      add(k.neckBase, scale(k.axis, -0.08)),
      add(k.neckBase, scale(direction(rad(b.neckPitch)), b.neckLength * 0.55)),
      k.headCentre,
    ],
    b.neckThick,
    b.neckThick * 0.8,
    { roundness: 0.5 },
  );
  const parts: Record<string, Sculptor> = { body, head: buildHead(b, k, res), neck, tail: buildTail(b, k, res) };
  for (const [name, side] of SIDES) {
    const x = side * b.bodyRadius * 0.35;
    const hip: Vec3 = [x, k.centre[1] - halfDepth(b) * 0.7, 0];
    const knee: Vec3 = [x, b.legLength * 0.5, -0.03];
    const top = new Sculptor(res);
    top.limb(b.bodySlot === "coat" ? "coat" : "accent", [hip, knee], b.legThick * 1.6, b.legThick, { detail: 0.6 });
    const bot = new Sculptor(res);
    const ankle: Vec3 = [x, b.legThick * 0.7, 0];
    bot.limb("accent", [add(knee, [0, b.legThick, 0]), ankle], b.legThick, b.legThick * 0.8, { detail: 0.5 });
    bot.ellipsoid(
      "accent",
      [x, b.legThick * 0.4, b.legThick * 2],
      [0, 0, 1],
      b.legThick * 3,
      b.legThick * 0.4,
      b.legThick * 2.2,
      [0, 1, 0],
      0.5,
    );
    parts[`leg_${name}_top`] = top;
    parts[`leg_${name}_bot`] = bot;
  }
  return parts;
}
