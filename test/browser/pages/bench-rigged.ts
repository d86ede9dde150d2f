/**
 * Bench page for rigged crowds (bench/riggedBrowser.ts): several scenes live side by side, one
 * engine and canvas each, so that the bench can alternate measured runs between them in one
 * browser. `__rigged.build(params)` makes a scene of `count` creatures and resolves with its id;
 * `__rigged.measure(id, frames)` times `frames` frames of it (`measurePair(a, b, frames)` two
 * scenes' frames interleaved); `__rigged.dispose(id)` ends it.
 *
 * Subjects: "competentR" (bench/riggedCompetent.ts: per species one container of the walk GLB,
 * `instantiateModelsToScene(..., { doNotInstantiate: true })` per creature, walk group looped,
 * roots moved by hand), "menagerieRigged" (`spawnCreature` of the rigged species, wandering) and
 * "menageriePart" (`spawnCreature` of part-built forest walkers, wandering: the reference the
 * issue's goal is set against), "menagerieMixed" (`populate` of the grassland, seed 3: the
 * demo's mix of part-built and rigged species, wandering; `species` unused), "menagerieLiving"
 * (the same populate with `ecology: true`, as the demo's living world: creatures keep in groups of
 * their kind, predators hunt, prey flee). Every scene: the same grid, camera, light and ground.
 *
 * A frame = the subject's animation step + `scene.render()` (CPU: performance.now() around
 * them, split into the step and the render) then `gl.finish()` (frame: CPU + waiting for
 * SwiftShader to rasterise in the GPU process).
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import "@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js";
import "@babylonjs/core/Materials/standardMaterial.js"; // the ground's default material
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type CompetentRigged, CompetentRiggedLoader, walkCompetentRigged } from "../../../bench/riggedCompetent.js";
import { Menagerie } from "../../../src/index.js";

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

export type RiggedBenchMode = "competentR" | "menagerieRigged" | "menageriePart" | "menagerieMixed" | "menagerieLiving";

export interface RiggedBuildParams {
  service: string;
  key: string;
  mode: RiggedBenchMode;
  count: number;
  /** Species spawned in turn on the grid. */
  species: string[];
  /**
   * A directional light whose shadow generator (1 024² map) every creature casts into and the
   * ground receives: R adds each creature's meshes as casters, Menagerie calls
   * `menagerie.addShadowCaster(generator)`.
   */
  shadows?: boolean;
  /** "menagerieMixed", "menagerieLiving": Menagerie's `meshLod` left on (default) or off. */
  meshLod?: boolean;
}

export interface RiggedBuilt {
  id: number;
  loadMs: number;
  creatures: number;
}

export interface RiggedMeasure {
  /** Mean over the run's frames: animation step + `scene.render()`, before `gl.finish()`. */
  cpuMs: number;
  /** Mean over the run's frames: the animation step (motion) alone. */
  motionMs: number;
  /** Mean over the run's frames: `scene.render()` alone. */
  renderMs: number;
  /**
   * The run's fastest `scene.render()`: on a busy machine the frames the scheduler left alone,
   * nearest the work's own cost.
   */
  renderMinMs: number;
  /** Mean over the run's frames: the same and `gl.finish()`. */
  frameMs: number;
  /** Of the run's last frame. */
  drawCalls: number;
  activeIndices: number;
  activeMeshes: number;
  skeletons: number;
  animationGroups: number;
  nodes: number;
  /** Meshes in the shadow map's render list (0 without shadows). */
  shadowCasters: number;
}

/** Creatures 3 m apart on a square grid centred on the origin (room for a 2.2 m zebra's stride). */
const SPACING = 3;

interface Live {
  engine: Engine;
  scene: Scene;
  gl: WebGLRenderingContext;
  instrumentation: SceneInstrumentation;
  shadows: ShadowGenerator | null;
  animate(): void;
  dispose(): void;
}

const live = new Map<number, Live>();
let nextId = 1;

function positionOf(i: number, columns: number): { x: number; z: number } {
  const half = ((columns - 1) * SPACING) / 2;
  return { x: (i % columns) * SPACING - half, z: Math.floor(i / columns) * SPACING - half };
}

