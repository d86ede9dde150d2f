/**
 * The `multileg_crawler` body plan: head, body, claw_{left,right} and six two-segment legs
 * (`leg_{front,middle,hind}_{left,right}_{top,bot}`). Each upper leg rises from the body's
 * lower side out to a knee; each lower leg drops from that knee to the ground. Crabs,
 * beetles, ants, spiders and scorpions differ in parameters; a spider's pedipalps and an
 * insect's mandibles are its "claws", a scorpion's sting is modelled into its body.
 */
import { Sculptor } from "../shapes.js";
import { add, type Vec3 } from "../vec3.js";
import { addEyes, type HeadFrame } from "./features.js";

export interface CrawlerShape {
  /** Half-length, half-width and half-height of the body. */
  bodyLength: number;
  bodyWidth: number;
  bodyHeight: number;
  /** Ground clearance under the body. */
  lift: number;
  /** Radius of a rear abdomen behind the body (spider, ant); 0 for none. */
  abdomen: number;
  headRadius: number;
  eyeSize: number;
  /** Eyes raised on stalks (crabs). */
  eyeStalks: boolean;
  antennae: number;
  /** Sideways reach of a foot from the body's side. */
  legSpan: number;
  /** Knee height above the body's centre, in body half-heights; at most 0.4 so the upper leg stays below the centre. */
  kneeRise: number;
  legThick: number;
  clawSize: number;
  /** Length of a scorpion's sting arching over the body; 0 for none. */
  sting: number;
}

/** A crab. */
export const CRAWLER_DEFAULTS: Readonly<CrawlerShape> = Object.freeze({
  bodyLength: 0.32,
  bodyWidth: 0.5,
  bodyHeight: 0.16,
  lift: 0.2,
  abdomen: 0,
  headRadius: 0.1,
  eyeSize: 0.3,
  eyeStalks: true,
  antennae: 0,
  legSpan: 0.55,
  kneeRise: 0.3,
  legThick: 0.04,
  clawSize: 0.2,
  sting: 0,
});

/** Builds every part of a crawler. */
export function buildCrawler(c: CrawlerShape, res: number): Record<string, Sculptor> {
  const y = c.lift + c.bodyHeight;
  const body = new Sculptor(res).ellipsoid("coat", [0, y, 0], [0, 0, 1], c.bodyLength, c.bodyHeight, c.bodyWidth);
  if (c.abdomen > 0) {
    body.ellipsoid(
      "coat",
      [0, y + c.abdomen * 0.3, -c.bodyLength - c.abdomen * 0.9],
      [0, 0.2, 1],
      c.abdomen * 1.2,
      c.abdomen,
      c.abdomen * 0.9,
    );
  }
  if (c.sting > 0) {
    const back: Vec3 = [0, y, -c.bodyLength * 0.9];
    const tip = add(back, [0, c.sting * 0.9, -c.sting * 0.1]);
    body.limb(
      "coat",
      [back, add(back, [0, c.sting * 0.1, -c.sting * 0.9]), tip],
      c.bodyHeight * 0.55,
      c.bodyHeight * 0.35,
      { detail: 0.8 },
    );
    body.limb("trim", [tip, add(tip, [0, -c.sting * 0.1, c.sting * 0.25])], c.bodyHeight * 0.3, c.bodyHeight * 0.05, {
      detail: 0.4,
    });
  }
  const headCentre: Vec3 = [0, y + c.bodyHeight * 0.1, c.bodyLength + c.headRadius * 0.5];
  const frame: HeadFrame = { centre: headCentre, radii: [c.headRadius * 1.1, c.headRadius * 0.9, c.headRadius] };
  const head = new Sculptor(res).ellipsoid(
    "coat",
    headCentre,
    [0, 0, 1],
    frame.radii[2],
    frame.radii[1],
    frame.radii[0],
  );
  const eyeSize = c.eyeSize * c.headRadius;
  for (const side of [1, -1]) {
    if (c.eyeStalks) {
      const top = add(headCentre, [side * c.headRadius * 0.6, c.headRadius * 1.6, c.headRadius * 0.3]);
      head.limb("coat", [add(headCentre, [side * c.headRadius * 0.5, 0, 0]), top], eyeSize * 0.45, eyeSize * 0.4, {
        detail: 0.4,
      });
      head.ellipsoid("eye", top, [0, 1, 0], eyeSize, eyeSize, eyeSize, [0, 0, 1], 0.4);
    }
    if (c.antennae > 0) {
      const base = add(headCentre, [side * c.headRadius * 0.4, c.headRadius * 0.6, c.headRadius * 0.6]);
      head.limb(
        "trim",
        [
          base,
          add(base, [side * c.antennae * 0.3, c.antennae * 0.6, c.antennae * 0.3]),
          add(base, [side * c.antennae * 0.6, c.antennae * 0.5, c.antennae * 0.9]),
        ],
        c.legThick * 0.5,
        c.legThick * 0.3,
        { detail: 0.35 },
      );
    }
  }
  if (!c.eyeStalks) addEyes(head, frame, c.eyeSize, 0.8, 0.4);
  const parts: Record<string, Sculptor> = { head, body };
  for (const [name, side] of [
    ["left", 1],
    ["right", -1],
  ] as const) {
    const claw = new Sculptor(res);
    const shoulder: Vec3 = [side * c.bodyWidth * 0.5, y - c.bodyHeight * 0.2, c.bodyLength * 0.6];
    const elbow = add(shoulder, [side * c.clawSize * 0.8, c.clawSize * 0.1, c.clawSize * 0.6]);
    const pincer = add(elbow, [-side * c.clawSize * 0.2, 0, c.clawSize * 0.9]);
    claw.limb("coat", [shoulder, elbow, pincer], c.legThick * 1.2, c.legThick * 1.4, { detail: 0.5 });
    claw.ellipsoid(
      "coat",
      pincer,
      [-side * 0.2, 0, 1],
      c.clawSize * 0.5,
      c.clawSize * 0.28,
      c.clawSize * 0.22,
      [0, 1, 0],
      0.6,
    );
    claw.limb(
      "trim",
      [
        add(pincer, [0, 0, c.clawSize * 0.3]),
        add(pincer, [-side * c.clawSize * 0.1, -c.clawSize * 0.05, c.clawSize * 0.75]),
      ],
      c.clawSize * 0.1,
      c.clawSize * 0.03,
      { detail: 0.4 },
    );
    parts[`claw_${name}`] = claw;
    for (const [end, along, swing] of [
      ["front", 0.55, 0.45],
      ["middle", 0, 0],
      ["hind", -0.55, -0.45],
    ] as const) {
      const hip: Vec3 = [side * c.bodyWidth * 0.6, y - c.bodyHeight * 0.45, along * c.bodyLength];
      const knee: Vec3 = [
        side * (c.bodyWidth * 0.6 + c.legSpan * 0.5),
        y + c.bodyHeight * c.kneeRise,
        hip[2] + swing * c.legSpan * 0.4,
      ];
      const foot: Vec3 = [side * (c.bodyWidth * 0.6 + c.legSpan), c.legThick * 0.3, hip[2] + swing * c.legSpan * 0.8];
      parts[`leg_${end}_${name}_top`] = new Sculptor(res).limb("coat", [hip, knee], c.legThick * 1.2, c.legThick, {
        detail: 0.5,
      });
      parts[`leg_${end}_${name}_bot`] = new Sculptor(res).limb(
        "coat",
        [add(knee, [0, c.legThick * 0.5, 0]), foot],
        c.legThick,
        c.legThick * 0.4,
        { detail: 0.5 },
      );
    }
  }
  return parts;
}
