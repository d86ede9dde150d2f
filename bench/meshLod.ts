/**
 * 7. Mesh level of detail: indices drawn per frame and frame CPU for N part-built walkers, then
 * N rigged ones (catalog zebra, dog, hippo: crowd-drawn from baked clips), with the default
 * `meshLod` and with `meshLod: false`, in a NullEngine scene each (Node), the whole grid in view
 * as in the browser sections. Runs alternate between the two scenes.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { riggedCrowdOfMesh } from "../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import type { ModelRecord } from "../src/records/schemas.js";
import { type BenchScene, createBenchScene } from "./benchScene.js";
import { startCountingServer } from "./countingServer.js";
import { installNodeXhr } from "./nodeXhr.js";
import { FOREST_SPECIES } from "./populate.js";
import { type Row, row, type Section, withRatios } from "./report.js";
import { Samples } from "./stats.js";

export interface MeshLodBenchOptions {
  catalogDir: string;
  sizes: number[];
  runs: number;
  log: (line: string) => void;
}

const WITH = "Menagerie, meshLod (default)";
const WITHOUT = "Menagerie, meshLod: false";
const FRAMES = 10;
/** The rigged crowd sections' species, on a 3 m grid (bench/riggedBrowser.ts's layout). */
const RIGGED_SPECIES = ["zebra", "dog", "hippo"];

/** What a row draws: part-built forest walkers on a 1.5 m grid, or rigged savanna ones on a 3 m grid. */
interface Kind {
  species: readonly string[];
  spacing: number;
  label: string;
}
const KINDS: Kind[] = [
  { species: FOREST_SPECIES, spacing: 1.5, label: "walkers" },
  { species: RIGGED_SPECIES, spacing: 3, label: "rigged walkers" },
];

interface Side {
  bench: BenchScene;
  menagerie: Menagerie;
  frame(): void;
}

/** A scene of `count` walkers of `kind` on its grid, the camera where the browser bench puts it. */
async function side(url: string, count: number, lod: boolean, kind: Kind): Promise<Side> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, {
    baseUrl: url,
    apiKey: "dev-key",
    animationLod: false, // every creature posed every frame: the figures are the mesh levels'
    ...(lod ? {} : { meshLod: false as const }),
  });
  const records: ModelRecord[] = await Promise.all(
    kind.species.map(async (name) => (await menagerie.client!.getModel(name, { fuzzy: false }))!),
  );
  const columns = Math.ceil(Math.sqrt(count));
  const spacing = kind.spacing;
  const half = ((columns - 1) * spacing) / 2;
  const area = { center: { x: 0, z: 0 }, radius: half * 1.5 + 1 };
  for (let i = 0; i < count; i++) {
    const creature = await menagerie.spawnCreature(records[i % records.length]!, {
      position: { x: (i % columns) * spacing - half, y: 0, z: Math.floor(i / columns) * spacing - half },
    });
    creature.wander({ area });
  }
  // A rigged model's levels are made after its first spawn, off its path: measured once made.
  const crowds = new Set(bench.scene.meshes.map((m) => riggedCrowdOfMesh(m as Mesh)).filter((c) => c !== undefined));
  await Promise.all([...crowds].map((crowd) => crowd.levelsReady));
  aimCamera(bench.scene, Math.max(4, columns * spacing * 1.1));
  bench.scene.onBeforeRenderObservable.clear(); // fixed steps below
  return {
    bench,
    menagerie,
    frame: () => {
      menagerie.stepMotion(1 / 60);
      bench.scene.render();
    },
  };
}

/** The browser bench's ArcRotateCamera (alpha -π/2, beta 0.9, `radius`), as a free camera. */
function aimCamera(scene: Scene, radius: number): void {
  const camera = scene.activeCamera as unknown as { position: Vector3; setTarget(t: Vector3): void };
  camera.position.set(0, radius * Math.cos(0.9), -radius * Math.sin(0.9));
  camera.setTarget(Vector3.Zero());
}

function measure(s: Side): { frameMs: number; activeIndices: number } {
  const start = performance.now();
  for (let i = 0; i < FRAMES; i++) s.frame();
  return { frameMs: (performance.now() - start) / FRAMES, activeIndices: s.bench.scene.getActiveIndices() };
}

export async function benchMeshLod(options: MeshLodBenchOptions): Promise<Section> {
  installNodeXhr();
  const server = await startCountingServer(options.catalogDir);
  const rows: Row[] = [];
  try {
    for (const kind of KINDS)
      for (const count of options.sizes) {
        const sides = [await side(server.url, count, true, kind), await side(server.url, count, false, kind)];
        try {
          for (const s of sides) {
            await s.bench.scene.whenReadyAsync();
            measure(s); // warm-up
          }
          const samples = [new Samples(), new Samples()];
          for (let run = 0; run < options.runs; run++) {
            for (const [i, s] of sides.entries()) samples[i]!.add(measure(s));
          }
          const scenario = `${count} ${kind.label}, whole grid in view (${FRAMES} frames/run)`;
          rows.push(row(scenario, WITHOUT, samples[1]!.summary()), row(scenario, WITH, samples[0]!.summary(), WITHOUT));
          options.log(`meshLod ${count} ${kind.label}: done`);
        } finally {
          for (const s of sides) {
            s.menagerie.dispose();
            s.bench.dispose();
          }
        }
      }
  } finally {
    await server.close();
  }
  return {
    id: "lod",
    title: "7. Mesh level of detail: indices drawn and frame CPU (Node, NullEngine)",
    notes: [
      `Walkers: ${FOREST_SPECIES.join(", ")} in turn on a 1.5 m grid, wandering; rigged walkers: ${RIGGED_SPECIES.join(", ")} on a 3 m grid (crowd-drawn from baked clips, their levels made after the first spawn and awaited); the camera where the browser sections put it (the whole grid in view). \`animationLod: false\`: every creature posed every frame.`,
      "Frame = `menagerie.stepMotion(1/60)` + `scene.render()`; indices = `scene.getActiveIndices()` of the last frame (what the GPU would be asked to draw). Runs alternate between the two scenes.",
      "Headless Chromium figures (SwiftShader, 1 000 walkers): `MESH_LOD_COUNT=1000 npx vitest run test/browser/meshLod.browser.test.ts` prints them; rigged: `RIGGED_LOD_COUNT=1000 npx vitest run test/browser/riggedLod.browser.test.ts`.",
    ],
    columns: [
      { key: "activeIndices", label: "indices / frame", digits: 0, better: "lower" },
      { key: "frameMs", label: "frame ms", digits: 2, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
