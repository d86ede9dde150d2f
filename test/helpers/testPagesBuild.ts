/**
 * Vitest global set-up of the projects that open the test pages in Chromium (vite.config.ts):
 * builds test/browser/pages once for the run with Vite (every page, one bundle each, Babylon
 * and the library from source as the pages import them), in Vitest's main process, into a temp
 * folder removed when the run ends. {@link ./vitePages.ts}'s `startPageServer` then serves that
 * folder: a page loads in about 100 requests, not the dev server's 330 modules, each transformed
 * in the test's own process (a fox's page took 3.0 s to load from the dev server and 0.8 s
 * built, both quiet; the build takes about 2 s). In watch mode they are built again before
 * each rerun.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test pages built for the run (test/browser/pages), removed when the run ends. */
    testPagesDir: string;
  }
}

/** The folder of the test pages' sources. */
export const TEST_PAGES_ROOT = fileURLToPath(new URL("../browser/pages", import.meta.url));

/** Builds every page of {@link TEST_PAGES_ROOT} into `outDir`. */
export async function buildTestPages(outDir: string): Promise<void> {
  const pages = readdirSync(TEST_PAGES_ROOT).filter((f) => f.endsWith(".html"));
  await build({
    configFile: false,
    root: TEST_PAGES_ROOT,
    base: "./",
    logLevel: "error",
    build: {
      outDir,
      emptyOutDir: true,
      // Names kept, so that a page's error names the function it came from.
      minify: false,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: {
        input: Object.fromEntries(pages.map((f) => [f.slice(0, -".html".length), join(TEST_PAGES_ROOT, f)])),
      },
    },
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "menagerie-test-pages-"));
  await buildTestPages(dir);
  project.provide("testPagesDir", dir);
  // Watch mode (`npm run test:watch`): the pages again from today's sources before each rerun.
  project.onTestsRerun(() => buildTestPages(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
