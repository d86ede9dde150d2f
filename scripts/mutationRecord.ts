/**
 * The record of one batch's mutation run, kept in the repository (`docs/mutation-runs/<batch>.json`)
 * so that docs/mutation.md can be written again on a machine that never ran the batch. Stryker's
 * own reports (test-results/mutation/<batch>/, git-ignored, several megabytes with every test
 * name) are lost with the machine; a record keeps only what the report page shows: the scores per
 * module and per file, each survivor with the code it changed, and fingerprints of the sources and
 * tests the run read, to tell a stale score.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { MutationBatch } from "./mutationBatches.js";

/** Where the records are kept, relative to the repository's root. */
export const RECORDS_DIR = "docs/mutation-runs";

/** Killed and timed-out mutants are detected; mutants that do not compile are not valid. */
export interface Tally {
  detected: number;
  valid: number;
}

/** A mutant that no test killed. */
export interface RecordedSurvivor {
  line: number;
  mutator: string;
  /** `Survived`, or `NoCoverage` when no test reaches it. */
  status: string;
  /** The code it replaced, on one line and cut to 70 characters. */
  from: string;
  /** Its replacement, the same way. */
  to: string;
  /** The whole source line it starts on (what scripts/mutationSurvivors.ts may match). */
  sourceLine: string;
}

export interface RecordedFile {
  /** SHA-256 of the source the run mutated. */
  sha256: string;
  /** Detected / valid, as the report prints it ("98.3%", or "n/a" when no mutant was valid). */
  score: string;
  /** Its detected and valid mutants (not kept in the records rebuilt from the page). */
  tally?: Tally;
  survivors: RecordedSurvivor[];
}

export interface MutationRecord {
  batch: string;
  /** When the run read its files (ISO time). */
  started: string;
  /** When its report was written (ISO time). */
  finished: string;
  /** The commit checked out when the run started. */
  commit: string;
  /** The batch's detected and valid mutants. */
  total: Tally;
  /** Mutants that did not compile. */
  invalid: number;
  /** Detected and valid mutants per module (a source folder) of the batch. */
  modules: Record<string, Tally>;
  files: Record<string, RecordedFile>;
  /** SHA-256 of every test file the batch names, as the run read them. */
  tests: Record<string, string>;
  /** How a record not written from its run's report was made. */
  note?: string;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export const percent = (t: Tally) => (t.valid === 0 ? "n/a" : `${((100 * t.detected) / t.valid).toFixed(1)}%`);

const DETECTED = new Set(["Killed", "Timeout"]);
const VALID = new Set(["Killed", "Timeout", "Survived", "NoCoverage"]);
const SURVIVED = new Set(["Survived", "NoCoverage"]);

interface Position {
  line: number;
  column: number;
}
/** The fields of a mutant in Stryker's JSON report that a record keeps. */
export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
/** The fields of Stryker's JSON report (mutation-testing-report-schema) that a record reads. */
export interface StrykerReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

export function tally(mutants: readonly ReportMutant[]): Tally {
  return {
    detected: mutants.filter((m) => DETECTED.has(m.status)).length,
    valid: mutants.filter((m) => VALID.has(m.status)).length,
  };
}

const add = (a: Tally, b: Tally): Tally => ({ detected: a.detected + b.detected, valid: a.valid + b.valid });

/** Text on one line, cut to 70 characters. */
export function short(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

/** The code a mutant replaced, on one line and cut to 70 characters. */
export function replacedCode(source: string, m: ReportMutant): string {
  const lines = source.split("\n");
  const { start, end } = m.location;
  const picked =
    start.line === end.line
      ? (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1)
      : [
          (lines[start.line - 1] ?? "").slice(start.column - 1),
          ...lines.slice(start.line, end.line - 1),
          (lines[end.line - 1] ?? "").slice(0, end.column - 1),
        ].join(" ");
  return short(picked);
}

/** The test files a batch names: its files, and every `.test.ts` under its folders. */
export function batchTestFiles(root: string, batch: MutationBatch): string[] {
  return batch.tests.flatMap((entry) =>
    statSync(resolve(root, entry), { throwIfNoEntry: false })?.isDirectory()
      ? readdirSync(resolve(root, entry), { recursive: true, encoding: "utf8" })
          .filter((name) => name.endsWith(".test.ts"))
          .map((name) => `${entry}/${name}`)
          .sort()
      : [entry],
  );
}

/** SHA-256 of each test file the batch names, as they are now (taken when a run starts). */
export function hashTests(root: string, batch: MutationBatch): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of batchTestFiles(root, batch)) {
    const path = resolve(root, file);
    if (existsSync(path)) hashes[file] = sha256(readFileSync(path, "utf8"));
  }
  return hashes;
}

