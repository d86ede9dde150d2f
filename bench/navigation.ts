/**
 * Navigation: the motion step's CPU for N walkers wandering and hunting on a navmesh level (two banks of a
 * river, a bridge deck across, ledges) beside the same walkers on the grid (the
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

const GRID = "grid (the default), wandering and hunting";
const NAVMESH = "navmesh, wandering and hunting";
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

/** One scene of the row, set up and warmed: a step of its motion, and its navmesh's build time. */
interface BenchScene {
  step(): void;
  buildMs: number;
  dispose(): void;
}

/** Every HUNTER_EVERY-th walker hunts the others (and they flee it); the rest wander. */
const HUNTER_EVERY = 10;

async function setUpScene(
  server: { url: string },
  records: ModelRecord[],
  count: number,
  navmesh: boolean,
): Promise<BenchScene> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key", autoStep: false });
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
  const hunters = new Set<object>();
  for (let i = 0; i < count; i++) {
    const side = i % 2 === 0 ? -1 : 1; // both banks
    const x = side * (6 + (Math.floor(i / 2) % columns) * 1.2);
    const z = -30 + Math.floor(i / 2 / columns) * 1.5;
    const creature = await menagerie.spawnCreature(records[i % records.length]!, { position: { x, y: 0, z } });
    creature.wander();
    if (i % HUNTER_EVERY === 0) {
      hunters.add(creature);
      creature.hunt((c) => !hunters.has(c), { restSeconds: 2 });
    } else creature.fleeFrom((c) => hunters.has(c));
  }
  const step = () => menagerie.stepMotion(1 / 60);
  for (let i = 0; i < WARMUP; i++) step(); // placed on the navmesh, wandering, and the JIT settled
  return {
    step,
    buildMs,
    dispose() {
      menagerie.dispose();
      bench.dispose();
    },
  };
}

/** Times both scenes in one process, their runs alternating, so a load on the machine falls on both. */
async function benchSize(
  server: { url: string },
  records: ModelRecord[],
  count: number,
  runs: number,
): Promise<{ rows: Row[]; buildMs: number }> {
  const grid = await setUpScene(server, records, count, false);
  const nav = await setUpScene(server, records, count, true);
  try {
    const samples = [new Samples(), new Samples()];
    for (let run = 0; run < runs; run++)
      [grid, nav].forEach((scene, i) => {
        const start = performance.now();
        for (let k = 0; k < STEPS; k++) scene.step();
        samples[i]!.add({ stepMs: (performance.now() - start) / STEPS });
      });
    const scenario = `${count} walkers (${STEPS} steps/run)`;
    return {
      rows: [row(scenario, GRID, samples[0]!.summary()), row(scenario, NAVMESH, samples[1]!.summary(), GRID)],
      buildMs: nav.buildMs,
    };
  } finally {
    grid.dispose();
    nav.dispose();
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
      const size = await benchSize(server, records, count, options.runs);
      rows.push(...size.rows);
      builds.push(size.buildMs);
      options.log(`navigation ${count}: done`);
    }
  } finally {
    await server.close();
  }
  return {
    id: "navigation",
    title: "Navigation: motion step CPU on a navmesh level (Node, NullEngine)",
    notes: [
      `Walkers: ${FOREST_SPECIES.join(", ")} in turn, on both banks of a river (6 m wide, its bed 2 m down) with a bridge deck across and four 1 m ledges; each wanders, one in ${HUNTER_EVERY} hunts the others and they flee it. Fixed step 1/60 s, \`menagerie.stepMotion\` alone (no render).`,
      "Navmesh = after `enableNavigation({ meshes })` (defaults): every walker held on the surface each step (one closest-point query when it moved). Grid = the same walkers without it. Ratio (×) = navmesh / grid. Both scenes are set up in one process and their runs alternate.",
      `Navmesh build of this level: ${builds.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}.`,
    ],
    columns: [{ key: "stepMs", label: "stepMotion ms", digits: 2, better: "lower" }],
    rows: withRatios(rows),
  };
}
