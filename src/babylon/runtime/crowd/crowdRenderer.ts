/**
 * Draws every part-built creature of one model through thin instances: one drawing mesh per
 * template mesh (a bare mesh sharing its geometry and material), whose matrix buffer holds one
 * matrix per creature; with `meshLod`, one such set per level of detail (crowdLevel.ts), a
 * creature in the set its distance chooses (crowdLevels.ts). A creature's part matrices are composed here in JavaScript from its
 * root's world matrix and its pose, so a creature costs Babylon one node (its root) instead of
 * a node per joint and an instance per part mesh, and a frame costs one buffer upload per part
 * mesh instead of a world matrix and a bounding box per node. The drawing meshes share one
 * bounding box (crowdBounds.ts), refitted in place when the creatures' extent changed.
 */

import type { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import type { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { MeshLodSettings } from "../../options/meshLodOptions.js";
import type { ModelTemplate } from "../load/buildTemplate.js";
import { CrowdBounds } from "./crowdBounds.js";
import { type CrowdLevel, makeCrowdLevel, type PartSource } from "./crowdLevel.js";
import { CameraWatch, switchLevels } from "./crowdLevels.js";
import type { CrowdMember, CrowdOwner } from "./crowdMember.js";
import { JointChain, type JointPose, measurePosed, REST_POSE, writeOffsetMatrix } from "./crowdPose.js";

export type { CrowdMember, CrowdOwner } from "./crowdMember.js";

const crowds = new WeakMap<ModelTemplate, CrowdRenderer>();
/** Every crowd not disposed, for {@link flushCrowds}. */
const live = new Set<CrowdRenderer>();

/**
 * Uploads what motion wrote, right after the step: a scene that froze its active meshes never
 * evaluates them, so the hook before that evaluation alone would miss it. Flushing twice costs
 * nothing (a crowd uploads only when something was written or a camera moved).
 */
export function flushCrowds(scene: Scene): void {
  for (const crowd of live) if (crowd.scene === scene) crowd.flush();
}

/** The crowd of `template` in `scene`, made on first use. */
export function crowdOf(scene: Scene, template: ModelTemplate): CrowdRenderer {
  let crowd = crowds.get(template);
  if (!crowd) {
    const made = new CrowdRenderer(scene, template, () => crowds.delete(template));
    crowds.set(template, made);
    // The drawing meshes are the model's, like its template: they go when it goes.
    template.holder.onDisposeObservable.addOnce(() => made.dispose());
    crowd = made;
  }
  return crowd;
}

/** Counts for tests and tools: how much work the last frames took. */
export interface CrowdStats {
  /** Part matrices written since the counter was last reset. */
  matricesWritten: number;
  /** Matrix buffer uploads since the counter was last reset. */
  uploads: number;
  /** Refits of crowds' shared bounding boxes since the counter was last reset (at most one per crowd and frame). */
  boundsRefits: number;
  /** Creatures moved from one level of detail to another since the counter was last reset. */
  levelSwitches: number;
  /** Drawing meshes made for simplified levels since the counter was last reset. */
  levelMeshesMade: number;
}

/** Module-wide counters (tests reset and read them; they cost one addition per creature). */
export const crowdStats: CrowdStats = {
  matricesWritten: 0,
  uploads: 0,
  boundsRefits: 0,
  levelSwitches: 0,
  levelMeshesMade: 0,
};

export class CrowdRenderer {
  /** The scene it draws in. */
  readonly scene: Scene;
  readonly #onEmpty: () => void;
  readonly #sources: PartSource[] = [];
  /** Index 0: full detail, made at once; the others made when a creature first needs them. */
  readonly #levels: (CrowdLevel | undefined)[];
  readonly #lod: MeshLodSettings | null;
  readonly #chain: JointChain;
  readonly #bounds = new CrowdBounds();
  /** The model's height (model units): times a member's scale, its height in the world. */
  readonly #modelHeight: number;
  readonly #record: ModelTemplate["record"];
  /** The cameras, and whether they moved since levels were last chosen. */
  readonly #cameras = new CameraWatch();
  readonly #makeLevelAt = (index: number) => this.#makeLevel(index);
  /** Each level's member list (undefined for a level not made yet), for the bounds. */
  readonly #memberLists: (readonly CrowdMember[] | undefined)[];
  #dirty = false;
  #disposed = false;
  #observer: Observer<Scene> | null;

  constructor(scene: Scene, template: ModelTemplate, onEmpty: () => void) {
    RegisterThinInstanceMesh();
    this.scene = scene;
    live.add(this);
    this.#onEmpty = onEmpty;
    const { joints, bounds } = template.layout;
    this.#chain = new JointChain(template.layout);
    this.#modelHeight = bounds.max.y - bounds.min.y;
    this.#record = template.record;
    joints.forEach((joint, j) => {
      const part = template.parts.get(joint.part)!;
      part.meshes.forEach((source, i, all) => {
        const name =
          all.length === 1 ? `${template.record.name}/${joint.part}` : `${template.record.name}/${joint.part}/${i}`;
        this.#sources.push({ source, joint: j, name, part: joint.part, levels: part.levels?.[i] });
      });
    });
    const lod = template.meshLod || null;
    // Levels only where some mesh has one (a model read without the simplifier has none).
    const simplified = this.#sources.some((s) => s.levels?.some((level) => level !== null));
    this.#lod = lod && simplified ? lod : null;
    this.#levels = Array.from({ length: this.#lod ? this.#lod.distances.length + 1 : 1 }, () => undefined);
    this.#levels[0] = makeCrowdLevel(0, this.#sources, this.#bounds.info, this.#record);
    this.#memberLists = this.#levels.map((level) => level?.members);
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
  }

  /** The drawing meshes made so far (one per part mesh of the model and level of detail). */
  get meshes(): readonly Mesh[] {
    return this.#levels.flatMap((level) => level?.parts.map((p) => p.mesh) ?? []);
  }

  /** How many creatures it draws. */
  get count(): number {
    let count = 0;
    for (const level of this.#levels) count += level?.members.length ?? 0;
    return count;
  }

  /** How many creatures each level draws (levels not made yet: 0), for tests and tools. */
  get levelCounts(): number[] {
    return this.#levels.map((level) => level?.members.length ?? 0);
  }

  /** Adds a creature (drawn at rest, at full detail, until its first {@link write} and flush). */
  add(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
    const member: CrowdMember = { slot: 0, x: 0, y: 0, z: 0, reach: modelReach, modelReach, hidden: false, owner };
    this.#levels[0]!.add(member);
    return member;
  }

  /**
   * Removes a creature: the last one of its level takes its slot. An empty crowd keeps its
   * drawing meshes, hidden, for the model's next creatures (making and disposing them per wave
   * of creatures would churn Babylon's per-mesh caches).
   */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    this.#levels[member.level ?? 0]!.remove(member);
    this.#dirty = true;
  }

  /** Writes a member's part matrices from its root's world matrix and pose (rest pose by default). */
  write(member: CrowdMember, rootWorld: Matrix, pose: JointPose = REST_POSE): void {
    const level = this.#levels[member.level ?? 0]!;
    const m = rootWorld.m;
    if (member.hidden) {
      // A disabled root hides its creature: zero matrices draw (and pick) nothing.
      for (const buffer of level.buffers) buffer.fill(0, member.slot * 16, member.slot * 16 + 16);
      level.dirty = true;
      this.#dirty = true;
      return;
    }
    member.x = m[12]!;
    member.y = m[13]!;
    member.z = m[14]!;
    const sx = m[0]! * m[0]! + m[1]! * m[1]! + m[2]! * m[2]!;
    const sy = m[4]! * m[4]! + m[5]! * m[5]! + m[6]! * m[6]!;
    const sz = m[8]! * m[8]! + m[9]! * m[9]! + m[10]! * m[10]!;
    member.reach = member.modelReach * Math.sqrt(Math.max(sx, sy, sz));
    const world = this.#chain.compose(rootWorld, pose);
    const base = member.slot * 16;
    const parts = level.parts;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!;
      writeOffsetMatrix(level.buffers[p]!, base, world[part.joint]!.m, this.#chain.pivots[part.joint]!);
    }
    crowdStats.matricesWritten += parts.length;
    level.dirty = true;
    this.#dirty = true;
  }

  /**
   * The box of a creature's parts posed by `pose`, in its root's own frame (model units: the
   * root's scale left out), as its grown nodes would measure it. Reads nothing of a member, so
   * a physics body can be fitted without growing nodes; null when no part has vertices.
   */
  measure(pose: Readonly<JointPose> = REST_POSE): { min: Vector3; max: Vector3 } | null {
    return measurePosed(this.#chain, this.#levels[0]!.parts, pose);
  }

  /** The bounding info every drawing mesh shares (one object for the crowd's life, refitted in place). */
  get boundingInfo(): BoundingInfo {
    return this.#bounds.info;
  }

  /**
   * Moves creatures between levels of detail as the cameras or they moved, then uploads changed
   * buffers and refits the shared bounding box if it moved.
   */
  flush(): void {
    if (this.#lod) this.#chooseLevels(this.#lod);
    if (!this.#dirty) return;
    this.#dirty = false;
    for (const level of this.#levels) if (level) crowdStats.uploads += level.upload();
    // All drawing meshes hang from nothing at the origin: the first one's world matrix is everyone's.
    const first = this.#levels[0]!.parts[0];
    if (first && this.#bounds.fitAll(this.#memberLists, first.mesh.getWorldMatrix())) crowdStats.boundsRefits++;
  }

  /** Disposes the drawing meshes (with the model's template). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    live.delete(this);
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    for (const level of this.#levels) level?.dispose();
    this.#levels.fill(undefined);
    this.#onEmpty();
  }

  /** Moves each creature whose distance crossed a level's boundary (with hysteresis) to that level. */
  #chooseLevels(lod: MeshLodSettings): void {
    const camerasMoved = this.#cameras.read(this.scene);
    // Nothing moved (no creature written, no camera moved): every level is still right.
    if (this.#cameras.count === 0 || (!this.#dirty && !camerasMoved)) return;
    const switched = switchLevels(this.#levels, this.#makeLevelAt, this.#cameras, this.#modelHeight, lod);
    crowdStats.levelSwitches += switched;
    if (switched > 0) this.#dirty = true;
  }

  /** Level `index`'s drawing meshes, with those of the levels below it not made yet (a level may be built from the one before's buffers). */
  #makeLevel(index: number): CrowdLevel {
    for (let k = 1; k < index; k++) this.#levels[k] ??= this.#makeLevel(k);
    crowdStats.levelMeshesMade += this.#sources.length;
    const level = makeCrowdLevel(index, this.#sources, this.#bounds.info, this.#record);
    this.#memberLists[index] = level.members;
    return level;
  }
}
