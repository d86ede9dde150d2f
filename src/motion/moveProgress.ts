/**
 * The watch a `moveTo` keeps on its progress: it gives up after `stuckSeconds` of game time
 * without coming {@link PROGRESS_MARGIN} (2 cm) nearer its aim (the next waypoint, or the
 * target) than it has been, however fast it goes meanwhile: standing, creeping, or running
 * round a pond it cannot cross are all no progress. A creature jostled about by its herd keeps
 * going as long as it gets nearer now and then. While something else carries it (a reaction
 * it is engaged in, or neighbours shoving it back harder than its order pulls: a herd
 * stampeding past) the watch pauses, and measures again from where it is left: the walk back
 * is progress, not a stall. Allocation-free: it runs each step of a moving agent.
 */
import type { RouteBehavior } from "./behaviors/route.js";
import type { SteeringAgent, Vec2 } from "./types.js";

/** How much nearer its aim a `moveTo` must come to count as progress, metres. */
const PROGRESS_MARGIN = 0.02;

/**
 * True when `push` (the neighbours' weighed push on `agent` this step) drives it away from
 * `aim` harder than its order pulls it there from a standstill (its cruise speed).
 */
export function shovedBack(aim: Vec2, agent: SteeringAgent, push: Readonly<Vec2>): boolean {
  const dx = aim.x - agent.x;
  const dz = aim.z - agent.z;
  const d = Math.sqrt(dx * dx + dz * dz);
  return d > 1e-9 && -(push.x * dx + push.z * dz) / d > agent.cruiseSpeed;
}

/** Progress toward an aim: how near it came, and the seconds since it last came nearer. */
export class MoveProgress {
  /** Seconds without progress before giving up. */
  stuckSeconds = 5;
  #aim: Vec2 | undefined;
  #best = 0;
  #stall = 0;

  /** Starts watching a new order. */
  reset(stuckSeconds: number): void {
    this.stuckSeconds = stuckSeconds;
    this.#aim = undefined;
    this.#stall = 0;
  }

  /**
   * Counts one step of `agent` (its `dt`) toward `route`'s aim; true once it is stuck.
   * `carried`: something other than its order moved it this step (see the file's comment).
   */
  stuck(route: RouteBehavior, agent: SteeringAgent, carried = false): boolean {
    const aim = route.aim;
    const dx = aim.x - agent.x;
    const dz = aim.z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (aim !== this.#aim || d < this.#best - PROGRESS_MARGIN) {
      this.#aim = aim;
      this.#best = d;
      this.#stall = 0;
      return false;
    }
    if (carried) {
      this.#best = Math.max(this.#best, d);
      return false;
    }
    this.#stall += agent.dt;
    return this.#stall >= this.stuckSeconds;
  }
}
