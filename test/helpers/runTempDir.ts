/**
 * Vitest global set-up of the `node` project (vite.config.ts): one temp folder for the whole run,
 * made in Vitest's main process and removed there when the run ends. A worker that shares one
 * module graph between files (`isolate: false`) keeps what every file may read in it, such as
 * the seed-1 catalog of {@link ../catalog/catalogFixture.ts}: a worker's own exit handlers do not
 * run (Vitest stops it with a signal), so a folder a worker made for the run would be left behind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's temp folder, removed when the run ends. */
    runTempDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "menagerie-test-run-"));
  project.provide("runTempDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
