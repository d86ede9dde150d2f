/**
 * 7. Time to the first rigged creature: `spawnCreature("zebra")` cold (a new Menagerie: empty
 * client cache, no model loaded) next to the physical limit on the same loopback connection: one
 * lookup, then the record's clip GLBs fetched in parallel and read to the end, nothing parsed.
 * Runs alternate in one process. The zebra is the catalog's rig-only model: idle, walk and run
 * GLBs, each the same skinned mesh with one animation.
 */
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { riggedCrowdOfMesh } from "../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { createBenchScene } from "./benchScene.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface FirstRiggedOptions {
  catalogDir: string;
  runs: number;
  warmups: number;
  log: (line: string) => void;
}

const LIMIT = "physical limit (lookup + parallel fetch of the GLBs, no parsing)";
const NAME = "zebra";

/** Process CPU (every thread, the in-process service included) since `from`, in ms. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

async function timeLimit(server: CountingServer): Promise<Record<string, number>> {
  server.reset();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const response = await fetch(`${server.url}/anything?key=dev-key&name=${NAME}`);
  const record = (await response.json()) as { model: { rig: { animations: Record<string, { GLB: string }> } } };
  const urls = Object.values(record.model.rig.animations).map((clip) => clip.GLB);
  await Promise.all(urls.map(async (url) => (await fetch(url)).arrayBuffer()));
  return { wallMs: performance.now() - start, cpuMs: cpuMs(cpu), ...server.traffic };
}

/** One cold zebra on a new Menagerie and scene, disposed as its spawn resolves (riggedProfile.ts's `first`). */
export async function timeColdOnly(server: CountingServer): Promise<Record<string, number>> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key" });
  try {
    server.reset();
    const cpu = process.cpuUsage();
    const start = performance.now();
    await menagerie.spawnCreature(NAME);
    return { wallMs: performance.now() - start, cpuMs: cpuMs(cpu), ...server.traffic };
  } finally {
    menagerie.dispose();
    bench.dispose();
  }
}

/** One cold zebra on a new Menagerie and scene, then a warm one (also riggedProfile.ts's `first --all`). */
export async function timeMenagerie(server: CountingServer) {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key" });
  try {
    server.reset();
    let cpu = process.cpuUsage();
    let start = performance.now();
    await menagerie.spawnCreature(NAME);
    const cold = { wallMs: performance.now() - start, cpuMs: cpuMs(cpu), ...server.traffic };
    // The rest of its bake runs in slices after the spawn (riggedBake.ts): until it is done.
    const drawing = bench.scene.meshes.find((m) => m.metadata?.menagerie?.crowd === true) as Mesh | undefined;
    const bake = drawing && riggedCrowdOfMesh(drawing)?.bake;
    const atResolve = { rowsBaked: bake?.rowsBaked ?? 0, rows: bake?.rows ?? 0 };
    await bake?.done;
    const baked = {
      wallMs: performance.now() - start,
      cpuMs: cpuMs(cpu),
      ...server.traffic,
      ...atResolve,
      longestSliceCpuMs: bake?.longestSliceCpuMs ?? 0,
      longestSliceMs: bake?.longestSliceMs ?? 0,
    };
    server.reset();
    cpu = process.cpuUsage();
    start = performance.now();
    await menagerie.spawnCreature(NAME, { position: { x: 2, y: 0, z: 0 } });
    const warm = { wallMs: performance.now() - start, cpuMs: cpuMs(cpu), ...server.traffic };
    return { cold, baked, warm };
  } finally {
    menagerie.dispose();
    bench.dispose();
  }
}

export async function benchFirstRigged(options: FirstRiggedOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const limit = new Samples();
  const cold = new Samples();
  const baked = new Samples();
  const warm = new Samples();
  const slices: { rowsBaked: number; rows: number; longestSliceCpuMs: number; longestSliceMs: number }[] = [];
  try {
    for (let i = 0; i < options.warmups; i++) {
      await timeLimit(server);
      await timeMenagerie(server);
    }
    for (let run = 0; run < options.runs; run++) {
      // Alternate which goes first, so neither always follows the other's garbage.
      const first = run % 2 === 0;
      if (first) limit.add(await timeLimit(server));
      const m = await timeMenagerie(server);
      cold.add(m.cold);
      baked.add({ wallMs: m.baked.wallMs, cpuMs: m.baked.cpuMs, requests: m.baked.requests, bytes: m.baked.bytes });
      slices.push(m.baked);
      warm.add(m.warm);
      if (!first) limit.add(await timeLimit(server));
    }
    options.log(`first rigged creature: ${options.runs} runs done`);
  } finally {
    await server.close();
  }
  const scenario = `spawnCreature("${NAME}")`;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const longestCpu = median(slices.map((s) => s.longestSliceCpuMs));
  const longestWall = median(slices.map((s) => s.longestSliceMs));
  const atResolve = slices[0] ? `${slices[0].rowsBaked} of its ${slices[0].rows} rows` : "no rows";
  return {
    id: "firstRigged",
    title: "7. Time to the first rigged creature (Node, NullEngine, loopback)",
    notes: [
      "Cold: a new Menagerie and scene each run (empty lookup cache, model not loaded, its clips baked for crowd drawing as every rigged model is); the service process is warm. Warm: a second zebra on the same Menagerie.",
      "Physical limit: one lookup with global fetch, then the idle, walk and run GLBs fetched in parallel and read to the end; nothing parsed. Ratio (×) is to this limit; the goal is cold ≤ ×1.5.",
      "CPU ms: the process's CPU time over the run (every thread, the in-process service included): on a shared machine it is steadier than wall time, which waits for other jobs.",
      "Menagerie builds only the model GLB (idle) with Babylon's glTF loader, started as its bytes arrive; the walk and run GLBs give only their animation, read as data onto the model's nodes.",
      `The spawn resolves with the clips' bake begun (${atResolve} baked: the rest pose and the rows it shows); the rest follows in slices of the event loop (its longest slice, median over the runs: ${longestCpu.toFixed(1)} ms of process CPU, which counts the service's and GC's other threads too, ${longestWall.toFixed(1)} ms of wall time). "Clips all baked": from the same start until the bake is done.`,
    ],
    columns: [
      { key: "wallMs", label: "wall ms", digits: 1, better: "lower" },
      { key: "cpuMs", label: "CPU ms", digits: 1, better: "lower" },
      { key: "requests", label: "HTTP requests", digits: 0, better: "lower" },
      { key: "bytes", label: "bytes", digits: 0, better: "lower" },
    ],
    rows: withRatios([
      row(scenario, LIMIT, limit.summary()),
      row(scenario, "Menagerie, cold", cold.summary(), LIMIT),
      row(scenario, "Menagerie, cold, clips all baked", baked.summary(), LIMIT),
      row(scenario, "Menagerie, warm", warm.summary(), LIMIT),
    ]),
  };
}
