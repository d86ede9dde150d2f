/**
 * The Vitest config of a mutation run over src/service files only (chosen by stryker.config.mjs
 * when every `--mutate` file is under src/service): the service's own tests and the reliability
 * tests that start the service in-process. The Babylon tests that also start it (to load
 * creatures) are left out: they are slow to start and kill no service mutant the service tests
 * leave alive.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/service/**/*.test.ts", "test/reliability/fuzz.test.ts", "test/reliability/faultMode.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
