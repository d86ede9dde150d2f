import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { MutationBatch } from "../../scripts/mutationBatches.js";
import {
  changedSinceRun,
  hashTests,
  type MutationRecord,
  mergeFiles,
  type ReportMutant,
  readRecord,
  recordFromReport,
  sha256,
  writeRecord,
} from "../../scripts/mutationRecord.js";
import { writeMutationReport } from "../../scripts/mutationReport.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const SOURCE = "export const a = 1;\nexport const b = a > 0 && a < 2;\n";

/** A repository of one source and two test files. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), "menagerie-record-"));
  roots.push(root);
  mkdirSync(join(root, "src/m"), { recursive: true });
  mkdirSync(join(root, "test/a"), { recursive: true });
  writeFileSync(join(root, "src/m/a.ts"), SOURCE);
  writeFileSync(join(root, "test/a/a.test.ts"), "// a\n");
  writeFileSync(join(root, "test/a/quiet.test.ts"), "// reaches no mutant\n");
  return root;
}

const batch: MutationBatch = { name: "a", title: "a", mutate: ["src/m/a.ts"], tests: ["test/a"], tsconfig: "x.json" };

const at = (line: number, column: number, endColumn: number) => ({
  start: { line, column },
  end: { line, column: endColumn },
});
/** Killed, timed out, survived, not covered, and one that did not compile. */
const mutants: ReportMutant[] = [
  { mutatorName: "NumericLiteral", replacement: "0", status: "Killed", location: at(1, 18, 19) },
  { mutatorName: "BooleanLiteral", replacement: "true", status: "Timeout", location: at(2, 18, 33) },
  { mutatorName: "EqualityOperator", replacement: "a >= 0", status: "Survived", location: at(2, 18, 23) },
  { mutatorName: "EqualityOperator", replacement: "a <= 2", status: "NoCoverage", location: at(2, 27, 32) },
  { mutatorName: "StringLiteral", replacement: '""', status: "CompileError", location: at(1, 14, 15) },
];
const report = () => ({ files: { "src/m/a.ts": { source: SOURCE, mutants } } });
const run = (root: string) => ({
  started: "2026-11-29T14:00:00.000Z",
  finished: "2026-11-29T14:30:00.000Z",
  commit: "abc1234",
  tests: hashTests(root, batch),
});

describe("recordFromReport", () => {
  it("keeps the tallies per batch, module and file, and each survivor with the code it changed and its line", () => {
    const root = repository();
    const record = recordFromReport(batch, report(), run(root));
    expect(record.total).toEqual({ detected: 2, valid: 4 });
    expect(record.invalid).toBe(1);
    expect(record.modules).toEqual({ "src/m": { detected: 2, valid: 4 } });
    expect(record.files["src/m/a.ts"]).toEqual({
      sha256: sha256(SOURCE),
      score: "50.0%",
      tally: { detected: 2, valid: 4 },
      survivors: [
        {
          line: 2,
          mutator: "EqualityOperator",
          status: "Survived",
          from: "a > 0",
          to: "a >= 0",
          sourceLine: "export const b = a > 0 && a < 2;",
        },
        {
          line: 2,
          mutator: "EqualityOperator",
          status: "NoCoverage",
          from: "a < 2",
          to: "a <= 2",
          sourceLine: "export const b = a > 0 && a < 2;",
        },
      ],
    });
    expect(Object.keys(record.tests).sort()).toEqual(["test/a/a.test.ts", "test/a/quiet.test.ts"]);
  });

  it("is read back as it was written", () => {
    const root = repository();
    const record = recordFromReport(batch, report(), run(root));
    writeRecord(root, record);
    expect(readRecord(root, "a")).toEqual(record);
    expect(readRecord(root, "b")).toBeUndefined();
  });
});

