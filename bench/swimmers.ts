/**
 * 4c. Motion of swimmers: what one `menagerie.stepMotion(1/60)` costs for N swimmers living in
 * a lagoon, each keeping to its band of the water column (a bowl floor 6 m deep under a
 * surface at y = 0: the floor asked per swimmer per step, shallows steered from), shoals
 * keeping together, sharks hunting with ecology on; beside it, the same swimmers in a pool with
 * no ground function (a flat floor at y = 0 under no surface level: the column's work left out)
 * as the baseline.
 *
 * Seeded, NullEngine, the reference catalog through the counting server, fixed steps; the
 * lagoon's radius grows with √N so its density stays that of 500 in 40 m.
 */

import { Menagerie } from "../src/babylon/menagerie.js";
import type { HeightFunction } from "../src/motion/types.js";
import { createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { timeSteps } from "./lagoon.js";
import { installNodeXhr } from "./nodeXhr.js";
import { row, type Section } from "./report.js";
import { Samples, summarize } from "./stats.js";

export interface SwimmersBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const LAGOON = "Menagerie, lagoon (bowl floor, bands, shallows)";
const POOL = "Menagerie, pool (no ground: the column's work left out)";
const MIX = { clownfish: 8, dolphin: 1, shark: 1 };
/** Game seconds lived before measuring: shoals formed, hunts under way. */
const WARMUP_SECONDS = 3;
/** Frames per measured run: two game seconds at 60 frames a second. */
const FRAMES = 120;

interface World {
  menagerie: Menagerie;
  swimmers: number;
  dispose(): Promise<void>;
}

async function swimmersWorld(catalogDir: string, swimmers: number, bowl: boolean): Promise<World> {
  const server = await startCountingServer(catalogDir);
  const bench = createBenchScene();
  const radius = 20 * Math.sqrt(swimmers / 500);
  const ground: HeightFunction | undefined = bowl
    ? (x, z) => {
        const r = Math.hypot(x, z) / radius;
        return r < 1 ? -6 * (1 - r * r) : (r - 1) * radius * 0.2;
      }
    : undefined;
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", autoStep: false, seed: 42 });
  const close = () => {
    menagerie.dispose();
    bench.dispose();
    return server.close();
  };
  try {
    for (const name of Object.keys(MIX)) await menagerie.preload(name);
    const water = { center: { x: 0, z: 0 }, radius };
    await menagerie.populate({
      habitat: "sea",
      area: water,
      water,
      ...(ground ? { ground, waterLevel: 0 } : {}),
      count: swimmers,
      mix: MIX,
      filter: (record) => record.behaviour === "swim",
      ecology: true,
      groups: true,
      seed: 42,
    });
    menagerie.scene.onBeforeRenderObservable.clear(); // stepped by hand, nothing else steps
    return { menagerie, swimmers: menagerie.creatures.length, dispose: close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function benchSwimmers(options: SwimmersBenchOptions): Promise<Section> {
  installNodeXhr();
  const worlds: { scenario: string; subject: string; world: World; samples: Samples }[] = [];
  try {
    for (const n of options.sizes)
      for (const bowl of [false, true]) {
        const world = await swimmersWorld(options.catalogDir, n, bowl);
        for (let s = 0; s < WARMUP_SECONDS; s++) timeSteps(world.menagerie, 60);
        worlds.push({ scenario: `${n} swimmers asked`, subject: bowl ? LAGOON : POOL, world, samples: new Samples() });
        options.log(`swimmers ${n} ${bowl ? "lagoon" : "pool"}: built and warmed up`);
      }
    // Runs alternate between the worlds, so a busy spell of the machine falls on each alike.
    for (let run = 0; run < options.runs; run++)
      for (const w of worlds) {
        const times = timeSteps(w.world.menagerie, FRAMES);
        w.samples.add({ stepMs: summarize(times).median, swimmers: w.world.swimmers });
      }
  } finally {
    for (const w of worlds) await w.world.dispose();
  }
  return {
    id: "swimmers",
    title: "4c. Motion of swimmers in a lagoon's water column: stepMotion (Node, NullEngine)",
    notes: [
      `N swimmers of the mix ${JSON.stringify(MIX)} populated with groups and ecology on in a water of radius 20·√(N/500) m. Lagoon: a bowl floor 6 m deep at the centre under a surface at y = 0, each swimmer in its band of the column and steered from shallows too low for it; pool (the baseline): the same without a ground function. Seed 42, fixed step 1/60 s, ${WARMUP_SECONDS} game seconds lived first.`,
      `Each run is ${FRAMES} frames of \`menagerie.stepMotion(1/60)\`; per run the median frame; cells are the median [min–max] of the runs.`,
    ],
    columns: [
      { key: "stepMs", label: "stepMotion ms (median)", digits: 2, better: "lower" },
      { key: "swimmers", label: "swimmers", digits: 0, better: "higher" },
    ],
    rows: worlds.map((w) => row(w.scenario, w.subject, w.samples.summary(), w.subject === LAGOON ? POOL : undefined)),
  };
}
