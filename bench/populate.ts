/**
 * 1. Populate vs the competent ways A and B and the obvious way, in Node on a NullEngine scene,
 * against the reference service on 127.0.0.1 (traffic counted server-side). Menagerie's
 * `populate` over 5 forest walkers, then each other way spawning the very creatures populate
 * chose (same seed, same species mix): A and B (competentWay.ts) with one search and a
 * container per species, the obvious way with one lookup and one ImportMeshAsync per part per
 * creature. All alternate run by run so drift in machine load hits them alike.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { createBenchScene, sceneCounts } from "./benchScene.js";
import { CompetentLoader, type CompetentMode } from "./competentWay.js";
import { type CountingServer, startCountingServer } from "./countingServer.js";
import { retainedBytes } from "./heap.js";
import { installNodeXhr } from "./nodeXhr.js";
import { ObviousLoader } from "./obviousWay.js";
import { holdParseWorkers } from "./parseWorkers.js";
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
const MENAGERIE_HERE = "Menagerie populate, parseInWorkers: false";
const OBVIOUS = "obvious way (ImportMeshAsync per part)";
/** The competent ways; A is every ratio's baseline. */
export const COMPETENT_A = "A: container of the whole OBJ, instances";
export const COMPETENT_B = "B: container per part OBJ, instances";

type Figures = Record<string, number>;

function areaFor(count: number) {
  // Room for every creature (bears included) so none is left out for lack of space.
  return { center: { x: 0, z: 0 }, radius: Math.max(10, Math.sqrt(count) * 2.5) };
}

