/**
 * Draws every crowd-drawn creature of one rigged model through thin instances, as
 * crowdRenderer.ts does for part-built ones: one drawing mesh per template mesh (sharing its
 * geometry, material and skeleton), one world matrix per creature, and the pose read on the
 * GPU from the model's baked clips (riggedBake.ts) by Babylon's BakedVertexAnimationManager.
 * A creature costs Babylon no node but its root, no skeleton and no animation group; a frame
 * costs one matrix and one clip frame per creature, and a draw call per drawing mesh.
 *
 * Each creature's clip frames are chosen here, not by the GPU's clock (the manager's time stays
 * 0), so motion's own clock drives the clips (pause, time scale, rates that change with speed)
 * without a jump. A creature shows two baked frames mixed by weight, the two clips its mixer
 * weighs most, through a plugin on the model's materials (clipBlendPlugin.ts, which says how
 * the per-instance settings carry them and what the shadow pass shows).
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelRecord } from "../../../api/schemas.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import { blendClipsOn, encodeClipBlend } from "./clipBlendPlugin.js";
import { CrowdBounds } from "./crowdBounds.js";
import { drawingMeshOf } from "./crowdMesh.js";
import type { CrowdMember, CrowdOwner } from "./crowdRenderer.js";
import type { RiggedBake } from "./riggedBake.js";

/** The per-instance clip settings' vertex buffer kind (4 floats: see encodeClipBlend). */
const SETTINGS = "bakedVertexAnimationSettingsInstanced";
const INITIAL_CAPACITY = 16;
const TEXTURETYPE_FLOAT = 1;

interface Draw {
  mesh: Mesh;
  /** Index of its offset (from the creature's root to the mesh) in `#offsets`. */
  offset: number;
}

/** What a crowd-drawn creature shows ({@link RiggedCrowd.shownAt}). */
export interface ShownFrame {
  clip: string;
  frame: number;
  /** The second clip mixed in, at `weight` (≤ 0.5), while two cross-fade. */
  blend?: { clip: string; frame: number; weight: number };
}

/** Counts for tests and tools, like `crowdStats`. */
export const riggedCrowdStats = { matricesWritten: 0, uploads: 0 };

/** Every rigged crowd not disposed, for {@link flushRiggedCrowds}. */
const live = new Set<RiggedCrowd>();
/** Drawing mesh → its crowd, for tests and tools ({@link riggedCrowdOfMesh}). */
const byMesh = new WeakMap<Mesh, RiggedCrowd>();

/** The rigged crowd a drawing mesh belongs to (tests and tools read what it shows). */
export function riggedCrowdOfMesh(mesh: Mesh): RiggedCrowd | undefined {
  return byMesh.get(mesh);
}

/** Uploads what motion wrote, right after the step (see `flushCrowds`). */
export function flushRiggedCrowds(scene: Scene): void {
  for (const crowd of live) if (crowd.scene === scene) crowd.flush();
}

export class RiggedCrowd {
  readonly scene: Scene;
  readonly bake: RiggedBake;
  readonly #draws: Draw[] = [];
  /** Mesh-from-root matrices (model units), one per distinct offset: most models have one. */
  readonly #offsets: Matrix[] = [];
  readonly #members: CrowdMember[] = [];
  readonly #bounds = new CrowdBounds();
  readonly #texture: RawTexture;
  readonly #manager: BakedVertexAnimationManager;
  #matrices: Float32Array[] = [];
  #settings = new Float32Array(0);
  #capacity = 0;
  #matricesDirty = false;
  #framesDirty = false;
  #disposed = false;
  #observer: Observer<Scene> | null;

  constructor(scene: Scene, template: RiggedTemplate, record: ModelRecord, bake: RiggedBake) {
    RegisterThinInstanceMesh();
    this.scene = scene;
    this.bake = bake;
    live.add(this);
    this.#texture = RawTexture.CreateRGBATexture(
      bake.data,
      bake.width,
      bake.rows,
      scene,
      false,
      false,
      Texture.NEAREST_NEAREST,
      TEXTURETYPE_FLOAT,
    );
    this.#texture.name = `${record.name}/clips`;
    this.#manager = new BakedVertexAnimationManager(scene);
    this.#manager.texture = this.#texture;
    this.#manager.time = 0; // stays 0: the offset is the frame (see the module comment)

