/**
 * The Vitest config of the mutation pass (`npm run test:mutation`): only the Node tests that can
 * kill a mutant in the modules Stryker mutates (src/api, src/service, the loader), never the
 * browser tests. Stryker narrows it further to the tests related to each mutated file.
 *
 * `MUTATION_TESTS` (comma-separated folders or globs, set by `npm run test:mutation -- --tests`)
 * narrows it further for a quick run: the src/api files, for one, are killed by test/api alone,
 * and without it `related` also runs every babylon test that reaches the client.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const narrowed = process.env.MUTATION_TESTS?.split(",")
  .map((glob) => glob.trim())
  .filter((glob) => glob.length > 0)
  // A folder stands for the test files under it.
  .map((glob) => (/[*?{]|\.ts$/.test(glob) ? glob : `${glob.replace(/\/+$/, "")}/**/*.test.ts`));

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include:
      narrowed && narrowed.length > 0
        ? narrowed
        : [
            "test/core/**/*.test.ts",
            "test/records/**/*.test.ts",
            "test/api/**/*.test.ts",
            "test/service/**/*.test.ts",
            "test/babylon/**/*.test.ts",
            "test/motion/**/*.test.ts",
            "test/obj/**/*.test.ts",
            "test/population/**/*.test.ts",
          ],
    // Timing and allocation readings mean nothing under instrumentation (a mutant's coverage
    // counters allocate on every call): those tests are left out here, and tests inside other
    // files read MENAGERIE_MUTATION to skip themselves, so a run of any file starts green.
    // The fuzz files (test/fuzz) are left out too: ten thousand inputs a run each, tens of
    // seconds for every mutant they cover.
    exclude: [
      "test/motion/allocation.test.ts",
      "test/babylon/runtime/crowd/parts/crowdAllocation.test.ts",
      "test/reliability/load.test.ts",
      "test/service/security/redisPaused.test.ts",
    ],
    env: { MENAGERIE_MUTATION: "1" },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
