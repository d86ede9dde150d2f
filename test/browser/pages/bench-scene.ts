/**
 * Bench page (bench/browser.ts): `window.__bench(params)` builds `count` animated forest walkers
 * made by Menagerie or the obvious way, and resolves with draw calls and frame times.
 * `window.__result` turns "ready" once the page has loaded.
 *
 * Frame time = performance.now() around one frame's work and `gl.finish()`, so SwiftShader's
 * rasterisation is in it, not only the command submission.
 */

import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Scene } from "@babylonjs/core/scene.js";
import { animateCompetent, CompetentLoader } from "../../../bench/competentWay.js";
import { type ObviousCreature, ObviousLoader } from "../../../bench/obviousWay.js";
import { Menagerie } from "../../../src/index.js";

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

const SPECIES = ["bear", "deer", "fox", "squirrel", "wolf"];
const SPACING = 1.5;

interface Layout {
  columns: number;
  positionOf(i: number): { x: number; z: number };
  radius: number;
}

function gridLayout(count: number): Layout {
  const columns = Math.ceil(Math.sqrt(count));
  const half = ((columns - 1) * SPACING) / 2;
  return {
    columns,
    radius: half * 1.5 + 1,
    positionOf: (i) => ({ x: (i % columns) * SPACING - half, z: Math.floor(i / columns) * SPACING - half }),
  };
}

/** Menagerie: every creature spawned by name, wandering; motion stepped by hand at 1/60 s. */
interface MadeScene {
  animate(): void;
  dispose(): void;
}

async function menagerieScene(
  scene: Scene,
  service: string,
  key: string,
  count: number,
  layout: Layout,
): Promise<MadeScene> {
  const menagerie = new Menagerie(scene, { baseUrl: service, apiKey: key });
  const area = { center: { x: 0, z: 0 }, radius: layout.radius };
  const creatures = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      menagerie.spawnCreature(SPECIES[i % SPECIES.length]!, { position: { ...layout.positionOf(i), y: 0 } }),
    ),
  );
  for (const creature of creatures) creature.wander({ area });
  scene.onBeforeRenderObservable.clear(); // fixed steps below, not wall-clock deltas
  return { animate: () => menagerie.stepMotion(1 / 60), dispose: () => menagerie.dispose() };
}

/**
 * The obvious way: each species' first creature loaded part by part with ImportMeshAsync (one
 * lookup each), every further creature a `clone()` of those meshes with its own material
 * copies, as loading it again would give, without paying the load 1 000 times. Animation by
 * hand: roots walk in circles, leg meshes swing.
 */
async function baselineScene(
  scene: Scene,
  service: string,
  key: string,
  count: number,
  layout: Layout,
): Promise<MadeScene> {
  const loader = new ObviousLoader(scene, service, key).install();
  const firsts = new Map<string, ObviousCreature>();
  for (const name of SPECIES.slice(0, count))
    firsts.set(name, await loader.spawn(name, layout.positionOf(SPECIES.indexOf(name))));
  const roots: TransformNode[] = [...firsts.values()].map((c) => c.root);
  const legs: Mesh[] = [];
  for (const c of firsts.values()) for (const m of c.meshes) if (m instanceof Mesh && /leg/.test(m.name)) legs.push(m);
  for (let i = firsts.size; i < count; i++) {
    const source = firsts.get(SPECIES[i % SPECIES.length]!)!;
    const root = new TransformNode(`${source.name}-${i}`, scene);
    const { x, z } = layout.positionOf(i);
    root.position.set(x, 0, z);
    for (const mesh of source.meshes) {
      if (!(mesh instanceof Mesh)) continue;
      const copy = mesh.clone(`${mesh.name}-${i}`, root, true);
      if (mesh.material) copy.material = mesh.material.clone(`${mesh.material.name}-${i}`);
      if (/leg/.test(mesh.name)) legs.push(copy);
    }
    roots.push(root);
  }
  const start = roots.map((r) => ({ x: r.position.x, z: r.position.z }));
  let t = 0;
  const animate = () => {
    t += 1 / 60;
    for (let i = 0; i < roots.length; i++) {
      const a = t * 0.5 + i;
      roots[i]!.position.set(start[i]!.x + Math.cos(a) * 0.5, 0, start[i]!.z + Math.sin(a) * 0.5);
      roots[i]!.rotation.y = -a;
    }
    for (let i = 0; i < legs.length; i++) legs[i]!.rotation.x = Math.sin(t * 5 + i) * 0.4;
  };
  return { animate, dispose: () => loader.uninstall() };
}

