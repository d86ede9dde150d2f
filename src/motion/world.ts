/**
 * The motion world with its agents' code: {@link MotionWorld} is {@link MotionWorldCore} (the
 * world, its obstacles, bodies, grid and time) plus `createAgent`, which brings steering and
 * gaits along. A Menagerie holds a core from the start and makes agents with
 * {@link createAgentIn} once its first creature's code has loaded.
 */

import { MotionAgent, type MotionAgentOptions } from "./motionAgent.js";
import { ObstacleIndex } from "./obstacleIndex.js";
import { type AgentSlot, MotionWorldCore } from "./worldCore.js";

export { type AgentSlot, MOTION_WORLD_DEFAULTS, type MotionWorldOptions } from "./worldCore.js";

/**
 * Creates an agent in `world` in `slot` (a place {@link MotionWorldCore.reserveAgent} gave,
 * while its model loaded), or in the next place: its number, random stream and step order.
 */
export function createAgentIn(
  world: MotionWorldCore,
  options: Omit<MotionAgentOptions, "rng" | "id">,
  slot: AgentSlot = world.reserveAgent(),
): MotionAgent {
  const agent = new MotionAgent({ ...options, id: slot.id, rng: slot.rng });
  world.add(agent, slot);
  return agent;
}

export class MotionWorld extends MotionWorldCore {
  /** @internal */
  override obstacleIndex: ObstacleIndex | undefined = new ObstacleIndex();

  /**
   * Creates an agent in this world, in `slot` (see {@link reserveAgent}) or the next place: its
   * number and random stream (forked from the world's seed) are its place in placement order.
   */
  createAgent(options: Omit<MotionAgentOptions, "rng" | "id">, slot?: AgentSlot): MotionAgent {
    return createAgentIn(this, options, slot);
  }
}
