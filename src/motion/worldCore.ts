/**
 * All moving creatures of a scene: one `step(dt)` per frame advances every agent, driven by the
 * frame's delta time, scaled, clamped and pausable. Deterministic for a seed and a series of
 * steps: each agent's number and random stream are its place in the world's placement order
 * ({@link MotionWorldCore.reserveAgent}), and agents step in that order, not the order they
 * joined, so models that finish loading in another order give the same world.
 *
 * This is the world without the code of its agents (steering, gaits: see world.ts, which adds
 * `createAgent`), so that a Menagerie holds its world, obstacles and time from the start while
 * the agents' code loads with its first creature.
 */

import { assignDefaults, positiveNumber } from "../core/options.js";
import { SeededRandom } from "../util/seededRandom.js";
import type { Area } from "./area.js";
import type { MotionAgent } from "./motionAgent.js";
import type { ObstacleIndex } from "./obstacleIndex.js";
import { createObstacle } from "./obstacles.js";
import { SpatialGrid } from "./spatialGrid.js";
import type { Obstacle, PathPlanner, SteeringAgent, SteeringTarget, SteeringWorld } from "./types.js";
import { isInWater } from "./water.js";

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

/**
 * A place in a world's placement order, taken before its agent exists (while its model loads):
 * the agent's number and its random stream, forked from the world's seed.
 */
export interface AgentSlot {
  readonly id: number;
  readonly rng: SeededRandom;
}

export class MotionWorldCore implements SteeringWorld {
  /** Its agents, in placement order (the order they step in). */
  readonly agents: MotionAgent[] = [];
  /** Results of the last {@link findNeighbours}, valid up to the count it returned. */
  readonly neighbours: MotionAgent[] = [];
  /** The largest agent radius, for neighbour search reach. */
  maxRadius = 0;
  timeScale = 1;
  paused = false;
  /** Simulated seconds so far. */
  time = 0;
  /** Areas every agent steers around ({@link addObstacle}). */
  readonly obstacles: Obstacle[] = [];
  /**
   * The obstacles by place, rebuilt when they change (checked once a step), for avoidance to read only those near an agent: installed by
   * `MotionWorld` and by a Menagerie's runtime chunk (so the first download does not carry it);
   * without one, avoidance reads every obstacle (the same forces, slower in a crowd).
   * @internal
   */
  obstacleIndex: ObstacleIndex | undefined = undefined;
  /** One more on each obstacle or water added or removed: creatures walking a planned path plan again. */
  obstacleVersion = 0;
  /** Water areas ({@link addWater}): ground creatures keep out, swimmers keep in, flyers pass over. */
  readonly waters: Obstacle[] = [];
  /** Bodies that are not agents (a player, a car) every agent steers around ({@link addBody}). */
  readonly bodies: SteeringTarget[] = [];
  /**
   * How walkers find their way and where they stand: a navmesh once navigation is on; unset, the
   * grid A*. Declared, not initialised: no byte of it in a game's first download.
   */
  declare pathPlanner: PathPlanner | undefined;

  readonly #rng: SeededRandom;
  readonly #maxStep: number;
  readonly #grid = new SpatialGrid(2);
  /** Places reserved so far: the last agent number given. */
  #created = 0;
  /** Each agent's place in the step order, beside {@link agents}. */
  readonly #order: number[] = [];
  #gridFresh = false;
  /** This step, boxed once for all agents (see `MotionAgent.advance`); never a plain double first. */
  #stepBox: number | undefined = undefined;
  /**
   * How far any agent may have moved since the grid was built, metres: a query reaches this
   * much further into the grid's positions. Inside a step it is the largest step taken since
   * (see {@link advance}); outside one it is a whole cell, for agents stepped on their own.
   */
  #drift = 0.5;
  /** True while {@link advance} steps the agents, measuring each move into {@link #drift}. */
  #measuring = false;

  /** @throws OptionsError when `maxStepSeconds` is not a positive finite number. */
  constructor(options: MotionWorldOptions = {}) {
    // An option given as `undefined` takes its default, as an omitted one does.
    const o = assignDefaults(MOTION_WORLD_DEFAULTS, options);
    this.#rng = new SeededRandom(o.seed);
    this.#maxStep = positiveNumber("maxStepSeconds", o.maxStepSeconds);
  }

