/**
 * Simplified levels of a rigged model's mesh, as plain arrays (riggedLevels.ts turns them into
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
import { gather, renumber } from "../../../obj/objLevels.js";
import { type SkinAttributes, skinAttributes } from "./riggedLevelSkin.js";

/** One vertex attribute: `size` floats per vertex. */
export interface VertexAttribute {
  readonly kind: string;
  readonly data: Float32Array;
  readonly size: number;
}

/** A mesh to simplify: its triangles, and every attribute it has (positions among them). */
export interface VertexMesh {
  readonly indices: Uint32Array;
  /** 3 floats per vertex. */
  readonly positions: Float32Array;
  readonly attributes: readonly VertexAttribute[];
}

/** A level's own buffers: its triangles and every attribute of the kept vertices. */
export interface VertexLevel {
  readonly indices: Uint16Array | Uint32Array;
  readonly attributes: readonly VertexAttribute[];
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
 * 30, test/babylon/runtime/crowd/riggedLevelSkinning.test.ts): from 0.3 up, a limb skinned
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
 * The levels of `mesh`, one per spec, made one simplifier call per step: the caller gives the
 * event loop a turn between steps (a large mesh is one long call per level, never all in one
 * task). Call after {@link simplifierReady} resolved.
 */
export function* vertexLevels(mesh: VertexMesh, specs: readonly VertexLevelSpec[]): Generator<void, VertexLevels> {
  const levels: VertexLevels = [];
  let before: VertexLevel | null = null;
  let beforeCount = mesh.indices.length;
  const skin = skinAttributes(mesh);
  for (const spec of specs) {
    const target = Math.max(3, Math.floor((mesh.indices.length * spec.ratio) / 3) * 3);
    const kept = simplify(mesh, skin, target, spec.error);
    if (kept.length > 0 && kept.length <= beforeCount * MIN_GAIN) {
      before = compact(mesh, kept);
      beforeCount = kept.length;
    }
    levels.push(before);
    yield;
  }
  return levels;
}

/** `mesh`'s triangles simplified toward `target` indices, its bone weights weighed when it has any. */
function simplify(mesh: VertexMesh, skin: SkinAttributes | undefined, target: number, error: number): Uint32Array {
  if (!skin) return MeshoptSimplifier.simplify(mesh.indices, mesh.positions, 3, target, error, [])[0];
  const weights = new Array<number>(skin.stride).fill(BONE_WEIGHT);
  return MeshoptSimplifier.simplifyWithAttributes(
    mesh.indices,
    mesh.positions,
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

/** The vertices `indices` use, in order of first use, every attribute with them, the indices renumbered. */
function compact(mesh: VertexMesh, indices: Uint32Array): VertexLevel {
  const { order, indices: out } = renumber(indices, mesh.positions.length / 3);
  const attributes = mesh.attributes.map(({ kind, data, size }) => ({ kind, data: gather(data, order, size), size }));
  return { indices: out, attributes };
}
