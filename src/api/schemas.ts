/**
 * zod schemas of the lookup service's model record (`../shared/spec/lookup-service.md`, and the
 * newer dialect its official clients read: rigged GLBs, `formats`, habitat lists).
 *
 * Strict on what loading needs (a non-empty `name`, and something loadable: an absolute
 * http(s) OBJ URL in `model.parts` or `model.other.model`, a rigged GLB in `model.rig`, or a
 * glb / gltf / obj entry of `model.formats`), tolerant elsewhere: unknown fields are kept, a
 * missing habitat flag reads as `false`, `scale` dimensions may be numbers (metres, `0` for
 * unknown) or strings with a unit, and the newer optional fields may also be `null`.
 */
import { z } from "zod";
import { recordIsLoadable } from "./recordAssets.js";

export { isHttpUrl } from "./recordAssets.js";

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

/** `scale`: `height`, `width`, `length` (numbers of metres, `0` for unknown, or strings with a unit). */
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

/**
 * `{ GLB: url }`, also sent as `{ glb: url }`. Normalised so that `GLB` is the field to read;
 * a `glb` as sent is kept beside it.
 */
function withGLB<T extends { GLB?: string | undefined; glb?: string | undefined }>(link: T): T {
  return link.GLB === undefined && link.glb !== undefined ? { ...link, GLB: link.glb } : link;
}

/** One clip of `model.rig.animations`: the rigged GLB that carries it. */
export const RigClipSchema = z
  .looseObject({ GLB: z.string().optional(), glb: z.string().optional() })
  .transform(withGLB);

/** `model.rig`: clip name → rigged GLB (each the same skinned mesh, one animation), or the rigged model alone. */
export const ModelRigSchema = z
  .looseObject({
    animations: z.record(z.string(), RigClipSchema.nullable()).optional(),
    GLB: z.string().optional(),
    glb: z.string().optional(),
  })
  .transform(withGLB);

/** `model`: part name → signed OBJ URL, the other assets, rigged GLBs, and whole models by format. */
export const ModelAssetsSchema = z.looseObject({
  parts: z.record(z.string(), z.string()).optional().default({}),
  other: ModelOtherSchema.optional().default({ texture: [] }),
  rig: ModelRigSchema.nullish(),
  /** Format (`glb`, `gltf`, `obj`, `fbx`, `dae`, `usdz`, ...) → whole-model URL. */
  formats: z.record(z.string(), z.string().nullable()).nullish(),
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
    // Sent by the newer service; read through recordHabitats, recordSize and the record* readers.
    habitats: z.union([z.array(z.string()), z.string()]).nullish(),
    habitat: z.union([z.string(), z.array(z.string())]).nullish(),
    tags: z.array(z.string()).nullish(),
    thumbnails: z.record(z.string(), z.string().nullable()).nullish(),
    entity: z.string().nullish(),
    movement: z.record(z.string(), z.number()).nullish(),
    mass: z.number().nullish(),
    popularity: z.number().nullish(),
    // Typed for readers, never a reason to reject a record: an unexpected shape reads as undefined.
    voteScore: z.number().nullish().catch(undefined),
    themeCategories: z.array(z.string()).nullish().catch(undefined),
    shape: z.string().nullish().catch(undefined),
    original_source: z.string().nullish().catch(undefined),
    preserveOriginalPosition: looseBoolean.nullish(),
    preserveOriginalScale: looseBoolean.nullish(),
    preserveOriginalRotation: looseBoolean.nullish(),
  })
  .superRefine((record, ctx) => {
    if (!recordIsLoadable(record)) {
      ctx.addIssue({
        code: "custom",
        path: ["model"],
        message:
          "no loadable model: model.parts has no absolute http(s) URL, and model.other.model, model.rig and model.formats (glb, gltf, obj) give none",
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
