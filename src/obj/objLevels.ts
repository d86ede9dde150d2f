/**
 * Simplified levels of an OBJ mesh, for drawing distant creatures with fewer triangles: each
 * level is the mesh simplified by meshoptimizer's simplifier (edge collapses under an error
 * bound, UV seams and borders kept), its unused vertices dropped. Made once per model, where
 * its OBJ text is read: in a parse worker (objWorkerReply.ts) or, when none was ready, on the
 * main thread right after (runtime/load/partParser.ts imports this module on demand, so the
 * simplifier is never in a game's first download). Pure, no engine.
 */
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import type { ObjMeshBuffers } from "./objBatch.js";

/** What one level asks of the simplifier. */
export interface ObjLevelSpec {
  /** Target share of the triangles kept (0–1]. */
  readonly ratio: number;
  /** Largest shape error allowed, as a share of the mesh's extent (meshoptimizer's relative error). */
  readonly error: number;
}

/** A level's own buffers, ready for a `VertexData`. */
export interface ObjLevelBuffers {
  positions: Float32Array;
  /** Absent when the mesh had none (the caller computes them, as for the mesh itself). */
  normals?: Float32Array;
  uvs?: Float32Array;
  indices: Uint16Array | Uint32Array;
}

/**
 * One entry per level: its buffers, the same object as the level before when simplifying
 * further gained too little (its drawing mesh is built from the same buffers), or null when
 * even the first levels gained too little (a copy of the full mesh is drawn).
 */
export type ObjLevels = (ObjLevelBuffers | null)[];

/** A level that keeps more than this share of the level before it is not worth simplifying to. */
const MIN_GAIN = 0.9;

/** Counts for tests and tools. */
export const objLevelStats = { meshesSimplified: 0 };

/** Resolves once the simplifier can run (its WebAssembly compiled); rejects where it cannot. */
export function simplifierReady(): Promise<void> {
  if (!MeshoptSimplifier.supported) return Promise.reject(new Error("WebAssembly is not available"));
  return MeshoptSimplifier.ready;
}

/**
 * The levels of `mesh` (one per spec, in order), or undefined for a mesh of lines, without
 * triangles or with a position that is not a finite number. Call after {@link simplifierReady}
 * resolved.
 */
export function makeObjLevels(mesh: ObjMeshBuffers, specs: readonly ObjLevelSpec[]): ObjLevels | undefined {
  if (mesh.hasLines || mesh.indices.length < 3 || specs.length === 0) return undefined;
  // NaN or infinite positions make the simplifier's work quadratic (and mean nothing to simplify).
  if (!mesh.positions.every(Number.isFinite)) return undefined;
  objLevelStats.meshesSimplified++;
  const indices = mesh.indices instanceof Uint32Array ? mesh.indices : Uint32Array.from(mesh.indices);
  const levels: ObjLevels = [];
  let before: ObjLevelBuffers | null = null;
  let beforeCount = indices.length;
  for (const spec of specs) {
    const target = Math.max(3, Math.floor((indices.length * spec.ratio) / 3) * 3);
    const [kept] = MeshoptSimplifier.simplify(indices, mesh.positions, 3, target, spec.error, []);
    if (kept.length === 0 || kept.length > beforeCount * MIN_GAIN) {
      levels.push(before);
      continue;
    }
    before = compact(mesh, kept);
    beforeCount = kept.length;
    levels.push(before);
  }
  return levels;
}

/** The vertices `indices` use, in order of first use, with the indices renumbered. */
function compact(mesh: ObjMeshBuffers, indices: Uint32Array): ObjLevelBuffers {
  const { order, indices: out } = renumber(indices, mesh.positions.length / 3);
  const level: ObjLevelBuffers = { positions: gather(mesh.positions, order, 3), indices: out };
  if (mesh.normals) level.normals = gather(mesh.normals, order, 3);
  if (mesh.uvs) level.uvs = gather(mesh.uvs, order, 2);
  return level;
}

/**
 * The vertices (of `vertexCount`) that `indices` use, in order of first use, and the indices
 * renumbered to them (16-bit when they fit). Rigged levels compact their meshes with it too.
 */
export function renumber(
  indices: Uint32Array,
  vertexCount: number,
): { order: number[]; indices: Uint16Array | Uint32Array } {
  const remap = new Int32Array(vertexCount).fill(-1);
  const order: number[] = [];
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (remap[v] === -1) {
      remap[v] = order.length;
      order.push(v);
    }
  }
  const out = order.length > 65_535 ? new Uint32Array(indices.length) : new Uint16Array(indices.length);
  for (let i = 0; i < indices.length; i++) out[i] = remap[indices[i]!]!;
  return { order, indices: out };
}

/** `size` floats per vertex of `source`, for the vertices in `order`. */
export function gather(source: Float32Array, order: readonly number[], size: number): Float32Array {
  const out = new Float32Array(order.length * size);
  for (let i = 0; i < order.length; i++) {
    for (let c = 0; c < size; c++) out[i * size + c] = source[order[i]! * size + c]!;
  }
  return out;
}
