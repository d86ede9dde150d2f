/**
 * Draws every crowd-drawn creature of one rigged model through thin instances, as
 * parts/crowdRenderer.ts does for part-built ones: one drawing mesh per template mesh (sharing its
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
 *
 * With `meshLod`, distant creatures are drawn from simplified meshes, a set of drawing meshes per
 * level (riggedLevel.ts) sharing the bake and the blending materials, each creature in the set
 * its nearest camera's distance chooses (shared/levelSwitcher.ts, as part-built).
 *
 * One crowd per rigged model with a bake ({@link riggedCrowdOf}), made with its first
 * crowd-drawn creature and disposed with the model ({@link disposeRiggedCrowd}). The load waits
 * only for the bake's first row (riggedBake.ts): the clips are baked in slices while the first
 * creatures are already drawn (a row a creature is about to show is baked on the spot), and the
 * crowd's texture takes new rows before a frame draws them.
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelRecord } from "../../../../records/schemas.js";
import type { RiggedTemplate } from "../../../gltf/index.js";
import type { MeshLodSettings } from "../../../options/meshLodOptions.js";
import { CrowdBounds } from "../shared/crowdBounds.js";
import { type CrowdMember, type CrowdOwner, newMember } from "../shared/crowdMember.js";
import { CrowdRegistry } from "../shared/crowdRegistry.js";
import { LevelSwitcher } from "../shared/levelSwitcher.js";
import { encodeClipBlend } from "./clipBlendPlugin.js";
import type { RiggedBake } from "./riggedBake.js";
import {
  makeRiggedLevel,
  makeRiggedLevels,
  type RiggedLevel,
  type RiggedLevelContext,
  type RiggedSource,
} from "./riggedLevel.js";

const TEXTURETYPE_FLOAT = 1;

/** What a crowd-drawn creature shows ({@link RiggedCrowd.shownAt}). */
export interface ShownFrame {
  clip: string;
  frame: number;
  /** The second clip mixed in, at `weight` (≤ 0.5), while two cross-fade. */
  blend?: { clip: string; frame: number; weight: number };
}

/** Counts for tests and tools, like `crowdStats`. */
export const riggedCrowdStats = { matricesWritten: 0, uploads: 0, levelSwitches: 0, levelMeshesMade: 0 };

/** Counts for tests and tools: uploads of rows baked after a crowd was made. */
export const riggedBakeStats = { rowUploads: 0 };

/** Each rigged model's crowd ({@link riggedCrowdOf}), and the live ones. */
const crowds = new CrowdRegistry<RiggedTemplate, RiggedCrowd>();
/** Drawing mesh → its crowd, an index for tests and tools ({@link riggedCrowdOfMesh}). */
const byMesh = new WeakMap<Mesh, RiggedCrowd>();

/** The rigged crowd a drawing mesh belongs to (tests and tools read what it shows). */
export function riggedCrowdOfMesh(mesh: Mesh): RiggedCrowd | undefined {
  return byMesh.get(mesh);
}

/** Uploads what motion wrote, right after the step (see `flushCrowds`). */
export function flushRiggedCrowds(scene: Scene): void {
  crowds.flush(scene);
}

/** What a rigged crowd draws: a loaded rigged model. */
export interface RiggedModel {
  readonly record: ModelRecord;
  readonly rig: RiggedTemplate;
  readonly bake: RiggedBake | null;
  readonly meshLod?: MeshLodSettings | false | undefined;
}

/** The crowd that draws `rig`'s creatures, made on first use; null without a bake. */
export function riggedCrowdOf(scene: Scene, model: RiggedModel): RiggedCrowd | null {
  const { rig, bake } = model;
  if (!bake || rig.isDisposed) return null;
  return crowds.get(rig) ?? crowds.add(rig, new RiggedCrowd(scene, model, bake, () => crowds.forget(rig)));
}

/** Disposes `rig`'s crowd, if it has one (the model does, before its template). */
export function disposeRiggedCrowd(rig: RiggedTemplate): void {
  crowds.get(rig)?.dispose();
}

