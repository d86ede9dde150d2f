/**
 * One level of detail of a part-built crowd (crowdRenderer.ts): a joined mesh of the model's
 * parts (partSkin.ts; one per look where their materials cannot be joined), full or simplified, and the creatures
 * drawn at this level. Per creature, in its slot: its root's world matrix (the thin instance's),
 * the baked-animation settings that name its row, and that row of the level's joint texture,
 * one matrix per joint from the root to the part (4 RGBA float texels each), which Babylon's
 * baked vertex animation reads (the row is the "frame"; the manager's time stays 0). A crowd
 * without `meshLod` has one level.
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import type { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { CrowdMember } from "../shared/crowdMember.js";
import { setUpDrawingMesh, showInstances } from "../shared/drawingMesh.js";
import type { SwitchableLevel } from "../shared/levelSwitcher.js";
import { joinedMeshOf, type PartDrawSet } from "./partSkin.js";

export type { PartSource } from "./partSkin.js";

/** A part mesh's joint and its own (untransformed) box corners, in model units, for measuring poses. */
export interface PartCorners {
  joint: number;
  /** Empty for a mesh without vertices. */
  corners: Vector3[];
}

/** What every level of a crowd shares. */
export interface CrowdLevelContext {
  scene: Scene;
  /** `<model>`: the meshes are named `<model>/<look>/crowd[/lod<k>]`. */
  name: string;
  record: unknown;
  sets: readonly PartDrawSet[];
  skeleton: Skeleton;
  joints: number;
  bounds: BoundingInfo;
}

/** The per-instance settings' vertex buffer kind (4 floats: the row, twice, and no offset or speed). */
const SETTINGS = "bakedVertexAnimationSettingsInstanced";
const INITIAL_CAPACITY = 16;
const TEXTURETYPE_FLOAT = 1;

type UpdateTextureData = (
  texture: NonNullable<ReturnType<RawTexture["getInternalTexture"]>>,
  data: ArrayBufferView,
  x: number,
  y: number,
  width: number,
  height: number,
) => void;

export class CrowdLevel implements SwitchableLevel {
  /** 0: full detail; k: the k-th simplified level. */
  readonly index: number;
  /** Its joined meshes, one per look that has vertices. */
  readonly draws: Mesh[];
  readonly members: CrowdMember[] = [];
  /** A root world matrix per creature (the thin instances' matrices). */
  matrices = new Float32Array(0);
  /** A row per creature: a matrix per joint, root to part (the texture's data). */
  rows = new Float32Array(0);
  /** Written since its last upload. */
  dirty = false;
  readonly #joints: number;
  readonly #manager: BakedVertexAnimationManager;
  readonly #scene: Scene;
  #texture: RawTexture | null = null;
  /** Whether the engine takes the rows in use alone (a GL engine; NullEngine does not). */
  #partial = true;
  #capacity = 0;

  constructor(index: number, draws: Mesh[], context: CrowdLevelContext, manager: BakedVertexAnimationManager) {
    this.index = index;
    this.draws = draws;
    this.#joints = context.joints;
    this.#manager = manager;
    this.#scene = context.scene;
  }

  get meshes(): Mesh[] {
    return [...this.draws];
  }

  get firstMesh(): Mesh | undefined {
    return this.draws[0];
  }

  /** Floats per creature in {@link rows}. */
  get rowLength(): number {
    return this.#joints * 16;
  }

