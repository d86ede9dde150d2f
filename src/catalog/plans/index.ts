/**
 * Body plans as data: each type names its parts (exactly as the real service names them) and
 * the builder that makes them. A species' `shape` overrides the plan's defaults.
 */
import type { Sculptor } from "../shapes.js";
import type { BodyType } from "../species/types.js";
import { BIRD_DEFAULTS, buildWingedFlyer, buildWingedStanding } from "./birds.js";
import { buildCrawler, CRAWLER_DEFAULTS } from "./crawler.js";
import { buildHopper, HOPPER_DEFAULTS } from "./hopper.js";
import { buildQuadruped, QUADRUPED_DEFAULTS } from "./quadruped.js";
import { buildQuadrupedFat, QUADRUPED_FAT_DEFAULTS } from "./quadrupedFat.js";
import { buildScenery, isSceneryShape, SCENERY_DEFAULTS } from "./scenery.js";
import { buildUniform, UNIFORM_DEFAULTS } from "./uniform.js";

export interface BodyPlan {
  /** Parts every creature of this type has. */
  parts: readonly string[];
  /** Parts some species of this type leave out (a frog has no tail). */
  optional: readonly string[];
  build(shape: object, res: number): Record<string, Sculptor>;
}

const SIDES = ["left", "right"];
/** `leg_<end>_<side>_<segment>` names, in the real service's order. */
const legs = (ends: readonly string[], segments: readonly string[]): string[] =>
  ends.flatMap((end) =>
    SIDES.flatMap((side) =>
      segments.length ? segments.map((seg) => `leg_${end}_${side}_${seg}`) : [`leg_${end}_${side}`],
    ),
  );
const paired = (name: string): string[] => SIDES.map((side) => `${name}_${side}`);

export const BODY_PLANS: Record<BodyType, BodyPlan> = {
  quadruped: {
    parts: ["body", "head", "tail", ...legs(["front", "hind"], ["top", "bot"])],
    optional: [],
    build: (shape, res) => buildQuadruped({ ...QUADRUPED_DEFAULTS, ...shape }, res),
  },
  quadruped_fat: {
    parts: ["body", "head", "tail", "jaw_bot", ...paired("ear"), ...legs(["front", "hind"], [])],
    optional: [],
    build: (shape, res) => buildQuadrupedFat({ ...QUADRUPED_FAT_DEFAULTS, ...shape }, res),
  },
  winged_flyer: {
    parts: ["body", "head", "tail", ...paired("wing"), ...paired("leg")],
    optional: [],
    build: (shape, res) => buildWingedFlyer({ ...BIRD_DEFAULTS, ...shape }, res),
  },
  winged_standing: {
    parts: ["body", "head", "neck", "tail", ...SIDES.flatMap((s) => [`leg_${s}_top`, `leg_${s}_bot`])],
    optional: [],
    build: (shape, res) => buildWingedStanding({ ...BIRD_DEFAULTS, ...shape }, res),
  },
  hopper: {
    parts: ["body", "head", "chest", ...SIDES.flatMap((s) => [`leg_${s}_top`, `leg_${s}_bot`]), ...paired("arm")],
    optional: ["tail", "ears"],
    build: (shape, res) => buildHopper({ ...HOPPER_DEFAULTS, ...shape }, res),
  },
  multileg_crawler: {
    parts: ["head", "body", ...paired("claw"), ...legs(["front", "middle", "hind"], ["top", "bot"])],
    optional: [],
    build: (shape, res) => buildCrawler({ ...CRAWLER_DEFAULTS, ...shape }, res),
  },
  uniform: {
    parts: ["body"],
    optional: [],
    // A one-part record that does nothing (behaviour `none`) is a prop in the older dialect.
    build: (shape, res) =>
      isSceneryShape(shape)
        ? buildScenery({ ...SCENERY_DEFAULTS, ...shape }, res)
        : buildUniform({ ...UNIFORM_DEFAULTS, ...shape }, res),
  },
  scenery: {
    parts: ["body"],
    optional: [],
    build: (shape, res) => buildScenery({ ...SCENERY_DEFAULTS, ...shape }, res),
  },
};
