/**
 * The catalog the service serves when none is named: generated once into a cache folder,
 * never committed. Generation writes into a temporary sibling folder and renames it into place,
 * so a crash or two servers starting together never leave a half-written catalog.
 */
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CATALOG_INDEX_FILE } from "../catalog/catalogFormat.js";
import { DEFAULT_CATALOG_SEED, generateCatalog } from "../catalog/generate.js";

/** Bump when the generator's output changes, so cached catalogs are regenerated. */
export const CATALOG_FORMAT_REVISION = 7;

/**
 * Options of {@link ensureDefaultCatalog}.
 * @category Catalog
 */
export interface DefaultCatalogOptions {
  /**
   * Folder that holds generated catalogs.
   * @default "<cwd>/.menagerie"
   */
  cacheDir?: string;
  /** @default DEFAULT_CATALOG_SEED */
  seed?: number;
  /** Told when a catalog is being generated. */
  log?: (line: string) => void;
}

/**
 * Returns the folder of the default catalog, generating it first when it is missing.
 * @category Catalog
 */
export async function ensureDefaultCatalog(options: DefaultCatalogOptions = {}): Promise<string> {
  const seed = options.seed ?? DEFAULT_CATALOG_SEED;
  const cacheDir = resolve(options.cacheDir ?? join(process.cwd(), ".menagerie"));
  const dir = join(cacheDir, `catalog-r${CATALOG_FORMAT_REVISION}-seed${seed}`);
  if (existsSync(join(dir, CATALOG_INDEX_FILE))) return dir;
  options.log?.(`Generating the procedural catalog (seed ${seed}) into ${dir} ...`);
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(tmp, { recursive: true });
  try {
    await generateCatalog({ outDir: tmp, seed });
    try {
      await rename(tmp, dir);
    } catch (error) {
      // Another process finished first: use its catalog.
      if (!existsSync(join(dir, CATALOG_INDEX_FILE))) throw error;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return dir;
}
