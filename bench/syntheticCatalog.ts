/**
 * A catalog of any size for the service benchmark: records cloned from the generated catalog
 * (same types, habitats and tags, so searches hit realistic shares) under new pronounceable
 * names, every asset path pointing at a few shared small files (the service reads no asset to
 * answer a lookup). Written once into the OS temp folder and reused; deterministic per size.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CATALOG_INDEX_FILE, type CatalogEntry, readCatalog } from "../src/catalog/catalogFormat.js";
import { SeededRandom } from "../src/util/seededRandom.js";

const REVISION = 1;
const SHARED = { part: "shared/part.obj", material: "shared/shared.mtl", texture: "shared/accent.png" };
const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ru",
  "ve",
  "sa",
  "to",
  "ni",
  "be",
  "da",
  "fi",
  "go",
  "pa",
  "ze",
  "qu",
  "wy",
  "ha",
  "jo",
  "el",
  "or",
];

function word(rng: SeededRandom): string {
  let w = "";
  for (let i = 0, n = 2 + rng.int(2); i < n; i++) w += SYLLABLES[rng.int(SYLLABLES.length)];
  return w;
}

/** Returns the folder of a catalog of `size` records derived from `sourceDir`'s catalog. */
export async function ensureSyntheticCatalog(sourceDir: string, size: number): Promise<string> {
  const dir = join(tmpdir(), `menagerie-bench-synthetic-${size}-r${REVISION}`);
  if (existsSync(join(dir, CATALOG_INDEX_FILE))) return dir;
  const { records } = await readCatalog(sourceDir);
  const fox = records.find((r) => r.name === "fox") ?? records[0]!;
  const rng = new SeededRandom(size);
  const used = new Set<string>();
  const out: CatalogEntry[] = [];
  for (let i = 0; i < size; i++) {
    const template = records[i % records.length]!;
    let name = `${word(rng)} ${template.creature}`;
    if (used.has(name)) name = `${name}#${String(i).padStart(4, "0")}`;
    used.add(name);
    out.push({
      ...template,
      _id: `bench-${i}`,
      name,
      tags: [...(template.tags ?? []), name.split(" ")[0]!],
      model: {
        parts: Object.fromEntries(Object.keys(template.model.parts).map((part) => [part, SHARED.part])),
        other: { material: SHARED.material, model: SHARED.part, texture: [SHARED.texture] },
      },
    });
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  await mkdir(join(tmp, "shared"), { recursive: true });
  try {
    await copyFile(join(sourceDir, fox.model.parts.tail ?? fox.model.other.model!), join(tmp, SHARED.part));
    await copyFile(join(sourceDir, fox.model.other.material!), join(tmp, SHARED.material));
    await copyFile(join(sourceDir, fox.model.other.texture!.at(-1)!), join(tmp, SHARED.texture));
    await writeFile(
      join(tmp, CATALOG_INDEX_FILE),
      JSON.stringify({ version: 1, generator: "bench/syntheticCatalog.ts", seed: size, records: out }),
    );
    await rename(tmp, dir).catch(async (error: unknown) => {
      if (!existsSync(join(dir, CATALOG_INDEX_FILE))) throw error; // another run finished first
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return dir;
}
