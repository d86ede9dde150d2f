/** A fresh NullEngine scene with a camera per test, and counts of what a scene holds. */

import { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { NullEngine } from "@babylonjs/core/Engines/nullEngine.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Logger } from "@babylonjs/core/Misc/logger.js";
import { Scene } from "@babylonjs/core/scene.js";

Logger.LogLevels = Logger.ErrorLogLevel;

export function createNullScene(options: { rightHanded?: boolean } = {}): {
  engine: NullEngine;
  scene: Scene;
  dispose(): void;
} {
  const engine = new NullEngine();
  const scene = new Scene(engine);
  scene.useRightHandedSystem = options.rightHanded ?? false;
  new FreeCamera("camera", new Vector3(0, 1, -5), scene);
  return {
    engine,
    scene,
    dispose: () => {
      scene.dispose();
      engine.dispose();
    },
  };
}

/** How many of each kind of thing the scene holds. */
export function sceneCounts(scene: Scene) {
  return {
    meshes: scene.meshes.length,
    transformNodes: scene.transformNodes.length,
    materials: scene.materials.length,
    textures: scene.textures.length,
    geometries: scene.geometries.length,
    // Babylon removes observers on the next tick; one marked for removal is already gone.
    beforeRenderObservers: scene.onBeforeRenderObservable.observers.filter(
      (o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered,
    ).length,
  };
}
