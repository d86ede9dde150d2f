/**
 * Browser test page for rigged crowds: spawns `count` rigged creatures of the `species` given
 * (in turn, on a grid), all wandering, and reports what a frame costs in draw calls, skeletons,
 * animation groups and nodes. Then it compares pixels up close: one zebra as its crowd draws it
 * (thin instances posed from baked clips), hidden, and grown into its own skeleton and meshes,
 * at the same clip frame (motion paused).
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
  /** Milliseconds per frame (stepMotion + render) over 20 frames: informative only. */
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
  step(20);
  const frameMs = (performance.now() - started) / 20;
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
  window.__result = { ...counts, closeUp: await closeUp(scene, camera, menagerie, spawned[0]!) };
}

/** Pixels of one walking creature up close: crowd-drawn, hidden, two frames apart, grown. */
async function closeUp(scene: Scene, camera: ArcRotateCamera, menagerie: Menagerie, creature: Creature) {
  const engine = scene.getEngine();
  void creature.moveTo({ x: creature.root.position.x - 200, z: creature.root.position.z });
  const follow = () => {
    camera.target.copyFrom(creature.root.position).addInPlaceFromFloats(0, creature.heightMeters * 0.5, 0);
    camera.alpha = creature.root.rotation.y + Math.PI; // its side: legs in view
    camera.beta = 1.3;
    camera.radius = creature.heightMeters * 3.5;
  };
  for (let i = 0; i < 60; i++) {
    menagerie.stepMotion(1 / 30);
    follow();
    scene.render();
  }
  const frame = async () => {
    for (let i = 0; i < 2; i++) scene.render();
    return (await engine.readPixels(0, 0, engine.getRenderWidth(), engine.getRenderHeight())) as Uint8Array;
  };
  const differing = (a: Uint8Array, b: Uint8Array) => {
    let n = 0;
    for (let i = 0; i < a.length; i += 4)
      if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) n++;
    return n;
  };
  menagerie.pause(); // everyone holds its pose and clip frame
  const drawn = await frame();
  creature.root.setEnabled(false);
  menagerie.stepMotion(0); // the sync writes the hidden root
  const hidden = await frame();
  creature.root.setEnabled(true);
  menagerie.stepMotion(0);
  const again = await frame();
  // 0.2 s of walking later (explicit steps move it while paused), the camera following.
  for (let i = 0; i < 6; i++) {
    menagerie.stepMotion(1 / 30);
    follow();
  }
  const later = await frame();
  creature.getPart("head"); // grows its skeleton and meshes, at the frame the crowd showed
  const grown = await frame();
  return {
    crowdPixels: differing(hidden, drawn),
    redrawnDiffering: differing(drawn, again),
    walkingDiffering: differing(drawn, later),
    grownDiffering: differing(later, grown),
    skeletonsAfterGrowing: scene.skeletons.length,
    // One clip shows: the crowd draws the strongest clip alone, where grown groups would blend.
    weights: Object.fromEntries([...creature.animations].map(([clip, group]) => [clip, group.weight])),
  };
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
