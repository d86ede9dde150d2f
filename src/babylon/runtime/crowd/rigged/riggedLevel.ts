/**
 * The levels of detail of a rigged crowd (riggedCrowd.ts). One level: a drawing mesh per mesh
 * of the model (full, or simplified), the creatures drawn at this level, a matrix buffer per
 * distinct mesh offset (most models have one) and the per-instance clip settings (the baked
 * frame and the cross-fade: clipBlendPlugin.ts), one entry per creature. A creature changing
 * level takes its matrices and its settings with it. Without levels a crowd has this one.
 *
 * With `meshLod`, each of a rigged model's meshes is simplified once per model
 * (riggedLevelData.ts, meshoptimizer's simplifier, the bone indices and weights carried over),
 * then drawn as one more level, posed from the same baked clips. The levels are made on the main
 * thread after the model's first creature was spawned, off its critical path: one simplifier
 * call per task with a turn of the event loop between (the parse workers read OBJ text only; a
 * rigged model's meshes come from Babylon's glTF loader on this thread). Until they are made,
 * every creature is drawn at full detail. Which level a creature is drawn at is chosen as for
 * part-built crowds (shared/levelSwitcher.ts).
 */
import type { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import type { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { SubMesh } from "@babylonjs/core/Meshes/subMesh.js";
import type { ModelRecord } from "../../../../records/schemas.js";
import { importOnce } from "../../../../util/importOnce.js";
import { yieldToEventLoop } from "../../../../util/yieldToEventLoop.js";
import { levelSpecs, type MeshLodSettings } from "../../../options/meshLodOptions.js";
import type { CrowdMember } from "../shared/crowdMember.js";
import { copyLooks, drawingMeshCopyOf, drawingMeshOf, setUpDrawingMesh, showInstances } from "../shared/drawingMesh.js";
import type { SwitchableLevel } from "../shared/levelSwitcher.js";
import { blendClipsOn } from "./clipBlendPlugin.js";
import type { IndexRange, VertexAttribute, VertexLevel, VertexLevels, VertexMesh } from "./riggedLevelData.js";

export type { VertexLevel, VertexLevels } from "./riggedLevelData.js";

/** The per-instance clip settings' vertex buffer kind (4 floats: see encodeClipBlend). */
export const SETTINGS = "bakedVertexAnimationSettingsInstanced";
const INITIAL_CAPACITY = 16;

/** A mesh of the model, and what each level draws of it. */
export interface RiggedSource {
  source: Mesh;
  /** `<model>/<mesh>`. */
  name: string;
  /** Index of its offset (from the creature's root to the mesh) in the crowd's offsets. */
  offset: number;
  /** Its offset mirrors (glTF's handedness conversion): faces are turned. */
  flip: boolean;
  /** Its simplified levels, once made ({@link makeRiggedLevels}). */
  levels?: VertexLevels | undefined;
}

/** What every level of a crowd shares. */
export interface RiggedLevelContext {
  record: ModelRecord;
  manager: BakedVertexAnimationManager;
  bounds: BoundingInfo;
  offsets: number;
}

/** A drawing mesh and its offset's index. */
export interface RiggedDraw {
  mesh: Mesh;
  offset: number;
}

export class RiggedLevel implements SwitchableLevel {
  /** 0: full detail; k: the k-th simplified level. */
  readonly index: number;
  readonly draws: RiggedDraw[];
  readonly members: CrowdMember[] = [];
  /** One per offset: a matrix per creature. */
  matrices: Float32Array[] = [];
  /** 4 floats per creature (encodeClipBlend). */
  settings = new Float32Array(0);
  matricesDirty = false;
  framesDirty = false;
  readonly #offsets: number;
  #capacity = 0;

  constructor(index: number, draws: RiggedDraw[], offsets: number) {
    this.index = index;
    this.draws = draws;
    this.#offsets = offsets;
  }

  get meshes(): Mesh[] {
    return this.draws.map((draw) => draw.mesh);
  }

  get firstMesh(): Mesh | undefined {
    return this.draws[0]?.mesh;
  }

  /** Appends `member` (its slot and level set here); its matrices and frame are the caller's to write. */
  add(member: CrowdMember): void {
    member.slot = this.members.length;
    member.level = this.index;
    this.members.push(member);
    if (this.members.length > this.#capacity) this.#grow();
    this.#setCount();
  }

  /** Removes `member`: the last one takes its slot (its matrices and its frame). */
  remove(member: CrowdMember): void {
    const last = this.members.pop()!;
    if (last !== member) {
      this.members[member.slot] = last;
      const to = member.slot;
      const from = last.slot;
      for (const buffer of this.matrices) buffer.copyWithin(to * 16, from * 16, from * 16 + 16);
      this.settings.copyWithin(to * 4, from * 4, from * 4 + 4);
      last.slot = to;
    }
    member.slot = -1;
    this.#setCount();
    this.matricesDirty = true;
    this.framesDirty = true;
  }

  /** Moves `member` here from `from`, its matrices and clip settings with it. */
  takeFrom(from: RiggedLevel, member: CrowdMember): void {
    const source = member.slot;
    const slot = this.members.length;
    this.members.push(member);
    if (this.members.length > this.#capacity) this.#grow();
    for (let o = 0; o < this.matrices.length; o++) {
      this.matrices[o]!.set(from.matrices[o]!.subarray(source * 16, source * 16 + 16), slot * 16);
    }
    this.settings.set(from.settings.subarray(source * 4, source * 4 + 4), slot * 4);
    from.remove(member); // by its old slot, after its data was copied
    member.slot = slot;
    member.level = this.index;
    this.#setCount();
    this.matricesDirty = true;
    this.framesDirty = true;
  }

  /** Uploads what was written; returns how many buffers were uploaded. */
  upload(): number {
    let uploads = 0;
    if (this.matricesDirty) {
      this.matricesDirty = false;
      for (const draw of this.draws) draw.mesh.thinInstanceBufferUpdated("matrix");
      uploads += this.draws.length;
    }
    if (this.framesDirty) {
      this.framesDirty = false;
      for (const draw of this.draws) if (draw.mesh.skeleton) draw.mesh.thinInstanceBufferUpdated(SETTINGS);
    }
    return uploads;
  }

  dispose(): void {
    for (const { mesh } of this.draws) {
      mesh.skeleton = null; // the template's: it stays with the template
      mesh.dispose(false, false); // a level's own geometry goes with its last mesh
    }
    this.draws.length = 0;
    this.members.length = 0;
  }

  #setCount(): void {
    const count = this.members.length;
    for (const { mesh } of this.draws) showInstances(mesh, count);
  }

  #grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.#capacity * 2);
    this.matrices = Array.from({ length: this.#offsets }, (_, o) => {
      const buffer = new Float32Array(capacity * 16);
      const old = this.matrices[o];
      if (old) buffer.set(old);
      return buffer;
    });
    const settings = new Float32Array(capacity * 4);
    settings.set(this.settings);
    this.settings = settings;
    for (const { mesh, offset } of this.draws) {
      mesh.thinInstanceSetBuffer("matrix", this.matrices[offset]!, 16, false);
      if (mesh.skeleton) mesh.thinInstanceSetBuffer(SETTINGS, settings, 4, false);
    }
    this.#capacity = capacity;
  }
}

/**
 * Level `index`'s drawing meshes, one per source: level 0 shares the template's geometry, the
 * others have their own (riggedLevelMeshOf). Each is skinned from the crowd's baked clips (same
 * texture, same blending materials) and shares the crowd's bounding info.
 */
export function makeRiggedLevel(index: number, sources: readonly RiggedSource[], ctx: RiggedLevelContext): RiggedLevel {
  const draws: RiggedDraw[] = [];
  const level = new RiggedLevel(index, draws, ctx.offsets);
  for (const s of sources) {
    const name = index > 0 ? `${s.name}/crowd/lod${index}` : `${s.name}/crowd`;
    const mesh = index > 0 ? riggedLevelMeshOf(s.source, s.levels?.[index - 1], name) : drawingMeshOf(s.source, name);
    if (index === 0) copySubMeshes(s.source, mesh); // sharing its geometry gave it one sub-mesh over all
    // A mirroring offset turns faces inside out; Babylon reads only the mesh's own world matrix
    // for that, which is the identity here.
    if (s.flip) mesh.sideOrientation = s.source.sideOrientation === 0 ? 1 : 0;
    if (s.source.skeleton) {
      mesh.skeleton = s.source.skeleton; // bone influences are read from the texture, not the skeleton
      mesh.numBoneInfluencers = s.source.numBoneInfluencers;
      mesh.bakedVertexAnimationManager = ctx.manager;
      blendClipsOn(mesh.material); // the template's: its grown copies (no manager) draw unchanged
    }
    // The per-instance pick test needs the mesh's own (untransformed) box: the full mesh's holds every level.
    const own = s.source.getBoundingInfo();
    setUpDrawingMesh(mesh, { record: ctx.record, level: index, members: level.members, own, bounds: ctx.bounds });
    draws.push({ mesh, offset: s.offset });
  }
  return level;
}

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
  const data = level ?? vertexMeshOf(source);
  if (!data) {
    const copy = drawingMeshCopyOf(source, name);
    copySubMeshes(source, copy);
    return copy;
  }
  const mesh = new Mesh(name, source.getScene());
  for (const { kind, data: values, size } of data.attributes) mesh.setVerticesData(kind, values, false, size);
  mesh.setIndices(data.indices);
  setSubMeshes(mesh, data.ranges, mesh.getTotalVertices());
  copyLooks(source, mesh);
  return mesh;
}
