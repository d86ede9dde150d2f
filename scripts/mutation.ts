/**
 * `npm run test:mutation`: runs Stryker (config in stryker.config.mjs) and prints the mutation
 * score per file and per module, then every surviving mutant, from the JSON report.
 *
 * - `npm run test:mutation` — every critical module (incremental: only changed code is re-tested).
 * - `npm run test:mutation -- --mutate src/api/retry.ts` — only the files given (quick mode).
 * - `npm run test:mutation:changed` — only the critical modules changed since `main`.
 * - `--tests <folders or globs>` (comma-separated) — only those test files may kill a mutant,
 *   e.g. `--mutate src/api/client.ts --tests test/api`: much faster for src/api, whose mutants
 *   test/api kills on its own (see vitest.mutation.config.ts).
 * - `--out <dir>` — that run's incremental file and reports go to `<dir>` (a second quick run
 *   beside another).
 * - `--tsconfig <file>` — the type checker's tsconfig: `tsconfig.mutation.api.json` for src/api
 *   files checks them without the Babylon layer that imports them (a much cheaper check).
 * - `--batch <name>[,<name>...]|all` — batches of scripts/mutationBatches.ts, one after another:
 *   its files, its tests, its checker, its own reports under test-results/mutation/<name>/.
 * - `--report` — merges the batches' run records (docs/mutation-runs/, kept by each `--batch` run
 *   from its Stryker report) into docs/mutation.md (scores and every survivor).
 * - `--record <name>[,<name>...]` — keeps the record of a batch's last finished run again.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { MUTATION_BATCHES, type MutationBatch, selectFiles } from "./mutationBatches.js";
import { forgetStaticSurvivors } from "./mutationIncremental.js";
import { hashTests, recordFromReport, type StrykerReport, writeRecord } from "./mutationRecord.js";
import { writeMutationReport } from "./mutationReport.js";

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
let args = process.argv.slice(2);
// `--tests <globs>` is ours, not Stryker's: it reaches vitest.mutation.config.ts through the
// environment, which Stryker's test-runner processes inherit.
// So are `--out <dir>` and `--tsconfig <file>`, read by stryker.config.mjs.
for (const [flag, env] of [
  ["--tests", "MUTATION_TESTS"],
  ["--out", "MUTATION_OUT"],
  ["--tsconfig", "MUTATION_TSCONFIG"],
] as const) {
  const at = args.indexOf(flag);
  if (at < 0) continue;
  process.env[env] = args[at + 1] ?? "";
  args = [...args.slice(0, at), ...args.slice(at + 2)];
}

/** The critical modules changed since the merge base with `main`, committed or not. */
async function changedModules(): Promise<string[]> {
  const config = (await import(pathToFileURL(resolve(root, "stryker.config.mjs")).href)).default;
  const git = (...a: string[]) => execFileSync("git", a, { cwd: root, encoding: "utf8" });
  // A fresh clone may have only origin/main.
  const main = git("branch", "--list", "main").trim() ? "main" : "origin/main";
  const base = git("merge-base", "HEAD", main).trim();
  const changed = new Set([...git("diff", "--name-only", base).split("\n"), ...git("diff", "--name-only").split("\n")]);
  return selectFiles(config.mutate as string[], [...changed]);
}

/** Killed and timed-out mutants count as detected; compile errors are not valid mutants. */
function score(mutants: Mutant[]): { detected: number; valid: number; text: string } {
  const detected = mutants.filter((m) => m.status === "Killed" || m.status === "Timeout").length;
  const valid = mutants.filter((m) => ["Killed", "Timeout", "Survived", "NoCoverage"].includes(m.status)).length;
  const text = valid === 0 ? "  n/a" : `${((100 * detected) / valid).toFixed(1).padStart(5)}%`;
  return { detected, valid, text };
}

/** Runs Stryker with these arguments, then prints the scores and survivors of its report. */
function runAndSummarise(strykerArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  const quick = strykerArgs.some((a) => a === "--mutate" || a === "-m" || a.startsWith("--mutate="));
  const outDir = env.MUTATION_OUT || (quick ? "test-results/mutation/quick" : "test-results/mutation");
  const retested = forgetStaticSurvivors(resolve(root, outDir, "stryker-incremental.json"));
  if (retested > 0) console.log(`test:mutation: ${retested} surviving static mutants will be tested again`);
  const run = spawnSync("npx", ["stryker", "run", ...strykerArgs], { cwd: root, stdio: "inherit", env });
  const reportFile = resolve(root, outDir, "mutation.json");
  if (!existsSync(reportFile)) return run.status ?? 1;
  summarise(JSON.parse(readFileSync(reportFile, "utf8")) as Report);
  return run.status ?? 0;
}