export async function runMenagerie(
  server: CountingServer,
  count: number,
  parseInWorkers = true,
): Promise<{ figures: Figures; names: string[] }> {
  const heapBefore = await retainedBytes();
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", parseInWorkers });
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
  const heapMB = ((await retainedBytes()) - heapBefore) / 2 ** 20;
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

/** A way of spawning the creatures populate chose, installed in a bench scene. */
interface GridLoader {
  /** Spawns `names[i]` at `at[i]`, all at once. */
  spawnAll(at: { x: number; z: number }[]): Promise<unknown[]>;
  uninstall(): void;
}

/** Wall time, traffic, scene counts and retained heap of spawning `names` on a grid. */
async function runGrid(
  server: CountingServer,
  names: string[],
  install: (scene: Scene) => GridLoader,
): Promise<Figures> {
  const heapBefore = await retainedBytes();
  const bench = createBenchScene();
  const loader = install(bench.scene);
  server.reset();
  const start = performance.now();
  const columns = Math.ceil(Math.sqrt(names.length));
  const creatures = await loader.spawnAll(
    names.map((_, i) => ({ x: (i % columns) * 1.5, z: Math.floor(i / columns) * 1.5 })),
  );
  const wallMs = performance.now() - start;
  const traffic = { ...server.traffic };
  const heapMB = ((await retainedBytes()) - heapBefore) / 2 ** 20;
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

/** The creatures populate chose, spawned by A or B: one search, then a container per species. */
export function runCompetent(server: CountingServer, names: string[], mode: CompetentMode): Promise<Figures> {
  return runGrid(server, names, (scene) => {
    const loader = new CompetentLoader(scene, server.url, "dev-key", mode).install();
    return {
      async spawnAll(at) {
        const records = new Map((await loader.search("forest")).map((r) => [r.name, r]));
        return Promise.all(names.map((name, i) => loader.spawn(records.get(name)!, at[i]!)));
      },
      uninstall: () => loader.uninstall(),
    };
  });
}

/** The same creatures the obvious way: one lookup per creature, every part imported on its own. */
function runBaseline(server: CountingServer, names: string[]): Promise<Figures> {
  return runGrid(server, names, (scene) => {
    const loader = new ObviousLoader(scene, server.url, "dev-key").install();
    return {
      spawnAll: (at) => Promise.all(names.map((name, i) => loader.spawn(name, at[i]!))),
      uninstall: () => loader.uninstall(),
    };
  });
}

export async function benchPopulate(options: PopulateBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const rows = [];
  // The page's OBJ reading workers live as long as the page: held for the whole section, so that
  // a run after the obvious way's long ones (over the pool's idle time) does not start them anew.
  const workers = await holdParseWorkers();
  try {
    // Warm-up: JIT, the service's signing and file caches, the OBJ parser.
    for (let i = 0; i < options.warmups; i++) {
      const { names } = await runMenagerie(server, 10);
      await runCompetent(server, names, "A");
      await runCompetent(server, names, "B");
      await runBaseline(server, names);
    }
    for (const count of options.sizes) {
      const subjects = {
        menagerie: new Samples(),
        here: new Samples(),
        a: new Samples(),
        b: new Samples(),
        obvious: new Samples(),
      };
      for (let run = 0; run < options.runs; run++) {
        // The two Menagerie rows take turns going first: the first run after the obvious way's
        // long one pays for a machine gone cold.
        const hereFirst = run % 2 === 1 ? await runMenagerie(server, count, false) : undefined;
        const m = await runMenagerie(server, count);
        const here = hereFirst ?? (await runMenagerie(server, count, false));
        subjects.menagerie.add(m.figures);
        subjects.here.add(here.figures);
        const a = await runCompetent(server, m.names, "A");
        subjects.a.add(a);
        const b = await runCompetent(server, m.names, "B");
        subjects.b.add(b);
        const o = await runBaseline(server, m.names);
        subjects.obvious.add(o);
        options.log(
          `populate ${count}: run ${run + 1}/${options.runs}: menagerie ${m.figures.wallMs!.toFixed(0)} ms (main thread only ${here.figures.wallMs!.toFixed(0)} ms), A ${a.wallMs!.toFixed(0)} ms, B ${b.wallMs!.toFixed(0)} ms, obvious ${o.wallMs!.toFixed(0)} ms`,
        );
        for (const [label, f] of [
          ["A", a],
          ["B", b],
          ["obvious way", o],
        ] as const)
          if (f.failures) options.log(`  ${label}: ${f.failures} requests failed`);
      }
      const scenario = `${count} creatures`;
      rows.push(
        row(scenario, COMPETENT_A, subjects.a.summary()),
        row(scenario, MENAGERIE, subjects.menagerie.summary(), COMPETENT_A),
        row(scenario, MENAGERIE_HERE, subjects.here.summary(), COMPETENT_A),
        row(scenario, COMPETENT_B, subjects.b.summary(), COMPETENT_A),
        row(scenario, OBVIOUS, subjects.obvious.summary(), COMPETENT_A),
      );
    }
  } finally {
    workers.release();
    await server.close();
  }
  return {
    id: "populate",
    title: "1. Populate vs the competent ways A, B and the obvious way (Node, NullEngine)",
    notes: [
      `Forest habitat filtered to ${FOREST_SPECIES.length} walkers (${FOREST_SPECIES.join(", ")}); seed 7. A, B and the obvious way spawn exactly the creatures populate chose, all at once.`,
      "A: one search (`search=forest`), then per species one `LoadAssetContainerAsync` of the whole-model OBJ, its `o <part>` roots parented and pivoted by hand, `instantiateModelsToScene` (instances) per creature, scaled to the record's height. B: the same with one container per part OBJ, merged. Obvious way: one lookup per creature, `ImportMeshAsync` per part from its signed URL, nothing shared.",
      "A, B and the obvious way sign the OBJ loader's `<folder>/fox.mtl` and texture requests with a global `Tools.PreprocessUrl` (unsigned asset URL → the signed link of the same file in the records looked up); each container or import fetches and parses the MTL itself.",
      "NullEngine requests no image, so their textures are never downloaded here (their bytes are understated); Menagerie fetches texture bytes itself, so its figures include them.",
      "Requests and bytes (response bodies) are counted by the server. Nodes = meshes + instances + transform nodes. Heap = JS heap + array buffers retained after pending timers ran and a full GC, minus the same before the scene was made.",
      "Menagerie reads OBJ text in a worker thread (one here: one less than the 2 cores), started by the first Menagerie of the run and shared by the later ones as a page's Menageries share it; the main thread makes the meshes. `parseInWorkers: false` reads every part on the main thread, one per task.",
      "Ratio (×) = the row's median / A's median in the same run set.",
    ],
    columns: [
      { key: "wallMs", label: "wall ms", digits: 0, better: "lower" },
      { key: "requests", label: "HTTP requests", digits: 0, better: "lower" },
      { key: "bytes", label: "bytes", digits: 0, better: "lower" },
      { key: "meshes", label: "meshes", digits: 0, better: "lower" },
      { key: "nodes", label: "nodes", digits: 0, better: "lower" },
      { key: "materials", label: "materials", digits: 0, better: "lower" },
      { key: "textures", label: "textures", digits: 0, better: "lower" },
      { key: "heapMB", label: "heap after MB", digits: 1, better: "lower" },
      { key: "species", label: "species", digits: 0, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
