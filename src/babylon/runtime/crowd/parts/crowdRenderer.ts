/**
 * Draws every part-built creature of one model through thin instances of one joined mesh per
 * look (partSkin.ts: the part meshes that share a material, most models one or two), whose
 * vertices are bound to their parts' joints; with `meshLod`, one such set per level of detail
 * (crowdLevel.ts), a creature in the set its distance chooses (shared/levelSwitcher.ts). A
 * creature's joint matrices are composed here in JavaScript from its pose ({@link JointChain}:
 * the composition Babylon applies to joint nodes, scaling, yaw-pitch-roll rotation, translation,
 * times the parent, then each part mesh hung at its joint) into its row of the level's joint
 * texture, and its root's world matrix into its thin instance; Babylon's baked vertex animation
 * poses the parts on the GPU in every pass (shadows included). So a creature costs Babylon one
 * node (its root) instead of a node per joint and an instance per part mesh, a species costs a
 * draw call per look and level in view (and its shadow pass) instead of one per part mesh, and a
 * frame costs one texture and one matrix buffer upload per level. The drawing meshes share one
 * bounding box (shared/crowdBounds.ts), refitted in place when the creatures' extent changed.
 */

import type { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { RigLayout } from "../../../../rig/layoutRig.js";
import type { ModelTemplate } from "../../load/buildTemplate.js";
import { CrowdBounds } from "../shared/crowdBounds.js";
import { type CrowdMember, type CrowdOwner, newMember } from "../shared/crowdMember.js";
import { CrowdRegistry } from "../shared/crowdRegistry.js";
import { LevelSwitcher } from "../shared/levelSwitcher.js";
import { composeToRef, TRANSFORM_LENGTH } from "../shared/rootWorld.js";
import { type CrowdLevel, type CrowdLevelContext, makeCrowdLevel, type PartCorners } from "./crowdLevel.js";
import { drawSetsOf, looksOf, type PartSource, partSkeleton } from "./partSkin.js";

/** Each model's crowd, and the live ones. */
const crowds = new CrowdRegistry<ModelTemplate, CrowdRenderer>();
/** Drawing mesh → its crowd, an index for tests and tools ({@link crowdOfMesh}). */
const byMesh = new WeakMap<Mesh, CrowdRenderer>();

/** The part-built crowd a drawing mesh belongs to (tests and tools read what it drew). */
export function crowdOfMesh(mesh: Mesh): CrowdRenderer | undefined {
  return byMesh.get(mesh);
}

/**
 * Uploads what motion wrote, right after the step (see `CrowdRegistry.flush`). Flushing twice
 * costs nothing (a crowd uploads only when something was written or a camera moved).
 */
export function flushCrowds(scene: Scene): void {
  crowds.flush(scene);
}

/** The crowd of `template` in `scene`, made on first use. */
export function crowdOf(scene: Scene, template: ModelTemplate): CrowdRenderer {
  let crowd = crowds.get(template);
  if (!crowd) {
    const made = crowds.add(template, new CrowdRenderer(scene, template, () => crowds.forget(template)));
    // The drawing meshes are the model's, like its template: they go when it goes.
    template.holder.onDisposeObservable.addOnce(() => made.dispose());
    crowd = made;
  }
  return crowd;
}

/** Counts for tests and tools: how much work the last frames took. */
export interface CrowdStats {
  /** Joint matrices written (one per joint of a creature's model and write) since the counter was last reset. */
  matricesWritten: number;
  /** Matrix buffer uploads since the counter was last reset. */
  uploads: number;
  /** Refits of crowds' shared bounding boxes since the counter was last reset (at most one per crowd and frame). */
  boundsRefits: number;
  /** Creatures moved from one level of detail to another since the counter was last reset. */
  levelSwitches: number;
  /** Drawing (joined) meshes made for simplified levels since the counter was last reset. */
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
  readonly #levels: LevelSwitcher<CrowdLevel>;
  readonly #chain: JointChain;
  readonly #bounds = new CrowdBounds();
  readonly #context: CrowdLevelContext;
  /** Each part mesh's joint and rest box corners, for {@link measure}. */
  readonly #corners: PartCorners[];
  /** The thin instance's matrix is `#drop × rootWorld`, the joints composed under `#lift`: the product is the pose under the root. */
  readonly #lift: Matrix;
  readonly #drop: Matrix;
  #dirty = false;
  #disposed = false;
  #observer: Observer<Scene> | null;

  constructor(scene: Scene, template: ModelTemplate, onEmpty: () => void) {
    RegisterThinInstanceMesh();
    this.scene = scene;
    this.#onEmpty = onEmpty;
    const { joints, bounds } = template.layout;
    this.#chain = new JointChain(template.layout);
    // The joined meshes' vertices are in the model frame, where the root's origin is at the
    // feet: a thin instance's matrix shifts the model down onto the root, so that a pick against
    // the rest geometry lands where the creature stands; the joints undo that shift.
    this.#lift = Matrix.Translation(0, bounds.min.y, 0);
    this.#drop = Matrix.Translation(0, -bounds.min.y, 0);
    joints.forEach((joint, j) => {
      const part = template.parts.get(joint.part)!;
      part.meshes.forEach((source, i) => {
        this.#sources.push({ source, joint: j, part: joint.part, levels: part.levels?.[i] });
      });
    });
    this.#corners = this.#sources.map((s) => ({
      joint: s.joint,
      corners:
        s.source.getTotalVertices() > 0 ? s.source.getBoundingInfo().boundingBox.vectors.map((v) => v.clone()) : [],
    }));
    const name = template.record.name;
    this.#context = {
      scene,
      name,
      record: template.record,
      sets: drawSetsOf(scene, looksOf(this.#sources), `${name}/crowd/looks`),
      skeleton: partSkeleton(scene, `${name}/crowd/joints`, joints.length),
      joints: joints.length,
      bounds: this.#bounds.info,
    };
    this.#levels = new LevelSwitcher((index) => this.#makeLevel(index), bounds.max.y - bounds.min.y);
    // Levels only where some mesh has one (a model read without the simplifier has none).
    const simplified = this.#sources.some((s) => s.levels?.some((level) => level !== null));
    if (template.meshLod && simplified) this.#levels.useLevels(template.meshLod);
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
  }

  /** The drawing meshes made so far (one joined mesh per set of looks and level of detail). */
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

  /** Adds a creature (drawn at rest, at full detail, until its first {@link write} and flush). */
  add(owner: CrowdOwner | undefined, modelReach: number): CrowdMember {
    const member = newMember(owner, modelReach);
    this.#levels.add(member);
    return member;
  }

  /**
   * Removes a creature: the last one of its level takes its slot. An empty crowd keeps its
   * drawing meshes, hidden, for the model's next creatures (making and disposing them per wave
   * of creatures would churn Babylon's per-mesh caches).
   */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    this.#levels.remove(member);
    this.#dirty = true;
  }

  /** Writes a member's joint matrices from its root's world matrix and pose (rest pose by default). */
  write(member: CrowdMember, rootWorld: Matrix, pose: JointPose = REST_POSE): void {
    const level = this.#levels.of(member);
    level.dirty = true;
    this.#dirty = true;
    if (member.hidden) {
      // A disabled root hides its creature: a zero matrix draws (and picks) nothing.
      level.matrices.fill(0, member.slot * 16, member.slot * 16 + 16);
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
    this.#drop.multiplyToArray(rootWorld, level.matrices, member.slot * 16);
    const world = this.#chain.compose(this.#lift, pose);
    const pivots = this.#chain.pivots;
    const rows = level.rows;
    const base = member.slot * level.rowLength;
    for (let j = 0; j < world.length; j++) writeOffsetMatrix(rows, base + j * 16, world[j]!.m, pivots[j]!);
    crowdStats.matricesWritten += world.length;
  }

  /**
   * The world matrix the creature in `slot` of level `level` gives the part meshes of joint
   * `joint` (as a grown part mesh's, hung at -pivot from its joint node), composed from what was
   * written the way the shaders compose it, for tests and tools; null for no such creature.
   */
  partMatrixAt(slot: number, joint: number, level = 0): Matrix | null {
    const drawn = this.#levels.at(level);
    if (!drawn || !(slot >= 0 && slot < drawn.members.length)) return null;
    const part = Matrix.FromArray(drawn.rows, slot * drawn.rowLength + joint * 16);
    return part.multiply(Matrix.FromArray(drawn.matrices, slot * 16));
  }

  /**
   * The box of a creature's parts posed by `pose`, in its root's own frame (model units: the
   * root's scale left out), as its grown nodes would measure it. Reads nothing of a member, so
   * a physics body can be fitted without growing nodes; null when no part has vertices.
   */
  measure(pose: Readonly<JointPose> = REST_POSE): { min: Vector3; max: Vector3 } | null {
    return measurePosed(this.#chain, this.#corners, pose);
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
    const switched = this.#levels.choose(this.scene, this.#dirty);
    crowdStats.levelSwitches += switched;
    if (switched > 0) this.#dirty = true;
    if (!this.#dirty) return;
    this.#dirty = false;
    crowdStats.uploads += this.#levels.upload();
    if (this.#levels.fit(this.#bounds)) crowdStats.boundsRefits++;
  }

  /** Disposes the drawing meshes (with the model's template). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    this.#levels.dispose();
    this.#context.skeleton.dispose();
    for (const set of this.#context.sets) set.material?.dispose(false, false);
    this.#onEmpty();
  }

  /** Level `index`'s joined meshes, with those of the levels below it not made yet. */
  #makeLevel(index: number): CrowdLevel {
    for (let k = 1; k < index; k++) this.#levels.level(k);
    const level = makeCrowdLevel(index, this.#context);
    if (index > 0) crowdStats.levelMeshesMade += level.draws.length;
    for (const mesh of level.draws) byMesh.set(mesh, this);
    return level;
  }
}

/** A pose to draw: Euler rotations per joint (x, y, z, in the model's frame), body lift and breath. */
export interface JointPose {
  rotations: ArrayLike<number> | null;
  /** -1 in a left-handed scene (the model is mirrored in X: rotations about Y and Z flip), else 1. */
  mirror: number;
  /** Index of the body joint, or -1; it is lifted by `bodyLift` (model units) and scaled by `breath` in Y. */
  body: number;
  bodyLift: number;
  breath: number;
}

/** The rest pose: where the OBJ placed every part. */
export const REST_POSE: Readonly<JointPose> = Object.freeze({
  rotations: null,
  mirror: 1,
  body: -1,
  bodyLift: 0,
  breath: 1,
});

/** One rig's joints, ready to compose: parents first, each with its offset from its parent. */
export class JointChain {
  /** Each joint's pivot in the model frame (a part mesh hangs at -pivot from its joint). */
  readonly pivots: Vector3[];
  readonly #offsets: Vector3[];
  readonly #parents: number[];
  readonly #world: Matrix[];
  readonly #local = new Matrix();
  readonly #transform = new Float64Array(TRANSFORM_LENGTH);

  constructor(layout: RigLayout) {
    const { joints, bounds } = layout;
    const index = new Map(joints.map((j, i) => [j.part, i]));
    this.#parents = joints.map((j) => (j.parent === null ? -1 : index.get(j.parent)!));
    this.pivots = joints.map((j) => new Vector3(j.pivot.x, j.pivot.y, j.pivot.z));
    this.#offsets = joints.map((j) => {
      // Top joints hang from the root shifted so the creature's lowest point rests on y = 0.
      const origin = j.parent === null ? { x: 0, y: bounds.min.y, z: 0 } : joints[index.get(j.parent)!]!.pivot;
      return new Vector3(j.pivot.x - origin.x, j.pivot.y - origin.y, j.pivot.z - origin.z);
    });
    this.#world = joints.map(() => new Matrix());
  }

  /** Every joint's world matrix for `pose` under `rootWorld` (reused arrays: read before the next call). */
  compose(rootWorld: Matrix, pose: Readonly<JointPose>): readonly Matrix[] {
    const world = this.#world;
    const r = pose.rotations;
    for (let j = 0; j < world.length; j++) {
      const offset = this.#offsets[j]!;
      const lifted = j === pose.body;
      const t = this.#transform;
      t[0] = 1;
      t[1] = lifted ? pose.breath : 1;
      t[2] = 1;
      t[3] = r ? pose.mirror * r[j * 3 + 1]! : 0; // yaw
      t[4] = r ? r[j * 3]! : 0; // pitch
      t[5] = r ? pose.mirror * r[j * 3 + 2]! : 0; // roll
      t[6] = offset.x;
      t[7] = lifted ? offset.y + pose.bodyLift : offset.y;
      t[8] = offset.z;
      composeToRef(t, this.#local);
      const parent = this.#parents[j]!;
      this.#local.multiplyToRef(parent < 0 ? rootWorld : world[parent]!, world[j]!);
    }
    return world;
  }
}

/** out[base..] = translate(-pivot) × m: the part mesh sits in the model frame, hung at its joint. */
export function writeOffsetMatrix(out: Float32Array, base: number, m: ArrayLike<number>, pivot: Vector3): void {
  const px = -pivot.x;
  const py = -pivot.y;
  const pz = -pivot.z;
  for (let i = 0; i < 12; i++) out[base + i] = m[i]!;
  out[base + 12] = px * m[0]! + py * m[4]! + pz * m[8]! + m[12]!;
  out[base + 13] = px * m[1]! + py * m[5]! + pz * m[9]! + m[13]!;
  out[base + 14] = px * m[2]! + py * m[6]! + pz * m[10]! + m[14]!;
  out[base + 15] = px * m[3]! + py * m[7]! + pz * m[11]! + m[15]!;
}

const IDENTITY = Matrix.Identity();
const corner = new Vector3();

/**
 * The box of parts posed by `pose` in the root's own frame (model units), as nodes grown at
 * that pose would measure it: each part's own box corners hung at -pivot from its joint.
 * Null when no part has a corner (no vertices).
 */
export function measurePosed(
  chain: JointChain,
  parts: readonly { joint: number; corners: readonly Vector3[] }[],
  pose: Readonly<JointPose>,
): { min: Vector3; max: Vector3 } | null {
  const world = chain.compose(IDENTITY, pose);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  for (const part of parts) {
    const joint = world[part.joint]!;
    const pivot = chain.pivots[part.joint]!;
    for (const c of part.corners) {
      Vector3.TransformCoordinatesToRef(corner.copyFrom(c).subtractInPlace(pivot), joint, corner);
      min.minimizeInPlace(corner);
      max.maximizeInPlace(corner);
    }
  }
  return min.x > max.x ? null : { min, max };
}
