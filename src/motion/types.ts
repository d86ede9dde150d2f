/**
 * The small shared types of motion: what a steering behaviour may read of its agent and of the
 * agent's world. Behaviours (`behaviors/`) depend on these, not on the MotionAgent and
 * MotionWorld classes, so the agent can own behaviours and the world own agents without a
 * circle between the files.
 */
import type { SeededRandom } from "../util/seededRandom.js";
import type { Area } from "./area.js";
import type { JumpLeg, JumpPhase } from "./jumpArc.js";
import type { ObstacleIndex } from "./obstacleIndex.js";

/**
 * A 2D vector on the ground plane (x, z).
 * @category Motion
 */
export interface Vec2 {
  /** East-west, metres (or m/s, m/s² for velocities and forces). */
  x: number;
  /** North-south, metres (or m/s, m/s²). */
  z: number;
}

/**
 * Ground height at (x, z), metres.
 * @category Motion
 */
export type HeightFunction = (x: number, z: number) => number;

/**
 * Where a creature may be: `"ground"` keeps out of the world's water (every order, every
 * reaction), `"water"` keeps in it (once in it), `"air"` passes over it, `"amphibious"` goes in
 * and out. A creature's realm follows its behaviour (fly → air, swim → water, else ground)
 * unless its record names an amphibious kind (see `AMPHIBIOUS_CREATURES`) or a game sets it.
 * @category Motion
 */
export type CreatureRealm = "ground" | "water" | "air" | "amphibious";

/**
 * What a behaviour reads of the agent it steers (a `MotionAgent` is one).
 * @category Motion
 */
export interface SteeringAgent {
  /** Unique per agent in this page or process. */
  readonly id: number;
  /** Position east-west, metres. */
  x: number;
  /** Position north-south, metres. */
  z: number;
  /** Height of its feet, metres: separation and catches count it. @default 0 when a custom agent has none */
  readonly y?: number;
  /** Height it flies at above the ground or water, metres; above 0 it passes over obstacles. @default 0 */
  readonly altitude?: number;
  /** A height a flier dives to this step (a hunt's stoop), metres; its flight clears it each step. */
  stoopY?: number | undefined;
  /** Velocity along x, m/s. */
  vx: number;
  /** Velocity along z, m/s. */
  vz: number;
  /** Radians about +Y; 0 faces +Z. */
  heading: number;
  /** Footprint radius, metres. */
  radius: number;
  /** Where it may be (ground, water, air, amphibious). @default "ground" when a custom agent has none */
  readonly realm?: CreatureRealm;
  /** Its walking pace, m/s (the species', or set per creature). */
  walkSpeed: number;
  /** Its top speed, m/s (the species', or set per creature). */
  runSpeed: number;
  /** The pace the current order aims for, m/s. */
  cruiseSpeed: number;
  /** Cap on the summed steering force (an acceleration, m/s²). */
  maxForce: number;
  /**
   * The speed cap of the step being taken, m/s: a behaviour that needs more (fleeing at a run)
   * raises it for this step; it starts each step at the agent's `maxSpeed`.
   */
  speedLimit: number;
  /** The step being taken, seconds. */
  dt: number;
  /** Its own seeded random numbers. */
  readonly rng: SeededRandom;
  /** The world it moves in, when added to one. */
  world: SteeringWorld | undefined;
  /**
   * Its neighbours, gathered by the world once per step before its behaviours run (Yuka's
   * `neighbors`): the agents within {@link neighbourRadius}, valid up to {@link neighbourCount}.
   * Separation and group behaviours read these instead of searching the world themselves.
   */
  readonly neighbours: readonly SteeringAgent[];
  /** How many of {@link neighbours} are this step's. */
  readonly neighbourCount: number;
  /**
   * Reach of the neighbour gathering, metres from its centre: at least what its separation
   * needs; a group it joins raises it to the group's view radius.
   */
  neighbourRadius: number;
}

/**
 * What a behaviour reads of the world: the neighbour search (a `MotionWorld` is one).
 * @category Motion
 */
