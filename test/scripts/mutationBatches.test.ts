/**
 * The mutation batches cover the mutation scope: every file stryker.config.mjs mutates is in
 * exactly one batch, and no batch mutates a file outside the scope; each batch's tests and
 * tsconfig exist. Otherwise a file added to the scope would silently never be mutation-tested by
 * `--batch all`, or two batches would report the same file twice.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { globRegExp, MUTATION_BATCHES, patternLines, selectFiles } from "../../scripts/mutationBatches.js";

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

  it("reads a pattern's line range as Stryker does, and selects its file", () => {
    expect(patternLines("src/obj/objLine.ts:1-147")).toEqual({ file: "src/obj/objLine.ts", from: 1, to: 147 });
    expect(patternLines("src/obj/objLine.ts:148:3-284:9")).toEqual({ file: "src/obj/objLine.ts", from: 148, to: 284 });
    expect(patternLines("src/obj/*.ts")).toBeUndefined();
    expect(selectFiles(["src/obj/a.ts:1-9"], ["src/obj/a.ts", "src/obj/b.ts"])).toEqual(["src/obj/a.ts"]);
  });

  it("put every file of the mutation scope in exactly one batch, or every line of it in exactly one range, and none outside it", () => {
    const scope = selectFiles(config.mutate, sources);
    expect(scope.length).toBeGreaterThan(100);
    const owners = new Map<string, string[]>();
    const ranges = new Map<string, { from: number; to: number }[]>();
    for (const batch of MUTATION_BATCHES) {
      for (const pattern of batch.mutate) {
        const lines = patternLines(pattern);
        if (lines) ranges.set(lines.file, [...(ranges.get(lines.file) ?? []), lines]);
      }
      for (const file of selectFiles(batch.mutate, sources))
        owners.set(file, [...(owners.get(file) ?? []), batch.name]);
    }
    // A file split by lines: its ranges, in order, run from line 1 to its last line with no gap
    // and no overlap, and no batch takes it whole.
    for (const [file, split] of ranges) {
      const sorted = split.sort((a, b) => a.from - b.from);
      const last = readFileSync(`${root}${file}`, "utf8").trimEnd().split("\n").length;
      expect(
        sorted.flatMap((r) => [r.from, r.to]),
        file,
      ).toEqual(sorted.flatMap((r, i) => [i === 0 ? 1 : sorted[i - 1]!.to + 1, i === sorted.length - 1 ? last : r.to]));
      expect(owners.get(file)?.length, file).toBe(split.length);
    }
    expect(
      scope
        .filter((file) => owners.get(file)?.length !== (ranges.get(file)?.length ?? 1))
        .map((f) => `${f}: ${owners.get(f) ?? []}`),
    ).toEqual([]);
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