export class RiggedCrowd {
  readonly scene: Scene;
  readonly bake: RiggedBake;
  /** How many levels its creatures can be drawn at (1: full detail only), once made (riggedLevel.ts). */
  readonly levelsReady: Promise<number>;
  readonly #sources: RiggedSource[] = [];
  /** Mesh-from-root matrices (model units), one per distinct offset: most models have one. */
  readonly #offsets: Matrix[] = [];
  readonly #levels: LevelSwitcher<RiggedLevel>;
  readonly #context: RiggedLevelContext;
  readonly #bounds = new CrowdBounds();
  readonly #manager: BakedVertexAnimationManager;
  /** A creature moved, came or went since the bounds were fitted. */
  #moved = false;
  #disposed = false;
  #observer: Observer<Scene> | null;
  /** Set while the bake goes on: stops the texture's uploads of new rows. */
  #stopUploads: (() => void) | null = null;
  readonly #onDispose: () => void;

  /** Draws `model`'s creatures from `bake` (its clips); `onDispose` is told when it is disposed. */
  constructor(scene: Scene, model: RiggedModel, bake: RiggedBake, onDispose: () => void) {
    RegisterThinInstanceMesh();
    const { rig: template, record, meshLod } = model;
    this.scene = scene;
    this.bake = bake;
    this.#onDispose = onDispose;
    const texture = RawTexture.CreateRGBATexture(
      bake.data,
      bake.width,
      bake.rows,
      scene,
      false,
      false,
      Texture.NEAREST_NEAREST,
      TEXTURETYPE_FLOAT,
    );
    texture.name = `${record.name}/clips`;
    this.#manager = new BakedVertexAnimationManager(scene);
    this.#manager.texture = texture;
    this.#manager.time = 0; // stays 0: the offset is the frame (see the module comment)

    // The model's feet rest on the root's y = 0, as a grown copy's do (riggedInstance.ts).
    const lift = Matrix.Translation(0, -template.bounds.min.y, 0);
    for (const source of template.container.meshes) {
      if (source.getTotalVertices() === 0) continue;
      const offset = (source.computeWorldMatrix(true) as Matrix).multiply(lift);
      let index = this.#offsets.findIndex((m) => m.equalsWithEpsilon(offset, 1e-6));
      if (index < 0) index = this.#offsets.push(offset) - 1;
      const name = `${record.name}/${source.name}`;
      this.#sources.push({ source: source as Mesh, name, offset: index, flip: offset.determinant() < 0 });
    }
    this.#context = { record, manager: this.#manager, bounds: this.#bounds.info, offsets: this.#offsets.length };
    const height = template.bounds.max.y - template.bounds.min.y;
    this.#levels = new LevelSwitcher((index) => this.#makeLevel(index), height);
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
    if (bake.rowsBaked < bake.rows) this.#uploadNewRows(texture);
    this.levelsReady = meshLod ? this.#startLevels(meshLod).catch(() => 1) : Promise.resolve(1); // no levels: full detail
  }

  /** The drawing meshes made so far (one per mesh of the model and level of detail). */
  get meshes(): readonly Mesh[] {
    return this.#levels.meshes;
  }

  /** How many creatures it draws. */
  get count(): number {
    return this.#levels.count;
  }

  /** How many creatures each level draws (levels not made yet: 0), for tests and tools. */
  get levelCounts(): number[] {
    return this.#levels.counts;
  }

  /** Adds a creature, drawn at rest and at full detail until its first {@link write} and flush. */
  add(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
    const member = newMember(owner, modelReach);
    this.#levels.add(member);
    this.showFrame(member, 0);
    return member;
  }

