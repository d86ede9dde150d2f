/**
 * One creature in the scene, built from OBJ parts (a root drawn by its model's thin-instance
 * crowd, with joint nodes and instances grown on demand) or from a rigged glTF (its own
 * skeleton and animation groups). Copies share geometry and materials with their model's
 * template. Beyond `wander`, `moveTo` and `stop`, a game tells it to follow, seek and pursue
 * (orders: each replaces the last), to flee and evade (reactions it keeps whatever its orders),
 * to hunt or flee predators, and gives it steering behaviours of its own.
 *
 * This class is in a game's first download (its type is the Menagerie's surface). The spawn
 * runtime builds a creature's body and motion binding first and hands them over as one finished
 * {@link CreatureHandle} through {@link createCreature}; the Menagerie's world connects it
 * ({@link connectCreature}), which turns a target (a point, a node, another creature) into
 * something the motion layer can steer by. Runtime code that needs more of a creature than its
 * public surface (physics) reads the handle through {@link creatureHandle}. None of it is
 * public: the constructor is private, and the handle is a private field.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { PhysicsBody } from "@babylonjs/core/Physics/v2/physicsBody.js";
import type { ModelForm } from "../api/modelAssets.js";
import { OptionsError } from "../core/errors.js";
import type { Area } from "../motion/area.js";
import type { EvadeBehavior } from "../motion/behaviors/evade.js";
import type { FleeBehavior, FleeOptions } from "../motion/behaviors/flee.js";
import { FleePredatorsBehavior, type FleePredatorsOptions } from "../motion/behaviors/fleePredators.js";
import type { FollowOptions } from "../motion/behaviors/follow.js";
import { HuntBehavior, type HuntOptions } from "../motion/behaviors/hunt.js";
import type { SeekOptions } from "../motion/behaviors/seek.js";
import type { SteeringBehavior } from "../motion/behaviors/steeringBehavior.js";
import { groupOfAgent, type MotionGroup } from "../motion/group.js";
import type { CreatureJump } from "../motion/jumper.js";
import type { MotionAgent } from "../motion/motionAgent.js";
import type { SpeciesSpeeds } from "../motion/speeds.js";
import type { CreatureRealm, SteeringTarget, Vec2 } from "../motion/types.js";
import { recordSpecies } from "../records/recordTaxonomy.js";
import type { ModelRecord } from "../records/schemas.js";
import { boxBetween, boxUnderMatrix } from "../util/worldBox.js";
import { agentMatcher, type CreatureSelector } from "./creatureSelector.js";
import { type AreaInput, isMesh, toArea } from "./options/areaInput.js";
import type { MoveToOptions, VisitOptions } from "./options/moveOptions.js";
import type { CreatureBounds } from "./types.js";

/**
 * What a creature can move relative to: a point on the ground plane (read live: a Vector3 the
 * game keeps moving works), a Babylon node (a player's mesh; tracked each step), or another
 * creature.
 * @category Creatures
 */
export type BehaviorTarget = { x: number; z: number } | TransformNode | { readonly motion: MotionAgent };

/**
 * @deprecated Use `BehaviorTarget`; will be removed in 0.3.
 * @category Creatures
 */
export type BehaviourTarget = BehaviorTarget;

/**
 * What a creature is doing: `idle`, `wander`, `moveTo`, `follow`, `seek`, `pursue`, or, while
 * a reaction has taken over, `flee` or `evade` (or the `state` of a game's own behaviour).
 * @category Creatures
 */
export type CreatureState =
  | "idle"
  | "wander"
  | "moveTo"
  | "follow"
  | "seek"
  | "pursue"
  | "visit"
  | "flee"
  | "evade"
  | (string & {});

/**
 * Sent by `onStateChangedObservable`.
 * @category Creatures
 */
export interface CreatureStateChange {
  /** The state now. */
  state: CreatureState;
  /** The state before. */
  previous: CreatureState;
}

/**
 * Sent by `onArrivedObservable`: where a `moveTo` arrived.
 * @category Creatures
 */
export interface CreatureArrival {
  /** The target's x, metres. */
  x: number;
  /** The target's z, metres. */
  z: number;
}

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

/**
 * What a creature's body gives it, whatever it was built from: the runtime builds it (OBJ
 * parts drawn by a crowd, or a rigged glTF).
 * @internal
 */
