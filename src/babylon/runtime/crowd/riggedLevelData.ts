/**
 * Simplified levels of a rigged model's mesh, as plain arrays (riggedLevels.ts turns them into
 * drawing meshes): meshoptimizer's simplifier over the rest pose's positions, as OBJ parts get
 * theirs (src/obj/objLevels.ts, same specs), then every vertex attribute the mesh has carried
 * over to the vertices kept: normals, UVs, tangents, colours, and the bone indices and weights
 * (`matricesIndices`/`matricesWeights` and their `Extra` variants) that the crowd's baked clips
 * skin with. Pure and engine-free (it could run in a worker); loaded on demand with its
 * WebAssembly, a chunk of its own.
 */
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { gather, renumber } from "../../../obj/objLevels.js";

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
  for (const spec of specs) {
    const target = Math.max(3, Math.floor((mesh.indices.length * spec.ratio) / 3) * 3);
    const [kept] = MeshoptSimplifier.simplify(mesh.indices, mesh.positions, 3, target, spec.error, []);
    if (kept.length > 0 && kept.length <= beforeCount * MIN_GAIN) {
      before = compact(mesh, kept);
      beforeCount = kept.length;
    }
    levels.push(before);
    yield;
  }
  return levels;
}

/** The vertices `indices` use, in order of first use, every attribute with them, the indices renumbered. */
function compact(mesh: VertexMesh, indices: Uint32Array): VertexLevel {
  const { order, indices: out } = renumber(indices, mesh.positions.length / 3);
  const attributes = mesh.attributes.map(({ kind, data, size }) => ({ kind, data: gather(data, order, size), size }));
  return { indices: out, attributes };
}
