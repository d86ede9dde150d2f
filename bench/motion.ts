/**
 * 4. Motion: per-frame CPU for N wandering walkers in a NullEngine scene, motion on vs off, and
 * the competent way A (competentWay.ts: instances of a container, a sine on the legs) on the
 * same grid in a scene of its own: the ratio that counts is Menagerie's frame to A's.
 *
 * On:  `menagerie.stepMotion(1/60)` (steering, gaits, and the copy onto nodes) then
 *      `scene.render()` (which now has moved nodes to recompute).
 * Off: `scene.render()` alone on the same scene, with the Menagerie's per-frame observer taken
 *      out, so nothing moves and Babylon reuses its cached world matrices.
 * Also: `stepMotion` alone, and the young-generation bytes it allocates per agent-step (a
 * figure the tests used to assert and now only report: it is noisy).
 */

import { Menagerie } from "../src/babylon/menagerie.js";
import type { ModelRecord } from "../src/records/schemas.js";
import { youngBytesAllocated } from "../test/helpers/allocations.js";
import { createBenchScene, sceneCounts } from "./benchScene.js";
import { animateCompetent, type CompetentCreature, CompetentLoader } from "./competentWay.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { COMPETENT_A, FOREST_SPECIES } from "./populate.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface MotionBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const ON = "Menagerie, motion on (stepMotion + render)";
const OFF = "Menagerie, motion off (render only)";
const A_ON = `${COMPETENT_A}, legs on a sine + render`;

/** Way A's walkers on the same grid: one search, a container per species, a sine per frame. */
async function benchCompetent(server: CountingServer, count: number, runs: number): Promise<ReturnType<typeof row>> {
  const bench = createBenchScene();
  const loader = new CompetentLoader(bench.scene, server.url, "dev-key", "A").install();
  try {
    const records = (await loader.search("forest")).filter((r) => FOREST_SPECIES.includes(r.name));
    records.sort((a, b) => FOREST_SPECIES.indexOf(a.name) - FOREST_SPECIES.indexOf(b.name));
    const columns = Math.ceil(Math.sqrt(count));
    const half = (columns * 1.5) / 2;
    const creatures: CompetentCreature[] = [];
    for (let i = 0; i < count; i++) {
      const position = { x: (i % columns) * 1.5 - half, z: Math.floor(i / columns) * 1.5 - half };
      creatures.push(await loader.spawn(records[i % records.length]!, position));
    }
    let time = 0;
    const frame = () => {
      time += 1 / 60;
      animateCompetent(creatures, time);
      bench.scene.render();
    };
    const frames = framesFor(count);
    timeFrames(frames, frame); // warm-up
    const samples = new Samples();
    for (let run = 0; run < runs; run++)
      samples.add({ frameMs: timeFrames(frames, frame), nodes: sceneCounts(bench.scene).nodes });
    return row(`${count} walkers (${frames} frames/run)`, A_ON, samples.summary());
  } finally {
    loader.uninstall();
    bench.dispose();
  }
}

/** Frames per measured run: enough to see past timer resolution, few enough to stay bounded. */
function framesFor(count: number): number {
  return Math.max(4, Math.min(30, Math.round(3000 / count)));
}

function timeFrames(frames: number, frame: () => void): number {
  const start = performance.now();
  for (let i = 0; i < frames; i++) frame();
  return (performance.now() - start) / frames;
}

async function benchSize(menagerie: Menagerie, records: ModelRecord[], count: number, runs: number): Promise<Row[]> {
  const columns = Math.ceil(Math.sqrt(count));
  const half = (columns * 1.5) / 2;
  const area = { center: { x: 0, z: 0 }, radius: half * 1.5 };
  const creatures = [];
  for (let i = 0; i < count; i++) {
    const record = records[i % records.length]!;
    const creature = await menagerie.spawnCreature(record, {
      position: { x: (i % columns) * 1.5 - half, y: 0, z: Math.floor(i / columns) * 1.5 - half },
    });
    creatures.push(creature.wander({ area }));
  }
  const scene = menagerie.scene;
  // Frames are driven by hand with a fixed step: the observer would step by wall-clock deltas.
  scene.onBeforeRenderObservable.clear();
  const frames = framesFor(count);
  const on = new Samples();
  const off = new Samples();
  const stepOnly = () => menagerie.stepMotion(1 / 60);
  const full = () => {
    menagerie.stepMotion(1 / 60);
    scene.render();
  };
  const still = () => scene.render();
  timeFrames(frames, full); // warm-up
  timeFrames(frames, still);
  for (let run = 0; run < runs; run++) {
    const frameMs = timeFrames(frames, full);
    const stepMs = timeFrames(frames, stepOnly);
    const bytesPerAgentStep = youngBytesAllocated(stepOnly) / count;
    on.add({ frameMs, stepMs, bytesPerAgentStep, nodes: sceneCounts(scene).nodes });
    // The still scene: one render to settle the last step, then nothing moves.
    scene.render();
    off.add({ frameMs: timeFrames(frames, still) });
  }
  for (const creature of creatures) creature.dispose();
  const scenario = `${count} walkers (${frames} frames/run)`;
  return [row(scenario, ON, on.summary(), A_ON), row(scenario, OFF, off.summary(), A_ON)];
}

export async function benchMotion(options: MotionBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key" });
  const rows: Row[] = [];
  try {
    const records = await Promise.all(
      FOREST_SPECIES.map(async (name) => (await menagerie.client!.getModel(name, { fuzzy: false }))!),
    );
    for (const record of records) await menagerie.preload(record);
    for (const count of options.sizes) {
      rows.push(await benchCompetent(server, count, options.runs));
      rows.push(...(await benchSize(menagerie, records, count, options.runs)));
      options.log(`motion ${count}: done`);
    }
  } finally {
    menagerie.dispose();
    bench.dispose();
    await server.close();
  }
  return {
    id: "motion",
    title: "4. Motion: per-frame CPU (Node, NullEngine)",
    notes: [
      `Walkers: ${FOREST_SPECIES.join(", ")} in turn, on a 1.5 m grid, each wandering in a circle around the grid. Fixed step 1/60 s.`,
      "On = `menagerie.stepMotion(1/60)` + `scene.render()`; off = `scene.render()` alone on the same scene with nothing moving (the Menagerie's frame observer removed). `stepMotion ms` is the step alone.",
      "A = the competent way's creatures (instances of a container of the whole OBJ, parts parented to the body) on the same grid in a scene of their own: each frame every upper leg swings on a sine and every root walks a circle, then `scene.render()`. Ratio (×) = the row's median / A's.",
      "Young bytes / agent-step: V8 new-space growth during one `stepMotion` after a full GC, divided by the walkers (reads low, never high, if a scavenge interrupts).",
    ],
    columns: [
      { key: "frameMs", label: "frame ms", digits: 2, better: "lower" },
      { key: "stepMs", label: "stepMotion ms", digits: 2, better: "lower" },
      { key: "bytesPerAgentStep", label: "young bytes / agent-step", digits: 1, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
