/**
 * 4c. Motion of swimmers: what one `menagerie.stepMotion(1/60)` costs for N swimmers living in
 * a lagoon, each keeping to its band of the water column (a bowl floor 6 m deep under a
 * surface at y = 0: the floor asked per swimmer per step, shallows steered from), shoals
 * keeping together, sharks hunting with ecology on; beside it, the same swimmers in a pool with
 * no ground function (a flat floor at y = 0 under no surface level: the column's work left out)
 * as the baseline; and the lagoon with 200 fliers over it, issue #44's scene at scale (goal: ≤ 2 ms
 * a step). `npx tsx bench/swimmersProfile.ts` profiles that last world.
 *
 * Seeded, NullEngine, the reference catalog through the counting server, fixed steps; the
 * lagoon's radius grows with √N so its density stays that of 500 in 40 m.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import type { HeightFunction } from "../src/motion/types.js";
import { createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { timeSteps } from "./lagoon.js";
import { installNodeXhr } from "./nodeXhr.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples, summarize } from "./stats.js";

export interface SwimmersBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const LAGOON = "Menagerie, lagoon (bowl floor, bands, shallows)";
const POOL = "Menagerie, pool (no ground: the column's work left out)";
const SKY = "Menagerie, lagoon with fliers over it";
const MIX = { clownfish: 8, dolphin: 1, shark: 1 };
/** The fliers over the lagoon in the scene (eagles do not hunt here). */
const FLIERS = ["seagull", "parrot", "sparrow", "eagle"];
/** Fliers over the lagoon in the last row: the scene of issue #44's "Scale" goal. */
const SKY_FLIERS = 200;
/** Game seconds lived before measuring: shoals formed, hunts under way. */
const WARMUP_SECONDS = 3;
/** Frames per measured run: two game seconds at 60 frames a second. */
const FRAMES = 120;

interface World {
  menagerie: Menagerie;
  swimmers: number;
  fliers: number;
  dispose(): Promise<void>;
}

/** The swimmers' world: `swimmers` in a lagoon (`bowl`) or a pool, and `fliers` over it. */
export async function swimmersWorld(catalogDir: string, swimmers: number, bowl: boolean, fliers = 0): Promise<World> {
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
    for (const name of [...Object.keys(MIX), ...(fliers > 0 ? FLIERS : [])]) await menagerie.preload(name);
    const water = { center: { x: 0, z: 0 }, radius };
    const sea = (count: number, mix: Record<string, number>, seed: number) =>
      menagerie.populate({
        habitat: "sea",
        area: water,
        water,
        ...(ground ? { ground, waterLevel: 0 } : {}),
        count,
        mix,
        filter: (record) => record.behaviour === "swim",
        ecology: true,
        groups: true,
        seed,
      });
    await sea(swimmers, MIX, 42);
    // The dolphins that find no room (too big for most of the bowl) are made up in clownfish.
    const missing = swimmers - menagerie.creatures.length;
    if (missing > 0) await sea(missing, { clownfish: 1 }, 43);
    const swam = menagerie.creatures.length;
    await addFliers(menagerie, fliers, radius, ground);
    menagerie.scene.onBeforeRenderObservable.clear(); // stepped by hand, nothing else steps
    return { menagerie, swimmers: swam, fliers: menagerie.creatures.length - swam, dispose: close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `count` fliers of FLIERS in turn, spread evenly over the water and its shore, wandering there. */
async function addFliers(menagerie: Menagerie, count: number, radius: number, ground: HeightFunction | undefined) {
  for (let i = 0; i < count; i++) {
    const angle = i * 2.399963; // the golden angle: an even spread
    const r = radius * 1.3 * Math.sqrt((i + 0.5) / count);
    const position = new Vector3(Math.cos(angle) * r, 0, Math.sin(angle) * r);
    const flier = await menagerie.spawnCreature(FLIERS[i % FLIERS.length]!, {
      position,
      ...(ground ? { ground } : {}),
    });
    flier.wander({ area: { center: { x: 0, z: 0 }, radius: radius * 1.6 } });
  }
}

/** The section's worlds for N swimmers: the pool (the baseline), the lagoon, the lagoon with fliers. */
const KINDS = [
  { subject: POOL, bowl: false, fliers: 0, baseline: undefined },
  { subject: LAGOON, bowl: true, fliers: 0, baseline: POOL },
  { subject: SKY, bowl: true, fliers: SKY_FLIERS, baseline: LAGOON },
] as const;

export async function benchSwimmers(options: SwimmersBenchOptions): Promise<Section> {
  installNodeXhr();
  const worlds: { scenario: string; subject: string; baseline?: string; world: World; samples: Samples }[] = [];
  try {
    for (const n of options.sizes)
      for (const { subject, bowl, fliers, baseline } of KINDS) {
        const world = await swimmersWorld(options.catalogDir, n, bowl, fliers);
        for (let s = 0; s < WARMUP_SECONDS; s++) timeSteps(world.menagerie, 60);
        const scenario = `${n} swimmers`;
        worlds.push({ scenario, subject, ...(baseline ? { baseline } : {}), world, samples: new Samples() });
        options.log(`swimmers ${n} ${subject}: built and warmed up`);
      }
    // Runs alternate between the worlds, so a busy spell of the machine falls on each alike.
    for (let run = 0; run < options.runs; run++)
      for (const w of worlds) {
        const cpu = process.cpuUsage();
        const times = timeSteps(w.world.menagerie, FRAMES);
        const { user, system } = process.cpuUsage(cpu);
        const { swimmers, fliers } = w.world;
        w.samples.add({ stepMs: summarize(times).median, cpuMs: (user + system) / 1000 / FRAMES, swimmers, fliers });
      }
  } finally {
    for (const w of worlds) await w.world.dispose();
  }
  return {
    id: "swimmers",
    title: "4c. Motion of swimmers in a lagoon's water column: stepMotion (Node, NullEngine)",
    notes: [
      `N swimmers of the mix ${JSON.stringify(MIX)} populated with groups and ecology on in a water of radius 20·√(N/500) m (the dolphins that find no room in the bowl made up by a second populate of clownfish). Lagoon: a bowl floor 6 m deep at the centre under a surface at y = 0, each swimmer in its band of the column and steered from shallows too low for it; pool (the baseline): the same without a ground function. With fliers: the lagoon and ${SKY_FLIERS} fliers (${FLIERS.join(", ")} in turn) wandering in their bands over the water and its shore, 1.6 × its radius; issue #44's goal for it: ≤ 2 ms a step. Seed 42, fixed step 1/60 s, ${WARMUP_SECONDS} game seconds lived first.`,
      `Each run is ${FRAMES} frames of \`menagerie.stepMotion(1/60)\`; per run the median frame, and the process's CPU time (\`process.cpuUsage\`, user + system) over the run ÷ its frames, which a busy machine inflates less than the wall clock; cells are the median [min–max] of the runs.`,
    ],
    columns: [
      { key: "stepMs", label: "stepMotion ms (median)", digits: 2, better: "lower" },
      { key: "cpuMs", label: "CPU ms a step (mean)", digits: 2, better: "lower" },
      { key: "swimmers", label: "swimmers", digits: 0, better: "higher" },
      { key: "fliers", label: "fliers", digits: 0, better: "higher" },
    ],
    rows: withRatios(worlds.map((w) => row(w.scenario, w.subject, w.samples.summary(), w.baseline))),
  };
}
