/**
 * The procedural creature catalog: every species of the tables in `species/` built into
 * part OBJs, a whole-model OBJ, one MTL, textures and a reference picture, plus the
 * `catalog.json` index the reference service reads (format: `../catalogFormat.ts`). The
 * species of `species/rigged.ts` also get rigged, animated GLBs (some of them only those).
 * Deterministic: the same seed writes byte-identical files.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { numberInRange, stringOption } from "../core/options.js";
import { buildCreature } from "./buildCreature.js";
import { CATALOG_INDEX_FILE, type CatalogEntry, type CatalogFile } from "./catalogFormat.js";
import { rigCreature } from "./rigCreature.js";
import { SPECIES } from "./species/index.js";
import { RIG_ONLY_SPECIES, RIGGED_SPECIES } from "./species/rigged.js";

/** Options of {@link generateCatalog}. */
export interface GenerateCatalogOptions {
  /** Folder to write into (created; existing files of the same names are overwritten). */
  outDir: string;
  /**
   * Seed of every random choice: the same seed writes byte-identical files.
   * @default 1
   */
  seed?: number;
}

/** What {@link generateCatalog} wrote. */
export interface CatalogSummary {
  dir: string;
  records: number;
  files: number;
}

/** The seed of the catalog the service generates by default. */
export const DEFAULT_CATALOG_SEED = 1;

/** Name recorded in `catalog.json` so a cached catalog tells which generator wrote it. */
export const CATALOG_GENERATOR = "menagerie-procedural/1";

/**
 * Writes the catalog into `outDir` and returns what it wrote.
 * @example
 * await generateCatalog({ outDir: ".menagerie/catalog", seed: 7 });
 */
export async function generateCatalog(options: GenerateCatalogOptions): Promise<CatalogSummary> {
  const seed = numberInRange("seed", options.seed ?? DEFAULT_CATALOG_SEED, 0, 0xffffffff, true);
  stringOption("outDir", options.outDir, { nonEmpty: true });
  const files = new Map<string, string | Buffer>();
  const records: CatalogEntry[] = [];
  for (const species of SPECIES) {
    const built = buildCreature(species, seed);
    if (RIGGED_SPECIES.includes(species.name))
      await rigCreature(built, species, RIG_ONLY_SPECIES.includes(species.name));
    records.push(built.record);
    for (const [path, content] of built.files) {
      if (files.has(path)) throw new Error(`generateCatalog: two creatures write ${path}`);
      files.set(path, content);
    }
  }
  const index: CatalogFile = { version: 1, generator: CATALOG_GENERATOR, seed, records };
  files.set(CATALOG_INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`);
  const folders = new Set([...files.keys()].map((path) => dirname(join(options.outDir, path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all([...files].map(([path, content]) => writeFile(join(options.outDir, path), content)));
  return { dir: options.outDir, records: records.length, files: files.size };
}
