/**
 * The Vitest config of the mutation pass (`npm run test:mutation`): only the Node tests that can
 * kill a mutant in the modules Stryker mutates (src/api, src/service, the loader), never the
 * browser tests. Stryker narrows it further to the tests related to each mutated file.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/api/**/*.test.ts", "test/service/**/*.test.ts", "test/babylon/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
