/**
 * The catalog folder the reference service serves, and that the catalog generator writes:
 *
 * ```
 * <catalog>/catalog.json        { version: 1, generator, seed, records: CatalogEntry[] }
 * <catalog>/<slug>/...           every asset file, referenced from the entries by relative path
 * ```
 *
 * A {@link CatalogEntry} is a model record whose `model` links are POSIX paths relative to the
 * catalog folder (`"fox/body.obj"`). The service turns each into a signed URL
 * `<origin>/assets/<path>?Expires=...&KeyName=...&Signature=...` when it answers.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { HABITATS } from "../api/schemas.js";

/** Name of the index file inside a catalog folder. */
export const CATALOG_INDEX_FILE = "catalog.json";

/** A relative POSIX path inside the catalog: no leading `/`, no `..`, no backslash. */
const RelativeAssetPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith("/") && !p.includes("\\") && !p.split("/").some((s) => s === ".." || s === "" || s === "."), {
    message: "must be a relative POSIX path inside the catalog (no '..', no leading '/')",
  });

/** The asset paths of a catalog entry. */
export const CatalogAssetsSchema = z.object({
  parts: z.record(z.string(), RelativeAssetPath),
  other: z.object({
    material: RelativeAssetPath.optional(),
    model: RelativeAssetPath.optional(),
    texture: z.array(RelativeAssetPath),
    reference: RelativeAssetPath.optional(),
  }),
});

/** One creature of the catalog: a record with relative asset paths; unknown fields are kept. */
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
  model: CatalogAssetsSchema,
  ...(Object.fromEntries(HABITATS.map((h) => [h, z.boolean()])) as Record<(typeof HABITATS)[number], z.ZodBoolean>),
});

export type CatalogEntry = z.output<typeof CatalogEntrySchema>;

/** The index file. */
export const CatalogFileSchema = z.object({
  version: z.literal(1),
  generator: z.string().optional(),
  seed: z.number().optional(),
  records: z.array(CatalogEntrySchema),
});

export type CatalogFile = z.output<typeof CatalogFileSchema>;

/** Reads and validates `<dir>/catalog.json`; the error names the file and each bad path. */
export async function readCatalog(dir: string): Promise<CatalogFile> {
  const file = join(dir, CATALOG_INDEX_FILE);
  const text = await readFile(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Catalog index is not JSON: ${file}: ${(error as Error).message}`);
  }
  const parsed = CatalogFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`Invalid catalog index: ${file}\n${lines.join("\n")}`);
  }
  return parsed.data;
}
