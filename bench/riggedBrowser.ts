/**
 * 7. Rigged crowds in headless Chromium (SwiftShader software GL): `count` rigged creatures of
 * three catalog species made by the competent way R and by Menagerie, and `count` part-built
 * forest walkers by Menagerie (the reference issue #27's goal is set against). The three scenes
 * live together in one page (test/browser/pages/bench-rigged.ts, an engine and canvas each) and
 * their measured runs alternate, the order turning each run, so the machine's load hits them
 * alike: the ratios are the figures that count.
 */
import type { Page } from "playwright-core";
import { startLookupServer } from "../src/service/lookupServer.js";
import type {
  RiggedBenchMode,
  RiggedBuildParams,
  RiggedBuilt,
  RiggedMeasure,
} from "../test/browser/pages/bench-rigged.js";
import { launchChromium, pageResult, watchPage } from "../test/helpers/browser.js";
import { startPageServer } from "../test/helpers/vitePages.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface RiggedBrowserBenchOptions {
  catalogDir: string;
  count: number;
  runs: number;
  log: (line: string) => void;
}

const RIGGED = ["zebra", "dog", "hippo"];
const PART_BUILT = ["bear", "deer", "fox", "squirrel", "wolf"];
const COMPETENT = "competent R: a container of the walk GLB per species, instantiateModelsToScene per creature";
const MENAGERIE = "Menagerie, rigged (crowd-drawn)";
const PART = "Menagerie, part-built forest walkers";
/** Frames per measured run and warm-up frames per scene. */
const FRAMES = 4;
const WARMUP = 3;

