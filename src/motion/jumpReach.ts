/**
 * How far a creature jumps, from its size and its kind (its gait): the highest drop or rise it
 * takes on a jump and the widest gap it clears, metres. Data a game may extend, as the gait
 * table: a walker jumps about its own height down and one and a half times it across; a hopper
 * twice that across; crawlers, snakes and waddlers barely leave the ground. The SDK sizes its
 * NavMesh agents from the model in the same way; its links span 0.76–2.96 m of height, which
 * the clamps keep to.
 */

/**
 * A creature's jump: the highest step up or down a jump takes, and the widest gap, metres.
 * @category Motion
 */
export interface JumpReach {
  /** Highest drop (or rise) a jump crosses, metres. */
  height: number;
  /** Widest distance across a jump spans, metres. */
  length: number;
}

/**
 * A kind's jump, in the creature's heights (a 1.5 m zebra with `{ height: 0.7 }` drops 1.05 m).
 * @category Motion
 */
export interface JumpKind {
  /** Highest drop or rise, in body heights. */
  height: number;
  /** Widest gap, in body heights. */
  length: number;
}

/**
 * Jumps by gait name; a gait not listed jumps as `walk`, and a creature without a gait (it
 * idles) or that flies or swims does not jump.
 * @category Motion
 */
export const JUMP_KINDS: Readonly<Record<string, JumpKind>> = Object.freeze({
  walk: { height: 0.7, length: 1.5 },
  hop: { height: 1, length: 3 },
  waddle: { height: 0.4, length: 0.8 },
  crawl: { height: 0.5, length: 0.8 },
  slither: { height: 0.3, length: 0.5 },
  wriggle: { height: 0.3, length: 0.5 },
});

/** Gaits that never jump: their creatures cross no link. */
const NO_JUMP = new Set(["fly", "swim", "float"]);

/** Bounds of a jump, metres: the SDK's links span 0.76–2.96 m of height. */
const MIN_HEIGHT = 0.3;
const MAX_HEIGHT = 3;
const MIN_LENGTH = 0.5;
const MAX_LENGTH = 6;

/**
 * The jump of a creature `heightMeters` tall that moves with the gait `gait` (undefined: it
 * idles, and does not jump).
 */
export function jumpReach(
  heightMeters: number,
  gait: string | undefined,
  kinds: Readonly<Record<string, JumpKind>> = JUMP_KINDS,
): JumpReach {
  if (gait === undefined || NO_JUMP.has(gait)) return { height: 0, length: 0 };
  const kind = kinds[gait] ?? kinds.walk ?? JUMP_KINDS.walk!;
  const h = Math.max(0, heightMeters);
  return {
    height: Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, kind.height * h)),
    length: Math.min(MAX_LENGTH, Math.max(MIN_LENGTH, kind.length * h)),
  };
}
