/**
 * One level of detail of a rigged crowd (riggedCrowd.ts): a drawing mesh per mesh of the model
 * (full, or simplified by riggedLevels.ts), the creatures drawn at this level, a matrix buffer
 * per distinct mesh offset (most models have one) and the per-instance clip settings (the baked
 * frame and the cross-fade: clipBlendPlugin.ts), one entry per creature. A creature changing
 * level takes its matrices and its settings with it. Without levels a crowd has this one.
 */
import type { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { ModelRecord } from "../../../api/schemas.js";
import { blendClipsOn } from "./clipBlendPlugin.js";
import type { CrowdMember } from "./crowdMember.js";
import { drawingMeshOf } from "./crowdMesh.js";
import { copySubMeshes, riggedLevelMeshOf, type VertexLevels } from "./riggedLevels.js";

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
  /** Its simplified levels, once made (riggedLevels.ts). */
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

export class RiggedLevel {
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
    for (const { mesh } of this.draws) {
      mesh.thinInstanceCount = count;
      // With no thin instance left, Babylon would draw the mesh itself, at the origin.
      mesh.isVisible = count > 0;
    }
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
  const owners = level.members;
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
      blendClipsOn(mesh.material); // the template's: its grown copies draw as before
    }
    mesh.isVisible = false; // until it has creatures
    mesh.isPickable = true;
    mesh.thinInstanceEnablePicking = true;
    mesh.doNotSyncBoundingInfo = true;
    mesh.alwaysSelectAsActiveMesh = false;
    mesh.metadata = {
      menagerie: {
        record: ctx.record,
        crowd: true,
        level: index,
        creatureAt: (i: number) => owners[i]?.owner?.current,
      },
    };
    // The per-instance pick test needs the mesh's own (untransformed) box: the full mesh's holds every level.
    const own = s.source.getBoundingInfo();
    mesh.rawBoundingInfo = new BoundingInfo(own.minimum.clone(), own.maximum.clone());
    mesh.setBoundingInfo(ctx.bounds);
    draws.push({ mesh, offset: s.offset });
  }
  return level;
}
