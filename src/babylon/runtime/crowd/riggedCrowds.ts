/**
 * The crowd of each rigged model: its clips baked once when the model loads (or, when they
 * cannot be, a warning and creatures with skeletons of their own, as before crowds), and the
 * one {@link RiggedCrowd} that draws its crowd-drawn creatures, made with the first of them
 * and disposed with the model. The load waits only for the bake's first row (riggedBake.ts):
 * the clips are baked in slices while the first creatures are already drawn (a row a creature
 * is about to show is baked on the spot), and the crowd's texture takes new rows before a frame
 * draws them.
 */
import type { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { MenagerieWarning } from "../../../api/loadEvents.js";
import type { ModelRecord } from "../../../api/schemas.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import type { MeshLodSettings } from "../../options/meshLodOptions.js";
import { type RiggedBake, startRiggedBake } from "./riggedBake.js";
import { RiggedCrowd } from "./riggedCrowd.js";

const crowds = new WeakMap<RiggedTemplate, RiggedCrowd>();
/** Each crowd made while its bake went on: what stops its uploads of new rows. */
const uploads = new WeakMap<RiggedTemplate, () => void>();

/** Counts for tests and tools: uploads of rows baked after a crowd was made. */
export const riggedBakeStats = { rowUploads: 0 };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts baking a rigged model's clips for crowd drawing; returns once its rest pose is baked
 * (the clips follow in slices, rows a creature shows baked on the spot: riggedBake.ts). A bake that cannot be done is a `clip-failed`
 * warning (asset `"bake"`) and `null`: its creatures then get skeletons of their own. An abort
 * throws the signal's reason; a later one (the Menagerie's dispose) stops the slices quietly.
 */
export function bakeForCrowds(
  scene: Scene,
  rig: RiggedTemplate,
  warn: (warning: MenagerieWarning) => void,
  signal: AbortSignal,
): RiggedBake | null {
  const engine = scene.getEngine();
  const caps = engine.getCaps();
  let bake: RiggedBake;
  try {
    // A real WebGL 1 context without float textures cannot read the bake (a NullEngine draws nothing).
    if (!caps.textureFloat && engine.getRenderingCanvas()) throw new Error("the engine has no float textures");
    bake = startRiggedBake(rig, { maxTextureSize: caps.maxTextureSize, signal });
  } catch (error) {
    signal.throwIfAborted();
    warn({
      code: "clip-failed",
      model: rig.model,
      asset: "bake",
      message: `Cannot bake the clips of "${rig.model}" to draw its creatures together (${messageOf(error)}): each gets a skeleton of its own`,
      error,
    });
    return null;
  }
  void bake.done.then(() => {
    // Stopped by the model's dispose or the Menagerie's: nothing to say. Else its creatures
    // show the rest pose for the clips not baked.
    if (bake.stopped === undefined || signal.aborted || rig.isDisposed) return;
    warn({
      code: "clip-failed",
      model: rig.model,
      asset: "bake",
      message: `Baking the clips of "${rig.model}" stopped (${messageOf(bake.stopped)}): the clips not baked show its rest pose`,
      error: bake.stopped,
    });
  });
  return bake;
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
    const bake = model.bake;
    const made = new RiggedCrowd(scene, model.rig, model.record, bake, model.meshLod);
    crowds.set(model.rig, made);
    if (bake.rowsBaked < bake.rows) uploadNewRows(scene, model.rig, made, bake);
    crowd = made;
  }
  return crowd;
}

/**
 * Made while the bake goes on: before each frame's meshes are chosen (after motion's step, which
 * may have needed rows baked), the crowd's texture takes the rows baked since, until every row is.
 */
function uploadNewRows(scene: Scene, rig: RiggedTemplate, crowd: RiggedCrowd, bake: RiggedBake): void {
  const texture = crowd.meshes.find((m) => m.bakedVertexAnimationManager)?.bakedVertexAnimationManager?.texture;
  if (!texture) return;
  let uploaded = bake.rowsBaked;
  const observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => {
    if (bake.rowsBaked !== uploaded) {
      uploaded = bake.rowsBaked;
      (texture as RawTexture).update(bake.data);
      riggedBakeStats.rowUploads++;
    }
    if (uploaded === bake.rows || bake.stopped !== undefined) stop();
  });
  const stop = () => {
    scene.onBeforeActiveMeshesEvaluationObservable.remove(observer);
    uploads.delete(rig);
  };
  uploads.set(rig, stop);
}

/** Disposes `rig`'s crowd, if it has one (the model does, before its template). */
export function disposeRiggedCrowd(rig: RiggedTemplate): void {
  uploads.get(rig)?.();
  crowds.get(rig)?.dispose();
  crowds.delete(rig);
}
