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
 * over one loop. {@link startRiggedBake} bakes row 0 (and `firstClips` clips, none by default)
 * at once, fills every other row with the rest pose, and returns: the model's first creature is
 * drawn from that, so its spawn does not wait for the bake. The clips follow in slices of a few
 * milliseconds with a turn of the event loop between them (a long bake never blocks a page in
 * one stretch), the nodes put back at rest before each turn (a creature grown meanwhile is
 * cloned at rest). A row a creature is about to show before its slice comes is baked on the
 * spot ({@link RiggedBake.need}: a row costs microseconds), so no creature ever shows a row not
 * baked; the others hold the rest pose until baked.
 */
import type { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { MenagerieWarning } from "../../../../api/loadEvents.js";
import { yieldToEventLoop } from "../../../../util/yieldToEventLoop.js";
import type { RiggedTemplate } from "../../../gltf/index.js";
import { type BakedClip, planBake, processCpuClock, restPose, type Writable } from "./riggedBakePlan.js";

export { type BakedClip, bakeProblem, MIN_FPS } from "./riggedBakePlan.js";

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
  /** Rows baked so far (the others hold the rest pose until baked); grows only, so it tells new rows. */
  readonly rowsBaked: number;
  /** Rows baked before {@link startRiggedBake} returned: row 0 and the first `firstClips` clips'. */
  readonly rowsFirst: number;
  /** Settles (never rejects) once every row is baked or the bake stopped short ({@link RiggedBake.stopped}). */
  readonly done: Promise<void>;
  /** Why the bake stopped short (an abort's reason, a disposed model, an error), once it did. */
  readonly stopped: unknown;
  /** Bakes rows `a` and `b` now if they are not yet (a creature is about to show them). */
  need(a: number, b: number): void;
  /** How the work was cut: slices run (the first one included), and the longest one in milliseconds. */
  readonly slices: number;
  readonly longestSliceMs: number;
  /** The longest slice in CPU milliseconds ({@link BakeOptions.cpuNow}'s clock). */
  readonly longestSliceCpuMs: number;
}

/** Options of {@link startRiggedBake}. */
export interface BakeOptions {
  /** Most rows and most pixels across a texture (the engine's `maxTextureSize`). */
  maxTextureSize: number;
  /** Frames baked per second of clip time, at most (fewer when the clips are too long to fit). @default 60 */
  fps?: number;
  /** Milliseconds of work before the event loop gets a turn. @default 4 */
  sliceMs?: number;
  /** Clips baked before {@link startRiggedBake} returns, in the template's order. @default 0 */
  firstClips?: number;
  signal?: AbortSignal | undefined;
  /** The clock slices are measured with. @default performance.now */
  now?: () => number;
  /** The CPU clock (ms) slices are reported in. @default the thread's, else the process's (`processCpuClock`), else `now` */
  cpuNow?: () => number;
}

const BAKE_DEFAULTS = { fps: 60, sliceMs: 4, firstClips: 0 };

/**
 * Starts baking `template`'s clips (see the module comment): returns once row 0 and the first
 * `firstClips` clips are baked, the rest following in slices. Throws an Error saying why when the
 * template cannot be baked ({@link bakeProblem}, or its clips and bones do not fit one texture),
 * the signal's reason when aborted before it returns; a later abort, or the template's dispose,
 * stops the slices ({@link RiggedBake.stopped}). The template's nodes are at rest whenever
 * the event loop runs.
 */