export interface CreatureBody {
  readonly root: TransformNode;
  readonly meshes: readonly AbstractMesh[];
  /** A rigged body's clips, by clip name (none for a part body). */
  readonly animations?: ReadonlyMap<string, AnimationGroup>;
  /** Its height in metres once sized. */
  readonly heightMeters: number;
  getPart(name: string): TransformNode | null;
  listParts(): string[];
  /**
   * Hooks the creature's motion to the body: a part body poses its crowd matrices or its nodes;
   * a rigged body drawn by its crowd plays its clips there, or binds the groups it grew.
   */
  bindMotion?(binding: MotionBinding): void;
  /**
   * Its box in the root's frame (model units) as last posed, measured without growing nodes;
   * null (or absent) when its meshes are there to measure instead.
   */
  measure?(): { min: Vector3; max: Vector3 } | null;
  dispose(): void;
}

/**
 * What a creature and its driver need of the link between its motion and its nodes; the
 * runtime's binding carries much more (joints, crowd pose, clips), which only the runtime reads.
 * @internal
 */
export interface MotionBinding {
  readonly agent: MotionAgent;
  /**
   * What else follows `creature.setBehavior` after the agent's own change (a rigged creature's
   * clips: which moving clip plays); set where the binding is made, so the creature needs none
   * of that code itself.
   */
  onBehaviour?: ((behaviour: string) => void) | undefined;
}

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
  /** Set by the physics chunk when it attaches or drops a body. */
  physicsBody: PhysicsBody | null;
}

/**
 * What a connected creature asks of its Menagerie's world (gameWorld.ts): a steering target
 * for a point, node or creature, and the creature of a motion agent (a hunter's prey).
 * @internal
 */
export interface CreatureWorld {
  resolve(target: BehaviorTarget): SteeringTarget;
  creatureOf(agent: object): Creature | undefined;
}

const NO_ANIMATIONS: ReadonlyMap<string, AnimationGroup> = new Map();

/** The module's ways into a creature's private fields, set once by the class's static block. */
let construct: (handle: CreatureHandle) => Creature;
let handleOf: (creature: Creature) => CreatureHandle | undefined;
let attach: (creature: Creature, world: CreatureWorld | undefined) => void;

/**
 * A creature spawned by {@link Menagerie.spawnCreature}: its body, its orders and behaviours,
 * its tags, speeds and events.
 * @category Creatures
 */
export class Creature {
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
   * Its own animation clips, by clip name (`idle`, `walk`, `run`, ...), for a rigged creature;
   * empty for a part-built one (its gaits pose its joints instead). Menagerie plays them all,
   * looped, and sets their weights from the creature's speed: change weights yourself only
   * while motion is paused. `size`, `has` and `keys` answer from the model without growing
   * anything; reading a group (`get`, `values`, iterating) grows the creature's own groups and
   * skeleton (see {@link meshes}), which a crowd-drawn creature otherwise does without.
   */
  readonly animations: ReadonlyMap<string, AnimationGroup>;
  /**
   * The game's own labels (`"herd"`, `"pet"`), from `spawnCreature`'s `tags` or added later;
   * `menagerie.getCreaturesByTag(tag)` finds them. (The record's own tags are `record.tags`.)
   */
  readonly tags = new Set<string>();
  /** Notified once, when the creature is disposed. */
  readonly onDisposeObservable = new Observable<Creature>();
  /** A {@link hunt} caught its prey: what happens to the prey is the game's. */
  readonly onCaughtObservable = new Observable<CreatureCatch>();
  /** A `moveTo` arrived (not sent when it was interrupted). */
  readonly onArrivedObservable = new Observable<CreatureArrival>();
  /** What it does changed: `idle`, `wander`, `moveTo`, `follow`, `flee`, ... */
  readonly onStateChangedObservable = new Observable<CreatureStateChange>();
  /**
   * A jump across a link (a ledge, a gap: see `Menagerie.addJumpLink`) took off (`"start"`),
   * passed its apex (`"fall"`) or touched down (`"end"`).
   */
  readonly onJumpObservable = new Observable<CreatureJump<Creature>>();

  readonly #handle: CreatureHandle;
  /** The world it was connected to at spawn; none once disposed. */
  #world: CreatureWorld | undefined;
  #disposed = false;

