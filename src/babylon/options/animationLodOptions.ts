/**
 * The options of animation level of detail (animationLod.ts), checked when a Menagerie is made.
 * Apart from the level itself (runtime/sync/animationLod.ts), which reads cameras' frusta.
 */
import { OptionsError } from "../../core/errors.js";

/**
 * Animation level of detail (`animationLod` of `new Menagerie()`): creatures outside every
 * active camera's view, or farther than `farDistance` from the nearest, are posed less often.
 * Only creatures drawn by their model's crowd (part-built ones whose nodes no game asked for)
 * take part; grown and rigged creatures are posed every frame.
 *
 * @example
 * // Pose distant creatures every 4th frame; keep posing off-screen ones every 10th (their
 * // shadows fall into view in this game).
 * new Menagerie(scene, { baseUrl, animationLod: { farDistance: 30, farInterval: 4, offscreenInterval: 10 } });
 * @category Menagerie
 */
export interface AnimationLodOptions {
  /**
   * A creature out of every active camera's view is posed and drawn every this-many frames;
   * 0: not at all until it comes into view. Its matrices (and so its shadow and thin-instance
   * pick) stay where it was last drawn, which is out of view too.
   * @default 0 (nothing of it can be seen, and it catches up exactly the frame it can)
   */
  offscreenInterval?: number;
  /**
   * Beyond this distance from the nearest active camera (scene units, metres for Menagerie's
   * creatures), a creature in view is posed every `farInterval` frames; it still moves every frame.
   * @default 50 (a 1 m creature is then about 20 pixels tall on a 1080-pixel screen with
   * Babylon's default field of view: a gait at half the frame rate does not show)
   */
  farDistance?: number;
  /**
   * How often a distant creature is posed: every this-many frames (1: every frame).
   * @default 2
   */
  farInterval?: number;
}

/**
 * Defaults of {@link AnimationLodOptions}.
 * @category Menagerie
 */
export const ANIMATION_LOD_DEFAULTS: Readonly<Required<AnimationLodOptions>> = Object.freeze({
  offscreenInterval: 0,
  farDistance: 50,
  farInterval: 2,
});

/** What a creature gets this frame. */
export const LOD_FULL = 0;
/** Its pose is held; its matrices are written at its new place. */
export const LOD_HOLD = 1;
/** Nothing is written: it is out of view, and so is the place it was last drawn. */
export const LOD_SKIP = 2;

/** Checked {@link AnimationLodOptions}, every field set. */
export type AnimationLodSettings = Required<AnimationLodOptions>;

/** Checked settings, or null for `false` (no level of detail). */
export function animationLodSettings(
  option: AnimationLodOptions | false | undefined,
): Required<AnimationLodOptions> | null {
  if (option === false) return null;
  const o = { ...ANIMATION_LOD_DEFAULTS, ...option };
  if (!Number.isInteger(o.offscreenInterval) || o.offscreenInterval < 0)
    throw new OptionsError("animationLod.offscreenInterval", `must be an integer >= 0, got ${o.offscreenInterval}`);
  if (!Number.isInteger(o.farInterval) || o.farInterval < 1)
    throw new OptionsError("animationLod.farInterval", `must be an integer >= 1, got ${o.farInterval}`);
  if (!(o.farDistance >= 0))
    throw new OptionsError("animationLod.farDistance", `must be a number >= 0, got ${o.farDistance}`);
  return o;
}
