/**
 * Draws every part-built creature of one model through thin instances: one drawing mesh per
 * template mesh (a bare mesh sharing its geometry and material), whose matrix buffer holds one
 * matrix per creature. A creature's part matrices are composed here in JavaScript from its
 * root's world matrix and its pose, so a creature costs Babylon one node (its root) instead of
 * a node per joint and an instance per part mesh, and a frame costs one buffer upload per part
 * mesh instead of a world matrix and a bounding box per node. The drawing meshes share one
 * bounding box (crowdBounds.ts), refitted in place when the creatures' extent changed.
 */

import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import type { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Observer } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelTemplate } from "../load/buildTemplate.js";
import { CrowdBounds } from "./crowdBounds.js";
import { drawingMeshOf } from "./crowdMesh.js";
import { JointChain, type JointPose, measurePosed, REST_POSE, writeOffsetMatrix } from "./crowdPose.js";

/** One creature's place in its model's crowd. */
export interface CrowdMember {
  /** Its index in every drawing mesh's matrix buffer; moves when another member leaves. */
  slot: number;
  /** Root position (world) and reach (world units), for the shared bounding box. */
  x: number;
  y: number;
  z: number;
  reach: number;
  /** Its reach in model units (the root's scale, read from its world matrix, gives `reach`). */
  readonly modelReach: number;
  /** True while its root is disabled: nothing of it is drawn. */
  hidden: boolean;
  /** Whose it is: a picked thin instance answers `owner.current` (the creature), read at the pick. */
  readonly owner: CrowdOwner | undefined;
}

/** What a crowd member answers a pick with: its owner once known (NodeTags, runtime/makeCreature.ts). */
export interface CrowdOwner {
  readonly current: unknown;
}

interface PartDraw {
  mesh: Mesh;
  joint: number;
  /** The part mesh's own (untransformed) box corners, in model units; empty for a mesh without vertices. */
  corners: Vector3[];
}

const INITIAL_CAPACITY = 16;
const crowds = new WeakMap<ModelTemplate, CrowdRenderer>();
/** Every crowd not disposed, for {@link flushCrowds}. */
const live = new Set<CrowdRenderer>();

/**
 * Uploads what motion wrote, right after the step: a scene that froze its active meshes never
 * evaluates them, so the hook before that evaluation alone would miss it. Flushing twice costs
 * nothing (a crowd uploads only when something was written).
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
}

/** Module-wide counters (tests reset and read them; they cost one addition per creature). */
export const crowdStats: CrowdStats = { matricesWritten: 0, uploads: 0, boundsRefits: 0 };

export class CrowdRenderer {
  /** The scene it draws in. */
  readonly scene: Scene;
  readonly #onEmpty: () => void;
  readonly #parts: PartDraw[] = [];
  readonly #members: CrowdMember[] = [];
  readonly #chain: JointChain;
  readonly #bounds = new CrowdBounds();
  #buffers: Float32Array[] = [];
  #capacity = 0;
  #dirty = false;
  #disposed = false;
  #observer: Observer<Scene> | null;

  constructor(scene: Scene, template: ModelTemplate, onEmpty: () => void) {
    RegisterThinInstanceMesh();
    this.scene = scene;
    live.add(this);
    this.#onEmpty = onEmpty;
    const { joints } = template.layout;
    this.#chain = new JointChain(template.layout);
    joints.forEach((joint, j) => {
      template.parts.get(joint.part)!.meshes.forEach((source, i, all) => {
        const name =
          all.length === 1 ? `${template.record.name}/${joint.part}` : `${template.record.name}/${joint.part}/${i}`;
        const mesh = drawingMeshOf(source, `${name}/crowd`);
        mesh.isVisible = false; // until it has creatures
        mesh.isPickable = true;
        mesh.thinInstanceEnablePicking = true;
        mesh.doNotSyncBoundingInfo = true;
        mesh.setBoundingInfo(this.#bounds.info); // they all draw the same creatures
        mesh.alwaysSelectAsActiveMesh = false;
        const owners = this.#members;
        mesh.metadata = {
          menagerie: {
            record: template.record,
            part: joint.part,
            crowd: true,
            creatureAt: (i: number) => owners[i]?.owner?.current,
          },
        };
        // The per-instance pick test needs the mesh's own (untransformed) box.
        const own = source.getBoundingInfo();
        mesh.rawBoundingInfo = new BoundingInfo(own.minimum.clone(), own.maximum.clone());
        const corners = source.getTotalVertices() > 0 ? own.boundingBox.vectors.map((v) => v.clone()) : [];
        this.#parts.push({ mesh, joint: j, corners });
      });
    });
    this.#observer = scene.onBeforeActiveMeshesEvaluationObservable.add(() => this.flush());
  }

  /** The drawing meshes (one per part mesh of the model). */
  get meshes(): readonly Mesh[] {
    return this.#parts.map((p) => p.mesh);
  }

  /** How many creatures it draws. */
  get count(): number {
    return this.#members.length;
  }

  /** Adds a creature (drawn at rest until its first {@link write}). */
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
    this.#setCount();
    return member;
  }

