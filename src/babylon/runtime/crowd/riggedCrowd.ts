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
 *
 * With `meshLod`, distant creatures are drawn from simplified meshes (riggedLevels.ts), a set
 * of drawing meshes per level (riggedLevel.ts) sharing the bake and the blending materials, each
 * creature in the set its nearest camera's distance chooses (crowdLevels.ts, as part-built).
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelRecord } from "../../../api/schemas.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import type { MeshLodSettings } from "../../options/meshLodOptions.js";
import { encodeClipBlend } from "./clipBlendPlugin.js";
import { CrowdBounds } from "./crowdBounds.js";
import { CameraWatch, switchLevels } from "./crowdLevels.js";
import type { CrowdMember, CrowdOwner } from "./crowdRenderer.js";
import type { RiggedBake } from "./riggedBake.js";
import { makeRiggedLevel, type RiggedLevel, type RiggedLevelContext, type RiggedSource } from "./riggedLevel.js";
import { makeRiggedLevels } from "./riggedLevels.js";

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
  /** How many levels its creatures can be drawn at (1: full detail only), once made (riggedLevels.ts). */
  readonly levelsReady: Promise<number>;
  readonly #sources: RiggedSource[] = [];
  /** Mesh-from-root matrices (model units), one per distinct offset: most models have one. */
  readonly #offsets: Matrix[] = [];
  /** Index 0: full detail, made at once; the others made when a creature first needs them. */
  #levels: (RiggedLevel | undefined)[] = [];
  /** Each level's member list (undefined for a level not made yet), for the bounds. */
  #memberLists: (readonly CrowdMember[] | undefined)[] = [];
  readonly #context: RiggedLevelContext;
  readonly #bounds = new CrowdBounds();
  readonly #manager: BakedVertexAnimationManager;
  /** The model's height (model units): times a member's scale, its height in the world. */
  readonly #modelHeight: number;
  readonly #cameras = new CameraWatch();
  readonly #makeLevelAt = (index: number) => this.#makeLevel(index);
  /** Set once the levels are made (null: full detail only). */
  #lod: MeshLodSettings | null = null;
  /** A creature moved, came or went since the bounds were fitted. */
  #moved = false;
  #disposed = false;
  #observer: Observer<Scene> | null;

  constructor(
    scene: Scene,
    template: RiggedTemplate,
    record: ModelRecord,
    bake: RiggedBake,
    meshLod: MeshLodSettings | false = false,
  ) {
    RegisterThinInstanceMesh();
    this.scene = scene;
    this.bake = bake;
    live.add(this);
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
    this.#modelHeight = template.bounds.max.y - template.bounds.min.y;

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
    this.#levels[0] = this.#makeLevel(0);
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
    this.levelsReady = meshLod ? this.#startLevels(meshLod).catch(() => 1) : Promise.resolve(1); // no levels: full detail
  }

  /** The drawing meshes made so far (one per mesh of the model and level of detail). */
  get meshes(): readonly Mesh[] {
    return this.#levels.flatMap((level) => level?.draws.map((d) => d.mesh) ?? []);
  }

  /** How many creatures it draws. */
  get count(): number {
    return this.#levels.reduce((n, level) => n + (level?.members.length ?? 0), 0);
  }

  /** How many creatures each level draws (levels not made yet: 0), for tests and tools. */
  get levelCounts(): number[] {
    return Array.from(this.#levels, (level) => level?.members.length ?? 0);
  }

  /** Adds a creature, drawn at rest and at full detail until its first {@link write} and flush. */
  add(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
    const member: CrowdMember = { slot: 0, x: 0, y: 0, z: 0, reach: modelReach, modelReach, hidden: false, owner };
    this.#levels[0]!.add(member);
    this.showFrame(member, 0);
    return member;
  }

  /** Removes a creature: the last one of its level takes its slot (its matrices and its frame). */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    this.#levels[member.level ?? 0]!.remove(member);
    this.#moved = true;
  }

  /** Writes a creature's matrices from its root's world matrix (the pose comes from its frame). */
  write(member: CrowdMember, rootWorld: Matrix): void {
    const level = this.#levels[member.level ?? 0]!;
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
    const level = this.#levels[member.level ?? 0]!;
    if (encodeClipBlend(level.settings, member.slot * 4, row, weight > 0 ? blendRow : row, weight))
      level.framesDirty = true;
  }

  /**
   * The clip and frame the creature in `slot` of level `level` shows (clip `""`: the rest
   * pose), and the one mixed in with its weight while two cross-fade, for tests and tools.
   */
  shownAt(slot: number, level = 0): ShownFrame | undefined {
    const drawn = this.#levels[level];
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
    if (this.#lod) this.#chooseLevels(this.#lod);
    for (const level of this.#levels) if (level) riggedCrowdStats.uploads += level.upload();
    if (!this.#moved) return;
    this.#moved = false;
    // All drawing meshes hang from nothing at the origin: the first one's world matrix is everyone's.
    const first = this.#levels[0]!.draws[0];
    if (first) this.#bounds.fitAll(this.#memberLists, first.mesh.getWorldMatrix());
  }

  /** Disposes the drawing meshes and the clips' texture (with the model). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    live.delete(this);
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    for (const level of this.#levels) level?.dispose();
    this.#levels = [];
    this.#memberLists = [];
    this.#manager.dispose(true); // and its texture
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
    const count = lod.distances.length + 1;
    this.#levels.length = count;
    this.#memberLists.length = count;
    this.#lod = lod;
    this.#cameras.forget();
    return count;
  }

  /** Moves each creature whose distance crossed a level's boundary (with hysteresis) to that level. */
  #chooseLevels(lod: MeshLodSettings): void {
    const camerasMoved = this.#cameras.read(this.scene);
    // Nothing moved (no creature written, no camera moved): every level is still right.
    if (this.#cameras.count === 0 || (!this.#moved && !camerasMoved)) return;
    const switched = switchLevels(this.#levels, this.#makeLevelAt, this.#cameras, this.#modelHeight, lod);
    riggedCrowdStats.levelSwitches += switched;
    if (switched > 0) this.#moved = true;
  }

  /** Level `index`'s drawing meshes (see riggedLevel.ts). */
  #makeLevel(index: number): RiggedLevel {
    const level = makeRiggedLevel(index, this.#sources, this.#context);
    if (index > 0) riggedCrowdStats.levelMeshesMade += level.draws.length;
    for (const { mesh } of level.draws) byMesh.set(mesh, this);
    this.#memberLists[index] = level.members;
    return level;
  }
}
