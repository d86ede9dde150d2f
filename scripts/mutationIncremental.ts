/** The incremental file of a mutation run (`test-results/mutation/<batch>/stryker-incremental.json`). */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** The fields of a mutant in Stryker's incremental file that this module reads. */
interface IncrementalMutant {
  status: string;
  /** Module-level code, run once at import (Stryker tests it with every test of the run). */
  static?: boolean;
}

/**
 * Drops the surviving static mutants (module-level code, such as a constant list's entries) from
 * an incremental file, so the next run tests them again. Stryker records no covering tests for a
 * static mutant, so its incremental diff sees no new test covering a survivor and reuses
 * "Survived" even when a test added since kills it. Returns how many it dropped.
 */
export function forgetStaticSurvivors(incrementalFile: string): number {
  if (!existsSync(incrementalFile)) return 0;
  const report = JSON.parse(readFileSync(incrementalFile, "utf8")) as {
    files: Record<string, { mutants: IncrementalMutant[] }>;
  };
  let dropped = 0;
  for (const file of Object.values(report.files)) {
    const kept = file.mutants.filter((m) => !(m.static && (m.status === "Survived" || m.status === "NoCoverage")));
    dropped += file.mutants.length - kept.length;
    file.mutants = kept;
  }
  if (dropped > 0) writeFileSync(incrementalFile, JSON.stringify(report));
  return dropped;
}