    // The model's feet rest on the root's y = 0, as a grown copy's do (riggedInstance.ts).
    const lift = Matrix.Translation(0, -template.bounds.min.y, 0);
    const owners = this.#members;
    for (const source of template.container.meshes) {
      if (source.getTotalVertices() === 0) continue;
      const offset = (source.computeWorldMatrix(true) as Matrix).multiply(lift);
      let index = this.#offsets.findIndex((m) => m.equalsWithEpsilon(offset, 1e-6));
      if (index < 0) index = this.#offsets.push(offset) - 1;
      const mesh = drawingMeshOf(source as Mesh, `${record.name}/${source.name}/crowd`);
      // A mirroring offset (glTF's handedness conversion) turns faces inside out; Babylon reads
      // only the mesh's own world matrix for that, which is the identity here.
      if (offset.determinant() < 0) mesh.sideOrientation = (source as Mesh).sideOrientation === 0 ? 1 : 0;
      if (source.skeleton) {
        mesh.skeleton = source.skeleton; // bone influences are read from the texture, not the skeleton
        mesh.numBoneInfluencers = source.numBoneInfluencers;
        mesh.bakedVertexAnimationManager = this.#manager;
        blendClipsOn(mesh.material); // the template's: its grown copies draw as before
      }
      mesh.isVisible = false; // until it has creatures
      mesh.isPickable = true;
      mesh.thinInstanceEnablePicking = true;
      mesh.doNotSyncBoundingInfo = true;
      mesh.setBoundingInfo(this.#bounds.info);
      mesh.alwaysSelectAsActiveMesh = false;
      mesh.metadata = {
        menagerie: { record, crowd: true, creatureAt: (i: number) => owners[i]?.owner?.current },
      };
      const own = source.getBoundingInfo();
      mesh.rawBoundingInfo = new BoundingInfo(own.minimum.clone(), own.maximum.clone());
      this.#draws.push({ mesh, offset: index });
      byMesh.set(mesh, this);
    }
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
  }

  /** The drawing meshes (one per mesh of the model). */
  get meshes(): readonly Mesh[] {
    return this.#draws.map((d) => d.mesh);
  }

  /** How many creatures it draws. */
  get count(): number {
    return this.#members.length;
  }

