/**
 * The `metadata.menagerie` of a body's nodes. A body is built before the creature (or prop) that
 * owns it exists, since the owner is handed its finished body; the tags made until then are
 * completed when the owner is known ({@link NodeTags.settle}), and nodes grown later (joints on
 * demand) get it at once. A pick's way back from a node to its owner goes through these.
 */
import type { ModelRecord } from "../../../api/schemas.js";

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
