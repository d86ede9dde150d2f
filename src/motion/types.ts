/**
 * The small shared types of motion: what a steering behaviour may read of its agent and of the
 * agent's world. Behaviours (steering.ts) depend on these, not on the MotionAgent and
 * MotionWorld classes, so the agent can own behaviours and the world own agents without a
 * circle between the files.
 */
import type { SeededRandom } from "../util/seededRandom.js";
import type { Area } from "./area.js";
import type { GaitTable } from "./gaits/index.js";
import type { RigRoles } from "./rigRoles.js";

/** A 2D vector on the ground plane (x, z). */
export interface Vec2 {
  x: number;
  z: number;
}

/** Ground height at (x, z), metres. */
export type HeightFunction = (x: number, z: number) => number;

/** What a behaviour reads of the agent it steers (a `MotionAgent` is one). */
export interface SteeringAgent {
  readonly id: number;
  x: number;
  z: number;
  vx: number;
  vz: number;
  /** Radians about +Y; 0 faces +Z. */
  heading: number;
  /** Footprint radius, metres. */
  radius: number;
  cruiseSpeed: number;
  maxForce: number;
  /** The step being taken, seconds. */
  dt: number;
  readonly rng: SeededRandom;
  /** The world it moves in, when added to one. */
  world: SteeringWorld | undefined;
}

/** What a behaviour reads of the world: the neighbour search (a `MotionWorld` is one). */
export interface SteeringWorld {
  /** The largest agent radius, for neighbour search reach. */
  readonly maxRadius: number;
  /** The radius of the next {@link findNeighbours}. */
  queryRadius: number;
  /** Results of the last {@link findNeighbours}, valid up to the count it returned. */
  readonly neighbours: readonly SteeringAgent[];
  /** Finds the agents within `queryRadius` of `agent`; returns how many, in `neighbours`. */
  findNeighbours(agent: SteeringAgent): number;
}

/** A force-producing behaviour. */
export interface SteeringBehavior {
  /** Inactive behaviours are skipped. */
  active: boolean;
  /** Multiplies the force before summing. */
  weight: number;
  /**
   * Writes this behaviour's force on `agent` into `out`; the step length is `agent.dt`.
   * (Numbers travel in fields, not arguments: V8 boxes doubles passed to calls it does not
   * inline, and this runs per agent per frame.)
   */
  calculate(agent: SteeringAgent, out: Vec2): void;
}

/** Options of a {@link MotionAgent}. */
export interface MotionAgentOptions {
  roles: RigRoles;
  rng: SeededRandom;
  /** The record's behaviour (walk, fly, swim, ...). */
  behaviour?: string | undefined;
  x?: number;
  y?: number;
  z?: number;
  heading?: number;
  /** Gait table to choose from. @default BEHAVIOUR_GAITS */
  gaits?: GaitTable;
}

/** What `MotionAgent.wander` takes: where to wander, what to avoid, at what speed. */
export interface WanderOrder {
  area?: Area | undefined;
  avoid?: readonly Area[] | undefined;
  speed?: number | undefined;
}

/** What `MotionAgent.moveTo` takes: the speed, and who hears of arrival (or interruption). */
export interface MoveOrder {
  speed?: number | undefined;
  onArrive?: ((arrived: boolean) => void) | undefined;
}