describe("changedSinceRun", () => {
  const record = (root: string): MutationRecord => recordFromReport(batch, report(), run(root));

  it("finds nothing when the sources and tests are those of the run", () => {
    const root = repository();
    expect(changedSinceRun(root, batch, record(root))).toBe("nothing");
  });

  it("counts a source that differs from the one the run read", () => {
    const root = repository();
    const kept = record(root);
    writeFileSync(join(root, "src/m/a.ts"), "export const a = 2;\n");
    expect(changedSinceRun(root, batch, kept)).toBe("1 source");
  });

  it("counts a test file changed, removed or added since the run, with the sources changed", () => {
    const root = repository();
    const kept = record(root);
    writeFileSync(join(root, "test/a/a.test.ts"), "// a, stricter\n");
    expect(changedSinceRun(root, batch, kept)).toBe("1 test file");
    writeFileSync(join(root, "test/a/new.test.ts"), "// new\n");
    expect(changedSinceRun(root, batch, kept)).toBe("2 test files");
    rmSync(join(root, "test/a/quiet.test.ts"));
    writeFileSync(join(root, "src/m/a.ts"), "export const a = 3;\n");
    expect(changedSinceRun(root, batch, kept)).toBe("1 source, 3 test files");
  });
});

describe("writeMutationReport", () => {
  it("writes the page from the records alone, with a batch never run shown as such", () => {
    const root = repository();
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "x"], {
      cwd: root,
    });
    writeRecord(root, recordFromReport(batch, report(), run(root)));
    const never: MutationBatch = { ...batch, name: "never", mutate: ["src/m/b.ts"] };
    writeMutationReport(root, [batch, never], join(root, "out.md"));
    const page = readFileSync(join(root, "out.md"), "utf8");
    expect(page).toContain("| a | 2026-11-29 14:30 UTC | **50.0%** | 2 / 4 | 1 | nothing |");
    expect(page).toContain("| never | not run | | | | |");
    expect(page).toContain("| `src/m` | **50.0%** | 2 / 4 | a.ts 50.0% (2) |");
    expect(page).toContain("- 2: EqualityOperator `a > 0` → `a >= 0`");
    expect(page).toContain("- 2: EqualityOperator (no test reaches it) `a < 2` → `a <= 2`");
    expect(page).toContain("2 mutants survive; 0 are explained below");
  });

  it("merges a file split by lines between two batches: tallies summed, survivors in line order", () => {
    const root = repository();
    execFileSync("git", ["init", "-q"], { cwd: root });
    execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "x"], {
      cwd: root,
    });
    const first: MutationBatch = { ...batch, name: "first", mutate: ["src/m/a.ts:1-1"] };
    const second: MutationBatch = { ...batch, name: "second", mutate: ["src/m/a.ts:2-2"] };
    const lines = (line: number) => ({
      files: { "src/m/a.ts": { source: SOURCE, mutants: mutants.filter((m) => m.location.start.line === line) } },
    });
    writeRecord(root, recordFromReport(second, lines(2), run(root)));
    writeRecord(root, recordFromReport(first, lines(1), run(root)));
    writeMutationReport(root, [second, first], join(root, "out.md"));
    const page = readFileSync(join(root, "out.md"), "utf8");
    expect(page).toContain("| first | 2026-11-29 14:30 UTC | **100.0%** | 1 / 1 | 1 | nothing |");
    expect(page).toContain("| second | 2026-11-29 14:30 UTC | **33.3%** | 1 / 3 | 0 | nothing |");
    expect(page).toContain("| `src/m` | **50.0%** | 2 / 4 | a.ts 50.0% (2) |");
    expect(page.match(/^### src\/m\/a.ts$/gm)).toHaveLength(1);
  });

  it("refuses to merge a file whose records lack tallies or read different sources", () => {
    const entry = { sha256: "x", score: "100.0%", survivors: [] };
    expect(() => mergeFiles("a.ts", entry, { ...entry, tally: { detected: 1, valid: 1 } })).toThrow(
      /without its tally/,
    );
    const tally = { detected: 1, valid: 1 };
    expect(() => mergeFiles("a.ts", { ...entry, tally }, { ...entry, sha256: "y", tally })).toThrow(
      /different sources/,
    );
  });
});