async function competentR(scene: Scene, p: RiggedBuildParams, columns: number, shadows: ShadowGenerator | null) {
  const loaders = new Map<string, CompetentRiggedLoader>();
  for (const name of p.species) {
    const loader = new CompetentRiggedLoader(scene, p.service, p.key);
    await loader.load(name);
    loaders.set(name, loader);
  }
  const creatures: CompetentRigged[] = [];
  for (let i = 0; i < p.count; i++) {
    const creature = loaders.get(p.species[i % p.species.length]!)!.spawn(positionOf(i, columns));
    if (shadows) for (const mesh of creature.root.getChildMeshes()) shadows.addShadowCaster(mesh, false);
    creatures.push(creature);
  }
  let time = 0;
  return {
    animate: () => walkCompetentRigged(creatures, (time += 1 / 60)),
    dispose: () => {},
  };
}

async function menagerie(scene: Scene, p: RiggedBuildParams, columns: number, shadows: ShadowGenerator | null) {
  // Fixed steps below (menagerie.stepMotion), not wall-clock deltas. Not by clearing the scene's
  // observers: that also dropped the observer through which new meshes join the shadow casters.
  const herd = new Menagerie(scene, { baseUrl: p.service, apiKey: p.key, autoStep: false });
  if (shadows) herd.addShadowCaster(shadows);
  const creatures = await Promise.all(
    Array.from({ length: p.count }, (_, i) =>
      herd.spawnCreature(p.species[i % p.species.length]!, {
        position: { ...positionOf(i, columns), y: 0 },
        rotationY: (i * 2.4) % (2 * Math.PI),
      }),
    ),
  );
  const area = { center: { x: 0, z: 0 }, radius: (columns * SPACING) / 2 + SPACING };
  for (const creature of creatures) creature.wander({ area });
  for (let i = 0; i < 60; i++) herd.stepMotion(1 / 60); // up to walking pace
  return { animate: () => herd.stepMotion(1 / 60), dispose: () => herd.dispose() };
}

async function mixed(scene: Scene, p: RiggedBuildParams, columns: number, shadows: ShadowGenerator | null) {
  const herd = new Menagerie(scene, {
    baseUrl: p.service,
    apiKey: p.key,
    autoStep: false,
    ...(p.meshLod === false ? { meshLod: false as const } : {}),
  });
  if (shadows) herd.addShadowCaster(shadows);
  const area = { center: { x: 0, z: 0 }, radius: (columns * SPACING) / 2 };
  const living = p.mode === "menagerieLiving";
  const group = await herd.populate({ habitat: "grass", count: p.count, seed: 3, area, scenery: 0, ecology: living });
  // The living world keeps populate's own orders (groups, hunts, flight); the mixed crowd wanders.
  if (!living) for (const creature of group.creatures) creature.wander({ area });
  for (let i = 0; i < 60; i++) herd.stepMotion(1 / 60);
  return { animate: () => herd.stepMotion(1 / 60), dispose: () => herd.dispose(), count: group.creatures.length };
}

