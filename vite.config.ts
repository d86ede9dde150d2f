/**
 * One config for the demo (Vite, root `demo/`) and the tests (Vitest, root of the repo).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { menagerieServicePlugin } from "./src/service/vitePlugin.js";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL("./demo", import.meta.url)),
  // Relative asset links: the built demo (dist-demo/) works from any folder of any static host.
  base: "./",
  // The reference service on the demo's own port (`/anything`, `/assets/`). Not under Vitest:
  // service tests start their own, and must not generate the default catalog.
  plugins: process.env["VITEST"] ? [] : [menagerieServicePlugin()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    outDir: fileURLToPath(new URL("./dist-demo", import.meta.url)),
    emptyOutDir: true,
    // Babylon's engine is most of the demo's 1.3 MB entry chunk; that is expected, not a warning.
    chunkSizeWarningLimit: 2000,
  },
  test: {
    root: repoRoot,
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
