/**
 * The `scenery` plan: static props of a habitat (trees, bushes, rocks, cacti, coral, ice,
 * reeds, fences, lamp posts, benches, hay bales ...), one `body` part each, as the real
 * service's scenery and uniform records have. Built from the same sweeps as the creatures and
 * kept cheap: a handful of shapes per model. The forms are tables in sceneryPlants.ts and
 * sceneryProps.ts; their parameters in sceneryShape.ts.
 */
import { Sculptor } from "../shapes.js";
import { PLANT_FORMS } from "./sceneryPlants.js";
import { PROP_FORMS } from "./sceneryProps.js";
import type { SceneryForm, SceneryFormBuilder, SceneryShape } from "./sceneryShape.js";

export { SCENERY_DEFAULTS, type SceneryForm, type SceneryShape } from "./sceneryShape.js";

const FORMS: Record<SceneryForm, SceneryFormBuilder> = { ...PLANT_FORMS, ...PROP_FORMS };

/** True for a shape that names a scenery form (a `uniform` record may be a prop). */
export function isSceneryShape(shape: object): shape is Partial<SceneryShape> {
  const form = (shape as { form?: unknown }).form;
  return typeof form === "string" && Object.hasOwn(FORMS, form);
}

/** Builds the single body part. */
export function buildScenery(s: SceneryShape, res: number): Record<string, Sculptor> {
  const body = new Sculptor(res);
  FORMS[s.form](s, body);
  return { body };
}
