/** The demo's Babylon scene: sky, light, shadows, a ground that follows the habitat, water. */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import type { Engine } from "@babylonjs/core/Engines/engine.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { HemisphericLight } from "@babylonjs/core/Lights/hemisphericLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import "@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js";
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3, Color4 } from "@babylonjs/core/Maths/math.color.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateDisc } from "@babylonjs/core/Meshes/Builders/discBuilder.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import { Scene } from "@babylonjs/core/scene.js";
import type { HabitatLook } from "./habitatLooks.js";

export const WORLD_RADIUS = 18;

export interface DemoScene {
  scene: Scene;
  camera: ArcRotateCamera;
  shadows: ShadowGenerator;
  ground: Mesh;
  /** Height of the ground at (x, z). */
  height: (x: number, z: number) => number;
  /** Restyles sky, ground and hills for a habitat. */
  setLook(look: HabitatLook, hillSeed: number): void;
  /** Shows water at `level` over a disc, or hides it. */
  setWater(water: { center: { x: number; z: number }; radius: number; level: number } | undefined): void;
  /**
   * A scene's own ground (a lagoon's bowl and dunes) in place of the habitat's hills and lake:
   * `height` and the ground mesh follow it until it is set back to undefined.
   */
  setShape(shape: ((x: number, z: number) => number) | undefined): void;
}

export function createDemoScene(engine: Engine): DemoScene {
  const scene = new Scene(engine);
  // High enough to see over the trees of a dressed habitat.
  const camera = new ArcRotateCamera("camera", -Math.PI / 2.4, 1.0, 17, new Vector3(0, 0.4, 2), scene);
  camera.lowerRadiusLimit = 3;
  camera.upperRadiusLimit = 60;
  camera.upperBetaLimit = 1.45;
  camera.wheelDeltaPercentage = 0.02;
  camera.attachControl(engine.getRenderingCanvas()!, true);

  const sky = new HemisphericLight("sky", new Vector3(0, 1, 0), scene);
  sky.intensity = 0.65;
  sky.groundColor = new Color3(0.35, 0.32, 0.3);
  const sun = new DirectionalLight("sun", new Vector3(-0.6, -1, 0.45), scene);
  sun.position = new Vector3(20, 35, -15);
  sun.intensity = 0.85;
  const shadows = new ShadowGenerator(1024, sun);
  shadows.usePercentageCloserFiltering = true;
  shadows.bias = 0.002;

  const ground = CreateGround(
    "ground",
    { width: WORLD_RADIUS * 6, height: WORLD_RADIUS * 6, subdivisions: 64, updatable: true },
    scene,
  );
  const groundMaterial = new StandardMaterial("ground", scene);
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;
  ground.receiveShadows = true;
  ground.isPickable = false;

  const water = CreateDisc("water", { radius: 1, tessellation: 64 }, scene);
  water.rotation.x = Math.PI / 2;
  const waterMaterial = new StandardMaterial("water", scene);
  waterMaterial.diffuseColor = new Color3(0.15, 0.4, 0.6);
  waterMaterial.specularColor = new Color3(0.5, 0.5, 0.5);
  waterMaterial.alpha = 0.55;
  water.material = waterMaterial;
  water.isPickable = false;
  water.setEnabled(false);

  let hills = 0;
  let phase = 0;
  let lake: { center: { x: number; z: number }; radius: number; depth: number } | undefined;
  let shape: ((x: number, z: number) => number) | undefined;
  const height = (x: number, z: number): number => {
    if (shape) return shape(x, z);
    let h =
      hills * (0.6 * Math.sin(x * 0.21 + phase) * Math.cos(z * 0.17 - phase) + 0.3 * Math.sin(x * 0.05 + z * 0.07));
    if (lake) {
      // A bowl under the water so swimmers have depth and walkers stay on the shore.
      const d = Math.hypot(x - lake.center.x, z - lake.center.z) / lake.radius;
      if (d < 1.15) h -= lake.depth * (1 - Math.min(1, d / 1.15) ** 2);
    }
    return h;
  };

  function reshapeGround(): void {
    const positions = ground.getVerticesData(VertexBuffer.PositionKind)!;
    for (let i = 0; i < positions.length; i += 3) positions[i + 1] = height(positions[i]!, positions[i + 2]!);
    ground.updateVerticesData(VertexBuffer.PositionKind, positions);
    ground.refreshBoundingInfo();
    // Recompute normals so hills are lit correctly.
    const normals: number[] = [];
    VertexData.ComputeNormals(positions, ground.getIndices()!, normals);
    ground.updateVerticesData(VertexBuffer.NormalKind, normals);
  }

  return {
    scene,
    camera,
    shadows,
    ground,
    height,
    setLook(look, hillSeed) {
      hills = look.hills;
      phase = hillSeed * 0.37;
      groundMaterial.diffuseColor = new Color3(...look.ground);
      scene.clearColor = new Color4(...look.sky, 1);
      scene.fogMode = Scene.FOGMODE_EXP2;
      scene.fogDensity = 0.012;
      scene.fogColor = new Color3(...look.sky);
      reshapeGround();
    },
    setWater(w) {
      if (!w) {
        lake = undefined;
        water.setEnabled(false);
        reshapeGround();
        return;
      }
      lake = { center: w.center, radius: w.radius, depth: 2.6 };
      water.setEnabled(true);
      water.position.set(w.center.x, w.level, w.center.z);
      water.scaling.setAll(w.radius * 1.15);
      reshapeGround();
    },
    setShape(next) {
      shape = next;
      reshapeGround();
    },
  };
}

/**
 * Slow GPUs (and software GL) get fewer pixels rather than a stalled page: every two seconds
 * below 15 FPS, render at a coarser resolution, down to a quarter of the pixels. Call the
 * returned function every frame with `performance.now()`.
 */
export function qualityAdapter(engine: Engine): (now: number) => void {
  let lastAdapt = performance.now();
  return (now) => {
    if (now - lastAdapt < 2000) return;
    lastAdapt = now;
    const level = engine.getHardwareScalingLevel();
    if (engine.getFps() < 15 && level < 2) engine.setHardwareScalingLevel(Math.min(2, level + 0.5));
  };
}
