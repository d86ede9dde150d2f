/**
 * Rigged glTF models: a record's clip GLBs into one hidden template (riggedTemplate.ts), each
 * GLB started on as it arrives (RiggedTemplateBuilder), or all at once (buildRiggedTemplate).
 *
 * Loaded by a dynamic import (runtime/load/rigParser.ts): with the glTF loader it brings
 * (loadGlb.ts), it is downloaded only when a rigged model is first loaded.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { GlbBytes } from "./loadGlb.js";
import { type RiggedTemplate, RiggedTemplateBuilder, type RiggedTemplateOptions } from "./riggedTemplate.js";

/** GLB bytes of one clip. */
export type { GlbBytes } from "./loadGlb.js";
export {
  modelClipName,
  type RestBounds,
  type RiggedTemplate,
  RiggedTemplateBuilder,
  type RiggedTemplateOptions,
} from "./riggedTemplate.js";

/**
 * Builds the template of `model` from the GLB bytes of its clips (clip name → bytes, in the
 * record's order), all here already. Throws a `LoadError` when the model clip's GLB cannot be
 * parsed or has no mesh; a failing other clip is a `clip-failed` warning and is left out. On any
 * failure, or an abort, nothing stays in the scene.
 */
export async function buildRiggedTemplate(
  scene: Scene,
  model: string,
  glbs: ReadonlyMap<string, GlbBytes>,
  options: RiggedTemplateOptions & { signal?: AbortSignal } = {},
): Promise<RiggedTemplate> {
  const builder = new RiggedTemplateBuilder(scene, model, [...glbs.keys()], options);
  for (const [clip, bytes] of glbs) builder.add(clip, bytes);
  return builder.finish(options.signal);
}
