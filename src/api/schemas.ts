/**
 * zod schemas of the lookup service's model record (`../shared/spec/lookup-service.md`).
 *
 * Strict on what loading needs (a non-empty `name`, at least one absolute http(s) OBJ URL in
 * `model.parts` or `model.other.model`), tolerant elsewhere: unknown fields are kept, a missing
 * habitat flag reads as `false`, `scale.height` may be a number (metres) or a string with a unit.
 */
import { z } from "zod";

/** The 16 habitat / setting flags every record carries. */
export const HABITATS = [
  "forest",
  "beach",
  "city",
  "desert",
  "farm",
  "sea",
  "icescape",
  "jungle",
  "lake",
  "pond",
  "river",
  "swamp",
  "grass",
  "rural",
  "urban",
  "garden",
] as const;

/** One of the 16 habitat flags. */
export type Habitat = (typeof HABITATS)[number];

/** True when `value` names one of the 16 habitats. */
export function isHabitat(value: unknown): value is Habitat {
  return typeof value === "string" && (HABITATS as readonly string[]).includes(value);
}

/** A boolean that also accepts `"true"`/`"false"` and `0`/`1`, as loosely typed services send. */
const looseBoolean = z.preprocess((value) => {
  if (value === "true" || value === 1) return true;
  if (value === "false" || value === 0) return false;
  return value;
}, z.boolean());

const habitatFlag = looseBoolean.optional().default(false);

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** `scale`: `height` (number of metres or a string with a unit), extra dimensions kept. */
export const ScaleSchema = z.looseObject({
  height: z.union([z.number(), z.string()]).optional(),
  width: z.union([z.number(), z.string()]).optional(),
  length: z.union([z.number(), z.string()]).optional(),
});

/** `model.other`: the whole-model OBJ, the one MTL, textures and a reference image. */
export const ModelOtherSchema = z.looseObject({
  material: z.string().optional(),
  model: z.string().optional(),
  texture: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  reference: z.string().optional(),
});

/** `model`: part name → signed OBJ URL, and the other assets. */
export const ModelAssetsSchema = z.looseObject({
  parts: z.record(z.string(), z.string()).optional().default({}),
  other: ModelOtherSchema.optional().default({ texture: [] }),
});

const habitatShape = Object.fromEntries(HABITATS.map((h) => [h, habitatFlag])) as {
  [K in Habitat]: typeof habitatFlag;
};

/** A model record as the service returns it. Unknown fields pass through untouched. */
export const ModelRecordSchema = z
  .looseObject({
    _id: z.string().optional(),
    name: z.string().trim().min(1, "name must be a non-empty string"),
    creature: z.string().optional(),
    group: z.string().optional(),
    type: z.string().optional(),
    behaviour: z.string().optional(),
    pet: looseBoolean.optional().default(false),
    detail: z.string().optional(),
    model: ModelAssetsSchema,
    author: z.string().optional(),
    source: z.string().optional(),
    source_endpoint: z.string().optional(),
    scale: ScaleSchema.optional(),
    ...habitatShape,
  })
  .superRefine((record, ctx) => {
    const partUrls = Object.values(record.model.parts);
    if (!partUrls.some(isHttpUrl) && !isHttpUrl(record.model.other.model)) {
      ctx.addIssue({
        code: "custom",
        path: ["model"],
        message:
          "no loadable OBJ: model.parts has no absolute http(s) URL and model.other.model is missing",
      });
    }
  });

/** A validated model record (unknown fields kept as `unknown`). */
export type ModelRecord = z.output<typeof ModelRecordSchema>;
/** A model record as it may arrive on the wire, before defaults are applied. */
export type ModelRecordInput = z.input<typeof ModelRecordSchema>;

/** The service's error body: `{ "code": "...", "message": "..." }`. */
export const ErrorBodySchema = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
});

/** A parsed error body. */
export type ErrorBody = z.output<typeof ErrorBodySchema>;

/** The habitats whose flag is true in a record, in the spec's order. */
export function recordHabitats(record: Pick<ModelRecord, Habitat>): Habitat[] {
  return HABITATS.filter((h) => record[h] === true);
}
