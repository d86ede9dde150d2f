/**
 * Simplified levels of a rigged model's mesh, as plain arrays (riggedLevel.ts turns them into
 * drawing meshes): meshoptimizer's simplifier over the rest pose's positions, as OBJ parts get
 * theirs (src/obj/objLevels.ts, same specs), weighing the bone weights as attributes
 * (riggedLevelSkin.ts): a collapse that would move a vertex onto one skinned to other bones
 * counts as error, so a level's triangles do not stretch across a joint (a rest pose hides
 * that; a walking leg would pull the body's skin with it). Then every vertex attribute the mesh
 * has is carried over to the vertices kept: normals, UVs, tangents, colours, and the bone indices
 * and weights (`matricesIndices`/`matricesWeights` and their `Extra` variants) that the crowd's
 * baked clips skin with. Pure and engine-free (it could run in a worker); loaded on demand with
 * its WebAssembly, a chunk of its own.
 */
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { gather, renumber } from "../../../../obj/objLevels.js";
import { type SkinAttributes, skinAttributes } from "./riggedLevelSkin.js";

/** One vertex attribute: `size` floats per vertex. */
export interface VertexAttribute {
  readonly kind: string;
  readonly data: Float32Array;
  readonly size: number;
}

/** A run of a mesh's indices drawn with one material of its multi-material (a Babylon sub-mesh). */
export interface IndexRange {
  readonly indexStart: number;
  readonly indexCount: number;
  readonly materialIndex: number;
}

/** A mesh to simplify: its triangles, and every attribute it has (positions among them). */
export interface VertexMesh {
  readonly indices: Uint32Array;
  /** 3 floats per vertex. */
  readonly positions: Float32Array;
  readonly attributes: readonly VertexAttribute[];
  /** Its sub-meshes' index runs, when it has several: each is simplified on its own and kept a run of its own. */
  readonly ranges?: readonly IndexRange[];
}

/** A level's own buffers: its triangles and every attribute of the kept vertices. */
export interface VertexLevel {
  readonly indices: Uint16Array | Uint32Array;
  readonly attributes: readonly VertexAttribute[];
  /** Its sub-meshes' index runs, one per run of the mesh's, in the same order (when it had several). */
  readonly ranges?: readonly IndexRange[];
}

/**
 * One entry per level: its buffers, the same object as the level before when simplifying
 * further gained too little, or null when even the first levels gained too little.
 */
export type VertexLevels = (VertexLevel | null)[];

/** What one level asks of the simplifier (see `levelSpecs` of meshLodOptions.ts). */
export interface VertexLevelSpec {
  readonly ratio: number;
  readonly error: number;
}

/** A level that keeps more than this share of the level before it is not worth its own geometry (as objLevels.ts). */
const MIN_GAIN = 0.9;

/**
 * How much a bone weight's change counts against a move (meshoptimizer's attribute weight: a
 * change of 1/w over a distance d counts as much as moving by d), about 1 for attributes in 0–1
 * as meshoptimizer advises. Measured on a skinned limb posed through a stride (weights 0.1 to
 * 30, test/babylon/runtime/crowd/rigged/riggedLevelSkinning.test.ts): from 0.3 up, a limb skinned
 * rigidly to each bone strays no further posed than at rest (0.9 % of its height at the far
 * level, 13.7 % without weights); one blended about its joints 4–6 % (bound 8 %).
 */
const BONE_WEIGHT = 1;

/** Resolves once the simplifier can run; rejects where it cannot (no WebAssembly). */
export function simplifierReady(): Promise<void> {
  if (!MeshoptSimplifier.supported) return Promise.reject(new Error("WebAssembly is not available"));
  return MeshoptSimplifier.ready;
}

/**
 * The levels of `mesh`, one per spec, made one simplifier call per step (one per spec and
 * sub-mesh run): the caller gives the event loop a turn between steps (a large mesh is one long
 * call per level, never all in one task). A mesh of several sub-meshes has each run simplified on
 * its own (its material's triangles stay its own) and the kept runs share one compacted vertex
 * buffer; a run left with no triangle keeps its own. Call after {@link simplifierReady} resolved.
 */
export function* vertexLevels(mesh: VertexMesh, specs: readonly VertexLevelSpec[]): Generator<void, VertexLevels> {
  const levels: VertexLevels = [];
  let before: VertexLevel | null = null;
  let beforeCount = mesh.indices.length;
  const skin = skinAttributes(mesh);
  const runs = mesh.ranges ?? [{ indexStart: 0, indexCount: mesh.indices.length, materialIndex: 0 }];
  for (const spec of specs) {
    const kept: Uint32Array[] = [];
    for (const run of runs) {
      const indices = mesh.indices.subarray(run.indexStart, run.indexStart + run.indexCount);
      const target = Math.max(3, Math.floor((indices.length * spec.ratio) / 3) * 3);
      const simplified = indices.length < 3 ? indices : simplify(indices, mesh.positions, skin, target, spec.error);
      kept.push(simplified.length > 0 ? simplified : indices);
      yield;
    }
    const count = kept.reduce((n, k) => n + k.length, 0);
    if (count > 0 && count <= beforeCount * MIN_GAIN) {
      before = compact(mesh, kept);
      beforeCount = count;
    }
    levels.push(before);
  }
  return levels;
}

/** `indices` simplified toward `target` indices, the bone weights weighed when the mesh has any. */
function simplify(
  indices: Uint32Array,
  positions: Float32Array,
  skin: SkinAttributes | undefined,
  target: number,
  error: number,
): Uint32Array {
  if (!skin) return MeshoptSimplifier.simplify(indices, positions, 3, target, error, [])[0];
  const weights = new Array<number>(skin.stride).fill(BONE_WEIGHT);
  return MeshoptSimplifier.simplifyWithAttributes(
    indices,
    positions,
    3,
    skin.data,
    skin.stride,
    weights,
    null,
    target,
    error,
    [],
  )[0];
}

/**
 * The vertices the kept runs use, in order of first use, every attribute with them, the runs'
 * indices one after the other, renumbered; and the runs' places in them when the mesh had runs.
 */
function compact(mesh: VertexMesh, kept: readonly Uint32Array[]): VertexLevel {
  const all = kept.length === 1 ? kept[0]! : new Uint32Array(kept.reduce((n, k) => n + k.length, 0));
  let at = 0;
  const ranges: IndexRange[] = [];
  kept.forEach((indices, i) => {
    if (all !== indices) all.set(indices, at);
    ranges.push({ indexStart: at, indexCount: indices.length, materialIndex: mesh.ranges?.[i]?.materialIndex ?? 0 });
    at += indices.length;
  });
  const { order, indices: out } = renumber(all, mesh.positions.length / 3);
  const attributes = mesh.attributes.map(({ kind, data, size }) => ({ kind, data: gather(data, order, size), size }));
  return mesh.ranges ? { indices: out, attributes, ranges } : { indices: out, attributes };
}
