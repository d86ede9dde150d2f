/**
 * One creature in the scene, built from OBJ parts (runtime/body/partsBody.ts: a root drawn by
 * its model's thin-instance crowd, with joint nodes and instances grown on demand) or from a
 * rigged glTF (runtime/body/riggedInstance.ts: its own skeleton and animation groups). Copies
 * share geometry and materials with their model's template.
 *
 * This class is in a game's first download (its type is the Menagerie's surface). The spawn
 * runtime builds a creature's body and motion binding first and hands them over as one finished
 * {@link CreatureHandle} through {@link createCreature}; code of the runtime that needs more of a
 * creature than its public surface (physics) reads the handle through {@link creatureHandle}.
 * Neither is public: the constructor is private, and the handle is kept in a module WeakMap.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { PhysicsBody } from "@babylonjs/core/Physics/v2/physicsBody.js";
import { OptionsError } from "../api/errors.js";
import type { ModelForm } from "../api/modelAssets.js";
import type { ModelRecord } from "../api/schemas.js";
import type { Area } from "../motion/area.js";
import { FleePredatorsBehavior, type FleePredatorsOptions } from "../motion/behaviors/fleePredators.js";
import { HuntBehavior, type HuntOptions } from "../motion/behaviors/hunt.js";
import { groupOfAgent, type MotionGroup } from "../motion/group.js";
import type { MotionAgent } from "../motion/motionAgent.js";
import { CreatureBehaviours, creatureOfMotion } from "./creatureBehaviours.js";
import { agentMatcher, type CreatureSelector } from "./creatureSelector.js";
import type { CreatureBody } from "./runtime/body/partsBody.js";
import type { MotionBinding } from "./runtime/sync/syncMotion.js";

/**
 * What Menagerie puts in `metadata.menagerie` of every node it creates for a creature.
 * @category Creatures
 */
export interface CreatureNodeMetadata {
  /** The record the creature was loaded from. */
  record: ModelRecord;
  /** The creature the node belongs to (a pick's way back to it). */
  creature: Creature;
  /** The part (or bone), for joint, bone and mesh nodes. */
  part?: string;
}

/**
 * Sent by `onCaughtObservable` when a hunt catches its prey.
 * @category Creatures
 */
export interface CreatureCatch {
  /** The hunter. */
  hunter: Creature;
  /** The creature caught (what becomes of it is the game's). */
  prey: Creature;
}

const NO_ANIMATIONS: ReadonlyMap<string, AnimationGroup> = new Map();

/**
 * What a creature is made of, finished before the creature is made: its record and form, its
 * body (nodes, or a place in its model's crowd), its motion binding, and its physics body once
 * one is attached. Not public.
 * @internal
 */
export interface CreatureHandle {
  readonly record: ModelRecord;
  readonly form: ModelForm;
  readonly body: CreatureBody;
  readonly binding: MotionBinding;
  /** Set by physics/index.ts when it attaches or drops a body. */
  physicsBody: PhysicsBody | null;
}

const handles = new WeakMap<Creature, CreatureHandle>();
let construct: (handle: CreatureHandle) => Creature;

/**
 * A creature spawned by {@link Menagerie.spawnCreature}. Its behaviours beyond `wander`,
 * `moveTo` and `stop` (follow, flee, seek, pursue, evade, a game's own), its tags, speeds and
 * events are documented with its other members.
 * @category Creatures
 */
export class Creature extends CreatureBehaviours {
  /** The node to move, turn and parent; its local +Z is the creature's forward, y = 0 its feet. */
  readonly root: TransformNode;
  /** The record the creature was loaded from. */
  readonly record: ModelRecord;
  /** Its height in metres, as sized. */
  readonly heightMeters: number;
  /**
   * What it was built from: `"parts"` (OBJ parts jointed by its body plan), `"whole"` (one
   * whole-model OBJ, a body without joints) or `"rig"` (a rigged glTF).
   */
  readonly form: ModelForm;
  /**
   * The meshes that draw it: instances of the part meshes, or the rig's skinned meshes. A
   * creature is drawn by its model's shared thin-instance crowd meshes until a game asks for its
   * meshes, parts or (rigged) animation groups: then it grows its own nodes (a part-built one its
   * joints and part instances; a rigged one its skeleton, bones, skinned meshes and groups, at
   * the frame its crowd showed), which stay until it is disposed. For shadows, use
   * `menagerie.addShadowCaster`, which keeps crowds drawn together.
   */
  get meshes(): readonly AbstractMesh[] {
    return this.#handle.body.meshes;
  }
  /**
   * Its own animation clips, by clip name (`idle`, `walk`, `run`, ...), for a rigged creature;
   * empty for a part-built one (its gaits pose its joints instead). Menagerie plays them all,
   * looped, and sets their weights from the creature's speed: change weights yourself only
   * while motion is paused. `size`, `has` and `keys` answer from the model without growing
   * anything; reading a group (`get`, `values`, iterating) grows the creature's own groups and
   * skeleton (see {@link meshes}), which a crowd-drawn creature otherwise does without.
   */
  readonly animations: ReadonlyMap<string, AnimationGroup>;
  /** Notified once, when the creature is disposed. */
  readonly onDisposeObservable = new Observable<Creature>();
  /** A {@link hunt} caught its prey: what happens to the prey is the game's. */
  readonly onCaughtObservable = new Observable<CreatureCatch>();

