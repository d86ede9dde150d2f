/**
 * Clips of a rigged creature drawn by its model's crowd (riggedCrowd.ts), which has no
 * animation group to play them: each clip's place in its loop is kept here, advanced by motion's
 * own step at the mixer's rate, as Babylon would advance a group playing at that speed ratio.
 * The crowd shows the two clips its mixer weighs most, each at its place, mixed on the GPU by
 * their share of the two weights (clipBlendPlugin.ts), so a cross-fade fades as grown groups
 * do. A third clip still weighing something (rare: the mixer fades one pair at a time) is left
 * out. When the creature grows its own groups, they start where the clips were, so nothing jumps.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { LOD_SKIP } from "../../options/animationLodOptions.js";
import type { BakedClip } from "../crowd/rigged/riggedBake.js";
import type { RiggedCrowd } from "../crowd/rigged/riggedCrowd.js";
import type { CrowdMember } from "../crowd/shared/crowdMember.js";
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
 * Advances every clip by `stepped` seconds of motion at its mixer rate and shows the two
 * strongest ones' frames mixed (not while its creature is out of view: `lod`). Allocates nothing.
 */
export function syncCrowdClips(b: ClipBinding, c: CrowdClips, stepped: number, lod: number): void {
  const { weights, rates } = b.mixer;
  const { clips, phases } = c;
  const mixer = b.mixer;
  if (mixer.restart >= 0) {
    phases[mixer.restart] = 0; // a jump's phase began: its clip from its first frame
    mixer.restart = -1;
  }
  let first = -1; // the strongest clip
  let second = -1; // the next
  for (let i = 0; i < clips.length; i++) {
    const seconds = clips[i]!.seconds;
    mixer.clipSeconds[i] = seconds; // a jump clip's rate fits it to its phase
    if (seconds > 0 && stepped > 0) {
      const phase = phases[i]! + (stepped * rates[i]!) / seconds;
      phases[i] = phase - Math.floor(phase);
    }
    const w = weights[i]!;
    if (first < 0 || w > weights[first]!) {
      second = first;
      first = i;
    } else if (second < 0 || w > weights[second]!) second = i;
  }
  if (first < 0 || lod === LOD_SKIP || c.member.slot < 0) return;
  const wa = weights[first]!;
  const wb = second < 0 ? 0 : weights[second]!;
  const weight = wb > 0 ? wb / (wa + wb) : 0;
  c.crowd.showFrame(c.member, rowOf(c, first), weight > 0 ? rowOf(c, second) : undefined, weight);
}

/** The baked row clip `i` shows at its place: the frame its phase is in. */
function rowOf(c: CrowdClips, i: number): number {
  const clip = c.clips[i]!;
  return clip.start + Math.min(clip.frames - 1, Math.floor(c.phases[i]! * clip.frames));
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
