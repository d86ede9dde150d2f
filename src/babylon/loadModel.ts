/**
 * Loads one model into a template: fetches its assets (engine-free, src/api/fetchModelAssets.ts),
 * then builds the hidden source meshes and the rig layout (buildTemplate.ts). Creatures are
 * instanced from the result (see creature.ts); nothing here is visible.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { fetchModelAssets, type FetchModelDeps } from "../api/fetchModelAssets.js";
import type { ModelRecord } from "../api/schemas.js";
import type { BodyPlans } from "../rig/bodyPlans.js";
import { buildTemplate, type ModelTemplate } from "./buildTemplate.js";

export type { ModelTemplate, TemplatePart } from "./buildTemplate.js";

/** What the loader needs from its owner. */
export interface LoadContext extends FetchModelDeps {
  scene: Scene;
  plans: BodyPlans;
}

/**
 * Loads `record` into a template. Parsing starts only once every byte is here, so an abort
 * never leaves meshes behind; a failed build cleans up after itself.
 */
export async function loadModel(ctx: LoadContext, record: ModelRecord, signal: AbortSignal): Promise<ModelTemplate> {
  const assets = await fetchModelAssets(record, ctx, signal);
  try {
    return buildTemplate(ctx.scene, assets, ctx.plans, (warning) => ctx.warn(warning));
  } finally {
    // The load's last report, after the build, whether it succeeded or not.
    ctx.progress({ ...assets.progress, done: true });
  }
}
