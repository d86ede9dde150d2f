/**
 * The `quadruped_fat` body plan: heavy animals with one-piece legs, a separate lower jaw and
 * separate ears (`body, head, tail, jaw_bot, ear_{left,right}, leg_{front,hind}_{left,right}`),
 * as the real service models hippos and crocodiles. Shares the quadruped's shape parameters.
 */
import { Sculptor } from "../shapes.js";
import { add, type Vec3 } from "../vec3.js";
import { EAR_STYLES, TAIL_STYLES } from "./features.js";
import { buildBody, buildNeckAndHead, QUADRUPED_DEFAULTS, type QuadrupedShape } from "./quadruped.js";

/** A hippo: barrel body, short thick legs, big square head. */
export const QUADRUPED_FAT_DEFAULTS: Readonly<QuadrupedShape> = Object.freeze({
  ...QUADRUPED_DEFAULTS,
  bodyHeight: 0.26,
  bodyWidth: 0.26,
  chest: 1.05,
  legLength: 0.2,
  legThick: 0.09,
  legInset: 0.16,
  feet: "hoof",
  neckLength: 0.12,
  neckPitch: 15,
  neckThick: 0.17,
  headLength: 0.3,
  headRadius: 0.15,
  snoutLength: 0.14,
  snoutRadius: 0.12,
  snoutFlat: 1.2,
  eyeSize: 0.12,
  ears: "round",
  earLength: 0.06,
  earWidth: 0.04,
  tail: "thin",
  tailLength: 0.15,
  tailThick: 0.03,
  tailPitch: -20,
  earsOnHead: false,
});

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Builds every part of a heavy quadruped. */
export function buildQuadrupedFat(q: QuadrupedShape, res: number): Record<string, Sculptor> {
  const bodyY = q.legLength + q.bodyHeight;
  const body = buildBody(q, res);
  const head = new Sculptor(res);
  const frame = buildNeckAndHead(head, { ...q, earsOnHead: false }, [0, bodyY + q.bodyHeight * 0.2, 0.4]);
  const jaw = new Sculptor(res);
  const c = frame.centre;
  const jawEnd: Vec3 = add(c, [0, -q.headRadius * 0.75, q.headLength / 2 + q.snoutLength * 0.85]);
  jaw.limb(
    "coat",
    [add(c, [0, -q.headRadius * 0.55, -q.headLength * 0.2]), jawEnd],
    q.snoutRadius * 0.8,
    q.snoutRadius * 0.65,
    {
      hint: [1, 0, 0],
      flat: 0.45,
      roundness: 0.5,
      detail: 0.7,
    },
  );
  jaw.ellipsoid(
    "accent",
    add(jawEnd, [0, q.snoutRadius * 0.2, -q.snoutRadius * 0.3]),
    [0, 0, 1],
    q.snoutRadius * 0.35,
    q.snoutRadius * 0.5,
    q.snoutRadius * 0.15,
    [1, 0, 0],
    0.4,
  );
  const tail = new Sculptor(res);
  TAIL_STYLES[q.tail](
    tail,
    [0, bodyY + q.bodyHeight * 0.3, -0.46],
    rad(q.tailPitch),
    q.tailLength,
    q.tailThick,
    q.tailTip ? "accent" : undefined,
  );
  const parts: Record<string, Sculptor> = { body, head, tail, jaw_bot: jaw };
  for (const [sideName, side] of [
    ["left", 1],
    ["right", -1],
  ] as const) {
    const ear = new Sculptor(res);
    EAR_STYLES[q.ears](ear, frame, side, q.earLength, q.earWidth, "coat");
    parts[`ear_${sideName}`] = ear;
  }
  const hipY = bodyY - q.bodyHeight * 0.35;
  const x = q.bodyWidth * 0.55;
  const r = q.legThick;
  for (const [end, z] of [
    ["front", 0.5 - q.legInset],
    ["hind", -(0.5 - q.legInset)],
  ] as const) {
    for (const [sideName, side] of [
      ["left", 1],
      ["right", -1],
    ] as const) {
      const leg = new Sculptor(res);
      const footX = side * (x + q.legSplay);
      const knee: Vec3 = [side * (x + q.legSplay * 0.8), q.legLength * 0.55, z];
      leg.limb("coat", [[side * x, hipY, z], knee, [footX, r * 0.5, z + 0.01]], r * 1.3, r * 0.95, { detail: 0.7 });
      // A vertical pad: a slanted one would show as a tilted disc (a "ski") under the foot.
      leg.limb(
        q.feet === "hoof" ? "trim" : "coat",
        [
          [footX, r * 0.6, z + 0.01],
          [footX, 0, z + 0.01],
        ],
        r * 0.95,
        r * 1.05,
        { roundness: 0.15, detail: 0.5, hint: [0, 0, 1], flat: 1 },
      );
      parts[`leg_${end}_${sideName}`] = leg;
    }
  }
  return parts;
}
