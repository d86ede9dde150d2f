/**
 * What a game tells a creature to do, beyond `wander`, `moveTo` and `stop`: follow, seek and
 * pursue (orders: each replaces the last), flee and evade (reactions it keeps whatever its
 * orders), a game's own steering behaviours, its speeds, its tags, and the events it reports.
 * `Creature` extends this; the Menagerie connects each creature to its world, which turns a
 * target (a point, a node, another creature) into something the motion layer can steer by.
 */
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { EvadeBehavior } from "../motion/behaviors/evade.js";
import type { FleeBehavior, FleeOptions } from "../motion/behaviors/flee.js";
import type { FollowOptions } from "../motion/behaviors/follow.js";
import type { SeekOptions } from "../motion/behaviors/seek.js";
import type { SteeringBehavior } from "../motion/behaviors/steeringBehavior.js";
import type { MotionAgent } from "../motion/motionAgent.js";
import type { SpeciesSpeeds } from "../motion/speeds.js";
import type { SteeringTarget } from "../motion/types.js";

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

/** Turns a target into a steering target (the Menagerie's world does it). */
export type TargetResolver = (target: BehaviourTarget) => SteeringTarget;

const resolvers = new WeakMap<CreatureBehaviours, TargetResolver>();
/** The creature of each connected motion agent (a hunter finds its prey's creature here). */
const creatureOf = new WeakMap<object, CreatureBehaviours>();

/** The connected creature a motion agent belongs to, if any. */
export function creatureOfMotion(agent: object): CreatureBehaviours | undefined {
  return creatureOf.get(agent);
}

/**
 * Connects a creature to its Menagerie's world: targets resolve through `resolve`, and its
 * motion's arrivals and state changes reach its observables. Not public: the Menagerie calls it.
 */
export function connectCreature(creature: CreatureBehaviours, resolve: TargetResolver): void {
  resolvers.set(creature, resolve);
  creatureOf.set(creature.motion, creature);
  creature.motion.events = {
    arrived: (x, z) => creature.onArrivedObservable.notifyObservers({ x, z }),
    stateChanged: (state, previous) => creature.onStateChangedObservable.notifyObservers({ state, previous }),
  };
}

/** Undoes {@link connectCreature} when the creature is disposed. */
export function disconnectCreature(creature: CreatureBehaviours): void {
  resolvers.delete(creature);
  creatureOf.delete(creature.motion);
  creature.onArrivedObservable.clear();
  creature.onStateChangedObservable.clear();
}

/** The behaviour surface of a `Creature`; see the module comment. */
export abstract class CreatureBehaviours {
  /** The engine-free motion state (position, velocity, gait, orders, behaviours). */
  abstract get motion(): MotionAgent;

  /**
   * The game's own labels (`"herd"`, `"pet"`), from `spawnCreature`'s `tags` or added later;
   * `menagerie.getCreaturesByTag(tag)` finds them. (The record's own tags are `record.tags`.)
   */
  readonly tags = new Set<string>();
  /** A `moveTo` arrived (not sent when it was interrupted). */
  readonly onArrivedObservable = new Observable<CreatureArrival>();
  /** What it does changed: `idle`, `wander`, `moveTo`, `follow`, `flee`, ... */
  readonly onStateChangedObservable = new Observable<CreatureStateChange>();

  /** What it is doing now; see {@link CreatureState}. */
  get state(): CreatureState {
    return this.motion.state;
  }

  /**
   * Runs from a target while it is within `radius`, and calms down once it is beyond
   * `calmRadius`; meanwhile the current order (wandering...) pauses, then goes on. Stays
   * through later orders; returns the behaviour, for {@link removeBehaviour}.
   *
   * @example
   * const fear = sheep.flee(player, { radius: 6, calmRadius: 12 });
   * sheep.removeBehaviour(fear); // fearless again
   */
  flee(target: BehaviourTarget, options: FleeOptions = {}): FleeBehavior {
    return this.motion.flee(this.#resolve(target), options);
  }

  /** {@link flee}, from where a moving target is heading (a car): state `evade`. */
  evade(target: BehaviourTarget, options: FleeOptions = {}): EvadeBehavior {
    return this.motion.evade(this.#resolve(target), options);
  }

  /**
   * Keeps within `distance` of a target: walks up, runs when far behind, stands when close.
   * An order: replaces `wander`, `moveTo`...
   *
   * @example
   * dog.follow(player, { distance: 2 });
   */
  follow(target: BehaviourTarget, options: FollowOptions = {}): this {
    this.motion.follow(this.#resolve(target), options);
    return this;
  }

  /** Heads straight for a target at its walk speed (or `speed`). An order. */
  seek(target: BehaviourTarget, options: SeekOptions = {}): this {
    this.motion.seek(this.#resolve(target), options);
    return this;
  }

  /** Chases a moving target, heading where it will be, at its run speed (or `speed`). An order. */
  pursue(target: BehaviourTarget, options: SeekOptions = {}): this {
    this.motion.pursue(this.#resolve(target), options);
    return this;
  }

  /** Wanders again in the area (and outside the areas) of its last `wander`. */
  resumeWander(options: { speed?: number } = {}): this {
    this.motion.resumeWander(options);
    return this;
  }

  /**
   * Adds a steering behaviour of the game's own (see `SteeringBehavior`); orders leave it be
   * until {@link removeBehaviour}. Returns it.
   */
  addBehaviour<B extends SteeringBehavior>(behaviour: B): B {
    return this.motion.addBehavior(behaviour);
  }

  /** Removes a behaviour added by {@link addBehaviour}, {@link flee} or {@link evade}; false if absent. */
  removeBehaviour(behaviour: SteeringBehavior): boolean {
    return this.motion.removeBehavior(behaviour);
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

  #resolve(target: BehaviourTarget): SteeringTarget {
    const resolve = resolvers.get(this);
    if (resolve) return resolve(target);
    if ("motion" in target) return target.motion;
    if ("computeWorldMatrix" in target) throw new Error("a node target needs a creature spawned by a Menagerie");
    return target;
  }
}