function summarise(report: Report): void {
  const entries = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
  const modules = new Map<string, Mutant[]>();
  console.log("\nMutation score per file (killed + timeout) / (valid mutants):");
  for (const [file, { mutants }] of entries) {
    const s = score(mutants);
    console.log(`  ${s.text}  ${String(s.detected).padStart(4)}/${String(s.valid).padEnd(4)} ${file}`);
    const module = dirname(file);
    modules.set(module, [...(modules.get(module) ?? []), ...mutants]);
  }
  console.log("Per module:");
  for (const [module, mutants] of modules) console.log(`  ${score(mutants).text}  ${module}`);
  console.log(`  ${score(entries.flatMap(([, f]) => f.mutants)).text}  all`);
  const survivors = entries.flatMap(([file, { mutants }]) =>
    mutants
      .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
      .map((m) => `  ${file}:${m.location.start.line} ${m.mutatorName} (${m.status}) ${m.replacement ?? ""}`),
  );
  console.log(`Survivors (${survivors.length}):`);
  for (const line of survivors) console.log(line.replace(/\s+/g, " ").slice(0, 160));
}

/** `--batch <name>|all`: each batch with its own tests, checker, reports and temporary folder. */
function runBatches(which: string, rest: string[]): number {
  const names = which.split(",");
  const batches = which === "all" ? MUTATION_BATCHES : MUTATION_BATCHES.filter((b) => names.includes(b.name));
  if (batches.length === 0 || (which !== "all" && batches.length !== names.length)) {
    console.error(
      `test:mutation: no batch "${which}"; batches: ${MUTATION_BATCHES.map((b) => b.name).join(", ")}, all`,
    );
    return 2;
  }
  let status = 0;
  for (const batch of batches) {
    console.log(`\n== Mutation batch ${batch.name}: ${batch.title}`);
    const env = {
      ...process.env,
      MUTATION_TESTS: batch.tests.join(","),
      MUTATION_OUT: `test-results/mutation/${batch.name}`,
      MUTATION_TSCONFIG: batch.tsconfig,
    };
    // When the run read its files, at which commit, and its tests' fingerprints, for its record.
    mkdirSync(resolve(root, env.MUTATION_OUT), { recursive: true });
    const git = (...a: string[]) => execFileSync("git", a, { cwd: root, encoding: "utf8" }).trim();
    const start: RunStart = {
      started: new Date().toISOString(),
      commit: git("rev-parse", "--short", "HEAD"),
      tests: hashTests(root, batch),
    };
    writeFileSync(resolve(root, env.MUTATION_OUT, "started.json"), `${JSON.stringify(start)}\n`);
    const strykerArgs = ["--mutate", batch.mutate.join(","), "--tempDirName", `.stryker-tmp-${batch.name}`, ...rest];
    if (batch.ignoreStatic) strykerArgs.push("--ignoreStatic");
    status = runAndSummarise(strykerArgs, env) || status;
    const kept = keepRecord(batch);
    if (kept) console.log(`test:mutation: kept the run's record in ${kept}`);
  }
  return status;
}

/** What scripts/mutation.ts notes when a batch's run starts (test-results/mutation/<batch>/started.json). */
interface RunStart {
  started: string;
  commit: string;
  tests: Record<string, string>;
}

/**
 * Writes the record of the batch's last run (docs/mutation-runs/<batch>.json) from its Stryker
 * report, when that report was written after the run started (a run stopped halfway writes none).
 * Returns the record's path, or undefined.
 */
function keepRecord(batch: MutationBatch): string | undefined {
  const dir = resolve(root, "test-results/mutation", batch.name);
  const reportFile = resolve(dir, "mutation.json");
  const startFile = resolve(dir, "started.json");
  if (!existsSync(reportFile) || !existsSync(startFile)) return undefined;
  const start = JSON.parse(readFileSync(startFile, "utf8")) as RunStart;
  const finished = statSync(reportFile).mtime;
  if (finished < new Date(start.started)) return undefined;
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as StrykerReport;
  return relative(
    root,
    writeRecord(root, recordFromReport(batch, report, { ...start, finished: finished.toISOString() })),
  );
}

const batchAt = args.indexOf("--batch");
if (args[0] === "--record") {
  // The record of runs made before runs kept their own (or when keeping it failed).
  for (const name of (args[1] ?? "").split(",")) {
    const batch = MUTATION_BATCHES.find((b) => b.name === name);
    const kept = batch && keepRecord(batch);
    console.log(kept ? `test:mutation: kept ${kept}` : `test:mutation: no finished run of "${name}"`);
  }
  process.exit(0);
} else if (args[0] === "--report") {
  const written = writeMutationReport(root, MUTATION_BATCHES, resolve(root, "docs/mutation.md"));
  console.log(`test:mutation: wrote ${written}`);
  process.exit(0);
} else if (batchAt >= 0) {
  process.exit(runBatches(args[batchAt + 1] ?? "", [...args.slice(0, batchAt), ...args.slice(batchAt + 2)]));
}

let strykerArgs = args;
if (args[0] === "--changed") {
  const files = await changedModules();
  if (files.length === 0) {
    console.log("test:mutation:changed: no critical module changed since main.");
    process.exit(0);
  }
  strykerArgs = ["--mutate", files.join(","), ...args.slice(1)];
}
process.exit(runAndSummarise(strykerArgs));