/** The competent way A (bench/competentWay.ts): one search, a container per species, instances. */
async function competentScene(
  scene: Scene,
  service: string,
  key: string,
  count: number,
  layout: Layout,
): Promise<MadeScene> {
  const loader = new CompetentLoader(scene, service, key, "A").install();
  const records = new Map((await loader.search("forest")).map((r) => [r.name, r]));
  const creatures = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      loader.spawn(records.get(SPECIES[i % SPECIES.length]!)!, layout.positionOf(i)),
    ),
  );
  let t = 0;
  return {
    animate: () => animateCompetent(creatures, (t += 1 / 60)),
    dispose: () => loader.uninstall(),
  };
}

/** Main-thread tasks over 50 ms (PerformanceObserver "longtask"), as [start, duration]. */
const longTasks: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });

/** One measurement, on a fresh canvas, engine and scene, all disposed afterwards. */
export interface BenchParams {
  service: string;
  key: string;
  mode: "menagerie" | "baseline" | "competentA";
  count: number;
  frames: number;
  runs: number;
  warmup: number;
}

async function bench(params: BenchParams) {
  const { service, key, mode, count, frames, runs, warmup } = params;
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 480;
  document.body.replaceChildren(canvas);
  const engine = new Engine(canvas, false, { preserveDrawingBuffer: false, stencil: true });
  const scene = new Scene(engine);
  const layout = gridLayout(count);
  const extent = layout.columns * SPACING;
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 0.9, Math.max(4, extent * 1.1), Vector3.Zero(), scene);
  camera.minZ = 0.05;
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
  CreateGround("ground", { width: extent + 4, height: extent + 4 }, scene);

  let cleanUp = () => {};
  try {
    const loadStart = performance.now();
    const made =
      mode === "baseline"
        ? await baselineScene(scene, service, key, count, layout)
        : mode === "competentA"
          ? await competentScene(scene, service, key, count, layout)
          : await menagerieScene(scene, service, key, count, layout);
    cleanUp = made.dispose;
    const builtAt = performance.now();
    await scene.whenReadyAsync();
    const loadMs = performance.now() - loadStart;
    // Let the observer hear of the last task, then keep the longest that began while loading
    // (shaders compiled by whenReadyAsync excluded: that is the first frame's work, not the load's).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const longestTaskMs = Math.max(
      0,
      ...longTasks.filter(([start]) => start >= loadStart && start < builtAt).map(([, duration]) => duration),
    );

    const gl = (engine as unknown as { _gl: WebGLRenderingContext })._gl;
    const instrumentation = new SceneInstrumentation(scene);
    const frame = () => {
      made.animate();
      scene.render();
      gl.finish();
    };
    for (let i = 0; i < warmup; i++) frame();
    const frameMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      for (let i = 0; i < frames; i++) frame();
      frameMs.push((performance.now() - start) / frames);
    }
    return {
      mode,
      count,
      loadMs,
      longestTaskMs,
      frameMs,
      drawCalls: instrumentation.drawCallsCounter.current,
      meshes: scene.meshes.length,
      materials: scene.materials.length,
      textures: scene.textures.length,
    };
  } finally {
    cleanUp();
    scene.dispose();
    engine.dispose();
  }
}

// One page serves every measurement: loading Babylon through Vite's dev server takes seconds.
(window as unknown as { __bench: typeof bench }).__bench = bench;
window.__result = "ready";
