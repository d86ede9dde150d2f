/**
 * A server for the browser test pages in test/browser/pages, on 127.0.0.1: under Vitest, the
 * pages its global set-up built for the run ({@link ./testPagesBuild.ts}), served as files; else
 * (the benchmarks) a Vite dev server of their sources.
 */
import { fileURLToPath } from "node:url";
import { createServer, type PreviewServer, preview, type ViteDevServer } from "vite";
import { TEST_PAGES_ROOT } from "./testPagesBuild.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** The run's built pages, when a Vitest project with the pages' global set-up runs this. */
async function builtPagesDir(): Promise<string | undefined> {
  if (!process.env["VITEST"]) return undefined;
  const { inject } = await import("vitest");
  return inject("testPagesDir");
}

function urlOf(server: ViteDevServer | PreviewServer): string {
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("Vite did not report a URL");
  return url.replace(/\/$/, "");
}

export async function startPageServer(): Promise<PageServer> {
  const built = await builtPagesDir();
  if (built) {
    const server = await preview({
      configFile: false,
      root: TEST_PAGES_ROOT,
      logLevel: "error",
      build: { outDir: built },
      preview: { host: "127.0.0.1", port: 0, strictPort: false },
    });
    return { url: urlOf(server), close: () => server.close() };
  }
  const server: ViteDevServer = await createServer({
    configFile: false,
    root: TEST_PAGES_ROOT,
    logLevel: "error",
    server: { host: "127.0.0.1", port: 0, strictPort: false, fs: { allow: [repoRoot] }, hmr: false },
    cacheDir: fileURLToPath(new URL("../../node_modules/.vite-test-pages", import.meta.url)),
  });
  await server.listen();
  return { url: urlOf(server), close: () => server.close() };
}