  static {
    construct = (handle) => new Creature(handle);
    handleOf = (creature) => (#handle in creature ? creature.#handle : undefined);
    attach = (creature, world) => creature.#attach(world);
  }

  /** Made by `Menagerie.spawnCreature` (the runtime calls `createCreature`). */
  private constructor(handle: CreatureHandle) {
    this.#handle = handle;
    this.record = handle.record;
    this.form = handle.form;
    this.root = handle.body.root;
    this.heightMeters = handle.body.heightMeters;
    this.animations = handle.body.animations ?? NO_ANIMATIONS;
  }

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
   * Its kinematic Havok body (spawned with the `physics` option), or `null`. It follows the
   * creature; set its shape's `material` or enable its collision callbacks here.
   */
  get physicsBody(): PhysicsBody | null {
    return this.#handle.physicsBody;
  }

  /**
   * The engine-free motion state (position, velocity, gait, pose, orders, behaviours). For
   * advanced control such as `waterLevel`, `altitude`, `ground` or custom steering behaviours.
   */
  get motion(): MotionAgent {
    return this.#handle.binding.agent;
  }

  /** What it is doing now; see {@link CreatureState}. */
  get state(): CreatureState {
    return this.motion.state;
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
   * The species it is: its record's `creature` when it has one (`beetle#0002` is a
   * `ladybird`), else its record name without the `#0002` variant suffix.
   */
  get species(): string {
    return recordSpecies(this.record);
  }

  /**
   * Its box in the world now, and the sphere round it. A crowd-drawn creature (no meshes of
   * its own, so `root.getHierarchyBoundingVectors()` gives an empty, inside-out box) is measured from its
   * model's parts as the crowd draws it, which grows nothing; a creature that grew its meshes
   * is measured from them.
   */
  get bounds(): CreatureBounds {
    return worldBounds(this.root, this.#handle.body);
  }

  /** Its walk and run speeds, m/s: the species' unless set with {@link setSpeeds}. */
  get speeds(): Readonly<SpeciesSpeeds> {
    return { walk: this.motion.walkSpeed, run: this.motion.runSpeed };
  }

  /** Sets its walk and/or run speed (m/s) for good; an order's own `speed` is for that order only. */
  setSpeeds(speeds: Partial<SpeciesSpeeds>): this {
    this.motion.setSpeeds(speeds);
    return this;
  }

  /**
   * Chooses the gait for a behaviour (`walk`, `fly`, `swim`, `hop`, `waddle`, `crawl`,
   * `slither`, ...); unknown ones idle. By default the record's own behaviour is used.
   */
  setBehavior(behavior: string): this {
    this.motion.setBehavior(behavior);
    this.#handle.binding.onBehaviour?.(behavior);
    return this;
  }

  /** @deprecated Use `setBehavior`; will be removed in 0.3. */
  setBehaviour(behaviour: string): this {
    return this.setBehavior(behaviour);
  }

  /**
   * Walks (flies, swims...) to a point on the ground plane, round obstacles and (on the ground)
   * water. Always settles: `true` on arrival within `tolerance`; `false` if another order,
   * `stop()` or `dispose()` came first (or it was disposed already), or when stuck (it then
   * stands). A target it cannot stand at (in water, in an area its wander avoids, or within an
   * obstacle's clearance: `motion.clearance`) is moved to the nearest
   * point it can: {@link moveTarget} and `onArrivedObservable` give it.
   */
  moveTo(target: { x: number; z: number }, options: MoveToOptions = {}): Promise<boolean> {
    if (this.#disposed) return Promise.resolve(false); // gone: it will never get there
    return new Promise((resolve) =>
      this.motion.moveTo(
        { x: target.x, z: target.z },
        { speed: options.speed, tolerance: options.tolerance, stuckSeconds: options.stuckSeconds, onArrive: resolve },
      ),
    );
  }

  /**
   * Lands a flier with a gradual descent: on the ground at `at` (the nearest point out of the
   * water, for a point over it), on a prop's top for a mesh (it perches there until it takes
   * off), or below where it is without `at` (at the nearest shore, over water). Once down it
   * walks and idles on its own clips (idle, walk) until {@link takeOff}. Resolves `true` on
   * touch-down (at once for a creature on the ground); `false` when another order, a take-off or
   * `dispose()` came first.
   *
   * @example
   * await gull.land({ x: 4, z: -2 }); // on the beach
   * await gull.land(boat); // perches on the boat
   * gull.takeOff();
   */
  land(at?: { x: number; z: number } | AbstractMesh): Promise<boolean> {
    let spot: { x: number; z: number; y?: number } | undefined;
    if (at && isMesh(at)) {
      const { min, max } = at.getHierarchyBoundingVectors(true);
      spot = { x: (min.x + max.x) / 2, z: (min.z + max.z) / 2, y: max.y };
    } else if (at) spot = { x: at.x, z: at.z };
    return new Promise((resolve) => this.motion.land(spot, resolve));
  }

  /** Takes off from the ground or a perch: a gradual climb to its band on its fly clip, then it wanders. */
  takeOff(): this {
    this.motion.takeOff();
    return this;
  }

  /**
   * Where it may be (`ground`: out of the Menagerie's water, whatever its order; `water`, `air`,
   * `amphibious`): from its behaviour, or amphibious by `menagerie.amphibiousCreatures`.
   */
  get realm(): CreatureRealm {
    return this.motion.realm;
  }

  /** Where its `moveTo` or `visit` heads (the target, or the nearest point it can reach); else undefined. */
  get moveTarget(): Readonly<Vec2> | undefined {
    return this.motion.moveTarget;
  }

  /**
   * Visits a place: walks to the nearest reachable point of its edge (the shore, for water),
   * takes `pose` there for `stay` seconds of game time, then goes back to its previous order
   * (wandering...). Resolves `true` once it has stayed; `false` if another order came first,
   * the walk got stuck (it then goes back to its order) or `signal` aborted (it then stops).
   * State `visit` meanwhile.
   *
   * @example
   * await giraffe.visit(waterHole, { stay: 8, pose: "drink" });
   */
  visit(place: AreaInput | BehaviorTarget, options: VisitOptions = {}): Promise<boolean> {
    const { signal, ...order } = options;
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(false);
      const onAbort = () => this.stop();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.motion.visit(this.#visitPlace(place), {
        ...order,
        onDone: (stayed) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(stayed);
        },
      });
    });
  }

  /**
   * Wanders, inside `area` and outside `avoid` when given, keeping apart from other creatures.
   * Its later orders and reactions keep out of `avoid` too, until a wander sets others.
   */
  wander(options: { area?: Area; avoid?: readonly Area[]; speed?: number } = {}): this {
    this.motion.wander(options);
    return this;
  }

  /** Wanders again in the area (and outside the areas) of its last `wander`. */
  resumeWander(options: { speed?: number } = {}): this {
    this.motion.resumeWander(options);
    return this;
  }

  /** Stops moving (brakes, then idles). */
  stop(): this {
    this.motion.stop();
    return this;
  }

  /**
   * Keeps within `distance` of a target: walks up, runs when far behind, stands when close.
   * An order: replaces `wander`, `moveTo`...
   *
   * @example
   * dog.follow(player, { distance: 2 });
   */
  follow(target: BehaviorTarget, options: FollowOptions = {}): this {
    this.motion.follow(this.#resolve(target), options);
    return this;
  }

  /** Heads straight for a target at its walk speed (or `speed`). An order. */
  seek(target: BehaviorTarget, options: SeekOptions = {}): this {
    this.motion.seek(this.#resolve(target), options);
    return this;
  }

  /** Chases a moving target, heading where it will be, at its run speed (or `speed`). An order. */
  pursue(target: BehaviorTarget, options: SeekOptions = {}): this {
    this.motion.pursue(this.#resolve(target), options);
    return this;
  }

  /**
   * Runs from a target while it is within `radius`, and calms down once it is beyond
   * `calmRadius`; meanwhile the current order (wandering...) pauses, then goes on. Stays
   * through later orders; returns the behaviour, for {@link removeBehavior}.
   *
   * @throws OptionsError (option `target`) for a node target on a creature no Menagerie spawned.
   * @example
   * const fear = sheep.flee(player, { radius: 6, calmRadius: 12 });
   * sheep.removeBehavior(fear); // fearless again
   */
  flee(target: BehaviorTarget, options: FleeOptions = {}): FleeBehavior {
    return this.motion.flee(this.#resolve(target), options);
  }

  /** {@link flee}, from where a moving target is heading (a car): state `evade`. */
  evade(target: BehaviorTarget, options: FleeOptions = {}): EvadeBehavior {
    return this.motion.evade(this.#resolve(target), options);
  }

  /**
   * Hunts: looks for prey within `searchRadius` (20 m), walks briskly toward the nearest,
   * chases it at run speed once within `spotRadius` (10 m), catches it on contact
   * ({@link onCaughtObservable}), gives up after `chaseSeconds`, rests, and hunts again. Its
   * order (wandering) goes on while it searches; its state reads `stalk`, `hunt` or `rest`
   * meanwhile. Stays until {@link removeBehavior}; returns the behaviour.
   *
   * @example
   * lion.hunt(["zebra", "gazelle"]);
   * lion.onCaughtObservable.add(({ prey }) => prey.dispose());
   */
  hunt(prey: CreatureSelector<Creature>, options: HuntOptions = {}): HuntBehavior {
    const find = (agent: object) => this.#world?.creatureOf(agent);
    const behaviour = new HuntBehavior(agentMatcher(prey, this, find), {
      ...options,
      onCatch: (agent) => {
        options.onCatch?.(agent);
        const caught = find(agent);
        if (caught) this.onCaughtObservable.notifyObservers({ hunter: this, prey: caught });
      },
    });
    return this.addBehavior(behaviour);
  }

  /**
   * Runs from the nearest predator it notices within `radius` (5 m) until none is within
   * `calmRadius`; its order pauses meanwhile (state `flee`). Returns the behaviour.
   *
   * @example
   * zebra.fleeFrom(["lion", "leopard"]);
   */
  fleeFrom(predators: CreatureSelector<Creature>, options: FleePredatorsOptions = {}): FleePredatorsBehavior {
    const find = (agent: object) => this.#world?.creatureOf(agent);
    return this.addBehavior(new FleePredatorsBehavior(agentMatcher(predators, this, find), options));
  }

  /**
   * Adds a steering behaviour of the game's own (see `SteeringBehavior`); orders leave it be
   * until {@link removeBehavior}. Returns it.
   */
  addBehavior<B extends SteeringBehavior>(behavior: B): B {
    return this.motion.addBehavior(behavior);
  }

  /** @deprecated Use `addBehavior`; will be removed in 0.3. */
  addBehaviour<B extends SteeringBehavior>(behaviour: B): B {
    return this.addBehavior(behaviour);
  }

  /** Removes a behaviour added by {@link addBehavior}, {@link flee}, {@link hunt}...; false if absent. */
  removeBehavior(behavior: SteeringBehavior): boolean {
    return this.motion.removeBehavior(behavior);
  }

  /** @deprecated Use `removeBehavior`; will be removed in 0.3. */
  removeBehaviour(behaviour: SteeringBehavior): boolean {
    return this.removeBehavior(behaviour);
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
    this.onJumpObservable.clear();
  }

  /** Connects to a world (its motion's arrivals and state changes reach the observables), or disconnects. */
  #attach(world: CreatureWorld | undefined): void {
    this.#world = world;
    if (world) {
      this.motion.events = {
        arrived: (x, z) => this.onArrivedObservable.notifyObservers({ x, z }),
        stateChanged: (state, previous) => this.onStateChangedObservable.notifyObservers({ state, previous }),
        jumped: (phase, { from, to }) => this.onJumpObservable.notifyObservers({ creature: this, phase, from, to }),
      };
      return;
    }
    this.onArrivedObservable.clear();
    this.onStateChangedObservable.clear();
    this.onJumpObservable.clear();
  }

  /** A visit's place for motion: an area as an area, anything else as where it is now. */
  #visitPlace(place: AreaInput | BehaviorTarget): Area | Vec2 {
    if (isMesh(place) || "center" in place || "points" in place) return toArea(place as AreaInput);
    const at = this.#resolve(place as BehaviorTarget);
    return { x: at.x, z: at.z };
  }

  #resolve(target: BehaviorTarget): SteeringTarget {
    if (this.#world) return this.#world.resolve(target);
    if ("motion" in target) return target.motion;
    if ("computeWorldMatrix" in target)
      throw new OptionsError("target", "is a node, which needs a creature spawned by a Menagerie");
    return target;
  }
}

/** The world box of a body: its crowd-drawn box (root frame) carried by the root, else its meshes'. */
function worldBounds(root: TransformNode, body: CreatureBody): CreatureBounds {
  const world = root.computeWorldMatrix(true);
  const drawn = body.measure?.() ?? null;
  if (drawn) return boxUnderMatrix(drawn.min, drawn.max, world.m);
  const grown = root.getHierarchyBoundingVectors(true);
  if (grown.min.x <= grown.max.x) return boxBetween(grown.min, grown.max);
  // Nothing drawn to measure: a box as tall as the creature, half as wide, on its feet.
  const h = body.heightMeters / 4;
  return boxUnderMatrix({ x: -h, y: 0, z: -h }, { x: h, y: 4 * h, z: h }, [
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    ...[12, 13, 14].map((i) => world.m[i]!),
    1,
  ]);
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
  const handle = handleOf(creature);
  if (!handle) throw new OptionsError("creature", "must be a creature spawned by a Menagerie");
  return handle;
}

/**
 * Connects a creature to its Menagerie's world: targets resolve there, and its motion's
 * arrivals and state changes reach its observables. The spawn calls it.
 * @internal
 */
export function connectCreature(creature: Creature, world: CreatureWorld): void {
  attach(creature, world);
}

/**
 * Undoes {@link connectCreature} when the creature is disposed.
 * @internal
 */
export function disconnectCreature(creature: Creature): void {
  attach(creature, undefined);
}