  readonly #handle: CreatureHandle;
  #disposed = false;

  static {
    construct = (handle) => new Creature(handle);
  }

  /** Made by `Menagerie.spawnCreature` (the runtime calls `createCreature`). */
  private constructor(handle: CreatureHandle) {
    super();
    this.#handle = handle;
    handles.set(this, handle);
    this.record = handle.record;
    this.form = handle.form;
    this.root = handle.body.root;
    this.heightMeters = handle.body.heightMeters;
    this.animations = handle.body.animations ?? NO_ANIMATIONS;
  }

  /**
   * Its kinematic Havok body (spawned with the `physics` option), or `null`. It follows the
   * creature; set its shape's `material` or enable its collision callbacks here.
   */
  get physicsBody(): PhysicsBody | null {
    return this.#handle.physicsBody;
  }

  /**
   * The engine-free motion state (position, velocity, gait, pose). For advanced control such as
   * `waterLevel`, `altitude`, `ground` or custom steering behaviours.
   */
  override get motion(): MotionAgent {
    return this.#handle.binding.agent;
  }

  /**
   * Chooses the gait for a behaviour (`walk`, `fly`, `swim`, `hop`, `waddle`, `crawl`,
   * `slither`, ...); unknown ones idle. By default the record's own behaviour is used.
   */
  setBehaviour(behaviour: string): this {
    this.motion.setBehavior(behaviour);
    this.#handle.binding.onBehaviour?.(behaviour);
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

  /**
   * Hunts: looks for prey within `searchRadius` (20 m), walks briskly toward the nearest,
   * chases it at run speed once within `spotRadius` (10 m), catches it on contact
   * ({@link onCaughtObservable}), gives up after `chaseSeconds`, rests, and hunts again. Its
   * order (wandering) goes on while it searches; its state reads `stalk`, `hunt` or `rest`
   * meanwhile. Stays until {@link removeBehaviour}; returns the behaviour.
   *
   * @example
   * lion.hunt(["zebra", "gazelle"]);
   * lion.onCaughtObservable.add(({ prey }) => prey.dispose());
   */
  hunt(prey: CreatureSelector<Creature>, options: HuntOptions = {}): HuntBehavior {
    const find = (agent: object) => creatureOfMotion(agent) as Creature | undefined;
    const behaviour = new HuntBehavior(agentMatcher(prey, this, find), {
      ...options,
      onCatch: (agent) => {
        options.onCatch?.(agent);
        const caught = find(agent);
        if (caught) this.onCaughtObservable.notifyObservers({ hunter: this, prey: caught });
      },
    });
    return this.addBehaviour(behaviour);
  }

  /**
   * Runs from the nearest predator it notices within `radius` (5 m) until none is within
   * `calmRadius`; its order pauses meanwhile (state `flee`). Returns the behaviour.
   *
   * @example
   * zebra.fleeFrom(["lion", "leopard"]);
   */
  fleeFrom(predators: CreatureSelector<Creature>, options: FleePredatorsOptions = {}): FleePredatorsBehavior {
    const find = (agent: object) => creatureOfMotion(agent) as Creature | undefined;
    return this.addBehaviour(new FleePredatorsBehavior(agentMatcher(predators, this, find), options));
  }

  /** The herd, flock or shoal it moves with (`populate` makes them; so can a game), if any. */
  get group(): MotionGroup | undefined {
    return groupOfAgent(this.motion);
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
    return this.#handle.body.getPart(name);
  }

  /** The names of the parts (bones) present, parents before children. */
  listParts(): string[] {
    return this.#handle.body.listParts();
  }

  /**
   * Removes this creature's nodes and instances. Shared geometry, materials and textures stay
   * with the Menagerie until `menagerie.dispose()`.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#handle.binding.agent.cancel();
    this.#handle.body.dispose();
    groupOfAgent(this.motion)?.remove(this.motion);
    this.onDisposeObservable.notifyObservers(this);
    this.onDisposeObservable.clear();
    this.onCaughtObservable.clear();
  }
}

/**
 * A creature from its finished handle (the spawn runtime's only way to make one).
 * @internal
 */
export function createCreature(handle: CreatureHandle): Creature {
  return construct(handle);
}

/**
 * A creature's handle, for runtime code that needs more than its public surface (physics).
 * @internal
 */
export function creatureHandle(creature: Creature): CreatureHandle {
  const handle = handles.get(creature);
  if (!handle) throw new OptionsError("creature", "must be a creature spawned by a Menagerie");
  return handle;
}
