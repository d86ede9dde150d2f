// @ts-check
/** A run narrowed with `--mutate` (quick mode) keeps its own incremental file and reports, so it
 * does not overwrite the full run's; `MUTATION_OUT` (`npm run test:mutation -- --out <dir>`)
 * gives a quick run a folder of its own, so two can run side by side. */
const quick = process.argv.some((arg) => arg === "--mutate" || arg === "-m" || arg.startsWith("--mutate="));
const out = process.env.MUTATION_OUT || (quick ? "test-results/mutation/quick" : "test-results/mutation");
/** The files given with `--mutate` (quick mode), else none. */
const mutateArg = process.argv.find(
  (arg, i, all) => all[i - 1] === "--mutate" || all[i - 1] === "-m" || arg.startsWith("--mutate="),
);
const mutated = (mutateArg ?? "")
  .replace(/^--mutate=/, "")
  .split(",")
  .filter((f) => f !== "");
/** A quick run over src/service files only runs the service's tests, not the Babylon tests that
 * also start the service (slow to start), see vitest.mutation.service.config.ts. */
const serviceOnly = mutated.length > 0 && mutated.every((file) => file.startsWith("src/service/"));

/**
 * Mutation testing of the modules where a silent bug hurts most (`npm run test:mutation`).
 * Slow: not run by CI. Incremental, so a second run only re-tests mutants whose code or tests
 * changed; reports go to test-results/mutation/ (git-ignored).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    // The client, its requests and signed links.
    "src/api/client.ts",
    "src/api/request.ts",
    "src/api/retry.ts",
    "src/api/recordCache.ts",
    "src/api/fetchModelAssets.ts",
    "src/api/assetFetcher.ts",
    "src/api/cappedBody.ts",
    "src/core/redact.ts",
    "src/records/signedUrl.ts",
    "src/records/schemas.ts",
    // The service, its relay and its text commands.
    "src/service/signing.ts",
    "src/service/assetRoute.ts",
    "src/service/lookupService.ts",
    "src/service/upstreamProxy.ts",
    "src/service/rateLimiter.ts",
    "src/service/apiKeys.ts",
    "src/service/relay/*.ts",
    "src/service/textCommand/*.ts",
    // Motion: steering, behaviors, agent, world, areas, paths, groups, hunts, speeds.
    "src/motion/**/*.ts",
    "!src/motion/index.ts",
    "!src/motion/types.ts",
    // The OBJ/MTL reader (the worker plumbing runs in other threads, out of Stryker's reach).
    "src/obj/*.ts",
    "!src/obj/objParsePool.ts",
    "!src/obj/objWorker*.ts",
    // The GLB readers and checks.
    "src/babylon/gltf/readGlbClip.ts",
    "src/babylon/gltf/glbJsonProblem.ts",
    "src/babylon/gltf/glbRangeProblem.ts",
    "src/babylon/gltf/clipGroup.ts",
    // Population, the crowd's bookkeeping and the spawner, the loader's template.
    "src/population/*.ts",
    "src/babylon/runtime/crowd/**/*.ts",
    "src/babylon/runtime/spawner.ts",
    "src/babylon/runtime/load/buildTemplate.ts",
  ],
  testRunner: "vitest",
  // Only the Node tests of the modules above (no browser tests); `related` then runs, for each
  // mutated file, only the test files that import it.
  vitest: {
    configFile: serviceOnly ? "vitest.mutation.service.config.ts" : "vitest.mutation.config.ts",
    related: true,
  },
  // Drops mutants that do not compile. Only src: a mutant changes src, and a smaller program
  // keeps the checker from being the slow half of the pipeline.
  checkers: ["typescript"],
  // `MUTATION_TSCONFIG` (`--tsconfig <file>`): tsconfig.mutation.api.json for a src/api-only run.
  tsconfigFile: process.env.MUTATION_TSCONFIG || "tsconfig.mutation.json",
  coverageAnalysis: "perTest",
  // The machine has two cores.
  concurrency: 2,
  incremental: true,
  incrementalFile: `${out}/stryker-incremental.json`,
  reporters: ["clear-text", "html", "json", "progress"],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
  ignorePatterns: [
    ".stryker-tmp*",
    "dist",
    "dist-demo",
    "test-results",
    "coverage",
    ".menagerie",
    "bench/results",
    "test/browser",
  ],
  timeoutMS: 10_000,
  // The initial run of a motion file's related tests reaches most of test/babylon: minutes on
  // two cores, more when the machine is shared.
  dryRunTimeoutMinutes: 30,
};
