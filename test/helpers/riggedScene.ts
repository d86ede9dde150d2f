/** NullEngine scenes for rigged-creature tests, and counts of everything a rigged creature can leave behind. */
import { GetEnvironmentBRDFTexture } from "@babylonjs/core/Misc/brdfTextureTools.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { buildRiggedTemplate, type GlbBytes, type RiggedTemplate } from "../../src/babylon/gltf/index.js";
import {
  instantiateRigged,
  type RiggedInstance,
  type RiggedSize,
} from "../../src/babylon/runtime/body/riggedInstance.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { createNullScene, sceneCounts } from "./babylonScene.js";

/**
 * A fresh NullEngine scene. The first PBR material of a scene makes the scene's shared BRDF
 * lookup texture, which stays with the scene: made here, before any baseline, it is not
 * counted as a leak.
 */
export function createRiggedScene(options: { rightHanded?: boolean } = {}): { scene: Scene; dispose(): void } {
  const made = createNullScene(options);
  GetEnvironmentBRDFTexture(made.scene);
  return { scene: made.scene, dispose: made.dispose };
}

/** Everything a rigged creature can leave behind. A render first runs Babylon's deferred cleanups. */
export function riggedCounts(scene: Scene) {
  scene.render();
  const live = (observers: readonly object[]) =>
    observers.filter((o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered).length;
  return {
    ...sceneCounts(scene),
    skeletons: scene.skeletons.length,
    animationGroups: scene.animationGroups.length,
    animatables: scene.animatables.length,
    // A live asset container holds its meshes outside the scene's lists; it shows as an observer.
    containers: live(scene.getEngine().onContextRestoredObservable.observers),
  };
}

/** The template of "fox" from (clip, bytes) pairs; warnings are pushed to `warnings`. */
export function foxTemplate(
  scene: Scene,
  glbs: [string, GlbBytes][],
  warnings: MenagerieWarning[] = [],
): Promise<RiggedTemplate> {
  return buildRiggedTemplate(scene, "fox", new Map(glbs), { warn: (w) => warnings.push(w) });
}

/** A creature from `template`, 1.6 m tall unless told otherwise. */
export function spawnRigged(
  scene: Scene,
  template: RiggedTemplate,
  name = "fox",
  size: RiggedSize = { axis: "height", meters: 1.6 },
): RiggedInstance {
  // Tags as a creature's nodes are tagged: the root and meshes with no part, bones with theirs.
  const tag = (part?: string) => ({ menagerie: { kind: "rigged", ...(part === undefined ? {} : { part }) } });
  return instantiateRigged(scene, template, { name, size, tag });
}
