/**
 * Browser test page for rigged crowds: spawns `count` rigged creatures of the `species` given
 * (in turn, on a grid), all wandering, and reports what a frame costs in draw calls, skeletons,
 * animation groups and nodes. Then it compares pixels up close: one zebra as its crowd draws it
 * (thin instances posed from baked clips), hidden, and grown into its own skeleton and meshes,
 * at the same clip frame (motion paused); then a second zebra half-way through its idle → walk
 * cross-fade, drawn by its crowd (two clips mixed per instance) and grown at the same weights.
 * Query: ?service=<url>&key=dev-key&species=zebra,dog,hippo&count=1000
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";

export interface RiggedCrowdResult {
  creatures: number;
  kinds: string[];
  /** Creatures whose root has no child: drawn by their model's crowd. */
  crowdDrawn: number;
  /** Drawing meshes of the crowds (one per mesh of each model). */
  crowdMeshes: number;
  drawCalls: number;
  activeMeshes: number;
  skeletons: number;
  animationGroups: number;
  nodes: number;
  /** Milliseconds per frame (stepMotion + render) over 5 frames: informative only (the bench times frames). */
  frameMs: number;
  warnings: string[];
  closeUp: {
    /** Pixels that differ between the zebra hidden and drawn by its crowd. */
    crowdPixels: number;
    /** Pixels that differ between two renders of the same frame (0 unless something flickers). */
    redrawnDiffering: number;
    /** Pixels that differ between the crowd's zebra and the same zebra grown, same frame. */
    grownDiffering: number;
    /** Pixels that differ between two crowd frames 0.2 s of walking apart. */
    walkingDiffering: number;
    skeletonsAfterGrowing: number;
    weights: Record<string, number>;
  };
  midFade: {
    /** The weaker clip's share as the crowd drew it (the instance's settings). */
    shownWeight: number;
    crowdPixels: number;
    /** Pixels that differ between the crowd's zebra, two clips mixed, and the same zebra grown. */
    grownDiffering: number;
    /** The same, with the crowd showing only the stronger clip (as before blending). */
    unblendedDiffering: number;
    /** Draw calls of the close-up frame, blended and with one clip. */
    drawCalls: number;
    unblendedDrawCalls: number;
    /** The grown zebra's group weights. */
    weights: Record<string, number>;
  };
}

