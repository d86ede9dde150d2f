/**
 * Makes a creature from its loaded model in one go: its body (OBJ parts drawn by the model's
 * crowd, a rigged glTF drawn by its model's rigged crowd, or a rigged copy of its own when the
 * model's clips could not be baked), its motion binding, and the `Creature` handed both as one
 * finished handle. Its nodes' `metadata.menagerie` name the creature once it exists (NodeTags, below).
 */
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { GaitTable } from "../../motion/gaits/index.js";
import type { AgentSlot } from "../../motion/worldCore.js";
import type { RecordSize } from "../../records/recordSize.js";
import type { ModelRecord } from "../../records/schemas.js";
import type { CreatureBody } from "../creature.js";
import { type Creature, createCreature } from "../creature.js";
import type { MotionDriver } from "../motionDriver.js";
import { buildPartsBody } from "./body/partsBody.js";
import { buildRiggedBody } from "./body/riggedBody.js";
import { instantiateRigged } from "./body/riggedInstance.js";
import { riggedCrowdOf } from "./crowd/rigged/riggedCrowd.js";
import type { LoadedModel } from "./load/loadModel.js";
import { bindMotion } from "./sync/bindMotion.js";
import type { MotionBinding } from "./sync/syncMotion.js";

/** Where and how big a new creature is. */
export interface CreaturePlacement {
  position?: Vector3 | { x: number; y: number; z: number } | undefined;
  /** Heading about +Y, radians (0 faces +Z). */
  rotationY?: number | undefined;
  /** Its size in metres along one axis (height, length or width), as `recordSize` reads it. */
  size: RecordSize;
  /** Its place in the motion world's order, taken when the spawn was asked for. @default the next */
  slot?: AgentSlot | undefined;
}

/** A model's body, placed and sized, its nodes tagged by `tags`. */
export function buildBody(
  scene: Scene,
  model: LoadedModel,
  placement: CreaturePlacement,
  tags: NodeTags<object>,
): CreatureBody {
  if (model.form === "rig") {
    // Drawn with the model's other creatures from its baked clips; without a bake, as before.
    const crowd = riggedCrowdOf(scene, model);
    if (crowd) return buildRiggedBody(scene, model.rig, crowd, placement, tags.tag, tags);
    return instantiateRigged(scene, model.rig, {
      name: model.record.name,
      size: placement.size,
      ...(placement.position ? { position: placement.position } : {}),
      ...(placement.rotationY !== undefined ? { rotationY: placement.rotationY } : {}),
      tag: tags.tag,
    });
  }
  return buildPartsBody(scene, model, placement, tags.tag, tags);
}

/** A new creature of `model` bound to `driver`'s motion (see the module comment). */
export function makeCreature(
  scene: Scene,
  model: LoadedModel,
  placement: CreaturePlacement,
  driver: MotionDriver,
  gaits: GaitTable | undefined,
): { creature: Creature; binding: MotionBinding } {
  const tags = new NodeTags<Creature>(model.record, "creature");
  const body = buildBody(scene, model, placement, tags);
  const binding = bindMotion(driver, body, model, gaits, placement.slot);
  const creature = createCreature({ record: model.record, form: model.form, body, binding, physicsBody: null });
  tags.settle(creature);
  return { creature, binding };
}

/**
 * The `metadata.menagerie` of a body's nodes. A body is built before the creature (or prop) that
 * owns it exists, since the owner is handed its finished body; the tags made until then are
 * completed when the owner is known (`settle`), and nodes grown later (joints on demand) get it
 * at once. A pick's way back from a node (or a crowd's thin instance) to its owner.
 */
export class NodeTags<Owner extends object> {
  readonly #record: ModelRecord;
  /** `creature` for creatures, `scenery` for props: the key a pick reads. */
  readonly #key: "creature" | "scenery";
  #owner: Owner | undefined;
  #unsettled: Record<string, unknown>[] | undefined = [];

  constructor(record: ModelRecord, key: "creature" | "scenery") {
    this.#record = record;
    this.#key = key;
  }

  /** The owner, once settled (what a picked thin instance answers). */
  get current(): Owner | undefined {
    return this.#owner;
  }

  /** A node's `metadata`: the record, the owner, and the part (none for the root and meshes). */
  readonly tag = (part?: string): { menagerie: Record<string, unknown> } => {
    const menagerie: Record<string, unknown> = { record: this.#record, [this.#key]: this.#owner };
    if (part !== undefined) menagerie.part = part;
    this.#unsettled?.push(menagerie);
    return { menagerie };
  };

  /** Names the owner in every tag made so far and every one made from now on. */
  settle(owner: Owner): void {
    this.#owner = owner;
    for (const menagerie of this.#unsettled ?? []) menagerie[this.#key] = owner;
    this.#unsettled = undefined;
  }
}
