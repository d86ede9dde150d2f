/**
 * Bakes a rigged model's clips once into bone matrices per frame, the data of a vertex animation
 * texture (riggedCrowd.ts draws every creature of the model from it). Babylon's
 * `VertexAnimationBaker.bakeVertexData` plays the skeleton's own animation ranges, which glTF
 * models do not have (their clips are AnimationGroups), so the bake is done here: each clip's
 * curves are evaluated frame by frame onto the template's own (hidden) nodes, the skeleton
 * follows its linked nodes (`prepare(true)`), and `getTransformMatrices` gives the row, the very
 * matrices GPU skinning would get. Nothing is added to the scene, nothing plays; the nodes are
 * put back at rest at the end, since every copy of the model is cloned from them.
 *
 * Row 0 is the rest pose; each clip's frames follow, sampled `fps` times a second of clip time
 * over one loop. The bake runs in slices of a few milliseconds with a turn of the event loop
 * between them, so a long bake (many bones, long clips) never blocks a page in one stretch.
 */
import type { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Node } from "@babylonjs/core/node.js";
import { yieldToEventLoop } from "../../../util/yieldToEventLoop.js";
import type { RiggedTemplate } from "../../gltf/index.js";

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

/** A model's clips as bone matrices: see the module comment. */
export interface RiggedBake {
  /** `rows` rows of `(bones + 1) × 16` floats (the skeleton's transform matrices, then identity). */
  readonly data: Float32Array;
  /** The skeleton the skinned meshes share (the template's). */
  readonly skeleton: Skeleton;
  /** Texture width in RGBA pixels: `(bones + 1) × 4`. */
  readonly width: number;
  readonly rows: number;
  /** Frames baked per second of clip time. */
  readonly fps: number;
  /** In the template's clip order. */
  readonly clips: readonly BakedClip[];
  /** How the work was cut: slices run, and the longest one in milliseconds. */
  readonly slices: number;
  readonly longestSliceMs: number;
}

/** Options of {@link bakeRiggedClips}. */
export interface BakeOptions {
  /** Most rows and most pixels across a texture (the engine's `maxTextureSize`). */
  maxTextureSize: number;
  /** Frames baked per second of clip time, at most (fewer when the clips are too long to fit). @default 60 */
  fps?: number;
  /** Milliseconds of work before the event loop gets a turn. @default 4 */
  sliceMs?: number;
  signal?: AbortSignal | undefined;
  /** The clock slices are measured with. @default performance.now */
  now?: () => number;
}

const BAKE_DEFAULTS = { fps: 60, sliceMs: 4 };
/** Fewer frames a second than this, and a clip would stutter: the model is not baked. */
export const MIN_FPS = 10;
const TRS = new Set(["position", "rotationQuaternion", "rotation", "scaling"]);

type Writable = Record<string, unknown>;

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
 * Bakes `template`'s clips (see the module comment). Throws an Error saying why when the
 * template cannot be baked ({@link bakeProblem}, or its clips and bones do not fit one texture),
 * the signal's reason when aborted; the template's nodes are back at rest either way.
 */
export async function bakeRiggedClips(template: RiggedTemplate, options: BakeOptions): Promise<RiggedBake> {
  const problem = bakeProblem(template);
  if (problem) throw new Error(problem);
  const now = options.now ?? (() => performance.now());
  const sliceMs = options.sliceMs ?? BAKE_DEFAULTS.sliceMs;
  const container = template.container;
  const mesh = container.meshes.find((m) => m.getTotalVertices() > 0 && m.skeleton)!;
  const skeleton = mesh.skeleton!;
  const width = (skeleton.bones.length + 1) * 4;
  const max = options.maxTextureSize;
  if (width > max) throw new Error(`its ${skeleton.bones.length} bones do not fit a texture ${max} pixels wide`);

  const groups = container.animationGroups;
  const seconds = groups.map((g) => {
    const fps = g.targetedAnimations[0]?.animation.framePerSecond ?? 60;
    return Math.max(0, g.to - g.from) / fps;
  });
  const total = seconds.reduce((sum, s) => sum + s, 0);
  // Row 0 is the rest pose and every clip has a row at least.
  const room = max - 1 - groups.length;
  const fps = total > 0 ? Math.min(options.fps ?? BAKE_DEFAULTS.fps, Math.floor(room / total)) : 1;
  if (fps < MIN_FPS) throw new Error(`its clips (${total.toFixed(1)} s) do not fit a texture ${max} rows high`);
  let row = 1;
  const clips: BakedClip[] = groups.map((_, i) => {
    const frames = Math.max(1, Math.round(seconds[i]! * fps));
    const clip = { name: template.clips[i]!, start: row, frames, seconds: seconds[i]! };
    row += frames;
    return clip;
  });
  const rows = row;
  const floatsPerRow = width * 4;
  const data = new Float32Array(rows * floatsPerRow);

  // Every animated property's rest value, put back before each clip and at the end.
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
  const toRest = () => {
    for (const { target, property, value } of rest)
      target[property] = (value as { clone?: () => unknown } | null)?.clone?.() ?? value;
  };
  const capture = (at: number) => {
    skeleton.prepare(true);
    data.set(skeleton.getTransformMatrices(mesh).subarray(0, floatsPerRow), at * floatsPerRow);
  };

  let slices = 1;
  let longest = 0;
  let sliceStart = now();
  const maybeYield = async () => {
    const spent = now() - sliceStart;
    if (spent < sliceMs) return;
    longest = Math.max(longest, spent);
    slices++;
    await yieldToEventLoop();
    options.signal?.throwIfAborted();
    if (template.isDisposed) throw new Error("the model was disposed while its clips were baked");
    sliceStart = now();
  };

  try {
    options.signal?.throwIfAborted();
    toRest();
    capture(0);
    for (let c = 0; c < groups.length; c++) {
      const group = groups[c]!;
      const clip = clips[c]!;
      toRest();
      const span = Math.max(0, group.to - group.from);
      for (let k = 0; k < clip.frames; k++) {
        const frame = group.from + (span * k) / clip.frames;
        for (const { animation, target } of group.targetedAnimations)
          (target as Writable)[animation.targetProperty] = animation.evaluate(frame);
        capture(clip.start + k);
        await maybeYield();
      }
    }
  } finally {
    toRest();
    skeleton.prepare(true);
  }
  longest = Math.max(longest, now() - sliceStart);
  return { data, skeleton, width, rows, fps, clips, slices, longestSliceMs: longest };
}
