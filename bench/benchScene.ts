/** A NullEngine scene with a camera (rendering throws without one), and what it holds. */

import { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { NullEngine } from "@babylonjs/core/Engines/nullEngine.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Logger } from "@babylonjs/core/Misc/logger.js";
import { Scene } from "@babylonjs/core/scene.js";

// The baseline's loader logs every texture it cannot decode in Node; the figures matter, not that.
Logger.LogLevels = Logger.ErrorLogLevel;

export interface BenchScene {
  scene: Scene;
  dispose(): void;
}

export function createBenchScene(): BenchScene {
  const engine = new NullEngine();
  const scene = new Scene(engine);
  new FreeCamera("camera", new Vector3(0, 1, -5), scene);
  return {
    scene,
    dispose: () => {
      scene.dispose();
      engine.dispose();
    },
  };
}

export function sceneCounts(scene: Scene): { meshes: number; nodes: number; materials: number; textures: number } {
  return {
    meshes: scene.meshes.length,
    // Every node Babylon walks each frame: meshes, instances and transform nodes (joints, roots).
    nodes: scene.meshes.length + scene.transformNodes.length,
    materials: scene.materials.length,
    textures: scene.textures.length,
  };
}
