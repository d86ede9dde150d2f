/**
 * The layout of a rigged model's bake (riggedBake.ts): whether the template can be baked at all,
 * how many rows each clip gets in one texture, and what puts its nodes back at rest.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Node } from "@babylonjs/core/node.js";
import type { RiggedTemplate } from "../../../gltf/index.js";

/** One clip's frames in a bake. */
export interface BakedClip {
  readonly name: string;
  /** Its first row. */
  readonly start: number;
  /** Rows baked: one loop, sampled {@link RiggedBake.fps} times a second. */
  readonly frames: number;
  /** Seconds one loop lasts at rate 1. */
  readonly seconds: number;
}

/** Fewer frames a second than this, and a clip would stutter: the model is not baked. */
export const MIN_FPS = 10;
/** A node (or any target) whose animated properties are set by name. */
export type Writable = Record<string, unknown>;
const TRS = new Set(["position", "rotationQuaternion", "rotation", "scaling"]);

/** A bake's layout (see riggedBake.ts): its rows per clip, and what fills them. */
export interface BakePlan {
  /** Rows of `width × 4` floats, all zero. */
  data: Float32Array;
  skeleton: Skeleton;
  /** The skinned mesh whose transform matrices are baked. */
  mesh: AbstractMesh;
  width: number;
  rows: number;
  fps: number;
  clips: BakedClip[];
  /** The template's groups, one per clip. */
  groups: AnimationGroup[];
}

/** Why the template cannot be drawn from baked clips, or undefined when it can. */
export function bakeProblem(template: RiggedTemplate): string | undefined {
  const container = template.container;
  const drawn = container.meshes.filter((m) => m.getTotalVertices() > 0);
  if (drawn.length === 0) return "it has no mesh to draw";
  const skeletons = new Set(drawn.map((m) => m.skeleton).filter((s) => s));
  if (skeletons.size !== 1) return `its meshes use ${skeletons.size} skeletons (one is baked)`;
  if ([...skeletons][0]!.needInitialSkinMatrix) return "its skeleton needs an initial skin matrix";
  if (drawn.some((m) => m.morphTargetManager)) return "it has morph targets";
  const animated = new Set<unknown>();
  for (const group of container.animationGroups) {
    for (const { animation, target } of group.targetedAnimations) {
      if (!TRS.has(animation.targetProperty) || animation.targetPropertyPath.length !== 1)
        return `a clip animates "${animation.targetProperty}"`;
      animated.add(target);
    }
  }
  // A mesh that no skin deforms must not move with a clip: it is drawn as the model placed it.
  const movesRigidly = (mesh: AbstractMesh) => {
    for (let n: Node | null = mesh; n; n = n.parent) if (animated.has(n)) return true;
    return false;
  };
  const rigid = drawn.find((m) => !m.skeleton && movesRigidly(m));
  if (rigid) return `its mesh "${rigid.name}" moves with a clip without a skin`;
  return undefined;
}

/**
 * Lays out the rows of `template`'s clips at `maxFps` frames a second at most, in a texture
 * `maxTextureSize` at most across; throws an Error saying why it cannot be baked.
 */
export function planBake(template: RiggedTemplate, maxTextureSize: number, maxFps: number): BakePlan {
  const problem = bakeProblem(template);
  if (problem) throw new Error(problem);
  const container = template.container;
  const mesh = container.meshes.find((m) => m.getTotalVertices() > 0 && m.skeleton)!;
  const skeleton = mesh.skeleton!;
  const width = (skeleton.bones.length + 1) * 4;
  const max = maxTextureSize;
  if (width > max) throw new Error(`its ${skeleton.bones.length} bones do not fit a texture ${max} pixels wide`);
  const groups = container.animationGroups;
  const seconds = groups.map((g) => {
    const fps = g.targetedAnimations[0]?.animation.framePerSecond ?? 60;
    return Math.max(0, g.to - g.from) / fps;
  });
  const total = seconds.reduce((sum, s) => sum + s, 0);
  // Row 0 is the rest pose and every clip has a row at least. Clips that are all single poses
  // (0 s) need no more than that: the rate is then the most asked for, if their rows fit.
  const room = max - 1 - groups.length;
  const fps = total > 0 ? Math.min(maxFps, Math.floor(room / total)) : room >= 0 ? maxFps : 0;
  if (fps < MIN_FPS) throw new Error(`its clips (${total.toFixed(1)} s) do not fit a texture ${max} rows high`);
  let row = 1;
  const clips: BakedClip[] = groups.map((_, i) => {
    const frames = Math.max(1, Math.round(seconds[i]! * fps));
    const clip = { name: template.clips[i]!, start: row, frames, seconds: seconds[i]! };
    row += frames;
    return clip;
  });
  const data = new Float32Array(row * width * 4);
  return { data, skeleton, mesh, width, rows: row, fps, clips, groups };
}

/** Every animated property's rest value, and a way to put them all back. */
export function restPose(groups: readonly AnimationGroup[]): () => void {
  const rest: { target: Writable; property: string; value: unknown }[] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    for (const { animation, target } of group.targetedAnimations) {
      const key = `${(target as { uniqueId: number }).uniqueId}/${animation.targetProperty}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const value = (target as Writable)[animation.targetProperty] as { clone?: () => unknown } | null;
      rest.push({ target: target as Writable, property: animation.targetProperty, value: value?.clone?.() ?? value });
    }
  }
  return () => {
    for (const { target, property, value } of rest)
      target[property] = (value as { clone?: () => unknown } | null)?.clone?.() ?? value;
  };
}

type CpuUsage = () => { user: number; system: number };

/**
 * This thread's CPU time in ms where the platform tells it (Node 23.9+'s `threadCpuUsage`), else
 * the process's (`cpuUsage`, every thread: GC helpers and I/O too), else undefined (a browser).
 */
export function processCpuClock(): (() => number) | undefined {
  const process = (globalThis as { process?: { cpuUsage?: CpuUsage; threadCpuUsage?: CpuUsage } }).process;
  const usage = process?.threadCpuUsage ?? process?.cpuUsage;
  if (typeof usage !== "function") return undefined;
  return () => {
    const used = usage.call(process);
    return (used.user + used.system) / 1000;
  };
}
