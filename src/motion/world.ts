/**
 * All moving creatures of a scene: one `step(dt)` per frame advances every agent, driven by the
 * frame's delta time, scaled, clamped and pausable. Deterministic for a seed: agents are
 * stepped in the order they were added, each with its own forked random stream.
 */

import { SeededRandom } from "../util/seededRandom.js";
import { MotionAgent } from "./agent.js";
import { SpatialGrid } from "./spatialGrid.js";
import type { MotionAgentOptions, SteeringAgent, SteeringWorld } from "./types.js";

/** Options of a {@link MotionWorld}. */
export interface MotionWorldOptions {
  /** Seed of every random choice in motion. @default 1 */
  seed?: number;
  /** Largest step, seconds: a long frame (tab in background) is cut to this. @default 0.1 */
  maxStepSeconds?: number;
}

export const MOTION_WORLD_DEFAULTS: Readonly<Required<MotionWorldOptions>> = Object.freeze({
  seed: 1,
  maxStepSeconds: 0.1,
});

export class MotionWorld implements SteeringWorld {
  readonly agents: MotionAgent[] = [];
  /** Results of the last {@link findNeighbours}, valid up to the count it returned. */
  readonly neighbours: MotionAgent[] = [];
  /** The largest agent radius, for neighbour search reach. */
  maxRadius = 0;
  timeScale = 1;
  paused = false;
  /** Simulated seconds so far. */
  time = 0;

  readonly #rng: SeededRandom;
  readonly #maxStep: number;
  readonly #grid = new SpatialGrid(2);
  #created = 0;
  #gridFresh = false;
  // Neighbour query state, so the grid visitor is one function made once (no per-call closure).
  #queryAgent: SteeringAgent | undefined;
  #queryRadius2 = 0;
  #found = 0;
  readonly #visit = (i: number): void => {
    const other = this.agents[i]!;
    const me = this.#queryAgent!;
    if (other === me) return;
    const dx = other.x - me.x;
    const dz = other.z - me.z;
    if (dx * dx + dz * dz > this.#queryRadius2) return;
    this.neighbours[this.#found++] = other;
  };

  constructor(options: MotionWorldOptions = {}) {
    const o = { ...MOTION_WORLD_DEFAULTS, ...options };
    this.#rng = new SeededRandom(o.seed);
    this.#maxStep = o.maxStepSeconds;
  }

  /** Creates an agent in this world, with a random stream forked from the world's seed. */
  createAgent(options: Omit<MotionAgentOptions, "rng">): MotionAgent {
    const agent = new MotionAgent({ ...options, rng: this.#rng.fork(this.#created++) });
    this.add(agent);
    return agent;
  }

  add(agent: MotionAgent): void {
    if (agent.world === this) return;
    agent.world = this;
    this.agents.push(agent);
    this.maxRadius = Math.max(this.maxRadius, agent.radius);
    this.#gridFresh = false;
  }

  remove(agent: MotionAgent): void {
    const i = this.agents.indexOf(agent);
    if (i < 0) return;
    this.agents.splice(i, 1);
    agent.cancel();
    agent.world = undefined;
    this.#gridFresh = false;
  }

  /**
   * Advances every agent by `dt` real seconds (times `timeScale`, at most `maxStepSeconds`).
   * Does nothing while paused. Returns the simulated seconds stepped.
   */
  step(dt: number): number {
    if (this.paused || !(dt > 0)) return 0;
    const h = Math.min(dt * this.timeScale, this.#maxStep);
    if (!(h > 0)) return 0;
    this.#grid.rebuild(this.agents, Math.max(1, this.maxRadius * 4));
    this.#gridFresh = true;
    for (let i = 0; i < this.agents.length; i++) {
      const agent = this.agents[i]!;
      agent.dt = h; // a field, not an argument: no boxed double per agent
      agent.advance();
    }
    this.time += h;
    return h;
  }

  /** The radius of the next {@link findNeighbours} (a field, so no double crosses the call). */
  queryRadius = 1;

  /**
   * Finds the agents within {@link queryRadius} of `agent` (positions as of this step's start
   * for the grid, current for the distance check); returns how many, in {@link neighbours}.
   */
  findNeighbours(agent: SteeringAgent): number {
    const radius = this.queryRadius;
    if (!this.#gridFresh) {
      this.#grid.rebuild(this.agents, Math.max(1, this.maxRadius * 4));
      this.#gridFresh = true;
    }
    this.#queryAgent = agent;
    this.#queryRadius2 = radius * radius;
    this.#found = 0;
    const at = this.#grid.at;
    at.x = agent.x;
    at.z = agent.z;
    at.radius = radius + this.#grid.cellSize;
    this.#grid.query(this.#visit);
    this.#queryAgent = undefined;
    return this.#found;
  }
}