  /**
   * Removes a creature: the last one takes its slot. An empty crowd keeps its drawing meshes,
   * hidden, for the model's next creatures (making and disposing them per wave of creatures
   * would churn Babylon's per-mesh caches).
   */
  remove(member: CrowdMember): void {
    if (this.#disposed || member.slot < 0) return;
    const last = this.#members.pop()!;
    if (last !== member) {
      this.#members[member.slot] = last;
      for (const buffer of this.#buffers) buffer.copyWithin(member.slot * 16, last.slot * 16, last.slot * 16 + 16);
      last.slot = member.slot;
    }
    member.slot = -1;
    this.#setCount();
    this.#dirty = true;
  }

  /** Writes a member's part matrices from its root's world matrix and pose (rest pose by default). */
  write(member: CrowdMember, rootWorld: Matrix, pose: JointPose = REST_POSE): void {
    const m = rootWorld.m;
    if (member.hidden) {
      // A disabled root hides its creature: zero matrices draw (and pick) nothing.
      for (const buffer of this.#buffers) buffer.fill(0, member.slot * 16, member.slot * 16 + 16);
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
    for (let p = 0; p < this.#parts.length; p++) {
      const part = this.#parts[p]!;
      writeOffsetMatrix(this.#buffers[p]!, base, world[part.joint]!.m, this.#chain.pivots[part.joint]!);
    }
    crowdStats.matricesWritten += this.#parts.length;
    this.#dirty = true;
  }

  /**
   * The box of a creature's parts posed by `pose`, in its root's own frame (model units: the
   * root's scale left out), as its grown nodes would measure it. Reads nothing of a member, so
   * a physics body can be fitted without growing nodes; null when no part has vertices.
   */
  measure(pose: Readonly<JointPose> = REST_POSE): { min: Vector3; max: Vector3 } | null {
    return measurePosed(this.#chain, this.#parts, pose);
  }

  /** The bounding info every drawing mesh shares (one object for the crowd's life, refitted in place). */
  get boundingInfo(): BoundingInfo {
    return this.#bounds.info;
  }

  /** Uploads changed buffers (one per drawing mesh) and refits the shared bounding box if it moved. */
  flush(): void {
    if (!this.#dirty) return;
    this.#dirty = false;
    for (const part of this.#parts) part.mesh.thinInstanceBufferUpdated("matrix");
    crowdStats.uploads += this.#parts.length;
    // All drawing meshes hang from nothing at the origin: the first one's world matrix is everyone's.
    const first = this.#parts[0];
    if (first && this.#bounds.fit(this.#members, first.mesh.getWorldMatrix())) crowdStats.boundsRefits++;
  }

  /** Disposes the drawing meshes (with the model's template). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    live.delete(this);
    if (this.#observer) this.scene.onBeforeActiveMeshesEvaluationObservable.remove(this.#observer);
    this.#observer = null;
    for (const part of this.#parts) part.mesh.dispose(false, false);
    this.#parts.length = 0;
    this.#members.length = 0;
    this.#buffers = [];
    this.#onEmpty();
  }

  #setCount(): void {
    const count = this.#members.length;
    for (const part of this.#parts) {
      part.mesh.thinInstanceCount = count;
      // With no thin instance left, Babylon would draw the mesh itself, at the origin.
      part.mesh.isVisible = count > 0;
    }
  }

  #grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.#capacity * 2);
    this.#buffers = this.#parts.map((part, p) => {
      const buffer = new Float32Array(capacity * 16);
      const old = this.#buffers[p];
      if (old) buffer.set(old);
      part.mesh.thinInstanceSetBuffer("matrix", buffer, 16, false);
      return buffer;
    });
    this.#capacity = capacity;
  }
}
