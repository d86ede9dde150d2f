/**
 * 1. Populate vs the obvious way, in Node on a NullEngine scene, against the reference service
 * on 127.0.0.1 (traffic counted server-side). Menagerie's `populate` over 5 forest walkers, then
 * the baseline spawning the very creatures populate chose (same seed, same species mix) one
 * lookup and one ImportMeshAsync per part each. The two alternate run by run so drift in machine
 * load hits both alike.
 */
import { Menagerie } from "../src/babylon/menagerie.js";
import { createBenchScene, sceneCounts } from "./benchScene.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { retainedBytes } from "./heap.js";
import { installNodeXhr } from "./nodeXhr.js";
import { ObviousLoader } from "./obviousWay.js";
import { row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface PopulateBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  warmups: number;
  log: (line: string) => void;
}

/** Five walkers of the generated catalog's forest, so every model has a full rig. */
export const FOREST_SPECIES = ["bear", "deer", "fox", "squirrel", "wolf"];
const MENAGERIE = "Menagerie populate";
const BASELINE = "obvious way (ImportMeshAsync per part)";

type Figures = Record<string, number>;

function areaFor(count: number) {
  // Room for every creature (bears included) so none is left out for lack of space.
  return { center: { x: 0, z: 0 }, radius: Math.max(10, Math.sqrt(count) * 2.5) };
}

async function runMenagerie(server: CountingServer, count: number): Promise<{ figures: Figures; names: string[] }> {
  const heapBefore = retainedBytes();
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key" });
  server.reset();
  const start = performance.now();
  const group = await menagerie.populate({
    habitat: "forest",
    count,
    seed: 7,
    area: areaFor(count),
    filter: (record) => FOREST_SPECIES.includes(record.name),
  });
  const wallMs = performance.now() - start;
  const traffic = { ...server.traffic };
  const heapMB = (retainedBytes() - heapBefore) / 2 ** 20;
  const names = group.creatures.map((c) => c.record.name);
  const figures = {
    wallMs,
    ...traffic,
    ...sceneCounts(bench.scene),
    heapMB,
    creatures: names.length,
    species: new Set(names).size,
  };
  menagerie.dispose();
  bench.dispose();
  return { figures, names };
}

async function runBaseline(server: CountingServer, names: string[]): Promise<Figures> {
  const heapBefore = retainedBytes();
  const bench = createBenchScene();
  const loader = new ObviousLoader(bench.scene, server.url, "dev-key").install();
  server.reset();
  const start = performance.now();
  const columns = Math.ceil(Math.sqrt(names.length));
  const creatures = await Promise.all(
    names.map((name, i) => loader.spawn(name, { x: (i % columns) * 1.5, z: Math.floor(i / columns) * 1.5 })),
  );
  const wallMs = performance.now() - start;
  const traffic = { ...server.traffic };
  const heapMB = (retainedBytes() - heapBefore) / 2 ** 20;
  const figures = {
    wallMs,
    ...traffic,
    ...sceneCounts(bench.scene),
    heapMB,
    creatures: creatures.length,
    species: new Set(names).size,
  };
  loader.uninstall();
  bench.dispose();
  return figures;
}

export async function benchPopulate(options: PopulateBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const rows = [];
  try {
    // Warm-up: JIT, the service's signing and file caches, the OBJ parser.
    for (let i = 0; i < options.warmups; i++) {
      const { names } = await runMenagerie(server, 10);
      await runBaseline(server, names);
    }
    for (const count of options.sizes) {
      const menagerie = new Samples();
      const baseline = new Samples();
      for (let run = 0; run < options.runs; run++) {
        const m = await runMenagerie(server, count);
        menagerie.add(m.figures);
        const b = await runBaseline(server, m.names);
        baseline.add(b);
        options.log(
          `populate ${count}: run ${run + 1}/${options.runs}: menagerie ${m.figures.wallMs!.toFixed(0)} ms, baseline ${b.wallMs!.toFixed(0)} ms`,
        );
        if (b.failures) options.log(`  baseline: ${b.failures} requests failed`);
      }
      const scenario = `${count} creatures`;
      rows.push(row(scenario, BASELINE, baseline.summary()), row(scenario, MENAGERIE, menagerie.summary(), BASELINE));
    }
  } finally {
    await server.close();
  }
  return {
    id: "populate",
    title: "1. Populate vs the obvious way (Node, NullEngine)",
    notes: [
      `Forest habitat filtered to ${FOREST_SPECIES.length} walkers (${FOREST_SPECIES.join(", ")}); seed 7. The baseline spawns exactly the creatures populate chose: one lookup per creature, then \`ImportMeshAsync\` per part from its signed URL, all creatures at once, nothing shared.`,
      "Baseline materials: a global `Tools.PreprocessUrl` maps the loader's unsigned `<folder>/fox.mtl` (and texture) URLs to the signed URL of the same file from the records looked up; every part load fetches and parses the MTL itself.",
      "NullEngine requests no image, so the baseline's textures are never downloaded here (its bytes are understated); Menagerie fetches texture bytes itself, so its figures include them.",
      "Requests and bytes (response bodies) are counted by the server. Heap = JS heap + array buffers retained after a full GC, minus the same before the scene was made.",
      "Ratio (×) = Menagerie median / baseline median of the same run set.",
    ],
    columns: [
      { key: "wallMs", label: "wall ms", digits: 0, better: "lower" },
      { key: "requests", label: "HTTP requests", digits: 0, better: "lower" },
      { key: "bytes", label: "bytes", digits: 0, better: "lower" },
      { key: "meshes", label: "meshes", digits: 0, better: "lower" },
      { key: "materials", label: "materials", digits: 0, better: "lower" },
      { key: "textures", label: "textures", digits: 0, better: "lower" },
      { key: "heapMB", label: "heap after MB", digits: 1, better: "lower" },
      { key: "species", label: "species", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