export interface SteeringWorld {
  /** The largest agent radius, for neighbour search reach. */
  readonly maxRadius: number;
  /** The radius of the next {@link findNeighbours}. */
  queryRadius: number;
  /** Results of the last {@link findNeighbours}, valid up to the count it returned. */
  readonly neighbours: readonly SteeringAgent[];
  /** Finds the agents within `queryRadius` of `agent`; returns how many, in `neighbours`. */
  findNeighbours(agent: SteeringAgent): number;
  /**
   * The agent stepping now, whose `neighbours` the world gathered for this step (none between
   * steps, or for an agent stepped on its own).
   * @internal
   */
  readonly gatheredFor?: SteeringAgent | undefined;
  /** Areas every agent steers around (rocks, fences, houses). */
  readonly obstacles: readonly Obstacle[];
  /**
   * The {@link obstacles} by place, for avoidance to read only those near an agent.
   * @internal
   */
  readonly obstacleIndex?: ObstacleIndex;
  /**
   * Counts changes to {@link obstacles} and {@link waters} (one more on each add and remove): a creature walking a
   * planned path plans again when it changes. @default 0 when a world does not count them
   */
  readonly obstacleVersion?: number;
  /** Bodies that are not creatures (a player, a car): every agent steers around them. */
  readonly bodies: readonly SteeringTarget[];
  /**
   * Water areas: ground creatures keep out of them, swimmers keep in them, flyers pass over.
   * @default none when a world has no water
   */
  readonly waters?: readonly Obstacle[];
  /** Simulated seconds so far; one value for the whole of a step (behaviours cache per step by it). */
  readonly time: number;
  /**
   * How walkers find their way and where they may stand (a navmesh); every order asks it.
   * @default the grid A* round the world's obstacles and waters, on the ground function
   */
  readonly pathPlanner?: PathPlanner | undefined;
}

/**
 * What a {@link PathPlanner} reads of the creature it plans for (a `MotionAgent` is one).
 * @category Motion
 */
export interface PlannedAgent {
  /** Position across, metres. */
  readonly x: number;
  /** Height of its feet, metres: which floor it is on, where floors lie above each other (a bridge over a river). */
  readonly y: number;
  /** Position along, metres. */
  readonly z: number;
  /** Its radius, metres: the clearance a path keeps. */
  readonly radius: number;
  /** Where it moves: walkers keep out of water, swimmers in it. */
  readonly realm?: CreatureRealm;
  /** Height above the ground while flying; 0 on the ground. */
  readonly altitude: number;
  /** Set for swimmers: they hold a depth under it. */
  readonly waterLevel?: number | undefined;
  /** Its world: the obstacles and waters a path goes round. */
  readonly world: SteeringWorld | undefined;
}

/**
 * Plans creatures' ways and keeps walkers on the walkable surface: the grid A* by default, a
 * navmesh when a game enables navigation. A world has one, asked by every order.
 * @category Motion
 */
export interface PathPlanner {
  /**
   * Waypoints from `from` to `to` (`to` not included): empty when a straight walk is fine,
   * `undefined` when `to` cannot be reached (a `moveTo` then settles `false`). `avoid`: the
   * areas the creature's orders keep out of, as obstacles.
   */
  plan(agent: PlannedAgent, from: Vec2, to: Vec2, avoid?: readonly Obstacle[]): Vec2[] | undefined;
  /** Whether it plans for `agent`; the grid A* plans for the others (a navmesh leaves flyers and swimmers to it). @default true */
  plans?(agent: PlannedAgent): boolean;
  /** The point a walker sent to `to` heads for instead (on the surface, nearest to it). @default `to` */
  reachable?(agent: PlannedAgent, to: Vec2): Vec2;
  /**
   * Keeps a walker on the surface after it moved: puts its (x, z) back on it and returns the
   * height of its feet there, or `undefined` for a creature it does not hold (in flight, swimming,
   * off every surface), which then stands on the ground function.
   */
  standOn?(agent: PlannedAgent & { x: number; z: number }): number | undefined;
  /**
   * The height of the surface at (x, z) within a step up or down of feet at `y` (the nearest
   * edge's, off it), or `undefined` with no surface near: where a walker's feet would stand
   * there, for its lean to the ground (`GroundTilt`). Without it, the ground function.
   */
  heightNear?(x: number, y: number, z: number): number | undefined;
  /**
   * Where a walker it holds, steering for `to` (a chase, a herd's pull), heads now so it keeps
   * to the surface: `to` when the way there is straight on it, else the next corner of its way
   * round; written into `out`. @default `to`
   */
  aim?(agent: SteeringAgent, to: Readonly<Vec2>, out: Vec2): void;
  /**
   * The direction nearest the unit (`dx`, `dz`) in which a walker it holds can go `length`
   * metres on the surface (a flight along a river bank, not into it), a unit vector written
   * into `out`. @default (`dx`, `dz`)
   */
  openWay?(agent: SteeringAgent, dx: number, dz: number, length: number, out: Vec2): void;
  /**
   * A jump put a walker down at its (x, y, z): stands it on the surface there (the floor it
   * landed on, not the one it left) and returns the height of its feet. @default it stays where it landed
   */
  landed?(agent: PlannedAgent & { x: number; z: number }): number | undefined;
}

