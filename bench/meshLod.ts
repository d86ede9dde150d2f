/**
 * 7. Mesh level of detail: indices drawn per frame and frame CPU for N part-built walkers with
 * the default `meshLod` and with `meshLod: false`, in a NullEngine scene each (Node), the whole
 * grid in view as in the browser section. Runs alternate between the two scenes.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelRecord } from "../src/api/schemas.js";
import { Menagerie } from "../src/babylon/menagerie.js";
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

interface Side {
  bench: BenchScene;
  menagerie: Menagerie;
  frame(): void;
}

/** A scene of `count` walkers on the 1.5 m grid, the camera where the browser bench puts it. */
async function side(url: string, count: number, lod: boolean): Promise<Side> {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, {
    baseUrl: url,
    apiKey: "dev-key",
    animationLod: false, // every creature posed every frame: the figures are the mesh levels'
    ...(lod ? {} : { meshLod: false as const }),
  });
  const records: ModelRecord[] = await Promise.all(
    FOREST_SPECIES.map(async (name) => (await menagerie.client!.getModel(name, { fuzzy: false }))!),
  );
  const columns = Math.ceil(Math.sqrt(count));
  const half = ((columns - 1) * 1.5) / 2;
  const area = { center: { x: 0, z: 0 }, radius: half * 1.5 + 1 };
  for (let i = 0; i < count; i++) {
    const creature = await menagerie.spawnCreature(records[i % records.length]!, {
      position: { x: (i % columns) * 1.5 - half, y: 0, z: Math.floor(i / columns) * 1.5 - half },
    });
    creature.wander({ area });
  }
  aimCamera(bench.scene, Math.max(4, columns * 1.5 * 1.1));
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
    for (const count of options.sizes) {
      const sides = [await side(server.url, count, true), await side(server.url, count, false)];
      try {
        for (const s of sides) {
          await s.bench.scene.whenReadyAsync();
          measure(s); // warm-up
        }
        const samples = [new Samples(), new Samples()];
        for (let run = 0; run < options.runs; run++) {
          for (const [i, s] of sides.entries()) samples[i]!.add(measure(s));
        }
        const scenario = `${count} walkers, whole grid in view (${FRAMES} frames/run)`;
        rows.push(row(scenario, WITHOUT, samples[1]!.summary()), row(scenario, WITH, samples[0]!.summary(), WITHOUT));
        options.log(`meshLod ${count}: done`);
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
      `Walkers: ${FOREST_SPECIES.join(", ")} in turn on a 1.5 m grid, wandering; the camera where the browser section puts it (the whole grid in view, 30–80 m away). \`animationLod: false\`: every creature posed every frame.`,
      "Frame = `menagerie.stepMotion(1/60)` + `scene.render()`; indices = `scene.getActiveIndices()` of the last frame (what the GPU would be asked to draw). Runs alternate between the two scenes.",
      "Headless Chromium figures (SwiftShader, 1 000 walkers): `MESH_LOD_COUNT=1000 npx vitest run test/browser/meshLod.browser.test.ts` prints them.",
    ],
    columns: [
      { key: "activeIndices", label: "indices / frame", digits: 0, better: "lower" },
      { key: "frameMs", label: "frame ms", digits: 2, better: "lower" },
    ],
    rows: withRatios(rows),
  };
}
