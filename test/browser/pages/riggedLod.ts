/**
 * Browser test page for mesh level of detail of rigged crowds (`meshLod`, riggedLevel.ts):
 * `count` rigged creatures (`species` in turn on a 3 m grid, the whole grid in view, as the
 * rigged crowd page lays them out), once with the default `meshLod` and once with
 * `meshLod: false`, each in a fresh scene. Reports the indices drawn per frame, draw calls and
 * how many creatures each level draws, and the pixels of one zebra up close (standing apart,
 * motion paused), to compare between the two runs.
 * Query: ?service=<url>&key=dev-key&species=zebra,dog,hippo&count=1000
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { Scene } from "@babylonjs/core/scene.js";
import { riggedCrowdOfMesh } from "../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { type Creature, Menagerie } from "../../../src/index.js";
import { watchedClient } from "./watchedClient.js";

/** One run's figures. */
export interface RiggedLodRun {
  creatures: number;
  /** Creatures drawn by their model's crowd (no node of their own below the root). */
  crowdDrawn: number;
  /** `scene.getActiveIndices()` of one frame of the whole grid. */
  activeIndices: number;
  drawCalls: number;
  /** Creatures drawn at each level (0: full detail), every model's crowd summed. */
  levels: number[];
  crowdMeshes: number;
  /** Milliseconds per frame (stepMotion + render + gl.finish) over 3 frames: informative only (the bench times frames). */
  frameMs: number;
  closeUp?: Uint8Array;
  /** Pixels of the close-up that differ with the zebra hidden (it is really drawn). */
  closeUpCreaturePixels: number;
  warnings: string[];
  /** Lookups (their queries, key redacted) the client's timeout cut off and retried (watchedClient.ts). */
  timedOutLookups: string[];
}

export interface RiggedLodResult {
  withLod: Omit<RiggedLodRun, "closeUp">;
  withoutLod: Omit<RiggedLodRun, "closeUp">;
  /** Pixels of the close-up that differ between the two runs. */
  closeUpDiffering: number;
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

const SPACING = 3;

async function run(engine: Engine, params: URLSearchParams, lod: boolean): Promise<RiggedLodRun> {
  const species = (params.get("species") ?? "zebra,dog,hippo").split(",");
  const count = Number(params.get("count") ?? "300");
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene);
  const columns = Math.ceil(Math.sqrt(count));
  const half = ((columns - 1) * SPACING) / 2;
  const extent = columns * SPACING;
  CreateGround("ground", { width: extent + 40, height: extent + 40 }, scene);
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 0.7, extent * 1.1, Vector3.Zero(), scene);
  camera.minZ = 0.05;
  camera.maxZ = 1000;
  const lookups = watchedClient(params.get("service")!, params.get("key") ?? undefined);
  const menagerie = new Menagerie(scene, {
    client: lookups.client,
    seed: 5,
    animationLod: false, // every creature drawn every frame: the figures are the levels'
    ...(lod ? {} : { meshLod: false as const }),
  });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code} ${w.asset ?? ""}: ${w.message}`));
  try {
    // The first (a zebra), looked at up close, stands apart from the grid.
    const spawned: Creature[] = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        menagerie.spawnCreature(i === 0 ? "zebra" : species[i % species.length]!, {
          position:
            i === 0
              ? new Vector3(-half - 12, 0, 0)
              : new Vector3((i % columns) * SPACING - half, 0, Math.floor(i / columns) * SPACING - half),
          rotationY: i === 0 ? Math.PI / 2 : (i * 2.4) % (2 * Math.PI),
        }),
      ),
    );
    const crowds = () => [
      ...new Set(
        (scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[]).map((m) => riggedCrowdOfMesh(m)!),
      ),
    ];
    await Promise.all(crowds().map((crowd) => crowd.levelsReady)); // simplified off the spawns
    menagerie.pause();
    await scene.whenReadyAsync();
    const closeUp = await closeUpOf(scene, camera, menagerie, spawned[0]!);

    camera.target.setAll(0);
    camera.alpha = -Math.PI / 2;
    camera.beta = 0.7;
    camera.radius = extent * 1.1;
    const area = { center: { x: 0, z: 0 }, radius: half + SPACING };
    for (const creature of spawned.slice(1)) creature.wander({ area });
    const gl = (engine as unknown as { _gl: WebGLRenderingContext })._gl;
    const frame = () => {
      menagerie.stepMotion(1 / 30); // explicit steps move creatures while paused
      scene.render();
      gl.finish();
    };
    for (let i = 0; i < 5; i++) frame();
    await scene.whenReadyAsync(); // a level's meshes made on the way compile their shaders
    const instrumentation = new SceneInstrumentation(scene);
    const started = performance.now();
    for (let i = 0; i < 3; i++) frame();
    const frameMs = (performance.now() - started) / 3;
    const levels: number[] = [];
    for (const crowd of crowds()) {
      for (const [l, n] of crowd.levelCounts.entries()) levels[l] = (levels[l] ?? 0) + n;
    }
    return {
      creatures: spawned.length,
      crowdDrawn: spawned.filter((c) => c.root.getChildren().length === 0).length,
      activeIndices: scene.getActiveIndices(),
      drawCalls: instrumentation.drawCallsCounter.current,
      levels: Array.from(levels, (n) => n ?? 0),
      crowdMeshes: scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true).length,
      frameMs,
      closeUp: closeUp.drawn,
      closeUpCreaturePixels: closeUp.creaturePixels,
      warnings,
      timedOutLookups: lookups.timedOut,
    };
  } finally {
    menagerie.dispose();
    scene.dispose();
  }
}

/** The creature from its side, 3.5 heights away, looking away from the grid. */
async function closeUpOf(
  scene: Scene,
  camera: ArcRotateCamera,
  menagerie: Menagerie,
  creature: Creature,
): Promise<{ drawn: Uint8Array; creaturePixels: number }> {
  camera.target.copyFrom(creature.root.position).addInPlaceFromFloats(0, creature.heightMeters * 0.5, 0);
  camera.alpha = 0; // on its +X side (the grid's), looking toward -X
  camera.beta = 1.3;
  camera.radius = creature.heightMeters * 3.5;
  for (let i = 0; i < 2; i++) scene.render();
  await scene.whenReadyAsync();
  const engine = scene.getEngine();
  const pixels = async () => {
    scene.render();
    return (await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight())) as Uint8Array;
  };
  const drawn = await pixels();
  creature.root.setEnabled(false);
  menagerie.stepMotion(0); // the sync writes the hidden root
  const hidden = await pixels();
  creature.root.setEnabled(true);
  menagerie.stepMotion(0);
  return { drawn, creaturePixels: differing(drawn, hidden) };
}

function differing(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) n++;
  return n;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const withLod = await run(engine, params, true);
  const withoutLod = await run(engine, params, false);
  const { closeUp: a, ...withFigures } = withLod;
  const { closeUp: b, ...withoutFigures } = withoutLod;
  engine.dispose();
  window.__result = { withLod: withFigures, withoutLod: withoutFigures, closeUpDiffering: differing(a!, b!) };
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
