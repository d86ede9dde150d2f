/**
 * The `quadruped` body plan: body, head (with neck), tail and two-segment legs
 * (`leg_{front,hind}_{left,right}_{top,bot}`). Proportions are relative to a body one unit
 * long; the generator scales the assembled creature to its record's height afterwards.
 * Joint rules the loader applies from part boxes hold by construction: each upper leg starts
 * inside the body, each lower leg starts inside its upper leg's lower end, the neck starts
 * inside the body's front, and the tail inside its back.
 */
import { Sculptor } from "../shapes.js";
import { add, direction, scale, type Vec3 } from "../vec3.js";
import {
  addEyes,
  EAR_STYLES,
  type EarStyle,
  type HeadFrame,
  HORN_STYLES,
  type HornStyle,
  TAIL_STYLES,
  type TailStyle,
} from "./features.js";

export interface QuadrupedShape {
  /** Half-height and half-width of the body (its length is 1). */
  bodyHeight: number;
  bodyWidth: number;
  /** Chest over hip fullness (> 1: heavier front, as a bear or a bison). */
  chest: number;
  /** Ground to the underside of the body. */
  legLength: number;
  legThick: number;
  /** How far in from the body's ends the legs stand. */
  legInset: number;
  feet: "paw" | "hoof";
  neckLength: number;
  /** Degrees above horizontal. */
  neckPitch: number;
  neckThick: number;
  headLength: number;
  headRadius: number;
  snoutLength: number;
  snoutRadius: number;
  eyeSize: number;
  ears: EarStyle;
  earLength: number;
  earWidth: number;
  horns: HornStyle;
  hornSize: number;
  mane: "none" | "ridge" | "ruff";
  tail: TailStyle;
  tailLength: number;
  tailThick: number;
  /** Degrees above horizontal at the root. */
  tailPitch: number;
  /** Tail tip in the accent colour (a fox's white tip). */
  tailTip: boolean;
  /** Height of a back hump (camel); 0 for none. */
  hump: number;
  /** Width over height of the snout (> 1: a crocodile's flat snout). */
  snoutFlat: number;
  /** Length of a trunk hanging from the snout (elephant); 0 for none. */
  trunk: number;
  /** Sideways reach of the feet beyond the hips (sprawling reptiles). */
  legSplay: number;
  /** Lower legs in the accent colour (a sheep's dark legs, a horse's socks). */
  socks: boolean;
  /** Ears are modelled into the head (false when the plan makes them separate parts). */
  earsOnHead: boolean;
}

/** A medium dog: every species overrides what makes it itself. */
export const QUADRUPED_DEFAULTS: Readonly<QuadrupedShape> = Object.freeze({
  bodyHeight: 0.17,
  bodyWidth: 0.14,
  chest: 1.1,
  legLength: 0.45,
  legThick: 0.05,
  legInset: 0.12,
  feet: "paw",
  neckLength: 0.2,
  neckPitch: 50,
  neckThick: 0.08,
  headLength: 0.24,
  headRadius: 0.1,
  snoutLength: 0.12,
  snoutRadius: 0.05,
  eyeSize: 0.18,
  ears: "pointed",
  earLength: 0.1,
  earWidth: 0.04,
  horns: "none",
  hornSize: 0.3,
  mane: "none",
  tail: "thin",
  tailLength: 0.35,
  tailThick: 0.03,
  tailPitch: 25,
  tailTip: false,
  hump: 0,
  snoutFlat: 1,
  trunk: 0,
  legSplay: 0,
  socks: false,
  earsOnHead: true,
});

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Builds a head with neck, ears, horns and eyes from `base` (inside the body) upward. */
export function buildNeckAndHead(sc: Sculptor, q: QuadrupedShape, base: Vec3): HeadFrame {
  const neckEnd = add(base, scale(direction(rad(q.neckPitch)), q.neckLength));
  const centre = add(neckEnd, [0, q.headRadius * 0.2, q.headLength * 0.2]);
  const head: HeadFrame = { centre, radii: [q.headRadius * 0.9, q.headRadius, q.headLength / 2] };
  sc.limb(
    "coat",
    [add(base, [0, -q.neckThick * 0.3, -q.neckThick * 0.5]), neckEnd, centre],
    q.neckThick * 1.3,
    q.neckThick,
    { roundness: 0.5 },
  );
  sc.ellipsoid("coat", centre, [0, -0.15, 1], head.radii[2], head.radii[1], head.radii[0]);
  const snoutStart = add(centre, [0, -q.headRadius * 0.25, q.headLength * 0.15]);
  const snoutEnd = add(centre, [0, -q.headRadius * 0.45, q.headLength / 2 + q.snoutLength]);
  sc.limb("coat", [snoutStart, snoutEnd], q.snoutRadius, q.snoutRadius * 0.8, {
    roundness: 0.6,
    detail: 0.7,
    hint: [1, 0, 0],
    flat: 1 / q.snoutFlat,
  });
  if (q.trunk > 0) {
    const tip = add(snoutEnd, [0, -q.trunk, q.trunk * 0.3]);
    sc.limb(
      "coat",
      [add(snoutEnd, [0, 0, -q.snoutRadius]), add(snoutEnd, [0, -q.trunk * 0.6, q.trunk * 0.05]), tip],
      q.snoutRadius * 0.9,
      q.snoutRadius * 0.45,
      { detail: 0.7 },
    );
  }
  sc.ellipsoid(
    "trim",
    add(snoutEnd, [0, q.snoutRadius * 0.35, -q.snoutRadius * 0.2]),
    [0, 0, 1],
    q.snoutRadius * 0.35,
    q.snoutRadius * 0.35,
    q.snoutRadius * 0.5,
    [0, 1, 0],
    0.4,
  );
  addEyes(sc, head, q.eyeSize);
  if (q.earsOnHead) for (const side of [1, -1]) EAR_STYLES[q.ears](sc, head, side, q.earLength, q.earWidth, "coat");
  HORN_STYLES[q.horns](sc, head, q.hornSize);
  if (q.mane === "ridge") {
    sc.limb(
      "accent",
      [add(base, [0, q.neckThick, -0.02]), add(neckEnd, [0, q.neckThick * 1.1, -q.neckThick * 0.4])],
      q.neckThick * 0.3,
      q.neckThick * 0.25,
      { hint: [1, 0, 0], flat: 2.6, detail: 0.6 },
    );
  } else if (q.mane === "ruff") {
    sc.ellipsoid(
      "accent",
      add(centre, [0, -q.headRadius * 0.2, -q.headLength * 0.35]),
      [0, 0.3, 1],
      q.headRadius * 1.1,
      q.headRadius * 1.8,
      q.headRadius * 1.7,
    );
  }
  return head;
}

