/**
 * Shapes of the `scenery` plan: static props of a habitat (trees, bushes, rocks, cacti, coral, ice,
 * reeds, fences, lamp posts, benches, hay bales ...), one `body` part each, as the real
 * service's scenery and uniform records have. Built from the same sweeps as the creatures and
 * kept cheap: a handful of shapes per model. Materials: `coat` (foliage, stone, ice, wood
 * planks), `accent` (bark, stems, posts), `trim` (lamps, flowers, metal). No eyes.
 */
import type { Sculptor } from "../shapes.js";
import type { Vec3 } from "../vec3.js";

/** Which prop to sculpt, and a few proportions a species may change. */
export interface SceneryShape {
  form: SceneryForm;
  /** Repeated pieces: canopy lobes, blades, fronds, stones, branches. */
  count: number;
  /** How far the pieces spread from the centre, relative to the height (1). */
  spread: number;
  /** Thickness of trunks, posts and stems, relative to the height. */
  thick: number;
}

export type SceneryForm =
  | "broadleaf"
  | "willow"
  | "conifer"
  | "palm"
  | "deadTree"
  | "bush"
  | "fern"
  | "mushroom"
  | "tuft"
  | "reeds"
  | "boulder"
  | "stones"
  | "saguaro"
  | "barrelCactus"
  | "branchCoral"
  | "brainCoral"
  | "iceBlock"
  | "iceSpike"
  | "fence"
  | "lampPost"
  | "bench"
  | "bale"
  | "hydrant";

/** An oak. */
export const SCENERY_DEFAULTS: Readonly<SceneryShape> = Object.freeze({
  form: "broadleaf",
  count: 3,
  spread: 0.3,
  thick: 0.07,
});

export const BLUNT = { roundness: 0.12 } as const;
/** Points around a circle of radius r at height y, the first at angle a0. */
export const ring = (n: number, r: number, y: number, a0 = 0.4): Vec3[] =>
  Array.from({ length: n }, (_, i) => {
    const a = a0 + (2 * Math.PI * i) / n;
    return [Math.cos(a) * r, y, Math.sin(a) * r];
  });

export function trunk(sc: Sculptor, s: SceneryShape, top: number, slot: "accent" | "coat" = "accent"): void {
  sc.limb(
    slot,
    [
      [0, 0, 0],
      [0, top, 0],
    ],
    s.thick,
    s.thick * 0.6,
    { ...BLUNT, detail: 0.6 },
  );
}

/** Sculpts one form into the body. */
export type SceneryFormBuilder = (s: SceneryShape, sc: Sculptor) => void;
