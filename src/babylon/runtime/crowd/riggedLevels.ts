/**
 * Mesh level of detail for rigged crowds (`meshLod`): each of a rigged model's meshes
 * simplified once per model (riggedLevelData.ts, meshoptimizer's simplifier, the bone indices
 * and weights carried over), then drawn by its crowd (riggedCrowd.ts) as one more set of thin
 * instances per level, posed from the same baked clips. The levels are made on the main thread
 * after the model's first creature was spawned, off its critical path: one simplifier call per
 * task with a turn of the event loop between (the parse workers read OBJ text only; a rigged
 * model's meshes come from Babylon's glTF loader on this thread). Until they are made, every
 * creature is drawn at full detail. Which level a creature is drawn at is chosen as for
 * part-built crowds (crowdLevels.ts).
 */
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { SubMesh } from "@babylonjs/core/Meshes/subMesh.js";
import { importOnce } from "../../../util/importOnce.js";
import { yieldToEventLoop } from "../../../util/yieldToEventLoop.js";
import { levelSpecs, type MeshLodSettings } from "../../options/meshLodOptions.js";
import { copyLooks } from "./crowdMesh.js";
import type { IndexRange, VertexAttribute, VertexLevel, VertexLevels, VertexMesh } from "./riggedLevelData.js";

export type { VertexLevel, VertexLevels } from "./riggedLevelData.js";

/** `VertexBuffer.PositionKind` (not imported: a deep import of its own for a constant). */
const POSITION = "position";

/** Counts for tests and tools. */
export const riggedLevelStats = {
  /** Meshes simplified (once per mesh of a model, whatever the number of its creatures). */
  meshesSimplified: 0,
  /** Simplifier calls, each in a task of its own. */
  steps: 0,
  /** The longest of them, in milliseconds (for the bench and tools, never a test). */
  longestStepMs: 0,
};

/**
 * Reads `source`'s triangles and vertex attributes, and its sub-meshes' index runs when it has
 * several; undefined for a mesh the levels leave at full detail (no triangles, an attribute of
 * an unexpected length, a sub-mesh outside its indices).
 */
export function vertexMeshOf(source: Mesh): VertexMesh | undefined {
  const count = source.getTotalVertices();
  const indices = source.getIndices();
  if (count === 0 || !indices || indices.length < 3) return undefined;
  const ranges = rangesOf(source, indices.length);
  if (ranges === null) return undefined;
  const attributes: VertexAttribute[] = [];
  let positions: Float32Array | undefined;
  for (const kind of source.getVerticesDataKinds()) {
    const buffer = source.getVertexBuffer(kind);
    if (!buffer || buffer.getIsInstanced()) continue;
    const size = buffer.getSize();
    const data = source.getVerticesData(kind);
    if (!data || data.length !== count * size) return undefined;
    const floats = data instanceof Float32Array ? data : Float32Array.from(data);
    attributes.push({ kind, data: floats, size });
    if (kind === POSITION && size === 3) positions = floats;
  }
  if (!positions) return undefined;
  const all = indices instanceof Uint32Array ? indices : Uint32Array.from(indices);
  return ranges ? { indices: all, positions, attributes, ranges } : { indices: all, positions, attributes };
}

/** `source`'s sub-meshes as index runs when it has several (undefined: one); null when one lies outside its `count` indices. */
function rangesOf(source: Mesh, count: number): IndexRange[] | undefined | null {
  const subMeshes = source.subMeshes ?? [];
  if (subMeshes.length < 2) return undefined;
  const ranges = subMeshes.map((s) => ({
    indexStart: s.indexStart,
    indexCount: s.indexCount,
    materialIndex: s.materialIndex,
  }));
  const inside = ranges.every(
    (r) => r.indexStart >= 0 && r.indexCount % 3 === 0 && r.indexStart + r.indexCount <= count,
  );
  return inside ? ranges : null;
}

/**
 * Gives `mesh` (a drawing mesh of a rigged crowd) one sub-mesh per run of `ranges` over its
 * `vertices` vertices, each with its material index: Babylon gives a mesh built from buffers one
 * sub-mesh over everything, which a multi-material would draw with its first material only.
 */
export function setSubMeshes(mesh: Mesh, ranges: readonly IndexRange[] | undefined, vertices: number): void {
  if (!ranges || ranges.length < 2) return;
  mesh.releaseSubMeshes();
  for (const r of ranges) SubMesh.AddToMesh(r.materialIndex, 0, vertices, r.indexStart, r.indexCount, mesh);
}

/** Gives `mesh`, drawn from `source`'s geometry or a copy of it, `source`'s sub-meshes when it has several (see {@link setSubMeshes}). */
export function copySubMeshes(source: Mesh, mesh: Mesh): void {
  if ((source.subMeshes?.length ?? 0) < 2) return;
  mesh.releaseSubMeshes();
  for (const s of source.subMeshes) {
    SubMesh.AddToMesh(s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount, mesh);
  }
}

/** The simplifier chunk's import, shared by every crowd (util/importOnce.ts). */
const levelDataChunk = importOnce(() => import("./riggedLevelData.js"));

/**
 * The levels of each of `sources` (undefined for a mesh left at full detail), made as the module
 * comment says; null when the simplifier cannot run here (no WebAssembly, a CSP without
 * `wasm-unsafe-eval`) or `stop()` turned true (the crowd was disposed) on the way.
 */
export async function makeRiggedLevels(
  sources: readonly Mesh[],
  lod: MeshLodSettings,
  stop: () => boolean,
): Promise<(VertexLevels | undefined)[] | null> {
  await yieldToEventLoop(); // not in the spawn that made the crowd
  let data: typeof import("./riggedLevelData.js");
  try {
    data = await levelDataChunk();
    await data.simplifierReady();
  } catch {
    return null;
  }
  const specs = levelSpecs(lod);
  const levels: (VertexLevels | undefined)[] = [];
  for (const source of sources) {
    if (stop()) return null;
    const mesh = vertexMeshOf(source);
    if (!mesh) {
      levels.push(undefined);
      continue;
    }
    riggedLevelStats.meshesSimplified++;
    const steps = data.vertexLevels(mesh, specs);
    for (;;) {
      const started = performance.now();
      const step = steps.next();
      riggedLevelStats.longestStepMs = Math.max(riggedLevelStats.longestStepMs, performance.now() - started);
      if (step.done) {
        levels.push(step.value);
        break;
      }
      riggedLevelStats.steps++;
      await yieldToEventLoop();
      if (stop()) return null;
    }
  }
  return levels;
}

/**
 * A drawing mesh of level `level` of `source` with a geometry of its own, `source`'s material
 * and looks: the level's buffers, or the full mesh's copied where the level has none. Never the
 * template's geometry, nor another level's: Babylon keeps a thin-instanced mesh's instance
 * buffers (matrices, clip settings) in its geometry, so two crowds of meshes sharing one would
 * draw each other's creatures.
 */
export function riggedLevelMeshOf(source: Mesh, level: VertexLevel | null | undefined, name: string): Mesh {
  const mesh = new Mesh(name, source.getScene());
  const data = level ?? vertexMeshOf(source);
  if (data) {
    for (const { kind, data: values, size } of data.attributes) mesh.setVerticesData(kind, values, false, size);
    mesh.setIndices(data.indices);
    setSubMeshes(mesh, data.ranges, mesh.getTotalVertices());
  } else {
    source.geometry?.copy(name).applyToMesh(mesh);
    copySubMeshes(source, mesh);
  }
  copyLooks(source, mesh);
  return mesh;
}
