/** A creature's place in a crowd (crowdRenderer.ts, crowdLevel.ts; riggedCrowd.ts too). */

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
  /** The level of detail it is drawn at (crowdLevel.ts; 0, full, when absent); `slot` is in that level. */
  level?: number;
}

/** What a crowd member answers a pick with: its owner once known (NodeTags, runtime/makeCreature.ts). */
export interface CrowdOwner {
  readonly current: unknown;
}