  /**
   * Takes the next place in placement order: an agent number (1, 2, ...) and a random stream
   * forked from the world's seed. A spawn takes it when it is asked for, so its agent steps
   * in that place however late its model arrives; a place never filled (a failed load) is skipped.
   */
  reserveAgent(): AgentSlot {
    const id = ++this.#created;
    return { id, rng: this.#rng.fork(id - 1) };
  }

  /** The random stream of the next place ({@link reserveAgent}'s, without its number). */
  nextAgentRandom(): SeededRandom {
    return this.reserveAgent().rng;
  }

  /**
   * Adds an agent in its place in the step order: `slot`'s, when it was made in a place
   * {@link reserveAgent} gave, else after every place taken so far.
   */
  add(agent: MotionAgent, slot?: AgentSlot): void {
    if (agent.world === this) return;
    agent.world = this;
    const place = slot ? slot.id : this.#created + 0.5;
    let i = this.agents.length;
    while (i > 0 && this.#order[i - 1]! > place) i--;
    this.agents.splice(i, 0, agent);
    this.#order.splice(i, 0, place);
    this.maxRadius = Math.max(this.maxRadius, agent.radius);
    this.#gridFresh = false;
  }

  remove(agent: MotionAgent): void {
    const i = this.agents.indexOf(agent);
    if (i < 0) return;
    this.agents.splice(i, 1);
    this.#order.splice(i, 1);
    agent.cancel();
    agent.world = undefined;
    this.#gridFresh = false;
  }

  /** Adds an area every agent steers around; returns it, for {@link removeObstacle}. */
  addObstacle(area: Area): Obstacle {
    const obstacle = createObstacle(area);
    this.obstacles.push(obstacle);
    this.obstacleVersion++;
    return obstacle;
  }

  /** Removes an obstacle; false when it was not there. */
  removeObstacle(obstacle: Obstacle): boolean {
    if (!removeFrom(this.obstacles, obstacle)) return false;
    this.obstacleVersion++;
    return true;
  }

  /**
   * Adds a water area, for every agent and every order: ground agents keep out of it (their
   * paths go round it, their steps never end in it), swimmers keep in it, flyers pass over,
   * amphibious agents go in and out. `level` is its surface (swimmers keep under it, above
   * the ground: see `DEPTH_BANDS`), 0 when not given. Returns it, for {@link removeWater}.
   */
  addWater(area: Area, level?: number): Obstacle {
    const water = createObstacle(area, level);
    this.waters.push(water);
    this.obstacleVersion++;
    return water;
  }

  /** Removes a water area; false when it was not there. */
  removeWater(water: Obstacle): boolean {
    if (!removeFrom(this.waters, water)) return false;
    this.obstacleVersion++;
    return true;
  }

  /** True when (x, z) is in one of the world's waters. */
  isInWater(x: number, z: number): boolean {
    return isInWater(this.waters, x, z);
  }

  /** Adds a body that is not an agent (its owner moves it); every agent steers around it. */
  addBody(body: SteeringTarget): void {
    if (!this.bodies.includes(body)) this.bodies.push(body);
  }

  /** Removes a body; false when it was not there. */
  removeBody(body: SteeringTarget): boolean {
    return removeFrom(this.bodies, body);
  }

  /** The largest step, seconds: a longer one is cut to this. */
  get maxStepSeconds(): number {
    return this.#maxStep;
  }

  /**
   * Advances every agent by `dt` real seconds (times `timeScale`, at most `maxStepSeconds`).
   * Does nothing while paused. Returns the simulated seconds stepped.
   */
  step(dt: number): number {
    return this.paused ? 0 : this.advance(dt);
  }

  /** {@link step}, paused or not: a game's own fixed step asks for it explicitly. */
  advance(dt: number): number {
    if (!(dt > 0)) return 0;
    const h = Math.min(dt * this.timeScale, this.#maxStep);
    if (!(h > 0)) return 0;
    this.#rebuildGrid();
    this.obstacleIndex?.refresh(this.obstacles, this.obstacleVersion);
    this.#stepBox = h;
    const box = this.#stepBox;
    this.#measuring = true;
    this.#drift = 0;
    try {
      for (let i = 0; i < this.agents.length; i++) {
        const agent = this.agents[i]!;
        agent.dt = h; // a field, not an argument: no boxed double per agent
        this.#gather(agent);
        this.gatheredFor = agent;
        const x = agent.x;
        const z = agent.z;
        agent.advance(box);
        this.gatheredFor = undefined;
        // Its move, so later queries still find it from where the grid has it.
        const moved = Math.sqrt((agent.x - x) * (agent.x - x) + (agent.z - z) * (agent.z - z));
        if (moved > this.#drift) this.#drift = moved;
      }
    } finally {
      this.#measuring = false;
      this.gatheredFor = undefined;
    }
    this.time += h;
    return h;
  }

  /**
   * Gathers an agent's neighbours for its step, into its own list (Yuka's `neighbors`): every
   * behaviour that reads neighbours (separation, groups) reads this one list.
   */
  #gather(agent: MotionAgent): void {
    // At least separation's reach, whatever the larger agents around (see SeparationBehavior).
    this.queryRadius = Math.max(agent.neighbourRadius, agent.separation.radius + agent.radius + this.maxRadius);
    agent.neighbourCount = this.#search(agent, agent.neighbours); // straight into its list: no copy
  }

  /**
   * The agent stepping now, whose `neighbours` were gathered for this step.
   * @internal
   */
  gatheredFor: MotionAgent | undefined = undefined;

  /** The radius of the next {@link findNeighbours} (a field, so no double crosses the call). */
  queryRadius = 1;

  /**
   * Finds the agents within {@link queryRadius} of `agent` (positions as of this step's start
   * for the grid, current for the distance check); returns how many, in {@link neighbours}.
   */
  findNeighbours(agent: SteeringAgent): number {
    return this.#search(agent, this.neighbours);
  }

  /** {@link findNeighbours} into `into`. */
  #search(agent: SteeringAgent, into: SteeringAgent[]): number {
    const radius = this.queryRadius;
    if (!this.#gridFresh) this.#rebuildGrid();
    const grid = this.#grid;
    const at = grid.at;
    at.x = agent.x;
    at.z = agent.z;
    at.radius = radius + (this.#measuring ? this.#drift : grid.cellSize);
    const candidates = grid.near();
    const found = grid.found;
    const agents = this.agents;
    const r2 = radius * radius;
    let count = 0;
    for (let k = 0; k < candidates; k++) {
      const other = agents[found[k]!]!;
      if (other === agent) continue;
      const dx = other.x - agent.x;
      const dz = other.z - agent.z;
      if (dx * dx + dz * dz > r2) continue;
      into[count++] = other;
    }
    return count;
  }

  /** Builds the neighbour grid from the agents' positions now: nothing has moved since. */
  #rebuildGrid(): void {
    this.#grid.rebuild(this.agents, Math.max(1, this.maxRadius * 4));
    this.#gridFresh = true;
    this.#drift = 0;
  }

  /**
   * Agents whose centre is within `radius` of (x, z), nearest first, from this step's grid.
   * Allocates the returned list: for game queries, not per-agent steering.
   */
  agentsNear(x: number, z: number, radius: number): MotionAgent[] {
    if (!this.#gridFresh) this.#rebuildGrid();
    const found: [MotionAgent, number][] = [];
    const at = this.#grid.at;
    at.x = x;
    at.z = z;
    at.radius = radius + (this.#measuring ? this.#drift : this.#grid.cellSize);
    this.#grid.query((i) => {
      const agent = this.agents[i]!;
      const d2 = (agent.x - x) ** 2 + (agent.z - z) ** 2;
      if (d2 <= radius * radius) found.push([agent, d2]);
    });
    return found.sort((a, b) => a[1] - b[1] || a[0].id - b[0].id).map(([agent]) => agent);
  }
}

function removeFrom<T>(list: T[], item: T): boolean {
  const i = list.indexOf(item);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
