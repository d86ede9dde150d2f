/**
 * Builds a new creature's body from its loaded model: OBJ parts drawn by the model's crowd
 * (partsBody.ts) or a rigged glTF copy (riggedInstance.ts), each node tagged with the
 * creature's `metadata.menagerie`. Loaded with the first creature (spawnRuntime.ts), so that
 * `Creature` itself carries none of this code.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { Creature, CreatureNodeMetadata, CreaturePlacement } from "../../creature.js";
import type { LoadedModel } from "../load/loadModel.js";
import { buildPartsBody, type CreatureBody } from "./partsBody.js";
import { instantiateRigged } from "./riggedInstance.js";

/** What makes `creature`'s body from `model`, placed and sized (the `makeBody` of `new Creature`). */
export function creatureBody(
  scene: Scene,
  model: LoadedModel,
  placement: CreaturePlacement,
): (creature: Creature) => CreatureBody {
  const { record } = model;
  return (creature) => {
    if (model.kind === "rig")
      return instantiateRigged(scene, model.rig, {
        name: record.name,
        size: placement.size,
        ...(placement.position ? { position: placement.position } : {}),
        ...(placement.rotationY !== undefined ? { rotationY: placement.rotationY } : {}),
        metadata: { record, creature },
      });
    const tag = (part?: string) => ({
      menagerie: { record, creature, ...(part === undefined ? {} : { part }) } satisfies CreatureNodeMetadata,
    });
    return buildPartsBody(scene, model, placement, tag, creature);
  };
}