  /** Appends `member` (its slot and level set here); its matrices are the caller's to write. */
  add(member: CrowdMember): void {
    member.slot = this.members.length;
    member.level = this.index;
    this.members.push(member);
    if (this.members.length > this.#capacity) this.#grow();
    this.#setCount();
    this.dirty = true;
  }

  /** Removes `member`: the last one takes its slot (and its matrices). */
  remove(member: CrowdMember): void {
    const last = this.members.pop()!;
    if (last !== member) {
      this.members[member.slot] = last;
      const row = this.rowLength;
      this.matrices.copyWithin(member.slot * 16, last.slot * 16, last.slot * 16 + 16);
      this.rows.copyWithin(member.slot * row, last.slot * row, last.slot * row + row);
      last.slot = member.slot;
    }
    member.slot = -1;
    this.#setCount();
    this.dirty = true;
  }

  /** Moves `member` here from `from`, its matrices with it (every level has the same joints). */
  takeFrom(from: CrowdLevel, member: CrowdMember): void {
    const source = member.slot;
    const slot = this.members.length;
    this.members.push(member);
    if (this.members.length > this.#capacity) this.#grow();
    const row = this.rowLength;
    this.matrices.set(from.matrices.subarray(source * 16, source * 16 + 16), slot * 16);
    this.rows.set(from.rows.subarray(source * row, source * row + row), slot * row);
    from.remove(member); // by its old slot, after its matrices were copied
    member.slot = slot;
    member.level = this.index;
    this.#setCount();
    this.dirty = true;
  }

  /** Uploads the matrices and the joint texture if written; returns how many buffers were uploaded. */
  upload(): number {
    if (!this.dirty) return 0;
    this.dirty = false;
    for (const mesh of this.draws) mesh.thinInstanceBufferUpdated("matrix");
    this.#uploadRows();
    return this.draws.length + 1;
  }

  /** Uploads the rows of the creatures drawn (`texSubImage2D`), or the whole texture where the engine cannot. */
  #uploadRows(): void {
    const texture = this.#texture;
    if (!texture) return;
    const count = this.members.length;
    const internal = texture.getInternalTexture();
    const engine = this.#scene.getEngine() as { updateTextureData?: UpdateTextureData };
    if (this.#partial && internal && engine.updateTextureData && count > 0) {
      try {
        const row = this.rowLength;
        engine.updateTextureData(internal, this.rows.subarray(0, count * row), 0, 0, row / 4, count);
        return;
      } catch {
        this.#partial = false; // an engine without a GL context (NullEngine)
      }
    }
    texture.update(this.rows);
  }

  dispose(): void {
    for (const mesh of this.draws) {
      mesh.skeleton = null; // the crowd's: it goes with the crowd
      mesh.dispose(false, false);
    }
    this.draws.length = 0;
    this.members.length = 0;
    this.#manager.dispose(true); // and its texture
    this.#texture = null;
  }

  #setCount(): void {
    const count = this.members.length;
    for (const mesh of this.draws) showInstances(mesh, count);
  }

  #grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.#capacity * 2);
    const row = this.rowLength;
    const matrices = new Float32Array(capacity * 16);
    matrices.set(this.matrices);
    const rows = new Float32Array(capacity * row);
    rows.set(this.rows);
    const settings = new Float32Array(capacity * 4);
    // Slot s reads row s: start and end frame s, no offset, no speed (Babylon's formula gives s).
    for (let s = 0; s < capacity; s++) settings[s * 4] = settings[s * 4 + 1] = s;
    this.matrices = matrices;
    this.rows = rows;
    for (const mesh of this.draws) {
      mesh.thinInstanceSetBuffer("matrix", matrices, 16, false);
      mesh.thinInstanceSetBuffer(SETTINGS, settings, 4, true);
    }
    this.#texture?.dispose();
    const texture = RawTexture.CreateRGBATexture(
      rows,
      row / 4,
      capacity,
      this.#scene,
      false,
      false,
      Texture.NEAREST_NEAREST,
      TEXTURETYPE_FLOAT,
    );
    texture.name = `${this.draws[0]?.name ?? "crowd"}/joints`;
    this.#texture = texture;
    this.#manager.texture = texture;
    this.#capacity = capacity;
  }
}

/**
 * Level `index`'s joined meshes, one per look (partSkin.ts): each a geometry of its own (Babylon
 * keeps a thin-instanced mesh's instance buffers in its geometry, so two levels must not share
 * one), skinned from the level's joint texture, all sharing the crowd's bounding info.
 */
export function makeCrowdLevel(index: number, context: CrowdLevelContext): CrowdLevel {
  const draws: Mesh[] = [];
  const manager = new BakedVertexAnimationManager(context.scene);
  manager.time = 0; // stays 0: each instance's settings name its row
  const level = new CrowdLevel(index, draws, context, manager);
  context.sets.forEach((set, l) => {
    const base = context.sets.length === 1 ? context.name : `${context.name}/${l}`;
    const name = index > 0 ? `${base}/crowd/lod${index}` : `${base}/crowd`;
    const mesh = joinedMeshOf(set, index, context.skeleton, name);
    if (!mesh) return;
    mesh.bakedVertexAnimationManager = manager;
    mesh.refreshBoundingInfo();
    const own = mesh.getBoundingInfo();
    setUpDrawingMesh(mesh, {
      record: context.record,
      parts: set.parts,
      level: index,
      members: level.members,
      own,
      bounds: context.bounds,
    });
    draws.push(mesh);
  });
  return level;
}
