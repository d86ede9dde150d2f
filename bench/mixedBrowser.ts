/**
 * 7b. Mixed crowds in headless Chromium (SwiftShader software GL): the demo's grassland (`populate`
 * of `habitat: "grass"`, seed 3: part-built and rigged species together) at 150 creatures (19
 * species) and at 1 000, every creature casting into a 1 024² shadow map, with the default
 * `meshLod` and, at 1 000, with `meshLod: false` beside it. Draw calls, CPU per frame and active
 * indices (issue #41). The scenes live in one page (test/browser/pages/bench-rigged.ts, an engine
 * each) and their runs alternate, the order turning each run. On a busy machine runs of a few
 * frames each land on different loads: levels on and off at the largest count are also timed
 * with their frames interleaved, each run giving a ratio of the two.
 */
import { startLookupServer } from "../src/service/lookupServer.js";
import type { RiggedBuildParams, RiggedBuilt, RiggedMeasure } from "../test/browser/pages/bench-rigged.js";
import { launchChromium, pageResult, watchPage } from "../test/helpers/browser.js";
import { startPageServer } from "../test/helpers/vitePages.js";
import { type Row, row, type Section } from "./report.js";
import { callRiggedPage } from "./riggedBrowser.js";
import { Samples, summarize } from "./stats.js";

export interface MixedBrowserBenchOptions {
  catalogDir: string;
  /** Creature counts, each a scene with levels (and the largest one without beside it). */
  counts: number[];
  runs: number;
  log: (line: string) => void;
}

const WITH = "Menagerie, meshLod (default), shadows";
const WITHOUT = "Menagerie, meshLod: false, shadows";
const FRAMES = 4;
const WARMUP = 3;
/** Frames of each scene in a run of levels on and off interleaved. */
const PAIR_FRAMES = 10;

export async function benchMixedBrowser(options: MixedBrowserBenchOptions): Promise<Section> {
  const { counts, runs, log } = options;
  const largest = Math.max(...counts);
  const scenes = [...counts.map((count) => ({ count, meshLod: true })), { count: largest, meshLod: false }];
  const samples = scenes.map(() => new Samples());
  const paired = [new Samples(), new Samples()];
  const renderRatios: number[] = [];
  const fastestRatios: number[] = [];
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
    for (const { count, meshLod } of scenes) {
      const params: RiggedBuildParams = {
        service: service.url,
        key: "dev-key",
        mode: "menagerieMixed",
        count,
        species: [],
        shadows: true,
        meshLod,
      };
      const made = await callRiggedPage<RiggedBuilt>(page, errors, "build", params);
      log(
        `mixedBrowser ${count}${meshLod ? "" : " meshLod: false"}: ${made.creatures} creatures in ${made.loadMs.toFixed(0)} ms`,
      );
      await callRiggedPage(page, errors, "measure", made.id, WARMUP);
      ids.push(made.id);
      built.push(made.creatures);
    }
    for (let run = 0; run < runs; run++) {
      for (const i of scenes.map((_, k) => (k + run) % scenes.length)) {
        const figures = await callRiggedPage<RiggedMeasure>(page, errors, "measure", ids[i]!, FRAMES);
        samples[i]!.add({ ...figures });
      }
      // The last two scenes: the largest count with levels and without.
      const [on, off] = await callRiggedPage<[RiggedMeasure, RiggedMeasure]>(
        page,
        errors,
        "measurePair",
        ids[scenes.length - 2]!,
        ids[scenes.length - 1]!,
        PAIR_FRAMES,
      );
      paired[0]!.add({ ...on });
      paired[1]!.add({ ...off });
      renderRatios.push(on.renderMs / off.renderMs);
      fastestRatios.push(on.renderMinMs / off.renderMinMs);
      log(`mixedBrowser run ${run + 1}/${runs} done`);
    }
    for (const id of ids) await callRiggedPage(page, errors, "dispose", id);
    await page.close();
  } finally {
    await browser?.close();
    await pages?.close();
    await service?.close();
  }
  const summaries = samples.map((s) => s.summary());
  const label = (i: number) => `${built[i]} creatures of the grassland (seed 3), shadows`;
  const rows: Row[] = scenes.map((scene, i) => row(label(i), scene.meshLod ? WITH : WITHOUT, summaries[i]!));
  const pairLabel = `${built[scenes.length - 1]} creatures of the grassland, levels on and off, frames interleaved`;
  rows.push(row(pairLabel, WITH, paired[0]!.summary(), WITHOUT), row(pairLabel, WITHOUT, paired[1]!.summary()));
  const ratio = (values: number[]) => {
    const r = summarize(values);
    return `median ×${r.median.toFixed(2)}, quartiles ×${r.p25.toFixed(2)}–×${r.p75.toFixed(2)}, range ×${r.min.toFixed(2)}–×${r.max.toFixed(2)}`;
  };
  return {
    id: "mixedBrowser",
    title: "7b. Mixed crowds in headless Chromium (SwiftShader): draw calls, CPU per frame, active indices",
    notes: [
      `\`populate({ habitat: "grass", count, seed: 3, scenery: 0 })\` over a square of 3 m per creature, all in view (640×480), a hemispheric light, the ground, and a directional light whose 1 024² shadow map every creature casts into (\`menagerie.addShadowCaster\`). ${runs} measured runs of ${FRAMES} frames per scene after ${WARMUP} warm-up frames, alternating (the order turns each run).`,
      "CPU ms = motion ms (`menagerie.stepMotion(1/60)`) + render ms (`scene.render()`) per frame, before `gl.finish()`; draw calls (SceneInstrumentation), active indices and shadow casters of a run's last frame, ground included.",
      `Frames interleaved: per run ${PAIR_FRAMES} frames of each of the largest scene with levels and without, alternating frame by frame (both see the same load); render ms with levels ÷ without, per run (${runs} runs): mean of the frames ${ratio(renderRatios)}; fastest frame ("fastest render ms", the frames the scheduler left alone) ${ratio(fastestRatios)}.`,
      "Goal (issue #41): the demo's 150 creatures of 19 species with shadows in ≤ 100 draw calls; 1 000 mixed in ≤ 150; with levels no more CPU than without.",
    ],
    columns: [
      { key: "cpuMs", label: "CPU ms", digits: 1, better: "lower" },
      { key: "motionMs", label: "motion ms", digits: 1, better: "lower" },
      { key: "renderMs", label: "render ms", digits: 1, better: "lower" },
      { key: "renderMinMs", label: "fastest render ms", digits: 2, better: "lower" },
      { key: "frameMs", label: "frame ms (with gl.finish)", digits: 1, better: "lower" },
      { key: "drawCalls", label: "draw calls", digits: 0, better: "lower" },
      { key: "activeIndices", label: "active indices", digits: 0, better: "lower" },
      { key: "activeMeshes", label: "active meshes", digits: 0, better: "lower" },
      { key: "shadowCasters", label: "shadow casters", digits: 0, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
    ],
    rows,
  };
}