/**
 * What a behaviour steers relative to: a point, another creature's motion, or a tracked node
 * (a player). `vx`, `vz` (m/s), when known, let pursuit and evasion predict where it goes.
 * @category Motion
 */
export interface SteeringTarget {
  /** Position east-west, metres. */
  readonly x: number;
  /** Position north-south, metres. */
  readonly z: number;
  /** Velocity along x, m/s, when known. */
  readonly vx?: number;
  /** Velocity along z, m/s, when known. */
  readonly vz?: number;
  /** Its footprint radius, metres, when it has one. */
  readonly radius?: number;
}

/**
 * An area agents steer around, with its bounding circle for a cheap first test.
 * @category Motion
 */
export interface Obstacle {
  /** Its shape on the ground. */
  readonly area: Area;
  /** Centre of its bounding circle, x. */
  readonly x: number;
  /** Centre of its bounding circle, z. */
  readonly z: number;
  /** Radius of its bounding circle, metres. */
  readonly reach: number;
  /** A water's surface height, metres (swimmers keep under it). @default 0 for a water that gives none */
  readonly level?: number | undefined;
  /**
   * Height of the floor it stands on, when it was given one (a circle's `center.y`): where
   * floors lie above each other (a navmesh), walkers on another floor (a deck over it) pass.
   * @default on every floor
   */
  readonly y?: number | undefined;
}

/**
 * What `MotionAgent.wander` takes: where to wander, what to avoid, at what speed.
 * @category Motion
 */
export interface WanderOrder {
  /** Stay inside this area. @default anywhere */
  area?: Area | undefined;
  /**
   * Stay out of these areas: every later order and reaction (moveTo, follow, flight, a hunt, a
   * herd's pull) keeps out of them too, until a `wander` sets others. @default none
   */
  avoid?: readonly Area[] | undefined;
  /** Speed of this order only, m/s. @default the agent's walkSpeed */
  speed?: number | undefined;
}

/**
 * What `MotionAgent.moveTo` takes: the speed, and who hears of arrival (or interruption).
 * @category Motion
 */
export interface MoveOrder {
  /** Speed of this order only, m/s. @default the agent's walkSpeed */
  speed?: number | undefined;
  /** Arrived when its centre is this near the target, metres. @default half its radius (at least 0.05) */
  tolerance?: number | undefined;
  /**
   * Seconds of game time without getting 2 cm nearer its next waypoint or target than it has
   * been, however fast it goes meanwhile (standing, creeping, or running round a pond it cannot
   * cross), after which it gives up: `onArrive(false)`, and it idles. Time a reaction (fleeing)
   * holds the order paused, or neighbours shove it back, does not count, and the walk back from
   * where it was left is progress. @default 5
   */
  stuckSeconds?: number | undefined;
  /** Told `true` on arrival, `false` when another order came first. @default none */
  onArrive?: ((arrived: boolean) => void) | undefined;
}

/**
 * The pose a `visit` takes where it arrives: `"drink"` and `"graze"` bow the head of a
 * part-built body (a rigged one idles; its `ClipMixer.pose` plays a clip of that name), `"idle"` stands.
 * @category Motion
 */
export type VisitPose = "drink" | "graze" | "idle" | (string & {});

/**
 * What `MotionAgent.visit` takes: how long to stay and in what pose, plus a moveTo's options.
 * @category Motion
 */
export interface VisitOrder extends Omit<MoveOrder, "onArrive"> {
  /** Seconds of game time it stays there. @default 10 */
  stay?: number | undefined;
  /** Its pose while it stays. @default "idle" */
  pose?: VisitPose | undefined;
  /** Told `true` once it has stayed (it then goes back to its order), `false` when interrupted or stuck. @default none */
  onDone?: ((stayed: boolean) => void) | undefined;
}

/** What an agent tells its owner (the Babylon creature): arrivals and state changes. */
export interface MotionEvents {
  /** A `moveTo` reached (x, z). */
  arrived(x: number, z: number): void;
  /** Its state changed (`idle`, `wander`, `moveTo`, `flee`, `follow`, ...). */
  stateChanged(state: string, previous: string): void;
  /** A phase of a jump began: take-off (`start`), the apex (`fall`), touch-down (`end`). */
  jumped?(phase: JumpPhase, leg: JumpLeg): void;
}
