/**
 * The mutation scope in batches (`npm run test:mutation -- --batch <name>|all`). One Stryker run
 * over the whole scope with every related test would take most of a day on two cores: a motion
 * file's related tests reach most of test/babylon. Each batch mutates one part of the scope and
 * lets only the tests written for it kill mutants, with a type checker that loads only what the
 * part imports. A narrowed selection can only kill fewer mutants, so each score is a lower
 * bound. Every batch keeps its own incremental file and reports under
 * `test-results/mutation/<name>/`, so a second run re-tests only what changed, and
 * `--report` merges them into docs/mutation.md.
 *
 * Stryker writes a run's incremental file only when the run ends, so a run stopped halfway keeps
 * nothing: a batch is kept to what a quiet two-core machine tests in about an hour.
 */

/** One batch: the files Stryker mutates, the tests that may kill them, the checker's tsconfig. */
export interface MutationBatch {
  /** Folder under test-results/mutation/ and the name given to `--batch`. */
  name: string;
  /** What the batch covers, in the report's words. */
  title: string;
  /** Stryker's `--mutate` patterns (`!` drops a file). */
  mutate: string[];
  /** Test files or folders (vitest.mutation.config.ts's `MUTATION_TESTS`). */
  tests: string[];
  /** The type checker's tsconfig. */
  tsconfig: string;
  /**
   * Leaves out static mutants (module-level code, run once at import: each needs every test of
   * the batch run again in a fresh module graph) when those tests are slow.
   * @default false
   */
  ignoreStatic?: boolean;
}

const service = (names: string[]) => names.map((name) => `test/service/${name}.test.ts`);

// objTextCatalog (the whole catalog against Babylon's SolidParser, 45 s uninstrumented) is left
// to `npm test`: under instrumentation it would run for minutes for every mutant.
const OBJ_TESTS = [
  "test/obj/hostileObjs.test.ts",
  "test/obj/mtlText.test.ts",
  "test/obj/mtlTextRules.test.ts",
  "test/obj/objBatchRules.test.ts",
  "test/obj/objLevels.test.ts",
  "test/obj/objLevelsRules.test.ts",
  "test/obj/objLineRules.test.ts",
  "test/obj/objScanRules.test.ts",
  "test/obj/objTextEdges.test.ts",
  "test/obj/objTextRules.test.ts",
  "test/obj/objWorkerReplyRules.test.ts",
];

