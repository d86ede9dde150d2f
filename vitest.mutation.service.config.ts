/**
 * The Vitest config of a mutation run over src/service files only (chosen by stryker.config.mjs
 * when every `--mutate` file is under src/service): the service's own tests and the reliability
 * tests that start the service in-process. Left out: the Babylon tests that also start the
 * service (slow to start), and the service tests that spawn processes or hold thousands of
 * sockets (the CLI, worker processes, the Vite plugin, connection limits). Those test cli.ts,
 * serviceCluster.ts, vitePlugin.ts and lookupServer.ts, none of the critical modules, and a
 * "static" mutant (one hit while a service starts, in a beforeAll) runs every test.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `MUTATION_TESTS=<comma-separated globs>` (`npm run test:mutation -- --tests <globs>`, as for
 * vitest.mutation.config.ts) narrows the tests further, for a quick run
 * on a busy machine (every test file covering a mutant runs again for it). A narrower selection
 * can only kill fewer mutants: its score is a lower bound of the default selection's.
 */
const narrowed = process.env["MUTATION_TESTS"]
  ?.split(",")
  .map((glob) => glob.trim())
  .filter((glob) => glob !== "");

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: narrowed?.length
      ? narrowed
      : ["test/service/**/*.test.ts", "test/reliability/fuzz.test.ts", "test/reliability/faultMode.test.ts"],
    exclude: [
      "test/service/cli.test.ts",
      "test/service/workers.test.ts",
      "test/service/vitePlugin.test.ts",
      "test/service/serverLimits.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
