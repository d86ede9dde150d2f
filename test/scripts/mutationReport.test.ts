import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { MutationBatch } from "../../scripts/mutationBatches.js";
import { changedSinceRun } from "../../scripts/mutationReport.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const started = new Date("2026-11-29T00:00:00Z");
const before = new Date("2026-11-28T23:00:00Z");
const after = new Date("2026-11-29T01:00:00Z");

/** A repository of one source and two test files, all written before the run started. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), "menagerie-report-"));
  roots.push(root);
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "test/a"), { recursive: true });
  for (const [file, text] of [
    ["src/a.ts", "export const a = 1;\n"],
    ["test/a/a.test.ts", "// a\n"],
    ["test/a/quiet.test.ts", "// reaches no mutant\n"],
  ]) {
    writeFileSync(join(root, file!), text!);
    utimesSync(join(root, file!), before, before);
  }
  return root;
}

const batch: MutationBatch = { name: "a", title: "a", mutate: ["src/a.ts"], tests: ["test/a"], tsconfig: "x.json" };
/** The run's report: the source it read and the one test file whose tests reached a mutant. */
const report = () => ({
  files: { "src/a.ts": { source: "export const a = 1;\n", mutants: [] } },
  testFiles: { "test/a/a.test.ts": { source: "// a\n" } },
});

describe("changedSinceRun", () => {
  it("finds nothing when the sources and tests are those of the run (a test file older than the run may be missing from its report)", () => {
    expect(changedSinceRun(repository(), batch, report(), started)).toBe("nothing");
  });

  it("counts a source that differs from the one the run read", () => {
    const root = repository();
    writeFileSync(join(root, "src/a.ts"), "export const a = 2;\n");
    expect(changedSinceRun(root, batch, report(), started)).toBe("1 source");
  });

  it("counts a test file changed, removed or written after the run started", () => {
    const root = repository();
    writeFileSync(join(root, "test/a/a.test.ts"), "// a, stricter\n");
    expect(changedSinceRun(root, batch, report(), started)).toBe("1 test file");
    writeFileSync(join(root, "test/a/new.test.ts"), "// new\n");
    utimesSync(join(root, "test/a/new.test.ts"), after, after);
    expect(changedSinceRun(root, batch, report(), started)).toBe("2 test files");
    rmSync(join(root, "test/a/a.test.ts"));
    writeFileSync(join(root, "src/a.ts"), "export const a = 3;\n");
    expect(changedSinceRun(root, batch, report(), started)).toBe("1 source, 2 test files");
  });
});
