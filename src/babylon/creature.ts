/**
 * One creature in the scene, built from OBJ parts (partsBody.ts: a root drawn by its model's
 * thin-instance crowd, with joint nodes and instances grown on demand) or from a rigged glTF
 * (riggedInstance.ts: its own skeleton and animation groups). Copies share geometry and
 * materials with their model's template.
 *
 * This class is in a game's first download (its type is the Menagerie's surface): its body and
 * motion are built by code that loads with the first creature (creatureBody.ts, bindMotion.ts)
 * and handed to it, so it imports none of that code itself.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { PhysicsBody } from "@babylonjs/core/Physics/v2/physicsBody.js";
import type { RecordSize } from "../api/recordSize.js";
import type { ModelRecord } from "../api/schemas.js";
import type { MotionAgent } from "../motion/agent.js";
import type { Area } from "../motion/area.js";
import { CreatureBehaviours } from "./creatureBehaviours.js";
import type { CreatureBody } from "./runtime/body/partsBody.js";
import type { MotionBinding } from "./runtime/sync/syncMotion.js";

/** Where and how big a new creature is. */
export interface CreaturePlacement {
  position?: Vector3 | { x: number; y: number; z: number };
  /** Heading about +Y, radians (0 faces +Z). */
  rotationY?: number;
  /** Its size in metres along one axis (height, length or width), as `recordSize` reads it. */
  size: RecordSize;
}

/** What Menagerie puts in `metadata.menagerie` of every node it creates for a creature. */
export interface CreatureNodeMetadata {
  /** The record the creature was loaded from. */
  record: ModelRecord;
  /** The creature the node belongs to (a pick's way back to it). */
  creature: Creature;
  /** The part (or bone), for joint, bone and mesh nodes. */
  part?: string;
}

const NO_ANIMATIONS: ReadonlyMap<string, AnimationGroup> = new Map();

/**
 * A creature spawned by {@link Menagerie.spawnCreature}. Its behaviours beyond `wander`,
 * `moveTo` and `stop` (follow, flee, seek, pursue, evade, a game's own), its tags, speeds and
 * events come from {@link CreatureBehaviours}.
 */
export class Creature extends CreatureBehaviours {
  /** The node to move, turn and parent; its local +Z is the creature's forward, y = 0 its feet. */
  readonly root: TransformNode;
  /** The record the creature was loaded from. */
  readonly record: ModelRecord;
  /** Its height in metres, as sized. */
  readonly heightMeters: number;
  /** How it was built: `"parts"` (OBJ parts or the whole OBJ) or `"rig"` (a rigged glTF). */
  readonly kind: "parts" | "rig";
  /**
   * The meshes that draw it: instances of the part meshes, or the rig's skinned meshes. A
   * part-built creature is drawn by its model's shared thin-instance meshes until a game asks
   * for its meshes or parts: then it grows its own joint nodes and instances (as many nodes as
   * parts and part meshes), which stay until it is disposed.
   */
  get meshes(): readonly AbstractMesh[] {
    return this.#body.meshes;
  }
  /**
   * Its own animation clips, by clip name (`idle`, `walk`, `run`, ...), for a rigged creature;
   * empty for a part-built one (its gaits pose its joints instead). Menagerie plays them all,
   * looped, and sets their weights from the creature's speed: change weights yourself only
   * while motion is paused.
   */
  readonly animations: ReadonlyMap<string, AnimationGroup>;
  /** Notified once, when the creature is disposed. */
  readonly onDisposeObservable = new Observable<Creature>();

  readonly #body: CreatureBody;
  #disposed = false;
  #binding: MotionBinding | undefined;
  #physicsBody: PhysicsBody | null = null;

