/**
 * 2. Draw calls, frame time and the longest main-thread task while loading, in headless Chromium
 * (SwiftShader software GL): `count` animated forest walkers made by the competent way A,
 * Menagerie and the obvious way, one fresh engine and
 * scene each on one page (test/browser/pages/bench-scene.ts does the measuring), against the reference service.
 */
import type { Browser } from "playwright-core";
import { startLookupServer } from "../src/service/lookupServer.js";
import { launchChromium, pageResult, watchPage } from "../test/helpers/browser.js";
import { startPageServer } from "../test/helpers/vitePages.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples, summarize } from "./stats.js";

export interface BrowserBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

interface PageResult {
  loadMs: number;
  longestTaskMs: number;
  frameMs: number[];
  drawCalls: number;
  meshes: number;
  materials: number;
  textures: number;
}

const MENAGERIE = "Menagerie (instanced)";
const BASELINE = "obvious way (ImportMeshAsync + clone)";
const COMPETENT = "A: container of the whole OBJ, instances";

/** Frames per run: SwiftShader draws 1 000 un-instanced creatures at about a frame a second. */
function framesFor(count: number): number {
  return count >= 1000 ? 2 : count >= 200 ? 4 : 8;
}

/** The bench page, loaded once; each measurement builds and disposes its own engine and scene. */
async function openBenchPage(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
  const watch = watchPage(page);
  try {
    await page.goto(url);
    await pageResult<string>(page, 180_000); // "ready": Babylon is loaded (Vite may pre-bundle it first)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${watch.errors.join("\n")}`);
  }
  return {
    measure: async (params: Record<string, string | number>): Promise<PageResult> => {
      try {
        return await page.evaluate(
          (p) => (window as unknown as { __bench(p: unknown): Promise<PageResult> }).__bench(p),
          params,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${watch.errors.join("\n")}`);
      }
    },
    close: () => page.close(),
  };
}

export async function benchBrowser(options: BrowserBenchOptions): Promise<Section> {
  const rows: Row[] = [];
  // Everything started is closed in `finally`, also when a later start fails.
  let service: Awaited<ReturnType<typeof startLookupServer>> | undefined;
  let pages: Awaited<ReturnType<typeof startPageServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Awaited<ReturnType<typeof openBenchPage>> | undefined;
  try {
    service = await startLookupServer({
      catalogDir: options.catalogDir,
      port: 0,
      rateLimit: false,
      assetRateLimit: false,
    });
    pages = await startPageServer();
    browser = await launchChromium();
    page = await openBenchPage(browser, `${pages.url}/bench-scene.html`);
    for (const count of options.sizes) {
      const frames = framesFor(count);
      const figures: Record<string, ReturnType<Samples["summary"]>> = {};
      for (const mode of ["competentA", "menagerie", "baseline"] as const) {
        const result = await page.measure({
          service: service.url,
          key: "dev-key",
          mode,
          count,
          frames,
          runs: options.runs,
          warmup: 2,
        });
        const once = new Samples();
        once.add({
          drawCalls: result.drawCalls,
          meshes: result.meshes,
          materials: result.materials,
          loadMs: result.loadMs,
          longestTaskMs: result.longestTaskMs,
        });
        figures[mode] = { frameMs: summarize(result.frameMs), ...once.summary() };
        options.log(
          `browser ${count} ${mode}: ${result.drawCalls} draw calls, median frame ${figures[mode].frameMs!.median.toFixed(1)} ms, loaded in ${result.loadMs.toFixed(0)} ms`,
        );
      }
      const scenario = `${count} animated (${frames} frames/run)`;
      rows.push(
        row(scenario, COMPETENT, figures.competentA!),
        row(scenario, MENAGERIE, figures.menagerie!, COMPETENT),
        row(scenario, BASELINE, figures.baseline!, COMPETENT),
      );
    }
  } finally {
    await page?.close();
    await browser?.close();
    await pages?.close();
    await service?.close();
  }
  return {
    id: "browser",
    title: "2. Draw calls and frame time (headless Chromium, SwiftShader)",
    notes: [
      `Forest walkers bear, deer, fox, squirrel, wolf in turn on a 1.5 m grid, 640×480 canvas, whole grid in view. ${options.runs} runs per page after 2 warm-up frames; a run's figure is the mean frame time over its frames.`,
      "Frame = animation step + `scene.render()` + `gl.finish()`, timed with performance.now(). Menagerie: `spawnCreature` per creature, `wander()`, `menagerie.stepMotion(1/60)` each frame. Obvious way: one `ImportMeshAsync` load per part for the first creature of each species, then `mesh.clone()` with a copied material per part for every other creature (the scene a load per creature gives, without paying 1 000 loads); animated by hand (roots circle, leg meshes swing).",
      "A: one search, one container of the whole-model OBJ per species (parts parented and pivoted by hand), `instantiateModelsToScene` per creature; every frame the upper legs swing on a sine and the roots walk circles.",
      "Draw calls from SceneInstrumentation after the last frame (ground included). Load = page-side time to build the scene, informational only (the obvious way's is not a per-creature load).",
      "Longest task = the longest main-thread task (PerformanceObserver `longtask`, wall clock, 0 when none passed 50 ms) that began while the creatures were being loaded and made, before `scene.whenReadyAsync()` (shader compilation is the first frame's). Nothing renders meanwhile on this page, so it is the loading's own work; on a shared machine it includes time the thread was preempted.",
    ],
    columns: [
      { key: "drawCalls", label: "draw calls", digits: 0, better: "lower" },
      { key: "frameMs", label: "frame ms", digits: 1, better: "lower" },
      { key: "meshes", label: "meshes", digits: 0, better: "lower" },
      { key: "materials", label: "materials", digits: 0, better: "lower" },
      { key: "loadMs", label: "load ms", digits: 0, better: "lower" },
      { key: "longestTaskMs", label: "longest task while loading ms", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