/** Builds one leg pair member: `[top, bottom]` sculptors for a hip at `hip`. */
function leg(res: number, q: QuadrupedShape, hip: Vec3, kneeShift: number, thigh: number): [Sculptor, Sculptor] {
  const top = new Sculptor(res);
  const bot = new Sculptor(res);
  const kneeY = q.legLength * 0.5;
  const knee: Vec3 = [hip[0], kneeY, hip[2] + kneeShift];
  const r = q.legThick;
  top.limb("coat", [hip, knee], r * thigh, r * 0.85, { detail: 0.7 });
  const footTop = q.feet === "hoof" ? r * 0.9 : r * 0.8;
  const foot: Vec3 = [hip[0], footTop, hip[2] + kneeShift * 0.3 + 0.01];
  bot.limb(q.socks ? "accent" : "coat", [[knee[0], kneeY + r * 0.7, knee[2]], foot], r * 0.8, r * 0.6, { detail: 0.6 });
  if (q.feet === "hoof") {
    bot.limb(
      "trim",
      [
        [foot[0], footTop * 1.1, foot[2]],
        [foot[0], 0, foot[2] + r * 0.15],
      ],
      r * 0.62,
      r * 0.75,
      { roundness: 0.12, detail: 0.5 },
    );
  } else {
    bot.ellipsoid(
      q.socks ? "accent" : "coat",
      [foot[0], r * 0.8, foot[2] + r * 0.5],
      [0, 0, 1],
      r * 1.3,
      r * 0.8,
      r * 0.95,
      [0, 1, 0],
      0.5,
    );
  }
  return [top, bot];
}

/** Body (with hump) centred at height `legLength + bodyHeight`, one unit long along Z. */
export function buildBody(q: QuadrupedShape, res: number): Sculptor {
  const bodyY = q.legLength + q.bodyHeight;
  const body = new Sculptor(res);
  body.limb(
    "coat",
    [
      [0, bodyY + q.bodyHeight * 0.05, -0.5],
      [0, bodyY, 0.5],
    ],
    q.bodyHeight,
    q.bodyHeight * (1 + (q.chest - 1) * 0.5),
    {
      flat: q.bodyWidth / q.bodyHeight,
      hint: [0, 1, 0],
      roundness: 0.55,
      profile: (s) => ((1 + (q.chest - 1) * s) / (1 + (q.chest - 1) * 0.5)) * (0.8 + 0.2 * Math.sin(Math.PI * s)),
    },
  );
  if (q.hump > 0)
    body.ellipsoid("coat", [0, bodyY + q.bodyHeight * 0.75, -0.02], [0, 0, 1], 0.2, q.hump, q.bodyWidth * 0.7);
  return body;
}

/** Builds every part of a quadruped. */
export function buildQuadruped(q: QuadrupedShape, res: number): Record<string, Sculptor> {
  const bodyY = q.legLength + q.bodyHeight;
  const body = buildBody(q, res);

  const head = new Sculptor(res);
  buildNeckAndHead(head, q, [0, bodyY + q.bodyHeight * 0.35, 0.4]);

  const tail = new Sculptor(res);
  TAIL_STYLES[q.tail](
    tail,
    [0, bodyY + q.bodyHeight * 0.4, -0.46],
    rad(q.tailPitch),
    q.tailLength,
    q.tailThick,
    q.tailTip ? "accent" : undefined,
  );

  const parts: Record<string, Sculptor> = { body, head, tail };
  const hipY = bodyY - q.bodyHeight * 0.3;
  const x = q.bodyWidth * 0.5;
  for (const [end, z, shift, thigh] of [
    ["front", 0.5 - q.legInset, 0.01, 1.25],
    ["hind", -(0.5 - q.legInset), -0.07, 1.6],
  ] as const) {
    for (const [sideName, side] of [
      ["left", 1],
      ["right", -1],
    ] as const) {
      const [top, bot] = leg(res, q, [side * x, hipY, z], shift, thigh);
      parts[`leg_${end}_${sideName}_top`] = top;
      parts[`leg_${end}_${sideName}_bot`] = bot;
    }
  }
  return parts;
}
