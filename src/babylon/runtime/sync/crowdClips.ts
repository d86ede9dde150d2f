/**
 * Clips of a rigged creature drawn by its model's crowd (riggedCrowd.ts), which has no
 * animation group to play them: each clip's place in its loop is kept here, advanced by motion's
 * own step at the mixer's rate, as Babylon would advance a group playing at that speed ratio.
 * The crowd shows one baked frame per creature: the clip with the highest weight, at its place
 * (two clips are not blended on the GPU; a cross-fade switches at the half-way point). When the
 * creature grows its own groups, they start where the clips were, so nothing jumps.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { LOD_SKIP } from "../../animationLodOptions.js";
import type { CrowdMember } from "../crowd/crowdRenderer.js";
import type { BakedClip } from "../crowd/riggedBake.js";
import type { RiggedCrowd } from "../crowd/riggedCrowd.js";
import type { ClipBinding } from "./syncClips.js";

/** A crowd-drawn creature's clips. */
export interface CrowdClips {
  crowd: RiggedCrowd;
  member: CrowdMember;
  /** The baked clips, in the mixer's order. */
  clips: BakedClip[];
  /** Per clip (mixer order), how far into its loop it is, 0 ≤ phase < 1. */
  phases: Float64Array;
}

/** The crowd side of a rigged creature's clips; throws when the mixer names a clip never baked. */
export function crowdClips(crowd: RiggedCrowd, member: CrowdMember, mixerClips: readonly string[]): CrowdClips {
  const clips = mixerClips.map((name) => {
    const clip = crowd.bake.clips.find((c) => c.name === name);
    if (!clip) throw new Error(`No baked frames for clip "${name}"`);
    return clip;
  });
  return { crowd, member, clips, phases: new Float64Array(clips.length) };
}

/**
 * Advances every clip by `stepped` seconds of motion at its mixer rate and shows the strongest
 * one's frame (not while its creature is out of view: `lod`). Allocates nothing.
 */
export function syncCrowdClips(b: ClipBinding, c: CrowdClips, stepped: number, lod: number): void {
  const { weights, rates } = b.mixer;
  const { clips, phases } = c;
  let shown = -1;
  let strongest = -1;
  for (let i = 0; i < clips.length; i++) {
    const seconds = clips[i]!.seconds;
    if (seconds > 0 && stepped > 0) {
      const phase = phases[i]! + (stepped * rates[i]!) / seconds;
      phases[i] = phase - Math.floor(phase);
    }
    if (weights[i]! > strongest) {
      strongest = weights[i]!;
      shown = i;
    }
  }
  if (shown < 0 || lod === LOD_SKIP || c.member.slot < 0) return;
  const clip = clips[shown]!;
  c.crowd.showFrame(c.member, clip.start + Math.min(clip.frames - 1, Math.floor(phases[shown]! * clip.frames)));
}

/**
 * Hands a creature's clips over to the groups it grew: each starts looped at its mixer weight
 * and rate, at the baked frame its clip showed in the crowd (less than a frame behind its
 * place), so the grown creature looks as it did. A clip never played (phase 0) starts as a
 * group started at spawn does. One whose rate is 0 (motion paused) is paused at its frame and
 * played at its first non-zero rate (`ClipBinding.held`): Babylon places a jump by its speed,
 * and a jump at speed 0 is lost on the group's first frame.
 */
export function handOverClips(b: ClipBinding, c: CrowdClips, groups: AnimationGroup[]): void {
  const { weights, rates } = b.mixer;
  b.groups = groups;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const rate = rates[i]! * b.timeScale;
    const frames = c.clips[i]!.frames;
    const phase = Math.min(frames - 1, Math.floor(c.phases[i]! * frames)) / frames;
    const hold = rate === 0 && phase > 0;
    group.weight = weights[i]!;
    if (!group.isStarted) group.start(true, hold ? 1 : rate);
    group.speedRatio = hold ? 1 : rate;
    // By weight: a frame set outright would show the last group's pose until the groups blend.
    if (phase > 0) group.goToFrame(group.from + (group.to - group.from) * phase, true);
    if (hold) {
      group.pause();
      b.held ??= new Uint8Array(groups.length);
      b.held[i] = 1;
    }
  }
}
