/**
 * 3. Time to first creature: `spawnCreature("fox")` cold (a new Menagerie: empty client cache,
 * no model loaded) and warm (a second fox on the same Menagerie), next to the physical limit on
 * the same loopback connection: one lookup, then every asset of the record fetched in parallel
 * with its body read and nothing parsed. The obvious way's single fox is shown for reference.
 */
import { Menagerie } from "../src/babylon/menagerie.js";
import { createBenchScene } from "./benchScene.js";
import { CompetentLoader, type CompetentMode } from "./competentWay.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { ObviousLoader, type RawRecord } from "./obviousWay.js";
import { holdParseWorkers } from "./parseWorkers.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface FirstCreatureOptions {
  catalogDir: string;
  runs: number;
  warmups: number;
  log: (line: string) => void;
}

const LIMIT = "physical limit (lookup + parallel fetch, no parsing)";
const NAME = "fox";

async function timeLimit(server: CountingServer): Promise<Record<string, number>> {
  server.reset();
  const start = performance.now();
  const response = await fetch(`${server.url}/anything?key=dev-key&name=${NAME}`);
  const record = (await response.json()) as RawRecord;
  const { parts, other } = record.model;
  const urls = [...Object.values(parts), ...(other.material ? [other.material] : []), ...(other.texture ?? [])];
  await Promise.all(urls.map(async (url) => (await fetch(url)).arrayBuffer()));
  return { wallMs: performance.now() - start, ...server.traffic };
}

async function timeMenagerie(
  server: CountingServer,
  parseInWorkers = true,
): Promise<{ cold: Record<string, number>; warm: Record<string, number> }> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", parseInWorkers });
  try {
    server.reset();
    let start = performance.now();
    await menagerie.spawnCreature(NAME);
    const cold = { wallMs: performance.now() - start, ...server.traffic };
    server.reset();
    start = performance.now();
    await menagerie.spawnCreature(NAME, { position: { x: 1, y: 0, z: 0 } });
    const warm = { wallMs: performance.now() - start, ...server.traffic };
    return { cold, warm };
  } finally {
    menagerie.dispose();
    bench.dispose();
  }
}

async function timeCompetent(server: CountingServer, mode: CompetentMode): Promise<Record<string, number>> {
  const bench = createBenchScene();
  const loader = new CompetentLoader(bench.scene, server.url, "dev-key", mode).install();
  try {
    server.reset();
    const start = performance.now();
    await loader.spawn(await loader.lookup(NAME), { x: 0, z: 0 });
    return { wallMs: performance.now() - start, ...server.traffic };
  } finally {
    loader.uninstall();
    bench.dispose();
  }
}

async function timeObvious(server: CountingServer): Promise<Record<string, number>> {
  const bench = createBenchScene();
  const loader = new ObviousLoader(bench.scene, server.url, "dev-key").install();
  try {
    server.reset();
    const start = performance.now();
    await loader.spawn(NAME, { x: 0, z: 0 });
    return { wallMs: performance.now() - start, ...server.traffic };
  } finally {
    loader.uninstall();
    bench.dispose();
  }
}

export async function benchFirstCreature(options: FirstCreatureOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  // The page's OBJ reading workers live as long as the page: held for the whole section, so that
  // a run after the obvious way's long ones (over the pool's idle time) does not start them anew.
  const workers = await holdParseWorkers();
  const limit = new Samples();
  const cold = new Samples();
  const coldHere = new Samples();
  const warm = new Samples();
  const obvious = new Samples();
  const a = new Samples();
  const b = new Samples();
  try {
    for (let i = 0; i < options.warmups; i++) {
      await timeLimit(server);
      await timeMenagerie(server);
      await timeCompetent(server, "A");
      await timeCompetent(server, "B");
      await timeObvious(server);
    }
    for (let run = 0; run < options.runs; run++) {
      limit.add(await timeLimit(server));
      a.add(await timeCompetent(server, "A"));
      b.add(await timeCompetent(server, "B"));
      const m = await timeMenagerie(server);
      cold.add(m.cold);
      warm.add(m.warm);
      coldHere.add((await timeMenagerie(server, false)).cold);
      obvious.add(await timeObvious(server));
    }
    options.log(`first creature: ${options.runs} runs done`);
  } finally {
    workers.release();
    await server.close();
  }
  const scenario = `spawnCreature("${NAME}")`;
  return {
    id: "firstCreature",
    title: "3. Time to first creature (Node, NullEngine, loopback)",
    notes: [
      "Cold: a new Menagerie and scene each run (empty lookup cache, model not loaded); the service process is warm, and so is the OBJ reading worker thread that the first Menagerie started (a page's Menageries share it; from the TypeScript sources a fresh one takes ~240 ms to boot, so a page's very first fox is read on the main thread, as with parseInWorkers: false). Warm: a second fox on the same Menagerie (record cached, model loaded: instancing only).",
      "Physical limit: one lookup with global fetch, then every part, the MTL and the textures fetched in parallel and read to the end; nothing parsed. Ratio (×) is to this limit.",
      "A and B (competentWay.ts): one lookup by name, then one container of the whole-model OBJ (A) or one per part OBJ (B), parented and pivoted by hand, one instance set. The goal is cold ≤ ×1.5 of the limit.",
      "Requests and bytes are counted by the server. A, B and the obvious way fetch no textures in NullEngine.",
    ],
    columns: [
      { key: "wallMs", label: "wall ms", digits: 1, better: "lower" },
      { key: "requests", label: "HTTP requests", digits: 0, better: "lower" },
      { key: "bytes", label: "bytes", digits: 0, better: "lower" },
    ],
    rows: withRatios([
      row(scenario, LIMIT, limit.summary()),
      row(scenario, "A: container of the whole OBJ, cold", a.summary(), LIMIT),
      row(scenario, "Menagerie, cold", cold.summary(), LIMIT),
      row(scenario, "Menagerie, cold, parseInWorkers: false", coldHere.summary(), LIMIT),
      row(scenario, "B: container per part OBJ, cold", b.summary(), LIMIT),
      row(scenario, "Menagerie, warm", warm.summary(), LIMIT),
      row(scenario, "obvious way (ImportMeshAsync per part)", obvious.summary(), LIMIT),
    ]),
  };
}
