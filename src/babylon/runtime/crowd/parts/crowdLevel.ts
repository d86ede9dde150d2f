/**
 * One level of detail of a part-built crowd (crowdRenderer.ts): a drawing mesh per part mesh of
 * the model (full or simplified), the creatures drawn at this level, and one matrix buffer per
 * drawing mesh holding a matrix per creature. A crowd without `meshLod` has one level.
 */
import type { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import type { ObjLevelBuffers, ObjLevels } from "../../../../obj/objLevels.js";
import type { CrowdMember } from "../shared/crowdMember.js";
import { copyLooks, drawingMeshCopyOf, drawingMeshOf, setUpDrawingMesh, showInstances } from "../shared/drawingMesh.js";
import type { SwitchableLevel } from "../shared/levelSwitcher.js";

/** A drawing mesh and the joint it hangs from. */
export interface PartDraw {
  mesh: Mesh;
  joint: number;
  /** The part mesh's own (untransformed) box corners, in model units; empty for a mesh without vertices. */
  corners: Vector3[];
}

/** A template mesh, and what each level draws of it. */
export interface PartSource {
  source: Mesh;
  joint: number;
  /** `<model>/<part>`, or `<model>/<part>/<i>` for a part of several meshes. */
  name: string;
  part: string;
  levels: ObjLevels | undefined;
}

const INITIAL_CAPACITY = 16;

export class CrowdLevel implements SwitchableLevel {
  /** 0: full detail; k: the k-th simplified level. */
  readonly index: number;
  readonly parts: PartDraw[];
  readonly members: CrowdMember[] = [];
  buffers: Float32Array[] = [];
  /** Written since its last upload. */
  dirty = false;
  #capacity = 0;

  constructor(index: number, parts: PartDraw[]) {
    this.index = index;
    this.parts = parts;
  }

  get meshes(): Mesh[] {
    return this.parts.map((part) => part.mesh);
  }

  get firstMesh(): Mesh | undefined {
    return this.parts[0]?.mesh;
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
      for (const buffer of this.buffers) buffer.copyWithin(member.slot * 16, last.slot * 16, last.slot * 16 + 16);
      last.slot = member.slot;
    }
    member.slot = -1;
    this.#setCount();
    this.dirty = true;
  }

  /** Moves `member` here from `from`, its matrices with it (part p of every level hangs from the same joint). */
  takeFrom(from: CrowdLevel, member: CrowdMember): void {
    const source = member.slot * 16;
    const slot = this.members.length;
    this.members.push(member);
    if (this.members.length > this.#capacity) this.#grow();
    for (let p = 0; p < this.buffers.length; p++) {
      this.buffers[p]!.set(from.buffers[p]!.subarray(source, source + 16), slot * 16);
    }
    from.remove(member); // by its old slot, after its matrices were copied
    member.slot = slot;
    member.level = this.index;
    this.#setCount();
    this.dirty = true;
  }

  /** Uploads the buffers if written; returns how many were uploaded. */
  upload(): number {
    if (!this.dirty) return 0;
    this.dirty = false;
    for (const part of this.parts) part.mesh.thinInstanceBufferUpdated("matrix");
    return this.parts.length;
  }

  dispose(): void {
    for (const part of this.parts) part.mesh.dispose(false, false);
    this.parts.length = 0;
    this.members.length = 0;
    this.buffers = [];
  }

  #setCount(): void {
    const count = this.members.length;
    for (const part of this.parts) showInstances(part.mesh, count);
  }

  #grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.#capacity * 2);
    this.buffers = this.parts.map((part, p) => {
      const buffer = new Float32Array(capacity * 16);
      const old = this.buffers[p];
      if (old) buffer.set(old);
      part.mesh.thinInstanceSetBuffer("matrix", buffer, 16, false);
      return buffer;
    });
    this.#capacity = capacity;
  }
}

/**
 * A level's drawing meshes, one per template mesh: its simplified geometry (a level that gained
 * nothing over the one before builds the same data again), or a copy of the full one where no
 * level was made. All share the crowd's bounding info `bounds`.
 */
export function makeCrowdLevel(
  index: number,
  sources: readonly PartSource[],
  bounds: BoundingInfo,
  record: unknown,
): CrowdLevel {
  const parts: PartDraw[] = [];
  const level = new CrowdLevel(index, parts);
  sources.forEach((s) => {
    const data = index > 0 ? s.levels?.[index - 1] : null;
    const name = index > 0 ? `${s.name}/crowd/lod${index}` : `${s.name}/crowd`;
    // A geometry of its own for every drawing mesh but level 0's (which shares the hidden
    // template's): instance buffers live in the geometry (drawingMeshCopyOf).
    let mesh: Mesh;
    if (index === 0) mesh = drawingMeshOf(s.source, name);
    else if (!data) mesh = drawingMeshCopyOf(s.source, name);
    else mesh = levelMeshOf(s.source, data, name);
    const sharesSource = mesh.geometry === s.source.geometry;
    if (!sharesSource) mesh.refreshBoundingInfo();
    const own = (sharesSource ? s.source : mesh).getBoundingInfo();
    setUpDrawingMesh(mesh, { record, part: s.part, level: index, members: level.members, own, bounds });
    const corners = index === 0 && s.source.getTotalVertices() > 0 ? own.boundingBox.vectors.map((v) => v.clone()) : [];
    parts.push({ mesh, joint: s.joint, corners });
  });
  return level;
}

/**
 * A drawing mesh of a simplified level of `source` (src/obj/objLevels.ts): a geometry of its
 * own, `source`'s material and drawing properties.
 */
export function levelMeshOf(source: Mesh, level: ObjLevelBuffers, name: string): Mesh {
  const mesh = new Mesh(name, source.getScene());
  const data = new VertexData();
  data.positions = level.positions;
  data.indices = level.indices;
  if (level.normals) data.normals = level.normals;
  else {
    // As for the full mesh (parseObj.ts): an OBJ without normals gets computed ones.
    const normals = new Float32Array(level.positions.length);
    VertexData.ComputeNormals(level.positions, level.indices, normals);
    data.normals = normals;
  }
  if (level.uvs) data.uvs = level.uvs;
  data.applyToMesh(mesh);
  copyLooks(source, mesh);
  return mesh;
}
