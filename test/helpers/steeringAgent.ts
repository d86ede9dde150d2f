import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { SeededRandom } from "../../src/util/seededRandom.js";

/** A steering agent's fields a test may set (its own, or a field no agent type names). */
export type AgentFields = { -readonly [K in keyof SteeringAgent]?: SteeringAgent[K] } & Record<string, unknown>;

/**
 * A plain agent for calling a behaviour directly, engine-free: standing at the origin facing +Z,
 * walking at 1 m/s, running at 3, in no world, with no neighbours; `fields` overrides any of that.
 */
export function steeringAgent(fields: AgentFields = {}): SteeringAgent {
  return {
    id: 1,
    x: 0,
    z: 0,
    vx: 0,
    vz: 0,
    heading: 0,
    radius: 0.3,
    walkSpeed: 1,
    runSpeed: 3,
    cruiseSpeed: 1,
    maxForce: 6,
    speedLimit: 3,
    dt: 1 / 30,
    rng: new SeededRandom(1),
    world: undefined,
    neighbours: [],
    neighbourCount: 0,
    neighbourRadius: 0,
    ...fields,
  } as SteeringAgent;
}

/** The force a behaviour writes for `agent`, from a scratch that starts at (9, 9) so a component left unwritten shows. */
export function forceOf(
  behaviour: { calculate(agent: SteeringAgent, out: Vec2, dt: number): void },
  agent: SteeringAgent,
): Vec2 {
  const out = { x: 9, z: 9 };
  behaviour.calculate(agent, out, agent.dt);
  return out;
}