  /** Removes a creature: the last one of its level takes its slot (its matrices and its frame). */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    this.#levels.remove(member);
    this.#moved = true;
  }

  /** Writes a creature's matrices from its root's world matrix (the pose comes from its frame). */
  write(member: CrowdMember, rootWorld: Matrix): void {
    const level = this.#levels.of(member);
    const base = member.slot * 16;
    level.matricesDirty = true;
    this.#moved = true;
    if (member.hidden) {
      // A disabled root hides its creature: zero matrices draw (and pick) nothing.
      for (const buffer of level.matrices) buffer.fill(0, base, base + 16);
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
      this.#offsets[i]!.multiplyToArray(rootWorld, level.matrices[i]!, base);
    }
    riggedCrowdStats.matricesWritten += this.#offsets.length;
  }

  /**
   * Shows row `row` of the baked clips (0: the rest pose) on a creature, mixed with row `blendRow`
   * at weight `weight` (0..0.5: the weaker of two clips cross-fading).
   */
  showFrame(member: CrowdMember, row: number, blendRow = row, weight = 0): void {
    this.bake.need(row, blendRow); // rows not baked yet are baked now (riggedBake.ts)
    const level = this.#levels.of(member);
    if (encodeClipBlend(level.settings, member.slot * 4, row, weight > 0 ? blendRow : row, weight))
      level.framesDirty = true;
  }

  /**
   * The clip and frame the creature in `slot` of level `level` shows (clip `""`: the rest
   * pose), and the one mixed in with its weight while two cross-fade, for tests and tools.
   */
  shownAt(slot: number, level = 0): ShownFrame | undefined {
    const drawn = this.#levels.at(level);
    if (!drawn || !(slot >= 0 && slot < drawn.members.length)) return undefined;
    const s = drawn.settings;
    const shown: ShownFrame = this.#frameAt(s[slot * 4]!);
    const weight = s[slot * 4 + 2]!;
    if (weight > 0) shown.blend = { ...this.#frameAt(s[slot * 4 + 3]!), weight };
    return shown;
  }

  #frameAt(row: number): { clip: string; frame: number } {
    const clip = this.bake.clips.find((c) => row >= c.start && row < c.start + c.frames);
    return clip ? { clip: clip.name, frame: row - clip.start } : { clip: "", frame: 0 };
  }

  /**
   * Moves creatures between levels of detail as the cameras or they moved, uploads changed
   * buffers and refits the shared bounding box if it moved.
   */
  flush(): void {
    const switched = this.#levels.choose(this.scene, this.#moved);
    riggedCrowdStats.levelSwitches += switched;
    if (switched > 0) this.#moved = true;
    riggedCrowdStats.uploads += this.#levels.upload();
    if (!this.#moved) return;
    this.#moved = false;
    this.#levels.fit(this.#bounds);
  }

  /** Disposes the drawing meshes and the clips' texture (with the model). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stopUploads?.();
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    this.#levels.dispose();
    this.#manager.dispose(true); // and its texture
    this.#onDispose();
  }

  /**
   * Made while the bake goes on: before each frame's meshes are chosen (after motion's step, which
   * may have needed rows baked), the texture takes the rows baked since, until every row is.
   */
  #uploadNewRows(texture: RawTexture): void {
    // Only a crowd whose meshes read the texture (a skinned one) uploads.
    if (!this.#sources.some((s) => s.source.skeleton)) return;
    const { bake, scene } = this;
    let uploaded = bake.rowsBaked;
    const observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => {
      if (bake.rowsBaked !== uploaded) {
        uploaded = bake.rowsBaked;
        texture.update(bake.data);
        riggedBakeStats.rowUploads++;
      }
      if (uploaded === bake.rows || bake.stopped !== undefined) this.#stopUploads?.();
    });
    this.#stopUploads = () => {
      scene.onBeforeActiveMeshesEvaluationObservable.remove(observer);
      this.#stopUploads = null;
    };
  }

  /** Makes the simplified levels, then lets creatures use them; resolves to how many levels there are. */
  async #startLevels(lod: MeshLodSettings): Promise<number> {
    const made = await makeRiggedLevels(
      this.#sources.map((s) => s.source),
      lod,
      () => this.#disposed,
    );
    if (!made || this.#disposed || !made.some((levels) => levels?.some((level) => level !== null))) return 1;
    made.forEach((levels, i) => {
      this.#sources[i]!.levels = levels;
    });
    return this.#levels.useLevels(lod);
  }

  /** Level `index`'s drawing meshes (see riggedLevel.ts). */
  #makeLevel(index: number): RiggedLevel {
    const level = makeRiggedLevel(index, this.#sources, this.#context);
    if (index > 0) riggedCrowdStats.levelMeshesMade += level.draws.length;
    for (const { mesh } of level.draws) byMesh.set(mesh, this);
    return level;
  }
}