async function build(p: RiggedBuildParams): Promise<RiggedBuilt> {
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 480;
  document.body.append(canvas);
  const engine = new Engine(canvas, false, { preserveDrawingBuffer: false, stencil: true });
  const scene = new Scene(engine);
  const columns = Math.ceil(Math.sqrt(p.count));
  const extent = columns * SPACING;
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 0.9, Math.max(4, extent * 1.1), Vector3.Zero(), scene);
  camera.minZ = 0.05;
  camera.maxZ = extent * 4;
  new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
  const ground = CreateGround("ground", { width: extent + 8, height: extent + 8 }, scene);
  let shadows: ShadowGenerator | null = null;
  if (p.shadows) {
    const sun = new DirectionalLight("sun", new Vector3(-0.4, -1, 0.3), scene);
    sun.position = new Vector3(extent / 2, extent, -extent / 2);
    shadows = new ShadowGenerator(1024, sun);
    ground.receiveShadows = true;
  }
  const started = performance.now();
  let made: { animate(): void; dispose(): void; count?: number } | undefined;
  try {
    made =
      p.mode === "competentR"
        ? await competentR(scene, p, columns, shadows)
        : p.mode === "menagerieMixed" || p.mode === "menagerieLiving"
          ? await mixed(scene, p, columns, shadows)
          : await menagerie(scene, p, columns, shadows);
    await scene.whenReadyAsync();
  } catch (error) {
    made?.dispose();
    scene.dispose();
    engine.dispose();
    canvas.remove();
    throw error;
  }
  const loadMs = performance.now() - started;
  const gl = (engine as unknown as { _gl: WebGLRenderingContext })._gl;
  const id = nextId++;
  const { animate } = made;
  live.set(id, {
    engine,
    scene,
    gl,
    animate,
    shadows,
    instrumentation: new SceneInstrumentation(scene),
    dispose: () => {
      made.dispose();
      scene.dispose();
      engine.dispose();
      canvas.remove();
    },
  });
  return { id, loadMs, creatures: made.count ?? p.count };
}

interface FrameSums {
  cpu: number;
  motion: number;
  total: number;
  /** The fastest frame's `scene.render()`. */
  renderMin: number;
}

const noFrames = (): FrameSums => ({ cpu: 0, motion: 0, total: 0, renderMin: Number.POSITIVE_INFINITY });

function subjectOf(id: number): Live {
  const subject = live.get(id);
  if (!subject) throw new Error(`no scene ${id}`);
  return subject;
}

/** Times one frame of `subject` into `sums`. */
function frame(subject: Live, sums: FrameSums): void {
  const start = performance.now();
  subject.animate();
  const stepped = performance.now();
  subject.scene.render();
  const rendered = performance.now();
  subject.gl.finish();
  sums.cpu += rendered - start;
  sums.motion += stepped - start;
  sums.total += performance.now() - start;
  sums.renderMin = Math.min(sums.renderMin, rendered - stepped);
}

function figures(subject: Live, sums: FrameSums, frames: number): RiggedMeasure {
  const { scene } = subject;
  return {
    cpuMs: sums.cpu / frames,
    motionMs: sums.motion / frames,
    renderMs: (sums.cpu - sums.motion) / frames,
    renderMinMs: sums.renderMin,
    frameMs: sums.total / frames,
    drawCalls: subject.instrumentation.drawCallsCounter.current,
    activeIndices: scene.getActiveIndices(),
    activeMeshes: scene.getActiveMeshes().length,
    skeletons: scene.skeletons.length,
    animationGroups: scene.animationGroups.length,
    nodes: scene.meshes.length + scene.transformNodes.length,
    shadowCasters: subject.shadows?.getShadowMap()?.renderList?.length ?? 0,
  };
}

function measure(id: number, frames: number): RiggedMeasure {
  const subject = subjectOf(id);
  const sums = noFrames();
  for (let i = 0; i < frames; i++) frame(subject, sums);
  return figures(subject, sums, frames);
}

/**
 * Times `frames` frames of each of two scenes, their frames interleaved (a, b, b, a, a, b…), so
 * that both see the same load on a busy machine: a comparison that alternating runs of several
 * frames each leave to chance.
 */
function measurePair(a: number, b: number, frames: number): [RiggedMeasure, RiggedMeasure] {
  const subjects = [subjectOf(a), subjectOf(b)] as const;
  const sums = [noFrames(), noFrames()] as const;
  for (let i = 0; i < frames; i++) {
    const first = i % 2;
    frame(subjects[first]!, sums[first]!);
    frame(subjects[1 - first]!, sums[1 - first]!);
  }
  return [figures(subjects[0], sums[0], frames), figures(subjects[1], sums[1], frames)];
}

function dispose(id: number): void {
  live.get(id)?.dispose();
  live.delete(id);
}

// One page serves every measurement: loading Babylon through Vite's dev server takes seconds.
(window as unknown as { __rigged: unknown }).__rigged = { build, measure, measurePair, dispose };
window.__result = "ready";
