/**
 * 6. Rigged crowds: per-frame CPU for N walking zebras (the catalog's rig-only model, skinned
 * glTF with idle, walk and run clips) in a NullEngine scene: Menagerie beside the competent way
 * (riggedCompetent.ts: one container of the walk GLB, a copy with its own skeleton and walk
 * group per zebra). Both scenes live in one process and their measured runs alternate, so drift
 * in the machine's load hits them alike; the ratio that counts is Menagerie's frame to the
 * competent way's.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { createLookupClient } from "../src/api/client.js";
import { buildRiggedTemplate } from "../src/babylon/gltf/index.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { bakeRiggedClips } from "../src/babylon/runtime/crowd/rigged/riggedBake.js";
import { createBenchScene, sceneCounts } from "./benchScene.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { type CompetentRigged, CompetentRiggedLoader, walkCompetentRigged } from "./riggedCompetent.js";
import { Samples } from "./stats.js";

export interface RiggedBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const MODEL = "zebra";
const COMPETENT = "competent: container of the walk GLB, a skeleton and walk group per copy";
const MENAGERIE = "Menagerie (stepMotion + render)";
const MENAGERIE_ALL = "Menagerie, animationLod: false (every zebra written every frame)";

/** Frames per measured run: enough to see past timer resolution, few enough to stay bounded. */
function framesFor(count: number): number {
  return Math.max(10, Math.min(60, Math.round(6000 / count)));
}

function timeFrames(frames: number, frame: () => void): number {
  const start = performance.now();
  for (let i = 0; i < frames; i++) frame();
  return (performance.now() - start) / frames;
}

/** Where the i-th of `count` creatures stands: a grid 3 m apart, centred on the origin. */
function gridAt(i: number, count: number): { x: number; z: number } {
  const columns = Math.ceil(Math.sqrt(count));
  const half = (columns * 3) / 2;
  return { x: (i % columns) * 3 - half, z: Math.floor(i / columns) * 3 - half };
}

export interface Subject {
  frame(): void;
  scene: Scene;
  /** Figures read after a run besides the frame time. */
  figures(): Record<string, number>;
  dispose(): void;
}

async function competent(server: CountingServer, count: number): Promise<Subject> {
  const bench = createBenchScene();
  const loader = new CompetentRiggedLoader(bench.scene, server.url, "dev-key");
  await loader.load(MODEL);
  const creatures: CompetentRigged[] = [];
  for (let i = 0; i < count; i++) creatures.push(loader.spawn(gridAt(i, count)));
  let time = 0;
  return {
    scene: bench.scene,
    frame() {
      time += 1 / 60;
      walkCompetentRigged(creatures, time);
      bench.scene.render();
    },
    figures: () => ({
      nodes: sceneCounts(bench.scene).nodes,
      skeletons: bench.scene.skeletons.length,
      animationGroups: bench.scene.animationGroups.length,
    }),
    dispose: () => bench.dispose(),
  };
}

async function menagerie(server: CountingServer, count: number, animationLod?: false): Promise<Subject> {
  const bench = createBenchScene();
  const herd = new Menagerie(bench.scene, {
    baseUrl: server.url,
    apiKey: "dev-key",
    ...(animationLod === false ? { animationLod } : {}),
  });
  const record = (await herd.client!.getModel(MODEL, { fuzzy: false }))!;
  await herd.preload(record);
  const columns = Math.ceil(Math.sqrt(count));
  const area = { center: { x: 0, z: 0 }, radius: columns * 3 };
  for (let i = 0; i < count; i++) {
    const at = gridAt(i, count);
    const zebra = await herd.spawnCreature(record, { position: { x: at.x, y: 0, z: at.z } });
    zebra.wander({ area });
  }
  // Frames are driven by hand with a fixed step: the observer would step by wall-clock deltas.
  bench.scene.onBeforeRenderObservable.clear();
  // Up to walking pace before anything is measured.
  for (let i = 0; i < 120; i++) herd.stepMotion(1 / 60);
  return {
    scene: bench.scene,
    frame() {
      herd.stepMotion(1 / 60);
      bench.scene.render();
    },
    figures: () => ({
      nodes: sceneCounts(bench.scene).nodes,
      skeletons: bench.scene.skeletons.length,
      animationGroups: bench.scene.animationGroups.length,
      walking: herd.creatures.filter((c) => c.motion.speed > 0.1).length,
    }),
    dispose: () => {
      herd.dispose();
      bench.dispose();
    },
  };
}

/** One subject of this section, for bench/riggedProfile.ts. */
export function riggedSubject(
  mode: "menagerie" | "competent",
  server: CountingServer,
  count: number,
): Promise<Subject> {
  return mode === "competent" ? competent(server, count) : menagerie(server, count);
}

