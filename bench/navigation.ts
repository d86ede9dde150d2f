/**
 * Navigation: the motion step's CPU for N walkers wandering on a navmesh level (two banks of a
 * river, a bridge deck across, ledges) beside the same walkers wandering on the grid (the
 * default: no navmesh, the flat ground), and the navmesh's build time. Node, NullEngine, no render.
 */
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import type { ModelRecord } from "../src/records/schemas.js";
import { createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { FOREST_SPECIES } from "./populate.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface NavigationBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const GRID = "grid (the default), wandering";
const NAVMESH = "navmesh, wandering";
const STEPS = 30;
/** Steps before measuring: recast's WASM glue takes a few hundred calls per walker to warm up. */
const WARMUP = 240;

function box(scene: Scene, name: string, min: [number, number, number], max: [number, number, number]): Mesh {
  const mesh = CreateBox(name, { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2] }, scene);
  mesh.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  mesh.computeWorldMatrix(true);
  return mesh;
}

/** A river 6 m wide with its bed 2 m down between two 37 × 80 m banks, a bridge deck, four ledges. */
function level(scene: Scene): Mesh[] {
  const meshes = [
    box(scene, "bed", [-3, -3, -40], [3, -2, 40]),
    box(scene, "west", [-40, -2, -40], [-3, 0, 40]),
    box(scene, "east", [3, -2, -40], [40, 0, 40]),
    box(scene, "deck", [-3.5, 0, -1], [3.5, 0.2, 1]),
  ];
  for (const [x, z] of [
    [-20, 20],
    [-20, -20],
    [20, 20],
    [20, -20],
  ] as const)
    meshes.push(box(scene, `ledge ${x} ${z}`, [x - 4, 0, z - 4], [x + 4, 1, z + 4]));
  return meshes;
}

async function benchSize(
  server: { url: string },
  records: ModelRecord[],
  count: number,
  navmesh: boolean,
  runs: number,
): Promise<{ row: Row; buildMs: number }> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", autoStep: false });
  try {
    const meshes = level(bench.scene);
    let buildMs = 0;
    if (navmesh)
      await menagerie.enableNavigation({
        meshes,
        onProgress: (p) => {
          buildMs = p.buildMilliseconds;
        },
      });
    const columns = Math.ceil(Math.sqrt(count));
    for (let i = 0; i < count; i++) {
      const side = i % 2 === 0 ? -1 : 1; // both banks
      const x = side * (6 + (Math.floor(i / 2) % columns) * 1.2);
      const z = -30 + Math.floor(i / 2 / columns) * 1.5;
      const creature = await menagerie.spawnCreature(records[i % records.length]!, { position: { x, y: 0, z } });
      creature.wander();
    }
    const step = () => menagerie.stepMotion(1 / 60);
    for (let i = 0; i < WARMUP; i++) step(); // placed on the navmesh, wandering, and the JIT settled
    const samples = new Samples();
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      for (let i = 0; i < STEPS; i++) step();
      samples.add({ stepMs: (performance.now() - start) / STEPS });
    }
    const scenario = `${count} walkers (${STEPS} steps/run)`;
    return { row: row(scenario, navmesh ? NAVMESH : GRID, samples.summary(), navmesh ? GRID : undefined), buildMs };
  } finally {
    menagerie.dispose();
    bench.dispose();
  }
}

export async function benchNavigation(options: NavigationBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const rows: Row[] = [];
  const builds: number[] = [];
  try {
    const probe = createBenchScene();
    const lookup = new Menagerie(probe.scene, { baseUrl: server.url, apiKey: "dev-key" });
    const records = await Promise.all(
      FOREST_SPECIES.map(async (name) => (await lookup.client!.getModel(name, { fuzzy: false }))!),
    );
    lookup.dispose();
    probe.dispose();
    for (const count of options.sizes) {
      rows.push((await benchSize(server, records, count, false, options.runs)).row);
      const nav = await benchSize(server, records, count, true, options.runs);
      rows.push(nav.row);
      builds.push(nav.buildMs);
      options.log(`navigation ${count}: done`);
    }
  } finally {
    await server.close();
  }
  return {
    id: "navigation",
    title: "Navigation: motion step CPU on a navmesh level (Node, NullEngine)",
    notes: [
      `Walkers: ${FOREST_SPECIES.join(", ")} in turn, on both banks of a river (6 m wide, its bed 2 m down) with a bridge deck across and four 1 m ledges; each wanders. Fixed step 1/60 s, \`menagerie.stepMotion\` alone (no render).`,
      "Navmesh = after `enableNavigation({ meshes })` (defaults): every walker held on the surface each step (one closest-point query when it moved). Grid = the same walkers without it. Ratio (×) = navmesh / grid.",
      `Navmesh build of this level: ${builds.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}.`,
    ],
    columns: [{ key: "stepMs", label: "stepMotion ms", digits: 2, better: "lower" }],
    rows: withRatios(rows),
  };
}