  /** Adds a creature, drawn at rest until its first {@link write}. */
  add(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
    const member: CrowdMember = {
      slot: this.#members.length,
      x: 0,
      y: 0,
      z: 0,
      reach: modelReach,
      modelReach,
      hidden: false,
      owner,
    };
    this.#members.push(member);
    if (this.#members.length > this.#capacity) this.#grow();
    this.showFrame(member, 0);
    this.#setCount();
    return member;
  }

  /** Removes a creature: the last one takes its slot (its matrices and its frame). */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    const last = this.#members.pop()!;
    if (last !== member) {
      this.#members[member.slot] = last;
      const to = member.slot;
      const from = last.slot;
      for (const buffer of this.#matrices) buffer.copyWithin(to * 16, from * 16, from * 16 + 16);
      this.#settings.copyWithin(to * 4, from * 4, from * 4 + 4);
      last.slot = to;
    }
    member.slot = -1;
    this.#setCount();
    this.#matricesDirty = true;
    this.#framesDirty = true;
  }

  /** Writes a creature's matrices from its root's world matrix (the pose comes from its frame). */
  write(member: CrowdMember, rootWorld: Matrix): void {
    const base = member.slot * 16;
    if (member.hidden) {
      // A disabled root hides its creature: zero matrices draw (and pick) nothing.
      for (const buffer of this.#matrices) buffer.fill(0, base, base + 16);
      this.#matricesDirty = true;
      return;
    }
    const m = rootWorld.m;
    member.x = m[12]!;
    member.y = m[13]!;
    member.z = m[14]!;
    const sx = m[0]! * m[0]! + m[1]! * m[1]! + m[2]! * m[2]!;
    const sy = m[4]! * m[4]! + m[5]! * m[5]! + m[6]! * m[6]!;
    const sz = m[8]! * m[8]! + m[9]! * m[9]! + m[10]! * m[10]!;
    member.reach = member.modelReach * Math.sqrt(Math.max(sx, sy, sz));
    for (let i = 0; i < this.#offsets.length; i++) {
      this.#offsets[i]!.multiplyToArray(rootWorld, this.#matrices[i]!, base);
    }
    riggedCrowdStats.matricesWritten += this.#offsets.length;
    this.#matricesDirty = true;
  }

  /**
   * Shows row `row` of the baked clips (0: the rest pose) on a creature, mixed with row `blendRow`
   * at weight `weight` (0..0.5: the weaker of two clips cross-fading).
   */
  showFrame(member: CrowdMember, row: number, blendRow = row, weight = 0): void {
    this.bake.need(row, blendRow); // rows not baked yet are baked now (riggedBake.ts)
    if (encodeClipBlend(this.#settings, member.slot * 4, row, weight > 0 ? blendRow : row, weight))
      this.#framesDirty = true;
  }

  /**
   * The clip and frame the creature in `slot` shows (clip `""`: the rest pose), and the one
   * mixed in with its weight while two cross-fade, for tests and tools.
   */
  shownAt(slot: number): ShownFrame | undefined {
    if (!(slot >= 0 && slot < this.#members.length)) return undefined;
    const s = this.#settings;
    const shown: ShownFrame = this.#frameAt(s[slot * 4]!);
    const weight = s[slot * 4 + 2]!;
    if (weight > 0) shown.blend = { ...this.#frameAt(s[slot * 4 + 3]!), weight };
    return shown;
  }

  #frameAt(row: number): { clip: string; frame: number } {
    const clip = this.bake.clips.find((c) => row >= c.start && row < c.start + c.frames);
    return clip ? { clip: clip.name, frame: row - clip.start } : { clip: "", frame: 0 };
  }

  /** Uploads changed buffers and refits the shared bounding box if it moved. */
  flush(): void {
    if (this.#matricesDirty) {
      this.#matricesDirty = false;
      for (const draw of this.#draws) draw.mesh.thinInstanceBufferUpdated("matrix");
      riggedCrowdStats.uploads += this.#draws.length;
      const first = this.#draws[0];
      if (first) this.#bounds.fit(this.#members, first.mesh.getWorldMatrix());
    }
    if (this.#framesDirty) {
      this.#framesDirty = false;
      for (const draw of this.#draws) if (draw.mesh.skeleton) draw.mesh.thinInstanceBufferUpdated(SETTINGS);
    }
  }

  /** Disposes the drawing meshes and the clips' texture (with the model). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    live.delete(this);
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    for (const { mesh } of this.#draws) {
      mesh.skeleton = null; // the template's: it stays with the template
      mesh.dispose(false, false);
    }
    this.#draws.length = 0;
    this.#members.length = 0;
    this.#manager.dispose(true); // and its texture
  }

  #setCount(): void {
    const count = this.#members.length;
    for (const { mesh } of this.#draws) {
      mesh.thinInstanceCount = count;
      // With no thin instance left, Babylon would draw the mesh itself, at the origin.
      mesh.isVisible = count > 0;
    }
  }

  #grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.#capacity * 2);
    this.#matrices = this.#offsets.map((_, i) => {
      const buffer = new Float32Array(capacity * 16);
      const old = this.#matrices[i];
      if (old) buffer.set(old);
      return buffer;
    });
    const settings = new Float32Array(capacity * 4);
    settings.set(this.#settings);
    this.#settings = settings;
    for (const { mesh, offset } of this.#draws) {
      mesh.thinInstanceSetBuffer("matrix", this.#matrices[offset]!, 16, false);
      if (mesh.skeleton) mesh.thinInstanceSetBuffer(SETTINGS, settings, 4, false);
    }
    this.#capacity = capacity;
  }
}