  /**
   * @internal Use {@link Menagerie.spawnCreature}. `makeBody` builds its nodes (creatureBody.ts,
   * loaded with the first creature); `kind` is its model's form.
   */
  constructor(record: ModelRecord, kind: "parts" | "rig", makeBody: (creature: Creature) => CreatureBody) {
    super();
    this.record = record;
    this.kind = kind;
    const body = makeBody(this);
    this.#body = body;
    this.animations = body.animations ?? NO_ANIMATIONS;
    this.root = body.root;
    this.heightMeters = body.heightMeters;
  }

  /** @internal Attaches the motion agent that drives this creature (done by the Menagerie). */
  _bindMotion(binding: MotionBinding): void {
    this.#binding = binding;
    this.#body.bindMotion?.(binding);
  }

  /**
   * Its kinematic Havok body (spawned with the `physics` option), or `null`. It follows the
   * creature; set its shape's `material` or enable its collision callbacks here.
   */
  get physicsBody(): PhysicsBody | null {
    return this.#physicsBody;
  }

  /** @internal Its box in its root's frame (model units) while it is crowd-drawn, else null (physics/creaturePhysics.ts). */
  _measureCrowdDrawn(): { min: Vector3; max: Vector3 } | null {
    return this.#body.measure?.() ?? null;
  }

  /** @internal Set by the physics module (physics/creaturePhysics.ts) when it attaches or drops a body. */
  _setPhysicsBody(body: PhysicsBody | null): void {
    this.#physicsBody = body;
  }

  /**
   * The engine-free motion state (position, velocity, gait, pose). For advanced control such as
   * `waterLevel`, `altitude`, `ground` or custom steering behaviours.
   */
  override get motion(): MotionAgent {
    if (!this.#binding) throw new Error(`Creature "${this.name}" has no motion (it was disposed)`);
    return this.#binding.agent;
  }

  /**
   * Chooses the gait for a behaviour (`walk`, `fly`, `swim`, `hop`, `waddle`, `crawl`,
   * `slither`, ...); unknown ones idle. By default the record's own behaviour is used.
   */
  setBehaviour(behaviour: string): this {
    this.motion.setBehaviour(behaviour);
    this.#binding?.onBehaviour?.(behaviour);
    return this;
  }

  /**
   * Walks (flies, swims...) to a point on the ground plane. Resolves `true` on arrival, `false`
   * if another order, `stop()` or `dispose()` came first.
   */
  moveTo(target: { x: number; z: number }, options: { speed?: number } = {}): Promise<boolean> {
    return new Promise((resolve) =>
      this.motion.moveTo({ x: target.x, z: target.z }, { speed: options.speed, onArrive: resolve }),
    );
  }

  /** Wanders, inside `area` and outside `avoid` when given, keeping apart from other creatures. */
  wander(options: { area?: Area; avoid?: readonly Area[]; speed?: number } = {}): this {
    this.motion.wander(options);
    return this;
  }

  /** Stops moving (brakes, then idles). */
  stop(): this {
    this.motion.stop();
    return this;
  }

  /** The record name. */
  get name(): string {
    return this.record.name;
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    return this.#disposed;
  }

  /**
   * The joint node of a part (the bone's node, by bone name, for a rigged creature), or `null`
   * when the creature has no such part. A part-built creature grows its nodes on the first call
   * (see {@link meshes}). On a part-built creature, rotate it to turn a head
   * (gaits add to it). A rigged creature's bone nodes turn by `rotationQuaternion`, which its
   * playing clips write every frame: turn a bone after the animations, in
   * `scene.onAfterAnimationsObservable` (for example `node.rotate(Axis.Y, 0.3)` there).
   */
  getPart(name: string): TransformNode | null {
    return this.#body.getPart(name);
  }

  /** The names of the parts (bones) present, parents before children. */
  listParts(): string[] {
    return this.#body.listParts();
  }

  /**
   * Removes this creature's nodes and instances. Shared geometry, materials and textures stay
   * with the Menagerie until `menagerie.dispose()`.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#binding?.agent.cancel();
    this.#body.dispose();
    this.onDisposeObservable.notifyObservers(this);
    this.onDisposeObservable.clear();
  }
}
