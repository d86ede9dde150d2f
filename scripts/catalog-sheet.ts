/**
 * `npm run catalog:sheet [-- <outFile> [seed]]`: generates the procedural catalog into a
 * temporary folder and writes one PNG with every creature's reference picture and name
 * (default `test-results/catalog-sheet.png`), to check the creatures by eye.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildContactSheet } from "../src/catalog/contactSheet.js";
import { DEFAULT_CATALOG_SEED, generateCatalog } from "../src/catalog/generate.js";

const outFile = resolve(process.argv[2] ?? "test-results/catalog-sheet.png");
const seed = process.argv[3] === undefined ? DEFAULT_CATALOG_SEED : Number(process.argv[3]);
const dir = await mkdtemp(join(tmpdir(), "menagerie-sheet-"));
try {
  const summary = await generateCatalog({ outDir: dir, seed });
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, await buildContactSheet({ dir }));
  console.log(`Contact sheet of ${summary.records} creatures (seed ${seed}): ${outFile}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