/** The batches, in the order `--batch all` runs them. */
export const MUTATION_BATCHES: readonly MutationBatch[] = [
  {
    name: "motion-agent",
    title: "Motion: the agent and its orders, the world, areas, water, paths, groups, speeds",
    mutate: [
      "src/motion/motionAgent.ts",
      "src/motion/agentOrders.ts",
      "src/motion/worldCore.ts",
      "src/motion/world.ts",
      "src/motion/area.ts",
      "src/motion/water.ts",
      "src/motion/pathfinding.ts",
      "src/motion/gridPlanner.ts",
      "src/motion/group.ts",
      "src/motion/speeds.ts",
      "src/motion/moveProgress.ts",
      "src/motion/obstacles.ts",
      "src/motion/reach.ts",
      "src/motion/visitStay.ts",
      "src/motion/holdOutOfObstacles.ts",
    ],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-steering",
    title: "Motion: the steering behaviours (wander, seek, arrive, flee, hunt, follow, areas, realms, routes)",
    mutate: ["src/motion/behaviors/*.ts"],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-gaits",
    title: "Motion: the gaits and the pose an agent hands them",
    mutate: ["src/motion/gaits/*.ts", "src/motion/pose.ts", "src/motion/agentPose.ts"],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-clips",
    title: "Motion: the clip mixer of rigged creatures and the rig's roles",
    mutate: ["src/motion/clipMixer.ts", "src/motion/rigRoles.ts"],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-air-water",
    title: "Motion: flight and its bands, the water column, swimmers' kinds, the tilt on slopes",
    mutate: [
      "src/motion/flight.ts",
      "src/motion/flightBands.ts",
      "src/motion/waterColumn.ts",
      "src/motion/swimKinds.ts",
      "src/motion/groundTilt.ts",
    ],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-jumps",
    title: "Motion: jumps (arcs, reach, routes over gaps and ledges, the jumper)",
    mutate: ["src/motion/jumpArc.ts", "src/motion/jumpReach.ts", "src/motion/jumpRoutes.ts", "src/motion/jumper.ts"],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "motion-index",
    title: "Motion: the spatial indexes (the neighbour grid, the obstacle index)",
    mutate: ["src/motion/spatialGrid.ts", "src/motion/obstacleIndex.ts"],
    tests: ["test/motion"],
    tsconfig: "tsconfig.mutation.motion.json",
  },
  {
    name: "records",
    title: "Record schemas and capped bodies",
    mutate: ["src/records/schemas.ts", "src/api/cappedBody.ts"],
    tests: ["test/records", "test/api/cappedBody.test.ts"],
    tsconfig: "tsconfig.mutation.readers.json",
  },
  {
    name: "population",
    title: "Population: plans, placement, ecology, mixes",
    mutate: ["src/population/*.ts"],
    tests: ["test/population"],
    tsconfig: "tsconfig.mutation.readers.json",
  },
  {
    name: "gltf",
    title: "The GLB readers and checks",
    mutate: [
      "src/babylon/gltf/readGlbClip.ts",
      "src/babylon/gltf/glbJsonProblem.ts",
      "src/babylon/gltf/glbRangeProblem.ts",
      "src/babylon/gltf/clipGroup.ts",
    ],
    tests: [
      "test/babylon/gltf/clipGroup.test.ts",
      "test/babylon/gltf/clipGroupRules.test.ts",
      "test/babylon/gltf/glbJsonProblem.test.ts",
      "test/babylon/gltf/glbJsonProblemRules.test.ts",
      "test/babylon/gltf/readGlbClip.test.ts",
      "test/babylon/gltf/readGlbClipRules.test.ts",
      "test/babylon/gltf/hostileGlbs.test.ts",
    ],
    tsconfig: "tsconfig.mutation.readers.json",
    ignoreStatic: true,
  },
  // objLine.ts in two halves by lines (Stryker's `file:from-to`), each a run kept on its own: its
  // loop mutants each run to the timeout (the whole file once ran at 8 mutants a minute; the
  // halves took 16 and 13 minutes on 29 Nov). A half's range follows the file's functions; moving
  // them means moving the split (test/scripts/mutationBatches.test.ts checks the halves tile it).
  {
    name: "obj-lines-numbers",
    title: "The OBJ line reader: number lists and triangle faces",
    mutate: ["src/obj/objLine.ts:1-147"],
    tests: OBJ_TESTS,
    tsconfig: "tsconfig.mutation.readers.json",
    ignoreStatic: true,
  },
  {
    name: "obj-lines-faces",
    title: "The OBJ line reader: faces, corners, l lines",
    mutate: ["src/obj/objLine.ts:148-284"],
    tests: OBJ_TESTS,
    tsconfig: "tsconfig.mutation.readers.json",
    ignoreStatic: true,
  },
  {
    name: "obj-scan",
    title: "The OBJ number scanner and its scratch buffers",
    mutate: ["src/obj/objScan.ts", "src/obj/objScratch.ts"],
    tests: OBJ_TESTS,
    tsconfig: "tsconfig.mutation.readers.json",
    ignoreStatic: true,
  },
  {
    name: "obj-text",
    title:
      "The OBJ/MTL reader: parts, batches, levels, MTL texture statements (not the worker plumbing, which runs in other threads)",
    mutate: [
      "src/obj/*.ts",
      "!src/obj/objLine.ts",
      "!src/obj/objScan.ts",
      "!src/obj/objScratch.ts",
      "!src/obj/objParsePool.ts",
      "!src/obj/objWorker*.ts",
    ],
    tests: OBJ_TESTS,
    tsconfig: "tsconfig.mutation.readers.json",
    ignoreStatic: true,
  },
  {
    name: "service-words",
    title: "Service: text commands and the relay (its destination guard, tokens, links)",
    mutate: ["src/service/textCommand/*.ts", "src/service/relay/*.ts"],
    tests: [
      ...service(["textCommand", "textCommandBounds", "textCommandHabitats", "proxyTextCommand", "numberWords"]),
      ...service(["parseTextCommandRules", "numberWordsRules"]),
      ...service(["relay/assetRelay", "relay/relayLinks", "relay/relayToken", "relay/relayMemory"]),
      ...service(["security/relayCacheKey", "security/relayDestination", "security/relayRebinding"]),
      ...service(["security/relayRewriteMemo", "serviceFailures"]),
      ...service(["textCommandRouteRules", "textCommandWordsRules"]),
      ...service(["security/relayDestinationRules", "relay/relayFetchAnswers", "relay/relayAssetsOptions"]),
      ...service(["relay/assetKindRules", "relay/relayIdBounds", "relay/relayLinkShapes", "relay/relayServe"]),
    ],
    tsconfig: "tsconfig.mutation.service.json",
  },
  {
    name: "service-core",
    title: "Service: signing, asset route, lookups, the upstream proxy, rate limits, API keys",
    mutate: [
      "src/service/signing.ts",
      "src/service/assetRoute.ts",
      "src/service/lookupService.ts",
      "src/service/upstreamProxy.ts",
      "src/service/rateLimiter.ts",
      "src/service/apiKeys.ts",
    ],
    tests: [
      ...service(["signing", "apiKeys", "rateLimiter", "assetRoute", "assetRevalidation", "authThrottle"]),
      ...service(["lookupService", "headers", "paging", "lookupDialect", "serviceFailures", "linkBuckets"]),
      ...service(["linkOrigin", "proxy", "upstreamProxy", "redisProxyCache", "proxyLimits"]),
      ...service(["upstreamProxyCache", "relay/relayLinks", "relay/relayToken"]),
      ...service(["upstreamProxyRules", "lookupServiceRules", "assetRouteRules"]),
      "test/reliability/faultMode.test.ts",
    ],
    tsconfig: "tsconfig.mutation.service.json",
  },
  {
    name: "client",
    title: "Client: requests, retries, record cache, asset fetching, signed links, redaction",
    mutate: [
      "src/api/client.ts",
      "src/api/request.ts",
      "src/api/retry.ts",
      "src/api/recordCache.ts",
      "src/api/fetchModelAssets.ts",
      "src/api/assetFetcher.ts",
      "src/core/redact.ts",
      "src/records/signedUrl.ts",
    ],
    tests: ["test/api", "test/records/signedUrl.test.ts", "test/core/redact.test.ts"],
    tsconfig: "tsconfig.mutation.api.json",
  },
  {
    name: "runtime-shared",
    title: "Runtime: what part-built and rigged crowds share (level switching, bounds, drawing meshes, the registry)",
    mutate: ["src/babylon/runtime/crowd/shared/*.ts"],
    // Only the shared parts' own tests (NullEngine, half a second): the crowds' tests reach these
    // files too, but each loads scenes from the reference service, minutes for every mutant.
    tests: ["test/babylon/runtime/crowd/shared"],
    tsconfig: "tsconfig.mutation.json",
  },
  {
    name: "runtime-parts-levels",
    title: "Runtime: a part-built crowd's levels of detail and joined skins",
    mutate: ["src/babylon/runtime/crowd/parts/crowdLevel.ts", "src/babylon/runtime/crowd/parts/partSkin.ts"],
    // The part-built crowd's own tests only: mixedCrowdLod.test.ts reaches these files too but
    // runs 11 s a mutant under instrumentation (it loads a mixed crowd from the reference service).
    // Split from runtime-parts-renderer (751 mutants together, about 75 minutes) so that each run is
    // kept on its own (a stopped Stryker run keeps nothing).
    tests: ["test/babylon/runtime/crowd/parts"],
    tsconfig: "tsconfig.mutation.json",
  },
  {
    name: "runtime-parts-renderer",
    title: "Runtime: a part-built crowd's renderer and its looks plugin",
    mutate: ["src/babylon/runtime/crowd/parts/crowdRenderer.ts", "src/babylon/runtime/crowd/parts/lookPlugin.ts"],
    tests: ["test/babylon/runtime/crowd/parts"],
    tsconfig: "tsconfig.mutation.json",
  },
  {
    name: "runtime-rigged-crowd",
    title: "Runtime: crowds of rigged creatures (the crowd, its baked clips, the blend plugin)",
    mutate: [
      "src/babylon/runtime/crowd/rigged/riggedCrowd.ts",
      "src/babylon/runtime/crowd/rigged/riggedBake*.ts",
      "src/babylon/runtime/crowd/rigged/clipBlendPlugin.ts",
    ],
    // The rigged crowd's own rules tests (NullEngine, a hand-made toy rig and bake, about 2 s a
    // file), as runtime-rigged-levels: not riggedBake*.test.ts, riggedCrossFade.test.ts nor
    // riggedCrowd.test.ts, which load the catalog's rigged models over HTTP (about 30 s a mutant
    // instrumented: a first run of the batch's 585 was stopped at 172 after an hour); those stay in
    // `npm test`. Split from runtime-rigged-levels so that each run is kept on its own.
    tests: [
      "test/babylon/runtime/crowd/rigged/clipBlendRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedBakePlanRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedBakeRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedCrowdRules.test.ts",
    ],
    tsconfig: "tsconfig.mutation.json",
  },
  {
    name: "runtime-rigged-levels",
    title: "Runtime: a rigged crowd's levels of detail (their meshes, data and skins)",
    mutate: ["src/babylon/runtime/crowd/rigged/riggedLevel*.ts"],
    // The levels' own rules tests (NullEngine, hand-made meshes, about 2 s a file) and the two
    // small ones: not riggedLevel.test.ts nor riggedLevelSkinning*.test.ts, which load and pose the
    // catalog's rigged models (about 19 s a mutant instrumented: 3 hours for the batch's 402).
    tests: [
      "test/babylon/runtime/crowd/rigged/riggedLevelRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedLevelDataRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedLevelSkinRules.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedLevelData.test.ts",
      "test/babylon/runtime/crowd/rigged/riggedLevelSubMeshes.test.ts",
    ],
    tsconfig: "tsconfig.mutation.json",
  },
  {
    name: "runtime-spawn",
    title: "Runtime: the spawner and the loader's template",
    mutate: ["src/babylon/runtime/spawner.ts", "src/babylon/runtime/load/buildTemplate.ts"],
    // The template's own tests and the spawn's (NullEngine, hand-made models): not the crowds',
    // which build templates too but load scenes for seconds a mutant.
    tests: ["test/babylon/runtime/load/buildTemplate.test.ts", "test/babylon/spawnCreature.test.ts"],
    tsconfig: "tsconfig.mutation.json",
  },
];

