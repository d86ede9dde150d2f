/**
 * One config for the demo (Vite, root `demo/`) and the tests (Vitest, root of the repo).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { menagerieServicePlugin } from "./src/service/vitePlugin.js";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
/** Tests that measure a page's main-thread tasks: they run with nothing else beside them. */
const QUIET_TESTS = ["test/browser/populateLoad.browser.test.ts"];
/**
 * A Chromium test run in the Node lane, so that both lanes take about as long. Which follows the
 * lanes' times in fresh-clone runs: once the Chromium lane's files shared one module graph and
 * its WebGL drew one sample a pixel, it took 389 s to the Node lane's 487 s, so the demo's
 * secrets scan (test/browser/secretsDemo) and the built demo (demoBuilt, about 50 s) went back to
 * the Chromium lane; the physics page (about 25 s) stays here.
 */
const NODE_LANE_BROWSER_TESTS = ["test/browser/physics.browser.test.ts"];
/** Builds the test pages once a run, for the projects that open them (test/helpers/vitePages.ts). */
const TEST_PAGES_BUILD = "test/helpers/testPagesBuild.ts";
/**
 * Node tests that need modules of their own: the allocation tests, clipMixer's among them (the
 * JIT must see only their own code's shapes: in the shared graph clipMixer's read a steady 16 B
 * a step in one fresh-clone run of three), the registration test (a fresh Babylon, before any
 * Menagerie import) and the tests of the page's shared OBJ parse pool (a module-level singleton: in a shared graph
 * any other file's Menagerie not yet disposed holds it, and when it is made or let go is what
 * they check), and the shader turns' test, which fakes the global timers (with it in the shared
 * graph, two fresh-clone runs of the lane timed out partParser's "parses every part before the MTL
 * has arrived" at 20 s, which passes alone in about 1 s: cause not found yet).
 * Every other Node test shares one module graph per worker (`isolate: false`): importing
 * Babylon and the library once, not once per file, saves about 2 minutes of `npm test`.
 */
const ISOLATED_TESTS = [
  "test/babylon/register.test.ts",
  "test/babylon/runtime/crowd/parts/crowdAllocation.test.ts",
  "test/motion/allocation.test.ts",
  "test/motion/clipMixer.test.ts",
  "test/obj/objParsePool.test.ts",
  "test/babylon/runtime/load/parseWorkers.test.ts",
  "test/babylon/runtime/crowd/shared/shaderTurns.test.ts",
];

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
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Projects, so that `npm test` (scripts/test.ts) can run the Node lane (`node`, then
    // `node-isolated` and `browser-node-lane`) and the Chromium tests side by side on two cores
    // (one file at a time each: two Chromium suites at once starve each other), then the one
    // test that measures a page's main-thread tasks alone.
    // `vitest run` without `--project` still runs them all, one file at a time.
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/browser/**", ...ISOLATED_TESTS],
          isolate: false,
          // One temp folder for the run, removed at its end (what the shared graph's files share).
          globalSetup: ["test/helpers/runTempDir.ts"],
        },
      },
      { extends: true, test: { name: "node-isolated", include: ISOLATED_TESTS } },
      {
        extends: true,
        test: { name: "browser-node-lane", include: NODE_LANE_BROWSER_TESTS, globalSetup: [TEST_PAGES_BUILD] },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          exclude: [...QUIET_TESTS, ...NODE_LANE_BROWSER_TESTS],
          // One module graph for its files too (their imports: 24 s a run -> 4 s); each file
          // starts and stops its own browser, reference service and page server.
          isolate: false,
          // The test pages built once, and one demo server for the files that open the demo.
          globalSetup: [TEST_PAGES_BUILD, "test/helpers/sharedDemo.ts"],
        },
      },
      { extends: true, test: { name: "quiet", include: QUIET_TESTS } },
    ],
  },
});
