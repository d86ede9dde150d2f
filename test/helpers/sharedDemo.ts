/**
 * Vitest global set-up of the `browser` project (vite.config.ts): the demo built once for the
 * run (`npm run demo:build`, about 3.5 s) into a temp folder, and served with the reference
 * service beside it (`npm run demo:preview`), in Vitest's main process; stopped and removed when
 * the run ends. The Chromium files that open the demo's scenes share that server
 * ({@link ./demoServer.ts}'s `startDemo()`), and the built-demo test serves the same build as a
 * static site. Against a dev server (`npm run demo`) a file: a demo page loads about 2 s sooner
 * (one bundle, not 500 modules; the Canyon 1.5 s against 3.5 s, warm, quiet), no server a file
 * starts (about 4 s) or transforms the demo's modules again. The README's demo command keeps
 * tests of its own (test/browser/demo.browser.test.ts, the secrets scan, the quiet load test).
 * In watch mode the demo is built again before each rerun.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { startBuiltDemo } from "./demoServer.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    /** The URL of the run's built demo with the reference service (`npm run demo:preview`). */
    demoUrl: string;
    /** The folder of the run's `npm run demo:build`. */
    builtDemoDir: string;
  }
}

/** `npm run demo:build` into `outDir`. */
export async function buildDemo(outDir: string): Promise<void> {
  await promisify(execFile)("npm", ["run", "demo:build", "--", "--outDir", outDir, "--logLevel", "warn"], {
    cwd: repoRoot,
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), "menagerie-demo-site-"));
  await buildDemo(outDir);
  const demo = await startBuiltDemo(outDir);
  project.provide("demoUrl", demo.url);
  project.provide("builtDemoDir", outDir);
  // Watch mode: the demo built again from today's sources before each rerun (the preview server
  // reads its files at each request).
  project.onTestsRerun(() => buildDemo(outDir));
  return async () => {
    await demo.close();
    await rm(outDir, { recursive: true, force: true });
  };
}
