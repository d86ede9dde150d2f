/**
 * Browser test page for mesh level of detail (`meshLod`): `count` forest walkers (bear, deer,
 * fox, squirrel, wolf in turn on a 1.5 m grid, the whole grid in view, as bench/browser.ts lays
 * them out), once with the default `meshLod` and once with `meshLod: false`, each in a fresh
 * scene. Reports the indices drawn per frame, draw calls, how many creatures each level draws,
 * and the pixels of one creature up close (standing apart, motion paused), to compare between
 * the two runs.
 * Query: ?service=<url>&key=dev-key&count=1000
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
import { type Creature, Menagerie } from "../../../src/index.js";
import { watchedClient } from "./watchedClient.js";

/** One run's figures. */
export interface MeshLodRun {
  creatures: number;
  /** `scene.getActiveIndices()` of one frame of the whole grid. */
  activeIndices: number;
  drawCalls: number;
  /** Creatures drawn at each level (0: full detail). */
  levels: number[];
  crowdMeshes: number;
  /** Milliseconds per frame (stepMotion + render + gl.finish) over 3 frames: informative only (the bench times frames). */
  frameMs: number;
  /** Pixels of the close-up (RGBA rows), compared between runs by the page. */
  closeUp?: Uint8Array;
  /** Pixels of the close-up that differ with the creature hidden (it is really drawn). */
  closeUpCreaturePixels: number;
  warnings: string[];
  /** Lookups (their queries, key redacted) the client's timeout cut off and retried (watchedClient.ts). */
  timedOutLookups: string[];
}

export interface MeshLodResult {
  withLod: Omit<MeshLodRun, "closeUp">;
  withoutLod: Omit<MeshLodRun, "closeUp">;
  /** Pixels of the close-up that differ between the two runs. */
  closeUpDiffering: number;
  /** Where they are: [minX, minY, maxX, maxY] in the canvas (y up), or null. */
  differingBox: number[] | null;
  /** With `?control=1`: pixels of the close-up that differ between two runs without levels. */
  controlDiffering?: number;
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

const SPECIES = ["bear", "deer", "fox", "squirrel", "wolf"];
const SPACING = 1.5;

async function run(engine: Engine, service: string, key: string, count: number, lod: boolean): Promise<MeshLodRun> {
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene);
  const columns = Math.ceil(Math.sqrt(count));
  const half = ((columns - 1) * SPACING) / 2;
  const extent = columns * SPACING;
  CreateGround("ground", { width: extent + 40, height: extent + 40 }, scene);
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 0.9, Math.max(4, extent * 1.1), Vector3.Zero(), scene);
  camera.minZ = 0.05;
  const lookups = watchedClient(service, key);
  const menagerie = new Menagerie(scene, {
    client: lookups.client,
    seed: 5,
    animationLod: false, // every creature drawn every frame: the figures are the levels'
    ...(lod ? {} : { meshLod: false as const }),
  });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code}: ${w.message}`));
  try {
    // The first (a bear), looked at up close, stands apart from the grid. Spawned alone first,
    // so that it draws the same gait phases from the seeded generator in both runs.
    const place = (i: number) => ({
      position:
        i === 0
          ? new Vector3(-half - 12, 0, 0)
          : new Vector3((i % columns) * SPACING - half, 0, Math.floor(i / columns) * SPACING - half),
      rotationY: i === 0 ? Math.PI / 2 : (i * 2.4) % (2 * Math.PI),
    });
    const first = await menagerie.spawnCreature(SPECIES[0]!, place(0));
    const spawned: Creature[] = [
      first,
      ...(await Promise.all(
        Array.from({ length: count - 1 }, (_, k) =>
          menagerie.spawnCreature(SPECIES[(k + 1) % SPECIES.length]!, place(k + 1)),
        ),
      )),
    ];
    menagerie.pause();
    await scene.whenReadyAsync();
    const closeUp = await closeUpOf(scene, camera, menagerie, spawned[0]!);

    camera.target.setAll(0);
    camera.alpha = -Math.PI / 2;
    camera.beta = 0.9;
    camera.radius = Math.max(4, extent * 1.1);
    const area = { center: { x: 0, z: 0 }, radius: half * 1.5 + 1 };
    for (const creature of spawned.slice(1)) creature.wander({ area });
    const gl = (engine as unknown as { _gl: WebGLRenderingContext })._gl;
    const frame = () => {
      menagerie.stepMotion(1 / 60); // explicit steps move creatures while paused
      scene.render();
      gl.finish();
    };
    for (let i = 0; i < 5; i++) frame();
    await scene.whenReadyAsync(); // a level's meshes made on the way compile their shaders
    const instrumentation = new SceneInstrumentation(scene);
    const started = performance.now();
    for (let i = 0; i < 3; i++) frame();
    const frameMs = (performance.now() - started) / 3;
    const crowd = scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];
    const levels: number[] = [];
    for (const mesh of crowd) {
      // A part-built crowd's joined mesh holding the body (one per model and level).
      if (!mesh.metadata.menagerie.parts?.includes("body")) continue;
      const level = (mesh.metadata.menagerie.level as number | undefined) ?? 0;
      levels[level] = (levels[level] ?? 0) + mesh.thinInstanceCount;
    }
    return {
      creatures: spawned.length,
      activeIndices: scene.getActiveIndices(),
      drawCalls: instrumentation.drawCallsCounter.current,
      levels: Array.from(levels, (n) => n ?? 0),
      crowdMeshes: crowd.length,
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

function differingBox(a: Uint8Array, b: Uint8Array, width: number): number[] | null {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) <= 24) continue;
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    box[0] = Math.min(box[0]!, x);
    box[1] = Math.min(box[1]!, y);
    box[2] = Math.max(box[2]!, x);
    box[3] = Math.max(box[3]!, y);
  }
  return box[0] === Infinity ? null : box;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const service = params.get("service")!;
  const key = params.get("key") ?? "dev-key";
  const count = Number(params.get("count") ?? "1000");
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const withLod = await run(engine, service, key, count, true);
  const withoutLod = await run(engine, service, key, count, false);
  // ?control=1: a second run without levels, to tell the test's own variation from the levels'.
  const control = params.get("control") === "1" ? await run(engine, service, key, count, false) : undefined;
  const { closeUp: a, ...withFigures } = withLod;
  const { closeUp: b, ...withoutFigures } = withoutLod;
  const result: MeshLodResult = {
    withLod: withFigures,
    withoutLod: withoutFigures,
    closeUpDiffering: differing(a!, b!),
    differingBox: differingBox(a!, b!, engine.getRenderWidth()),
    ...(control ? { controlDiffering: differing(b!, control.closeUp!) } : {}),
  };
  engine.dispose();
  window.__result = result;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
