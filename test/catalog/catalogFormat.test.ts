import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog } from "../../src/catalog/catalogFormat.js";
import { isMenagerieError } from "../../src/core/errors.js";

describe("readCatalog", () => {
  it("throws a CatalogError naming the file, for a missing, a non-JSON and a malformed index", async () => {
    const dir = await mkdtemp(join(tmpdir(), "menagerie-catalog-"));
    try {
      const file = join(dir, "catalog.json");
      const missing = await readCatalog(dir).catch((error: unknown) => error);
      expect(isMenagerieError(missing, "catalog") && missing.file).toBe(file);
      expect((missing as Error).message).toMatch(/^Cannot read the catalog index: .*catalog\.json: ENOENT/);
      await writeFile(file, "{ nope");
      const notJson = await readCatalog(dir).catch((error: unknown) => error);
      expect(isMenagerieError(notJson, "catalog")).toBe(true);
      expect((notJson as Error).message).toMatch(/^Catalog index is not JSON: .*catalog\.json: /);
      await writeFile(file, JSON.stringify({ version: 2, records: [] }));
      const malformed = await readCatalog(dir).catch((error: unknown) => error);
      expect(isMenagerieError(malformed, "catalog") && malformed.issues.map((i) => i.path)).toEqual([["version"]]);
      expect((malformed as Error).message).toMatch(/^Invalid catalog index: .*catalog\.json\n {2}- version: /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
