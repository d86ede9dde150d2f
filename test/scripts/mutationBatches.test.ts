/**
 * The mutation batches cover the mutation scope: every file stryker.config.mjs mutates is in
 * exactly one batch, and no batch mutates a file outside the scope; each batch's tests and
 * tsconfig exist. Otherwise a file added to the scope would silently never be mutation-tested by
 * `--batch all`, or two batches would report the same file twice.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { globRegExp, MUTATION_BATCHES, selectFiles } from "../../scripts/mutationBatches.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const config = ((await import(pathToFileURL(`${root}stryker.config.mjs`).href)) as { default: { mutate: string[] } })
  .default;
const sources = readdirSync(`${root}src`, { recursive: true, encoding: "utf8" })
  .map((file) => `src/${file.replaceAll("\\", "/")}`)
  .filter((file) => file.endsWith(".ts"));

describe("mutation batches", () => {
  it("reads the config's globs as Stryker does: ** any folders, * within a folder, ! drops", () => {
    expect(globRegExp("src/motion/**/*.ts").test("src/motion/gaits/hop.ts")).toBe(true);
    expect(globRegExp("src/motion/**/*.ts").test("src/motion/water.ts")).toBe(true);
    expect(globRegExp("src/obj/*.ts").test("src/obj/deep/objText.ts")).toBe(false);
    expect(globRegExp("src/obj/objWorker*.ts").test("src/obj/objWorkerReply.ts")).toBe(true);
    expect(selectFiles(["src/obj/*.ts", "!src/obj/objWorker*.ts"], ["src/obj/a.ts", "src/obj/objWorker.ts"])).toEqual([
      "src/obj/a.ts",
    ]);
  });

  it("put every file of the mutation scope in exactly one batch, and none outside it", () => {
    const scope = selectFiles(config.mutate, sources);
    expect(scope.length).toBeGreaterThan(100);
    const owners = new Map<string, string[]>();
    for (const batch of MUTATION_BATCHES) {
      for (const file of selectFiles(batch.mutate, sources))
        owners.set(file, [...(owners.get(file) ?? []), batch.name]);
    }
    expect(scope.filter((file) => owners.get(file)?.length !== 1).map((f) => `${f}: ${owners.get(f) ?? []}`)).toEqual(
      [],
    );
    expect([...owners.keys()].filter((file) => !scope.includes(file))).toEqual([]);
  });

  it("name tests and type-check configs that exist, and unique names", () => {
    for (const batch of MUTATION_BATCHES) {
      expect(existsSync(`${root}${batch.tsconfig}`), batch.tsconfig).toBe(true);
      for (const test of batch.tests) expect(existsSync(`${root}${test}`), `${batch.name}: ${test}`).toBe(true);
    }
    expect(new Set(MUTATION_BATCHES.map((b) => b.name)).size).toBe(MUTATION_BATCHES.length);
  });
});
