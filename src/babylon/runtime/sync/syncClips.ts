/**
 * Where clip mixing touches Babylon: copies a {@link ClipMixer}'s weights and rates onto a
 * rigged creature's animation groups. Every group plays, looped, all the time; the weights say
 * how much of each shows (Babylon blends groups that animate the same node by weight), so a
 * cross-fade is only numbers changing, never a restart.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { ClipMixer } from "../../../motion/clipMixer.js";

/** What the sync needs of a rigged creature, captured once at spawn. */
export interface ClipBinding {
  mixer: ClipMixer;
  /** The creature's groups, in `mixer.clips` order. */
  groups: AnimationGroup[];
  /**
   * Multiplies every rate: the motion world's time scale, 0 while paused (written by whoever
   * steps the world, so clips freeze and speed up with the rest of motion). @default 1
   */
  timeScale: number;
  /**
   * Groups paused at a frame (1 per group, `groups` order), left alone until their first
   * non-zero rate, then played: Babylon loses a `goToFrame` made at speed 0 on the group's first
   * frame, so a creature that grows its groups while its clips are frozen pauses them there
   * instead (crowdClips.ts). A group a game paused itself is not in it, and stays paused.
   */
  held?: Uint8Array | undefined;
}

/**
 * Binds a mixer to a creature's groups (clip name → group, as `RiggedInstance.animations`).
 * Throws when the mixer names a clip the creature lacks: both must come from the same list.
 */
export function bindClips(mixer: ClipMixer, animations: ReadonlyMap<string, AnimationGroup>): ClipBinding {
  const groups = mixer.clips.map((clip) => {
    const group = animations.get(clip);
    if (!group) throw new Error(`No animation group for clip "${clip}"`);
    return group;
  });
  groups.forEach((group, i) => {
    const fps = group.targetedAnimations[0]?.animation.framePerSecond ?? 0;
    mixer.clipSeconds[i] = fps > 0 ? (group.to - group.from) / fps : 0;
  });
  return { mixer, groups, timeScale: 1 };
}

/**
 * Starts every group looped at its mixer weight (the settled mixer of a new creature: idle 1,
 * the others 0) and rate. Groups already playing are left as they are.
 */
export function startClips(b: ClipBinding): void {
  const { groups, mixer } = b;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    group.weight = mixer.weights[i]!;
    if (!group.isStarted) group.start(true, mixer.rates[i]! * b.timeScale);
    group.speedRatio = mixer.rates[i]! * b.timeScale;
  }
}

/**
 * Writes the mixer's weights and rates onto the groups, restarting (looped) any group that was
 * stopped. Call after the mixer's update, once per frame. Allocates nothing.
 */
export function syncClips(b: ClipBinding): void {
  const { groups, mixer } = b;
  const weights = mixer.weights;
  const rates = mixer.rates;
  if (mixer.restart >= 0) {
    // A jump's phase began: its clip plays from its first frame, timed to the phase.
    const group = groups[mixer.restart];
    if (group?.isStarted) group.goToFrame(group.from);
    mixer.restart = -1;
  }
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const rate = rates[i]! * b.timeScale;
    if (!group.isStarted) group.start(true, rate);
    else if (b.held?.[i]) {
      // Held at its frame: a new rate would set that frame outright, not blended by weight.
      if (rate === 0) continue;
      b.held[i] = 0;
      group.play(true); // from where it was held: the rate below places it
    }
    // Babylon's setters return early on an unchanged value; weight 0 still plays (in step).
    group.weight = weights[i]!;
    group.speedRatio = rate;
  }
}
