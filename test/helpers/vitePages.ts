/** A Vite dev server for the browser test pages in test/browser/pages, on 127.0.0.1. */
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const server: ViteDevServer = await createServer({
    configFile: false,
    root: fileURLToPath(new URL("../browser/pages", import.meta.url)),
    logLevel: "error",
    server: { host: "127.0.0.1", port: 0, strictPort: false, fs: { allow: [repoRoot] }, hmr: false },
    cacheDir: fileURLToPath(new URL("../../node_modules/.vite-test-pages", import.meta.url)),
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("Vite did not report a URL");
  return { url: url.replace(/\/$/, ""), close: () => server.close() };
}
