import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCatalog } from "../../src/catalog/generate.js";
import { type GeneratedCatalog, generateTempCatalog, sharedCatalog } from "./catalogFixture.js";

/** Hash of every file's relative path and bytes, in sorted path order. */
async function hashFolder(dir: string): Promise<{ hash: string; files: number }> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const paths = entries.map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
  const hash = createHash("sha256");
  for (const path of paths)
    hash
      .update(path)
      .update("\0")
      .update(await readFile(join(dir, path)))
      .update("\0");
  return { hash: hash.digest("hex"), files: paths.length };
}

describe("generateCatalog determinism", () => {
  const runs: GeneratedCatalog[] = [];
  beforeAll(async () => {
    // The shared seed-1 catalog, one more of seed 1 and one of seed 2.
    runs.push(await sharedCatalog(), await generateTempCatalog(1), await generateTempCatalog(2));
  }, 60_000);
  afterAll(() => Promise.all(runs.map((r) => r.cleanup())));

  it("writes byte-identical folders for the same seed", async () => {
    const [a, b] = await Promise.all([hashFolder(runs[0]!.dir), hashFolder(runs[1]!.dir)]);
    expect(a.files).toBe(runs[0]!.summary.files);
    expect(b).toEqual(a);
  });

  it("writes different bytes for another seed, with the same records and files", async () => {
    const [a, c] = await Promise.all([hashFolder(runs[0]!.dir), hashFolder(runs[2]!.dir)]);
    expect(c.hash).not.toBe(a.hash);
    expect(c.files).toBe(a.files);
    expect(runs[2]!.catalog.records.map((r) => r.name)).toEqual(runs[0]!.catalog.records.map((r) => r.name));
    expect(runs[2]!.catalog.seed).toBe(2);
  });

  it("reports what it wrote: its folder, the records of its catalog.json and its files on disk", async () => {
    for (const run of runs) {
      const onDisk = await hashFolder(run.dir);
      expect(run.summary).toEqual({ dir: run.dir, records: run.catalog.records.length, files: onDisk.files });
      expect(run.summary.records).toBeGreaterThan(0);
    }
  });

  it("names the bad option", async () => {
    await expect(generateCatalog({ outDir: "/tmp/never", seed: 1.5 })).rejects.toThrow(
      "seed must be an integer from 0 to 4294967295, got 1.5",
    );
    await expect(generateCatalog({ outDir: "" })).rejects.toThrow('outDir must be a non-empty string, got ""');
  });
});