async function benchSize(server: CountingServer, count: number, runs: number): Promise<Row[]> {
  const subjects = [
    await competent(server, count),
    await menagerie(server, count),
    await menagerie(server, count, false),
  ];
  const samples = subjects.map(() => new Samples());
  const frames = framesFor(count);
  try {
    for (const subject of subjects) timeFrames(frames, subject.frame); // warm-up
    for (let run = 0; run < runs; run++) {
      // Alternate, and change which goes first, so none always follows another's garbage.
      const order = [0, 1, 2].map((k) => (k + run) % 3);
      for (const i of order) {
        const subject = subjects[i]!;
        const frameMs = timeFrames(frames, subject.frame);
        samples[i]!.add({ frameMs, ...subject.figures() });
      }
    }
  } finally {
    for (const subject of subjects) subject.dispose();
  }
  const scenario = `${count} walking ${MODEL}s (${frames} frames/run)`;
  return [
    row(scenario, COMPETENT, samples[0]!.summary()),
    row(scenario, MENAGERIE, samples[1]!.summary(), COMPETENT),
    row(scenario, MENAGERIE_ALL, samples[2]!.summary(), COMPETENT),
  ];
}

/**
 * The bake Menagerie does once per rigged model (riggedBake.ts), timed on its own: the zebra's
 * GLBs fetched once, then per run a fresh template baked. The first run is the process's first
 * bake (cold code), as a page's first rigged model is.
 */
async function benchBake(server: CountingServer, runs: number): Promise<Row> {
  const bench = createBenchScene();
  const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key" });
  const record = (await client.getModel(MODEL, { fuzzy: false }))!;
  const glbs = new Map<string, Uint8Array>();
  for (const [clip, file] of Object.entries(record.model.rig?.animations ?? {}))
    glbs.set(clip, new Uint8Array(await (await fetch((file as { GLB: string }).GLB)).arrayBuffer()));
  const samples = new Samples();
  try {
    for (let run = 0; run < runs; run++) {
      const template = await buildRiggedTemplate(bench.scene, MODEL, glbs);
      const start = performance.now();
      const bake = await bakeRiggedClips(template, { maxTextureSize: 4096 });
      samples.add({
        bakeMs: performance.now() - start,
        longestSliceMs: bake.longestSliceMs,
        slices: bake.slices,
        rows: bake.rows,
      });
      template.dispose();
    }
  } finally {
    bench.dispose();
  }
  return row(`bake of the ${MODEL}'s clips (once per model)`, "Menagerie riggedBake", samples.summary());
}

export async function benchRigged(options: RiggedBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const rows: Row[] = [];
  try {
    rows.push(await benchBake(server, options.runs));
    for (const count of options.sizes) {
      rows.push(...(await benchSize(server, count, options.runs)));
      options.log(`rigged ${count}: done`);
    }
  } finally {
    await server.close();
  }
  return {
    id: "rigged",
    title: "6. Rigged crowds: per-frame CPU of walking rigged creatures (Node, NullEngine)",
    notes: [
      `${MODEL}: the catalog's rig-only model (skinned glTF, idle/walk/run clips), on a 3 m grid. Fixed step 1/60 s.`,
      "Competent = one container of the walk GLB; per creature `instantiateModelsToScene(..., { doNotInstantiate: true })` and its walk group started looped; each frame every root walks a circle, then `scene.render()`.",
      "Menagerie = `spawnCreature` per zebra, each wandering; each frame `menagerie.stepMotion(1/60)` + `scene.render()`. By default its animation level of detail writes nothing for zebras out of the camera's view (the bench camera sees part of the grid); `animationLod: false` writes every zebra's matrix and clip frame every frame. All scenes in one process, measured runs alternating. Ratio (×) = the row's median / the competent way's.",
      "Bake = baking the zebra's three clips into bone matrices (riggedBake.ts), once per model when it loads, in slices with the event loop's turn between them: wall time from start to end (turns included), and the longest slice. The first run is the process's first bake (cold code): the max shows it.",
    ],
    columns: [
      { key: "frameMs", label: "frame ms", digits: 2, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
      { key: "skeletons", label: "skeletons", digits: 0, better: "lower" },
      { key: "animationGroups", label: "animation groups", digits: 0, better: "lower" },
      { key: "walking", label: "walking", digits: 0, better: "higher" },
      { key: "bakeMs", label: "bake ms (wall)", digits: 1, better: "lower" },
      { key: "longestSliceMs", label: "longest slice ms", digits: 1, better: "lower" },
      { key: "slices", label: "slices", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
