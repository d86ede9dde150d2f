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
import { z } from "zod/mini";
import { HABITATS, type Habitat } from "./habitats.js";
import { recordIsLoadable } from "./recordAssets.js";

export { HABITATS, type Habitat, isHabitat } from "./habitats.js";
export { isHttpUrl } from "./recordAssets.js";

/** What a value is, in the words of zod's English messages. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isNaN(value) ? "NaN" : typeof value;
}

/**
 * Parse options that give English messages for the issues these schemas raise, worded as zod's
 * own ("Invalid input: expected string, received number"). zod/mini, used here because it
 * tree-shakes to a fraction of zod's size, loads no locale (its messages are a bare "Invalid
 * input"); zod's English locale would cost more than these schemas, and configuring one
 * globally would change the game's own zod. Issues that carry a message keep it.
 */
export const PARSE_OPTIONS = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "invalid_type"
      ? `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`
      : undefined,
} as const;

/** A boolean that also accepts `"true"`/`"false"` and `0`/`1`, as loosely typed services send. */
const looseBoolean = z.pipe(
  z.transform((value: unknown) => {
    if (value === "true" || value === 1) return true;
    if (value === "false" || value === 0) return false;
    return value;
  }),
  z.boolean(),
);

const habitatFlag = z._default(z.optional(looseBoolean), false);

const numberOrString = z.union([z.number(), z.string()]);
const stringOrList = z.union([z.array(z.string()), z.string()]);

/** `scale`: `height`, `width`, `length` (numbers of metres, `0` for unknown, or strings with a unit). */
export const ScaleSchema = z.looseObject({
  height: z.optional(numberOrString),
  width: z.optional(numberOrString),
  length: z.optional(numberOrString),
});

/** `model.other`: the whole-model OBJ, the one MTL, textures and a reference image. */
export const ModelOtherSchema = z.looseObject({
  material: z.optional(z.string()),
  model: z.optional(z.string()),
  texture: z.pipe(
    z.optional(stringOrList),
    z.transform((value: string[] | string | undefined) =>
      value === undefined ? [] : Array.isArray(value) ? value : [value],
    ),
  ),
  reference: z.optional(z.string()),
});

/**
 * `{ GLB: url }`, also sent as `{ glb: url }`. Normalised so that `GLB` is the field to read;
 * a `glb` as sent is kept beside it.
 */
function withGLB<T extends { GLB?: string | undefined; glb?: string | undefined }>(link: T): T {
  return link.GLB === undefined && link.glb !== undefined ? { ...link, GLB: link.glb } : link;
}

/** One clip of `model.rig.animations`: the rigged GLB that carries it. */
export const RigClipSchema = z.pipe(
  z.looseObject({ GLB: z.optional(z.string()), glb: z.optional(z.string()) }),
  z.transform(withGLB),
);

/** `model.rig`: clip name → rigged GLB (each the same skinned mesh, one animation), or the rigged model alone. */
export const ModelRigSchema = z.pipe(
  z.looseObject({
    animations: z.optional(z.record(z.string(), z.nullable(RigClipSchema))),
    GLB: z.optional(z.string()),
    glb: z.optional(z.string()),
  }),
  z.transform(withGLB),
);

/** `model`: part name → signed OBJ URL, the other assets, rigged GLBs, and whole models by format. */
export const ModelAssetsSchema = z.looseObject({
  parts: z._default(z.optional(z.record(z.string(), z.string())), {}),
  other: z._default(z.optional(ModelOtherSchema), { texture: [] }),
  rig: z.nullish(ModelRigSchema),
  /** Format (`glb`, `gltf`, `obj`, `fbx`, `dae`, `usdz`, ...) → whole-model URL. */
  formats: z.nullish(z.record(z.string(), z.nullable(z.string()))),
});

const habitatShape = Object.fromEntries(HABITATS.map((h) => [h, habitatFlag])) as {
  [K in Habitat]: typeof habitatFlag;
};

/**
 * A model record as the service returns it. Unknown fields pass through untouched.
 * @category Records
 */
export const ModelRecordSchema = z
  .looseObject({
    _id: z.optional(z.string()),
    name: z.string().check(z.trim(), z.minLength(1, "name must be a non-empty string")),
    creature: z.optional(z.string()),
    group: z.optional(z.string()),
    type: z.optional(z.string()),
    behaviour: z.optional(z.string()),
    pet: z._default(z.optional(looseBoolean), false),
    detail: z.optional(z.string()),
    model: ModelAssetsSchema,
    author: z.optional(z.string()),
    source: z.optional(z.string()),
    source_endpoint: z.optional(z.string()),
    scale: z.optional(ScaleSchema),
    ...habitatShape,
    // Sent by the newer service; read through recordHabitats, recordSize and the record* readers.
    habitats: z.nullish(stringOrList),
    habitat: z.nullish(z.union([z.string(), z.array(z.string())])),
    tags: z.nullish(z.array(z.string())),
    thumbnails: z.nullish(z.record(z.string(), z.nullable(z.string()))),
    entity: z.nullish(z.string()),
    // Clip name → m/s at which the clip, at rate 1, keeps its feet still at the record's `scale`:
    // it sets how fast a clip plays, never how fast the creature travels (docs/guide.md).
    movement: z.nullish(z.record(z.string(), z.number())),
    mass: z.nullish(z.number()),
    popularity: z.nullish(z.number()),
    // Typed for readers, never a reason to reject a record: an unexpected shape reads as undefined.
    voteScore: z.catch(z.nullish(z.number()), undefined),
    themeCategories: z.catch(z.nullish(z.array(z.string())), undefined),
    // Order, family, species ... (`["Carnivora", "Felidae", "Panthera leo"]`, one string, or an
    // object of ranks such as `{ family: "Canidae" }`): who hunts whom (read by `recordTaxonomy`).
    taxonomy: z.catch(
      z.nullish(z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())])),
      undefined,
    ),
    shape: z.catch(z.nullish(z.string()), undefined),
    original_source: z.catch(z.nullish(z.string()), undefined),
    preserveOriginalPosition: z.nullish(looseBoolean),
    preserveOriginalScale: z.nullish(looseBoolean),
    preserveOriginalRotation: z.nullish(looseBoolean),
  })
  .check(
    z.superRefine((record, ctx) => {
      if (!recordIsLoadable(record)) {
        ctx.addIssue({
          code: "custom",
          path: ["model"],
          message:
            "no loadable model: model.parts has no absolute http(s) URL, and model.other.model, model.rig and model.formats (glb, gltf, obj) give none",
        });
      }
    }),
  );

/**
 * A validated model record (unknown fields kept as `unknown`).
 * @category Records
 */
export type ModelRecord = z.output<typeof ModelRecordSchema>;
/**
 * A model record as it may arrive on the wire, before defaults are applied.
 * @category Records
 */
export type ModelRecordInput = z.input<typeof ModelRecordSchema>;

/** The service's error body: `{ "code": "...", "message": "..." }`. */
export const ErrorBodySchema = z.looseObject({
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});

/** A parsed error body. */
export type ErrorBody = z.output<typeof ErrorBodySchema>;