/** A glob of the mutation config (only `**\/`, any folders, and `*`, any name part within a folder) as a RegExp. */
export function globRegExp(glob: string): RegExp {
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const folders = glob.split("**/").map((part) => part.split("*").map(literal).join("[^/]*"));
  return new RegExp(`^${folders.join("(?:.*/)?")}$`);
}

/** A pattern's lines, when it names a range (`src/a.ts:1-140`, Stryker's syntax); else undefined. */
export function patternLines(pattern: string): { file: string; from: number; to: number } | undefined {
  const m = /^(.*?):(\d+)(?::\d+)?-(\d+)(?::\d+)?$/.exec(pattern);
  return m ? { file: m[1]!, from: Number(m[2]), to: Number(m[3]) } : undefined;
}

const withoutLines = (pattern: string) => patternLines(pattern)?.file ?? pattern;

/** The files of `files` that `patterns` select: any positive pattern, and no `!` pattern. */
export function selectFiles(patterns: readonly string[], files: readonly string[]): string[] {
  const kept = patterns.filter((p) => !p.startsWith("!")).map((p) => globRegExp(withoutLines(p)));
  const dropped = patterns.filter((p) => p.startsWith("!")).map((p) => globRegExp(p.slice(1)));
  return files.filter((file) => kept.some((r) => r.test(file)) && !dropped.some((r) => r.test(file)));
}
