/**
 * Shared by the catalog tests: generates the procedural catalog into a temp folder (once per
 * test process for the tests that only read it, see {@link sharedCatalog}), and reads OBJ text
 * into plain arrays (no engine) for exact geometry checks.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { type CatalogEntry, type CatalogFile, readCatalog } from "../../src/catalog/catalogFormat.js";
import { type CatalogSummary, generateCatalog } from "../../src/catalog/generate.js";
import { RIG_ONLY_SPECIES } from "../../src/catalog/species/rigged.js";
import { isSceneryRecord } from "../../src/records/recordKind.js";

export interface GeneratedCatalog {
  dir: string;
  summary: CatalogSummary;
  catalog: CatalogFile;
  read(path: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** Generates a catalog into a fresh temp folder (in `parent`). */
export async function generateTempCatalog(seed = 1, parent = tmpdir()): Promise<GeneratedCatalog> {
  const dir = await mkdtemp(join(parent, "menagerie-catalog-test-"));
  const summary = await generateCatalog({ outDir: dir, seed });
  const catalog = await readCatalog(dir);
  return {
    dir,
    summary,
    catalog,
    read: (path) => readFile(join(dir, path), "utf8"),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

let shared: Promise<GeneratedCatalog> | undefined;

/**
 * The seed-1 catalog, generated once per test process into the run's temp folder (removed when
 * the run ends: test/helpers/runTempDir.ts): the Node tests share one module graph
 * (`isolate: false` in vite.config.ts), so the files that only read the catalog pay for one
 * generation (4–6 s) between them, not one each. Its `cleanup()` does nothing: other files still
 * read it. A test that writes into a catalog uses {@link generateTempCatalog}.
 */
export function sharedCatalog(): Promise<GeneratedCatalog> {
  shared ??= generateTempCatalog(1, inject("runTempDir")).then((cat) => ({ ...cat, cleanup: async () => {} }));
  return shared;
}

/**
 * The records that carry OBJ files: all but the rig-only ones, which the real service sends
 * with GLBs only (their shape is checked in riggedRecords.test.ts).
 */
export function objRecords(cat: GeneratedCatalog): CatalogEntry[] {
  return cat.catalog.records.filter((r) => !RIG_ONLY_SPECIES.includes(r.name));
}

/** The creature records (every record but the scenery). */
export function creatureRecords(cat: GeneratedCatalog): CatalogEntry[] {
  return cat.catalog.records.filter((r) => !isSceneryRecord(r));
}

/** The scenery records: static props (trees, rocks, fences ...), see src/records/recordKind.ts. */
export function sceneryRecords(cat: GeneratedCatalog): CatalogEntry[] {
  return cat.catalog.records.filter((r) => isSceneryRecord(r));
}

/** One parsed OBJ: vertex arrays and triangles (0-based `[v, vt, vn]` corners) per material. */
export interface ParsedObj {
  mtllib: string[];
  objects: string[];
  positions: number[][];
  uvs: number[][];
  normals: number[][];
  triangles: Array<{ object: string; material: string; corners: number[][] }>;
}

/** Strict little OBJ reader: throws on any line it does not expect. */
export function parseObj(text: string): ParsedObj {
  const out: ParsedObj = { mtllib: [], objects: [], positions: [], uvs: [], normals: [], triangles: [] };
  let object = "";
  let material = "";
  for (const [i, line] of text.split("\n").entries()) {
    if (line === "" || line.startsWith("#")) continue;
    const [key, ...rest] = line.split(" ");
    const nums = () => rest.map(Number);
    if (key === "v") out.positions.push(nums());
    else if (key === "vt") out.uvs.push(nums());
    else if (key === "vn") out.normals.push(nums());
    else if (key === "o") out.objects.push((object = rest.join(" ")));
    else if (key === "usemtl") material = rest.join(" ");
    else if (key === "mtllib") out.mtllib.push(rest.join(" "));
    else if (key === "f") {
      if (rest.length !== 3) throw new Error(`line ${i + 1}: not a triangle: ${line}`);
      out.triangles.push({ object, material, corners: rest.map((c) => c.split("/").map((n) => Number(n) - 1)) });
    } else throw new Error(`line ${i + 1}: unexpected ${line}`);
  }
  return out;
}

export interface Box {
  min: number[];
  max: number[];
  centre: number[];
}

/** Bounding box of every position of a parsed OBJ. */
export function boxOf(obj: ParsedObj): Box {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of obj.positions) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[k]!);
      max[k] = Math.max(max[k]!, p[k]!);
    }
  }
  return { min, max, centre: min.map((m, k) => (m + max[k]!) / 2) };
}
