/**
 * The catalog folder the reference service serves, and that the catalog generator writes:
 *
 * ```
 * <catalog>/catalog.json        { version: 1, generator, seed, records: CatalogEntry[] }
 * <catalog>/<slug>/...           every asset file, referenced from the entries by relative path
 * ```
 *
 * A {@link CatalogEntry} is a model record whose `model` links (parts, other, rig, formats) and
 * `thumbnails` are POSIX paths relative to the catalog folder (`"fox/body.obj"`,
 * `"horse/rig/walk.glb"`). The service turns each into a signed URL
 * `<origin>/assets/<path>?Expires=...&KeyName=...&Signature=...` when it answers.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CatalogError, toValidationIssues } from "../core/errors.js";
import { HABITATS } from "../records/schemas.js";

/**
 * Name of the index file inside a catalog folder.
 * @category Catalog
 */
export const CATALOG_INDEX_FILE = "catalog.json";

/** A relative POSIX path inside the catalog: no leading `/`, no `..`, no backslash. */
const RelativeAssetPath = z
  .string()
  .min(1)
  .refine(
    (p) => !p.startsWith("/") && !p.includes("\\") && !p.split("/").some((s) => s === ".." || s === "" || s === "."),
    {
      message: "must be a relative POSIX path inside the catalog (no '..', no leading '/')",
    },
  );

/** A rigged GLB of the newer dialect: `{ "GLB": path }`. */
const GlbLinkSchema = z.object({ GLB: RelativeAssetPath });

/**
 * `model.rig` of the newer dialect: the rigged model alone (`GLB`), and one GLB per clip
 * (`animations.idle.GLB`, ...), each the same skinned mesh with that one animation.
 */
export const CatalogRigSchema = z.object({
  GLB: RelativeAssetPath.optional(),
  animations: z.record(z.string(), GlbLinkSchema),
});

/**
 * The asset paths of a catalog entry (a rig-only entry has no parts and no `other.model`).
 * @category Catalog
 */
export const CatalogAssetsSchema = z.object({
  parts: z.record(z.string(), RelativeAssetPath),
  other: z.object({
    material: RelativeAssetPath.optional(),
    model: RelativeAssetPath.optional(),
    texture: z.array(RelativeAssetPath).optional(),
    reference: RelativeAssetPath.optional(),
  }),
  rig: CatalogRigSchema.optional(),
  /** Whole-model files by format (`glb`, `obj`, ...). */
  formats: z.record(z.string(), RelativeAssetPath).optional(),
});

/**
 * One creature of the catalog: a record with relative asset paths; unknown fields are kept.
 * @category Catalog
 */
export const CatalogEntrySchema = z.looseObject({
  _id: z.string().min(1),
  name: z.string().min(1),
  creature: z.string(),
  group: z.string(),
  type: z.string(),
  behaviour: z.string(),
  pet: z.boolean(),
  detail: z.string(),
  author: z.string(),
  source: z.string(),
  source_endpoint: z.string(),
  scale: z.looseObject({ height: z.union([z.string(), z.number()]) }),
  tags: z.array(z.string()).optional(),
  /** Pictures by name, signed like the model's files. */
  thumbnails: z.record(z.string(), RelativeAssetPath).optional(),
  /**
   * Natural ground speed of a clip by clip name (newer dialect): m/s at which it plays at rate 1
   * with no foot sliding, for the model at the size `scale` gives.
   */
  movement: z.record(z.string(), z.number()).optional(),
  model: CatalogAssetsSchema,
  /** Habitats as a list (newer dialect), instead of or beside the 16 flags. */
  habitats: z.array(z.string()).optional(),
  ...(Object.fromEntries(HABITATS.map((h) => [h, z.boolean().optional()])) as Record<
    (typeof HABITATS)[number],
    z.ZodOptional<z.ZodBoolean>
  >),
});

/** @category Catalog */
export type CatalogEntry = z.output<typeof CatalogEntrySchema>;

/**
 * The index file.
 * @category Catalog
 */
export const CatalogFileSchema = z.object({
  version: z.literal(1),
  generator: z.string().optional(),
  seed: z.number().optional(),
  records: z.array(CatalogEntrySchema),
});

/** @category Catalog */
export type CatalogFile = z.output<typeof CatalogFileSchema>;

/**
 * Reads and validates `<dir>/catalog.json`.
 * @throws CatalogError naming the file, and each bad path when the content has the wrong shape.
 * @category Catalog
 */
export async function readCatalog(dir: string): Promise<CatalogFile> {
  const file = join(dir, CATALOG_INDEX_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CatalogError({
      what: "Cannot read the catalog index",
      file,
      detail: (error as Error).message,
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogError({ what: "Catalog index is not JSON", file, detail: (error as Error).message, cause: error });
  }
  const parsed = CatalogFileSchema.safeParse(json);
  if (!parsed.success)
    throw new CatalogError({ what: "Invalid catalog index", file, issues: toValidationIssues(parsed.error.issues) });
  return parsed.data;
}