/** Calls the bench-rigged page's `__rigged[fn]`; a failure carries the page's errors. */
export async function callRiggedPage<T>(page: Page, errors: string[], fn: string, ...args: unknown[]): Promise<T> {
  try {
    return await page.evaluate(
      ({ fn, args }) =>
        (window as unknown as { __rigged: Record<string, (...a: unknown[]) => unknown> }).__rigged[fn]!(...args) as T,
      { fn, args },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${errors.join("\n")}`);
  }
}

export async function benchRiggedBrowser(options: RiggedBrowserBenchOptions): Promise<Section> {
  const { count, runs, log } = options;
  let service: Awaited<ReturnType<typeof startLookupServer>> | undefined;
  let pages: Awaited<ReturnType<typeof startPageServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  // The last two: the same rigged scenes with a shadow generator every creature casts into.
  const scenes: { mode: RiggedBenchMode; shadows: boolean }[] = [
    { mode: "competentR", shadows: false },
    { mode: "menagerieRigged", shadows: false },
    { mode: "menageriePart", shadows: false },
    { mode: "competentR", shadows: true },
    { mode: "menagerieRigged", shadows: true },
  ];
  const modes = scenes.map((scene) => scene.mode);
  const samples = modes.map(() => new Samples());
  try {
    service = await startLookupServer({
      catalogDir: options.catalogDir,
      port: 0,
      rateLimit: false,
      assetRateLimit: false,
    });
    pages = await startPageServer();
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    const { errors } = watchPage(page);
    await page.goto(`${pages.url}/bench-rigged.html`);
    await pageResult<string>(page, 180_000); // "ready": Babylon is loaded (Vite may pre-bundle it first)
    const ids: number[] = [];
    for (const { mode, shadows } of scenes) {
      const params: RiggedBuildParams = {
        shadows,
        service: service.url,
        key: "dev-key",
        mode,
        count,
        species: mode === "menageriePart" ? PART_BUILT : RIGGED,
      };
      const built = await callRiggedPage<RiggedBuilt>(page, errors, "build", params);
      log(
        `riggedBrowser ${mode}${shadows ? " with shadows" : ""}: ${built.creatures} creatures built in ${built.loadMs.toFixed(0)} ms`,
      );
      await callRiggedPage(page, errors, "measure", built.id, WARMUP);
      ids.push(built.id);
    }
    for (let run = 0; run < runs; run++) {
      // Alternate, and change which goes first, so none always follows another's garbage.
      const cpu: number[] = [];
      for (const i of modes.map((_, k) => (k + run) % modes.length)) {
        const figures = await callRiggedPage<RiggedMeasure>(page, errors, "measure", ids[i]!, FRAMES);
        samples[i]!.add({ ...figures });
        cpu[i] = figures.cpuMs;
      }
      // The same run's figures side by side: on a loaded machine the ratio of one run's
      // neighbours is steadier than the ratio of medians taken over different moments.
      samples[1]!.add({ cpuPerR: cpu[1]! / cpu[0]!, cpuPerPart: cpu[1]! / cpu[2]! });
      samples[4]!.add({ cpuPerR: cpu[4]! / cpu[3]! });
      log(`riggedBrowser run ${run + 1}/${runs} done`);
    }
    for (const id of ids) await callRiggedPage(page, errors, "dispose", id);
    await page.close();
  } finally {
    await browser?.close();
    await pages?.close();
    await service?.close();
  }
  const [competent, menagerie, part, competentShadows, menagerieShadows] = samples.map((s) => s.summary());
  const rigged = `${count} rigged: ${RIGGED.join(", ")} (${FRAMES} frames/run)`;
  const goal = `${count}: Menagerie rigged ÷ part-built (issue #27's goal)`;
  const shadowed = `${count} rigged with shadows (a 1 024² map every creature casts into)`;
  return {
    id: "riggedBrowser",
    title: "7. Rigged crowds in headless Chromium (SwiftShader): CPU per frame, draw calls, active indices",
    notes: [
      `${count} creatures per scene, 3 m apart on a square grid, all in view (640×480 canvas, the camera above the grid), a hemispheric light, the ground; the last two scenes add a directional light whose shadow generator every creature casts into and the ground receives. Five scenes in one page, an engine each; ${runs} measured runs of ${FRAMES} frames per scene after ${WARMUP} warm-up frames, alternating (the order turns each run).`,
      "CPU ÷ R and CPU ÷ part-built, same run: per run, Menagerie rigged's CPU ms over the other scene's in that run (measured seconds apart), median and range over the runs; the (×) ratios are of medians taken over all runs.",
      "CPU ms = animation step + `scene.render()` per frame (performance.now(), before `gl.finish()`); frame ms = the same and `gl.finish()` (SwiftShader's rasterisation). Draw calls from SceneInstrumentation, active indices from `scene.getActiveIndices()` (index count × instances of every drawn submesh), both of a run's last frame, ground included.",
      "Competent R = per species one lookup and one container of the walk GLB, `instantiateModelsToScene(..., { doNotInstantiate: true })` per creature (its own nodes, skeleton and walk group, looped), roots walking circles by hand. Menagerie = `spawnCreature` per creature (default options: animation level of detail on), `wander()`, `menagerie.stepMotion(1/60)` per frame.",
      `Goal (issue #27): Menagerie's rigged CPU per frame ≤ ×1.5 of its ${count} part-built creatures', and ≤ 10 draw calls per model (+ shadows).`,
    ],
    columns: [
      { key: "cpuMs", label: "CPU ms", digits: 1, better: "lower" },
      { key: "frameMs", label: "frame ms (with gl.finish)", digits: 1, better: "lower" },
      { key: "cpuPerR", label: "CPU ÷ R, same run", digits: 3, better: "lower" },
      { key: "cpuPerPart", label: "CPU ÷ part-built, same run", digits: 2, better: "lower" },
      { key: "drawCalls", label: "draw calls", digits: 0, better: "lower" },
      { key: "activeIndices", label: "active indices", digits: 0, better: "lower" },
      { key: "skeletons", label: "skeletons", digits: 0, better: "lower" },
      { key: "animationGroups", label: "animation groups", digits: 0, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
      { key: "shadowCasters", label: "shadow casters", digits: 0, better: "lower" },
    ],
    rows: withRatios([
      row(rigged, COMPETENT, competent!),
      row(rigged, MENAGERIE, menagerie!, COMPETENT),
      row(goal, PART, part!),
      row(goal, MENAGERIE, menagerie!, PART),
      row(shadowed, COMPETENT, competentShadows!),
      row(shadowed, MENAGERIE, menagerieShadows!, COMPETENT),
    ] satisfies Row[]),
  };
}
