/** A creature's place in its model's crowd, whichever family draws it (parts/ or rigged/). */

/** One creature's place in its model's crowd. */
export interface CrowdMember {
  /** Its index in every drawing mesh's matrix buffer; moves when another member leaves. */
  slot: number;
  /** Root position (world) and reach (world units), for the shared bounding box. */
  x: number;
  y: number;
  z: number;
  reach: number;
  /** Its reach in model units (the root's scale, read from its world matrix, gives `reach`). */
  readonly modelReach: number;
  /** True while its root is disabled: nothing of it is drawn. */
  hidden: boolean;
  /** Whose it is: a picked thin instance answers `owner.current` (the creature), read at the pick. */
  readonly owner: CrowdOwner | undefined;
  /** The level of detail it is drawn at (0, full, when absent); `slot` is in that level. */
  level?: number;
}

/** What a crowd member answers a pick with: its owner once known (NodeTags, runtime/makeCreature.ts). */
export interface CrowdOwner {
  readonly current: unknown;
}

/** A new member, at the origin until its first write. */
export function newMember(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
  return { slot: 0, x: 0, y: 0, z: 0, reach: modelReach, modelReach, hidden: false, owner };
}