export function startRiggedBake(template: RiggedTemplate, options: BakeOptions): RiggedBake {
  options.signal?.throwIfAborted();
  const { mesh, groups, ...laid } = planBake(template, options.maxTextureSize, options.fps ?? BAKE_DEFAULTS.fps);
  const now = options.now ?? (() => performance.now());
  const cpuNow = options.cpuNow ?? processCpuClock() ?? now;
  const sliceMs = options.sliceMs ?? BAKE_DEFAULTS.sliceMs;
  const { data, skeleton, clips, rows } = laid;
  const floatsPerRow = laid.width * 4;
  const toRest = restPose(groups);
  const baked = new Uint8Array(rows);
  let next = 0; // the first row not baked
  const bake = {
    ...laid,
    rowsFirst: 0,
    rowsBaked: 0,
    done: Promise.resolve(),
    stopped: undefined as unknown,
    need: (a: number, b: number) => {
      if (baked[a] === 1 && baked[b] === 1) return;
      if (template.isDisposed || bake.stopped !== undefined || !(a < rows && b < rows)) return;
      try {
        bakeRow(a, true);
        if (b !== a) bakeRow(b, true);
      } finally {
        atRest();
      }
    },
    slices: 1,
    longestSliceMs: 0,
    longestSliceCpuMs: 0,
  };

  // Clip c's frame k is row clips[c].start + k; row 0 is the rest pose. In order (`clip`: the
  // clip whose rows are being baked, its nodes set from rest), or alone (from rest).
  let clip = -1;
  const clipOf = (row: number) => clips.findLastIndex((c) => row >= c.start);
  const bakeRow = (row: number, alone: boolean) => {
    if (baked[row] === 1) return;
    if (row > 0) {
      const c = clipOf(row);
      if (alone || c !== clip) toRest(); // what this clip does not animate stays at rest
      if (!alone) clip = c;
      const group = groups[c]!;
      const span = Math.max(0, group.to - group.from);
      const frame = group.from + (span * (row - clips[c]!.start)) / clips[c]!.frames;
      for (const { animation, target } of group.targetedAnimations)
        (target as Writable)[animation.targetProperty] = animation.evaluate(frame);
    }
    skeleton.prepare(true);
    data.set(skeleton.getTransformMatrices(mesh).subarray(0, floatsPerRow), row * floatsPerRow);
    baked[row] = 1;
    bake.rowsBaked++;
  };
  const bakeNext = () => {
    while (baked[next] === 1) next++;
    if (next < rows) bakeRow(next, false);
  };
  const atRest = () => {
    toRest();
    skeleton.prepare(true);
    clip = -1;
  };
  const timeSlice = (spent: number, cpu: number) => {
    bake.longestSliceMs = Math.max(bake.longestSliceMs, spent);
    bake.longestSliceCpuMs = Math.max(bake.longestSliceCpuMs, cpuNow() - cpu);
  };

  // The first slice, before returning: row 0 (the first clips), every other row at rest.
  const first = clips[Math.min(options.firstClips ?? BAKE_DEFAULTS.firstClips, clips.length) - 1];
  let wall = now();
  let cpu = cpuNow();
  try {
    toRest();
    const end = first ? first.start + first.frames : 1;
    while (bake.rowsBaked < end) bakeNext();
    // Row 0 copied to row `end`, then that run of rest rows doubled until the last row.
    if (end < rows) data.copyWithin(end * floatsPerRow, 0, floatsPerRow);
    for (let n = 1; end + n < rows; n *= 2)
      data.copyWithin((end + n) * floatsPerRow, end * floatsPerRow, (end + Math.min(n, rows - end - n)) * floatsPerRow);
  } finally {
    atRest();
  }
  timeSlice(now() - wall, cpu);
  bake.rowsFirst = bake.rowsBaked;

  const slices = async () => {
    try {
      while (bake.rowsBaked < rows) {
        await yieldToEventLoop();
        options.signal?.throwIfAborted();
        if (template.isDisposed) throw new Error("the model was disposed while its clips were baked");
        if (bake.rowsBaked === rows) break; // needed rows may have finished it
        bake.slices++;
        wall = now();
        cpu = cpuNow();
        let spent = 0;
        try {
          do {
            bakeNext();
            spent = now() - wall;
          } while (bake.rowsBaked < rows && spent < sliceMs);
        } finally {
          atRest();
        }
        timeSlice(spent, cpu);
      }
    } catch (error) {
      bake.stopped = error;
    }
  };
  bake.done = bake.rowsBaked < rows ? slices() : Promise.resolve();
  return bake;
}

/** Bakes every row of `template`'s clips ({@link startRiggedBake}, then its slices); rejects when they stop short. */
export async function bakeRiggedClips(template: RiggedTemplate, options: BakeOptions): Promise<RiggedBake> {
  const bake = startRiggedBake(template, options);
  await bake.done;
  if (bake.stopped !== undefined) throw bake.stopped;
  return bake;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts baking a rigged model's clips for crowd drawing when it loads; returns once its rest
 * pose is baked (the clips follow in slices, rows a creature shows baked on the spot: see
 * {@link startRiggedBake}). A bake that cannot be done is a `clip-failed` warning (asset
 * `"bake"`) and `null`: its creatures then get skeletons of their own. An abort throws the
 * signal's reason; a later one (the Menagerie's dispose) stops the slices quietly.
 */
export function bakeForCrowds(
  scene: Scene,
  rig: RiggedTemplate,
  warn: (warning: MenagerieWarning) => void,
  signal: AbortSignal,
): RiggedBake | null {
  const engine = scene.getEngine();
  const caps = engine.getCaps();
  let bake: RiggedBake;
  try {
    // A real WebGL 1 context without float textures cannot read the bake (a NullEngine draws nothing).
    if (!caps.textureFloat && engine.getRenderingCanvas()) throw new Error("the engine has no float textures");
    bake = startRiggedBake(rig, { maxTextureSize: caps.maxTextureSize, signal });
  } catch (error) {
    signal.throwIfAborted();
    warn({
      code: "clip-failed",
      model: rig.model,
      asset: "bake",
      message: `Cannot bake the clips of "${rig.model}" to draw its creatures together (${messageOf(error)}): each gets a skeleton of its own`,
      error,
    });
    return null;
  }
  void bake.done.then(() => {
    // Stopped by the model's dispose or the Menagerie's: nothing to say. Else its creatures
    // show the rest pose for the clips not baked.
    if (bake.stopped === undefined || signal.aborted || rig.isDisposed) return;
    warn({
      code: "clip-failed",
      model: rig.model,
      asset: "bake",
      message: `Baking the clips of "${rig.model}" stopped (${messageOf(bake.stopped)}): the clips not baked show its rest pose`,
      error: bake.stopped,
    });
  });
  return bake;
}
