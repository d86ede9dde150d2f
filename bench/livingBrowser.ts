/**
 * 7c. A living world at scale in headless Chromium (SwiftShader software GL): the grassland of
 * `populate({ habitat: "grass", ecology: true })` (seed 3: part-built and rigged species; groups of
 * a kind keep together, predators hunt, prey flee) at 1 000 and at 10 000 creatures, every
 * creature casting into a 1 024² shadow map, levels of detail on (the default). Main-thread
 * milliseconds per frame split into motion (`stepMotion`) and render (`scene.render()`), the
 * frame with `gl.finish()` (SwiftShader rasterising in the GPU process) apart; draw calls and
 * active indices. Both scenes live in one page (test/browser/pages/bench-rigged.ts, an engine
 * each) and their runs alternate, the order turning each run. Few frames: a 10 000 frame takes
 * seconds in software GL on a busy machine.
 */
import { startLookupServer } from "../src/service/lookupServer.js";
import type { RiggedBuildParams, RiggedBuilt, RiggedMeasure } from "../test/browser/pages/bench-rigged.js";
import { launchChromium, pageResult, watchPage } from "../test/helpers/browser.js";
import { startPageServer } from "../test/helpers/vitePages.js";
import { type Row, row, type Section } from "./report.js";
import { callRiggedPage } from "./riggedBrowser.js";
import { Samples } from "./stats.js";

export interface LivingBrowserBenchOptions {
  catalogDir: string;
  /** Creature counts, one scene each (the smallest is the others' baseline). */
  counts: number[];
  runs: number;
  log: (line: string) => void;
}

const SUBJECT = "Menagerie, ecology on, meshLod (default), shadows";
const FRAMES = 2;
const WARMUP = 2;

export async function benchLivingBrowser(options: LivingBrowserBenchOptions): Promise<Section> {
  const { counts, runs, log } = options;
  const samples = counts.map(() => new Samples());
  const built: number[] = [];
  let service: Awaited<ReturnType<typeof startLookupServer>> | undefined;
  let pages: Awaited<ReturnType<typeof startPageServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
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
    await pageResult<string>(page, 180_000);
    const ids: number[] = [];
    for (const count of counts) {
      const params: RiggedBuildParams = {
        service: service.url,
        key: "dev-key",
        mode: "menagerieLiving",
        count,
        species: [],
        shadows: true,
      };
      const made = await callRiggedPage<RiggedBuilt>(page, errors, "build", params);
      log(`livingBrowser ${count}: ${made.creatures} creatures in ${made.loadMs.toFixed(0)} ms`);
      await callRiggedPage(page, errors, "measure", made.id, WARMUP);
      ids.push(made.id);
      built.push(made.creatures);
    }
    for (let run = 0; run < runs; run++) {
      for (const i of counts.map((_, k) => (k + run) % counts.length)) {
        const figures = await callRiggedPage<RiggedMeasure>(page, errors, "measure", ids[i]!, FRAMES);
        samples[i]!.add({ ...figures });
      }
      log(`livingBrowser run ${run + 1}/${runs} done`);
    }
    for (const id of ids) await callRiggedPage(page, errors, "dispose", id);
    await page.close();
  } finally {
    await browser?.close();
    await pages?.close();
    await service?.close();
  }
  const summaries = samples.map((s) => s.summary());
  const label = (i: number) => `${built[i]} creatures of the living grassland (seed 3), shadows`;
  const rows: Row[] = counts.map((_, i) => row(label(i), SUBJECT, summaries[i]!));
  return {
    id: "livingBrowser",
    title:
      "7c. A living world of 1 000 and 10 000 creatures in headless Chromium (SwiftShader): motion and render per frame",
    notes: [
      `\`populate({ habitat: "grass", count, seed: 3, scenery: 0, ecology: true })\` over a square of 3 m per creature, all in view (640×480), a hemispheric light, the ground, and a directional light whose 1 024² shadow map every creature casts into. ${runs} measured runs of ${FRAMES} frames per scene after ${WARMUP} warm-up frames, alternating (the order turns each run).`,
      "motion ms = `menagerie.stepMotion(1/60)`, render ms = `scene.render()` (main thread, commands queued), CPU ms = both; frame ms adds `gl.finish()`, the wait for SwiftShader in the GPU process. Draw calls (SceneInstrumentation), active indices and meshes of a run's last frame, ground included.",
    ],
    columns: [
      { key: "cpuMs", label: "CPU ms", digits: 1, better: "lower" },
      { key: "motionMs", label: "motion ms", digits: 1, better: "lower" },
      { key: "renderMs", label: "render ms", digits: 1, better: "lower" },
      { key: "frameMs", label: "frame ms (with gl.finish)", digits: 0, better: "lower" },
      { key: "drawCalls", label: "draw calls", digits: 0, better: "lower" },
      { key: "activeIndices", label: "active indices", digits: 0, better: "lower" },
      { key: "activeMeshes", label: "active meshes", digits: 0, better: "lower" },
    ],
    rows,
  };
}
