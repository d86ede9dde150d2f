/**
 * The crowd of each rigged model: its clips baked once when the model loads (or, when they
 * cannot be, a warning and creatures with skeletons of their own, as before crowds), and the
 * one {@link RiggedCrowd} that draws its crowd-drawn creatures, made with the first of them
 * and disposed with the model.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { MenagerieWarning } from "../../../api/loadEvents.js";
import type { ModelRecord } from "../../../api/schemas.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import type { MeshLodSettings } from "../../meshLodOptions.js";
import { bakeRiggedClips, type RiggedBake } from "./riggedBake.js";
import { RiggedCrowd } from "./riggedCrowd.js";

const crowds = new WeakMap<RiggedTemplate, RiggedCrowd>();

/**
 * Bakes a rigged model's clips for crowd drawing. A bake that cannot be done is a `clip-failed`
 * warning (asset `"bake"`) and `null`: its creatures then get skeletons of their own. An abort
 * rejects with the signal's reason.
 */
export async function bakeForCrowds(
  scene: Scene,
  rig: RiggedTemplate,
  warn: (warning: MenagerieWarning) => void,
  signal: AbortSignal,
): Promise<RiggedBake | null> {
  const engine = scene.getEngine();
  const caps = engine.getCaps();
  try {
    // A real WebGL 1 context without float textures cannot read the bake (a NullEngine draws nothing).
    if (!caps.textureFloat && engine.getRenderingCanvas()) throw new Error("the engine has no float textures");
    return await bakeRiggedClips(rig, { maxTextureSize: caps.maxTextureSize, signal });
  } catch (error) {
    signal.throwIfAborted();
    const why = error instanceof Error ? error.message : String(error);
    warn({
      code: "clip-failed",
      model: rig.model,
      asset: "bake",
      message: `Cannot bake the clips of "${rig.model}" to draw its creatures together (${why}): each gets a skeleton of its own`,
      error,
    });
    return null;
  }
}

/** The crowd that draws `rig`'s creatures, made on first use; null without a bake. */
export function riggedCrowdOf(
  scene: Scene,
  model: {
    readonly record: ModelRecord;
    readonly rig: RiggedTemplate;
    readonly bake: RiggedBake | null;
    readonly meshLod?: MeshLodSettings | false;
  },
): RiggedCrowd | null {
  if (!model.bake || model.rig.isDisposed) return null;
  let crowd = crowds.get(model.rig);
  if (!crowd) {
    crowd = new RiggedCrowd(scene, model.rig, model.record, model.bake, model.meshLod);
    crowds.set(model.rig, crowd);
  }
  return crowd;
}

/** Disposes `rig`'s crowd, if it has one (the model does, before its template). */
export function disposeRiggedCrowd(rig: RiggedTemplate): void {
  crowds.get(rig)?.dispose();
  crowds.delete(rig);
}