declare global {
  interface Window {
    __result?: unknown;
    __error?: string;
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const species = (params.get("species") ?? "zebra,dog,hippo").split(",");
  const count = Number(params.get("count") ?? "300");
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene).intensity = 0.8;
  new DirectionalLight("sun", new Vector3(-0.5, -1, 0.8), scene).intensity = 0.6;
  const columns = Math.ceil(Math.sqrt(count));
  const spacing = 3;
  const half = ((columns - 1) * spacing) / 2;
  const ground = CreateGround("ground", { width: columns * spacing + 20, height: columns * spacing + 20 }, scene);
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.diffuseColor = new Color3(0.35, 0.55, 0.25);
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;
  const camera = new ArcRotateCamera("camera", -Math.PI / 2, 0.7, columns * spacing * 1.1, Vector3.Zero(), scene);
  camera.minZ = 0.05;
  camera.maxZ = 1000;

  const menagerie = new Menagerie(scene, {
    baseUrl: params.get("service")!,
    apiKey: params.get("key") ?? undefined,
    seed: 5,
    animationLod: false, // every creature drawn every frame: the figures are the crowd's
    meshLod: false, // one drawing mesh per mesh of each model: levels have their own page (riggedLod.ts)
  });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code} ${w.asset ?? ""}: ${w.message}`));
  // The first, looked at up close, stands apart from the herd, facing away from it (-X).
  const spawned: Creature[] = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      menagerie.spawnCreature(species[i % species.length]!, {
        position:
          i === 0
            ? new Vector3(-half - 10, 0, 0)
            : new Vector3((i % columns) * spacing - half, 0, Math.floor(i / columns) * spacing - half),
        rotationY: i === 0 ? -Math.PI / 2 : (i * 2.4) % (2 * Math.PI),
      }),
    ),
  );
  const area = { center: { x: 0, z: 0 }, radius: half + spacing };
  for (const creature of spawned.slice(1)) creature.wander({ area });
  await scene.whenReadyAsync();
  const instrumentation = new SceneInstrumentation(scene);
  const step = (frames: number) => {
    for (let i = 0; i < frames; i++) {
      menagerie.stepMotion(1 / 30);
      scene.render();
    }
  };
  step(10);
  const started = performance.now();
  step(5);
  const frameMs = (performance.now() - started) / 5;
  const drawCalls = instrumentation.drawCallsCounter.current;
  const counts = {
    creatures: spawned.length,
    kinds: [...new Set(spawned.map((c) => c.form))],
    crowdDrawn: spawned.filter((c) => c.root.getChildren().length === 0).length,
    crowdMeshes: scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true).length,
    drawCalls,
    activeMeshes: scene.getActiveMeshes().length,
    skeletons: scene.skeletons.length,
    animationGroups: scene.animationGroups.length,
    nodes: scene.meshes.length + scene.transformNodes.length,
    frameMs,
    warnings,
  };
  const near = await closeUp(scene, camera, menagerie, spawned[0]!);
  window.__result = { ...counts, closeUp: near, midFade: await midFade(scene, camera, menagerie, instrumentation) };
}

/** Points the camera at a creature's side, up close. */
function follow(camera: ArcRotateCamera, creature: Creature) {
  camera.target.copyFrom(creature.root.position).addInPlaceFromFloats(0, creature.heightMeters * 0.5, 0);
  camera.alpha = creature.root.rotation.y + Math.PI; // its side: legs in view
  camera.beta = 1.3;
  camera.radius = creature.heightMeters * 3.5;
}

async function frame(scene: Scene) {
  const engine = scene.getEngine();
  for (let i = 0; i < 2; i++) scene.render();
  return (await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight())) as Uint8Array;
}

/** Pixels whose colours differ by more than a rounding (summed over RGB). */
function differing(a: Uint8Array, b: Uint8Array) {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) n++;
  return n;
}

const SETTINGS = "bakedVertexAnimationSettingsInstanced";

/**
 * A zebra half-way from idle to walk (motion paused, explicit steps): drawn by its crowd, with
 * one clip only (the settings written by hand, as before blending), hidden, and grown.
 */
async function midFade(
  scene: Scene,
  camera: ArcRotateCamera,
  menagerie: Menagerie,
  instrumentation: SceneInstrumentation,
) {
  const x = camera.target.x;
  const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(x, 0, -40), rotationY: -Math.PI / 2 });
  const skinned = scene.meshes.filter(
    (m) => m.metadata?.menagerie?.crowd === true && m.metadata.menagerie.record.name === "zebra" && m.skeleton,
  ) as Mesh[];
  const settings = () => {
    const mesh = skinned[0]!;
    let slot = 0;
    while (mesh.metadata.menagerie.creatureAt(slot) !== zebra)
      if (++slot >= mesh.thinInstanceCount) throw new Error("the mid-fade zebra is not crowd-drawn");
    return { slot, data: mesh.getVertexBuffer(SETTINGS)!.getData() as Float32Array };
  };
  for (let i = 0; i < 30; i++) menagerie.stepMotion(1 / 60);
  void zebra.moveTo({ x: x - 200, z: -40 });
  // Step until the walk has come about half-way in (the weaker clip's share near 0.5).
  for (let i = 0; i < 120; i++) {
    menagerie.stepMotion(1 / 60);
    const { slot, data } = settings();
    if (data[slot * 4 + 2]! >= 0.4) break;
  }
  follow(camera, zebra);
  const { slot, data } = settings();
  const shownWeight = data[slot * 4 + 2]!;
  const blended = await frame(scene);
  const drawCalls = instrumentation.drawCallsCounter.current;
  // One clip only: the stronger row, weight 0, written after each frame's sync (which writes the blend).
  const row = data[slot * 4]!;
  const one = scene.onBeforeRenderObservable.add(() => {
    data.set([row, row, 0, row], slot * 4);
    for (const mesh of skinned) mesh.thinInstanceBufferUpdated(SETTINGS);
  });
  const unblended = await frame(scene);
  const unblendedDrawCalls = instrumentation.drawCallsCounter.current;
  scene.onBeforeRenderObservable.remove(one);
  zebra.root.setEnabled(false);
  menagerie.stepMotion(0);
  const hidden = await frame(scene);
  zebra.root.setEnabled(true);
  menagerie.stepMotion(0);
  zebra.getPart("head"); // grows it at the frames and weights the crowd showed
  const grown = await frame(scene);
  return {
    shownWeight,
    crowdPixels: differing(hidden, blended),
    grownDiffering: differing(blended, grown),
    unblendedDiffering: differing(unblended, grown),
    drawCalls,
    unblendedDrawCalls,
    weights: Object.fromEntries([...zebra.animations].map(([clip, group]) => [clip, group.weight])),
  };
}

/** Pixels of one walking creature up close: crowd-drawn, hidden, two frames apart, grown. */
async function closeUp(scene: Scene, camera: ArcRotateCamera, menagerie: Menagerie, creature: Creature) {
  void creature.moveTo({ x: creature.root.position.x - 200, z: creature.root.position.z });
  for (let i = 0; i < 60; i++) {
    menagerie.stepMotion(1 / 30);
    follow(camera, creature);
    scene.render();
  }
  menagerie.pause(); // everyone holds its pose and clip frame
  const drawn = await frame(scene);
  creature.root.setEnabled(false);
  menagerie.stepMotion(0); // the sync writes the hidden root
  const hidden = await frame(scene);
  creature.root.setEnabled(true);
  menagerie.stepMotion(0);
  const again = await frame(scene);
  // 0.2 s of walking later (explicit steps move it while paused), the camera following.
  for (let i = 0; i < 6; i++) {
    menagerie.stepMotion(1 / 30);
    follow(camera, creature);
  }
  const later = await frame(scene);
  creature.getPart("head"); // grows its skeleton and meshes, at the frame the crowd showed
  const grown = await frame(scene);
  return {
    crowdPixels: differing(hidden, drawn),
    redrawnDiffering: differing(drawn, again),
    walkingDiffering: differing(drawn, later),
    grownDiffering: differing(later, grown),
    skeletonsAfterGrowing: scene.skeletons.length,
    // Walking at its walk clip's pace: one clip weighs all.
    weights: Object.fromEntries([...creature.animations].map(([clip, group]) => [clip, group.weight])),
  };
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
