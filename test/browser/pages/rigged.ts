/**
 * Browser test page for rigged creatures: spawns `count` copies of `name` from `service` in a
 * row, sends the first along +X while the others stand, and exposes `__riggedStep(frames)`, which
 * advances motion by fixed 1/30 s steps, renders each frame and reports the walker's clip
 * weights and its bones' positions in its own frame (so travel alone does not move them).
 * Query: ?service=<url>&name=zebra&count=4&key=dev-key
 */

import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { Scene } from "@babylonjs/core/scene.js";
import { type Creature, Menagerie } from "../../../src/index.js";

export interface RiggedInfo {
  creatures: number;
  kinds: string[];
  clips: string[];
  heightMeters: number;
  /** Root scaling of the first creature (metres per model unit). */
  scale: number;
  meshesPerCreature: number;
  skinnedMeshes: number;
  skeletons: number;
  bones: string[];
  /** The first creature's world bounding box after skinning (all its meshes), metres. */
  box: { min: number[]; max: number[] };
  texturesReady: boolean[];
  warnings: string[];
}

export interface RiggedStep {
  x: number;
  z: number;
  speed: number;
  weights: Record<string, number>;
  playing: Record<string, boolean>;
  /** Each bone's position relative to the creature's root, in metres (x, y, z per bone). */
  bonesLocal: number[];
  drawCalls: number;
}

declare global {
  interface Window {
    __ready?: boolean;
    __error?: string;
    __riggedInfo?: () => RiggedInfo;
    __riggedStep?: (frames: number) => RiggedStep;
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const name = params.get("name") ?? "zebra";
  const count = Number(params.get("count") ?? "1");
  const canvas = document.querySelector<HTMLCanvasElement>("#canvas")!;
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.62, 0.78, 0.92, 1);
  const camera = new ArcRotateCamera("camera", -Math.PI / 2 - 0.35, 1.2, 6, Vector3.Zero(), scene);
  camera.minZ = 0.01;
  new HemisphericLight("sky", new Vector3(0.3, 1, -0.2), scene).intensity = 0.8;
  new DirectionalLight("sun", new Vector3(-0.5, -1, 0.8), scene).intensity = 0.6;
  const ground = CreateGround("ground", { width: 80, height: 80 }, scene);
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.diffuseColor = new Color3(0.35, 0.55, 0.25);
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;

  const menagerie = new Menagerie(scene, {
    baseUrl: params.get("service")!,
    apiKey: params.get("key") ?? undefined,
    seed: 3,
  });
  const warnings: string[] = [];
  menagerie.onWarningObservable.add((w) => warnings.push(`${w.code} ${w.asset ?? ""}: ${w.message}`));

  // The walker first, then the others in a row behind it (further from the camera), all facing +X.
  const spawned: Creature[] = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      menagerie.spawnCreature(name, { position: new Vector3(0, 0, i * 3), rotationY: Math.PI / 2 }),
    ),
  );
  const walker = spawned[0]!;
  void walker.moveTo({ x: 60, z: 0 });
  const size = Math.max(walker.heightMeters, 0.3);
  const instrumentation = new SceneInstrumentation(scene);
  await scene.whenReadyAsync();

  const mesh = walker.meshes.find((m) => m.skeleton) ?? walker.meshes[0]!;
  const toRoot = new Matrix();
  const local = new Vector3();

  window.__riggedInfo = () => {
    // Every mesh counts: one holds a single material's triangles (the hooves reach the ground).
    const min = new Vector3(Infinity, Infinity, Infinity);
    const max = new Vector3(-Infinity, -Infinity, -Infinity);
    for (const m of walker.meshes) {
      m.refreshBoundingInfo({ applySkeleton: true });
      min.minimizeInPlace(m.getBoundingInfo().boundingBox.minimumWorld);
      max.maximizeInPlace(m.getBoundingInfo().boundingBox.maximumWorld);
    }
    const textures = scene.textures.filter((t) => t !== scene.environmentTexture);
    return {
      creatures: spawned.length,
      kinds: spawned.map((c) => c.form),
      clips: [...walker.animations.keys()],
      heightMeters: walker.heightMeters,
      scale: walker.root.scaling.x,
      meshesPerCreature: walker.meshes.length,
      skinnedMeshes: spawned.flatMap((c) => c.meshes).filter((m) => m.skeleton).length,
      skeletons: new Set(spawned.flatMap((c) => c.meshes.map((m) => m.skeleton)).filter(Boolean)).size,
      bones: mesh.skeleton?.bones.map((b) => b.name) ?? [],
      box: { min: min.asArray(), max: max.asArray() },
      texturesReady: textures.map((t) => t.isReady()),
      warnings,
    };
  };

  window.__riggedStep = (frames: number) => {
    for (let i = 0; i < frames; i++) {
      menagerie.stepMotion(1 / 30);
      // Follow the walker from its side; the others stay in view behind it while it is near.
      camera.target.copyFrom(walker.root.position).addInPlaceFromFloats(0, size * 0.5, 1.5);
      camera.radius = Math.max(4, size * 5);
      scene.render();
    }
    walker.root.computeWorldMatrix(true).invertToRef(toRoot);
    const bonesLocal: number[] = [];
    for (const bone of mesh.skeleton?.bones ?? []) {
      const node = bone.getTransformNode();
      if (!node) continue;
      Vector3.TransformCoordinatesToRef(node.getAbsolutePosition(), toRoot, local);
      bonesLocal.push(
        local.x * walker.root.scaling.x,
        local.y * walker.root.scaling.x,
        local.z * walker.root.scaling.x,
      );
    }
    const weights: Record<string, number> = {};
    const playing: Record<string, boolean> = {};
    for (const [clip, group] of walker.animations) {
      weights[clip] = group.weight;
      playing[clip] = group.isPlaying;
    }
    const p = walker.root.position;
    return {
      x: p.x,
      z: p.z,
      speed: walker.motion.speed,
      weights,
      playing,
      bonesLocal,
      drawCalls: instrumentation.drawCallsCounter.current,
    };
  };
  window.__ready = true;
}

main().catch((error: unknown) => {
  window.__error = String((error as Error)?.stack ?? error);
});
