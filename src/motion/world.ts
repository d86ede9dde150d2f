/**
 * The motion world with its agents' code: {@link MotionWorld} is {@link MotionWorldCore} (the
 * world, its obstacles, bodies, grid and time) plus `createAgent`, which brings steering and
 * gaits along. A Menagerie holds a core from the start and makes agents with
 * {@link createAgentIn} once its first creature's code has loaded.
 */
import { MotionAgent, type MotionAgentOptions } from "./motionAgent.js";
import { MotionWorldCore } from "./worldCore.js";

export { MOTION_WORLD_DEFAULTS, type MotionWorldOptions } from "./worldCore.js";

/** Creates an agent in `world`, with a random stream forked from the world's seed. */
export function createAgentIn(world: MotionWorldCore, options: Omit<MotionAgentOptions, "rng">): MotionAgent {
  const agent = new MotionAgent({ ...options, rng: world.nextAgentRandom() });
  world.add(agent);
  return agent;
}

export class MotionWorld extends MotionWorldCore {
  /** Creates an agent in this world, with a random stream forked from the world's seed. */
  createAgent(options: Omit<MotionAgentOptions, "rng">): MotionAgent {
    return createAgentIn(this, options);
  }
}