/** The record of a run from its Stryker report. */
export function recordFromReport(
  batch: MutationBatch,
  report: StrykerReport,
  run: { started: string; finished: string; commit: string; tests: Record<string, string> },
): MutationRecord {
  const modules: Record<string, Tally> = {};
  const files: Record<string, RecordedFile> = {};
  let total: Tally = { detected: 0, valid: 0 };
  let count = 0;
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const t = tally(mutants);
    count += mutants.length;
    total = add(total, t);
    modules[dirname(file)] = add(modules[dirname(file)] ?? { detected: 0, valid: 0 }, t);
    const lines = source.split("\n");
    files[file] = {
      sha256: sha256(source),
      score: percent(t),
      tally: t,
      survivors: mutants
        .filter((m) => SURVIVED.has(m.status))
        .sort(
          (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
        )
        .map((m) => ({
          line: m.location.start.line,
          mutator: m.mutatorName,
          status: m.status,
          from: replacedCode(source, m),
          to: short(m.replacement ?? ""),
          sourceLine: lines[m.location.start.line - 1] ?? "",
        })),
    };
  }
  return { batch: batch.name, ...run, total, invalid: count - total.valid, modules, files };
}

/**
 * One file's entry from two records, for a file split by lines between two batches: tallies
 * summed, survivors in line order. Throws if either lacks its tally or they read different sources.
 */
export function mergeFiles(file: string, a: RecordedFile, b: RecordedFile): RecordedFile {
  if (!a.tally || !b.tally) throw new Error(`mutation record: ${file} is in two records, one without its tally`);
  if (a.sha256 !== b.sha256) throw new Error(`mutation record: ${file} is in two records of different sources`);
  const t = add(a.tally, b.tally);
  const survivors = [...a.survivors, ...b.survivors].sort((x, y) => x.line - y.line);
  return { sha256: a.sha256, score: percent(t), tally: t, survivors };
}

export const recordPath = (root: string, name: string) => resolve(root, RECORDS_DIR, `${name}.json`);

export function readRecord(root: string, name: string): MutationRecord | undefined {
  const path = recordPath(root, name);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as MutationRecord) : undefined;
}

export function writeRecord(root: string, record: MutationRecord): string {
  const path = recordPath(root, record.batch);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(record, null, 1)}\n`);
  return path;
}

/**
 * What changed since a batch's run: its mutated files whose source differs from the one the run
 * read, and its test files changed, removed or added since. Either makes the run's score stale.
 */
export function changedSinceRun(root: string, batch: MutationBatch, record: MutationRecord): string {
  const hashOf = (file: string) =>
    existsSync(resolve(root, file)) ? sha256(readFileSync(resolve(root, file), "utf8")) : undefined;
  const sources = Object.entries(record.files).filter(([file, data]) => hashOf(file) !== data.sha256).length;
  const now = hashTests(root, batch);
  const tests =
    Object.entries(now).filter(([file, hash]) => record.tests[file] !== hash).length +
    Object.keys(record.tests).filter((file) => !(file in now)).length;
  if (sources === 0 && tests === 0) return "nothing";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return [sources && plural(sources, "source"), tests && plural(tests, "test file")].filter(Boolean).join(", ");
}
