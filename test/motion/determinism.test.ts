/**
 * Replays in the engine-free world: an agent's number, random stream and step order are its
 * place in placement order (reserved before its agent exists), never the order agents are made.
 */
import { describe, expect, it } from "vitest";
import type { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { type AgentSlot, MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);
const area = { center: { x: 0, z: 0 }, radius: 5 };

/** Three wanderers placed in reserved places, made in `madeOrder`; their tracks after 400 steps. */
function herd(madeOrder: number[]) {
  const world = new MotionWorld({ seed: 3 });
  const slots: AgentSlot[] = [0, 1, 2].map(() => world.reserveAgent());
  const agents: MotionAgent[] = [];
  for (const i of madeOrder) {
    const agent = world.createAgent({ roles, behaviour: "walk", x: i * 0.6, z: 0 }, slots[i]);
    agent.wander({ area });
    agents[i] = agent;
  }
  const stepped: number[] = [];
  const recorder: SteeringBehavior = {
    active: true,
    weight: 1,
    calculate(agent: SteeringAgent, out: Vec2) {
      if (stepped.length < 3) stepped.push(agent.id);
      out.x = 0;
      out.z = 0;
    },
  };
  for (const agent of agents) agent.behaviours.push(recorder);
  for (let i = 0; i < 400; i++) world.step(1 / 30);
  return {
    ids: agents.map((a) => a.id),
    stepped,
    order: world.agents.map((a) => agents.indexOf(a)),
    tracks: agents.map((a) => [a.x, a.z, a.heading]),
  };
}

describe("replays in the motion world", () => {
  it("numbers, streams and steps agents by reserved place, whatever order they are made in", () => {
    const inOrder = herd([0, 1, 2]);
    const reversed = herd([2, 0, 1]);
    expect(inOrder.ids).toEqual([1, 2, 3]);
    expect(reversed.ids).toEqual([1, 2, 3]);
    expect(reversed.order).toEqual([0, 1, 2]);
    expect(reversed.stepped).toEqual([1, 2, 3]);
    expect(reversed.tracks).toEqual(inOrder.tracks);
  });

  it("numbers each world's agents from 1, so a second run in one process replays the first", () => {
    const run = () => {
      const world = new MotionWorld({ seed: 8 });
      const agents = [0, 1].map((i) => world.createAgent({ roles, behaviour: "walk", x: i, z: 0 }));
      for (const a of agents) a.wander({ area });
      for (let i = 0; i < 200; i++) world.step(1 / 30);
      return agents.map((a) => [a.id, a.x, a.z]);
    };
    expect(run()).toEqual(run());
  });

  it("puts an agent made outside after every place taken so far, and a reserved one in its place", () => {
    const world = new MotionWorld();
    const early = world.reserveAgent();
    const first = world.createAgent({ roles });
    const outsider = new MotionAgent({ roles, rng: new SeededRandom(1) });
    world.add(outsider);
    const late = world.createAgent({ roles }, early);
    const next = world.createAgent({ roles });
    expect(world.agents).toEqual([late, first, outsider, next]);
    expect([late.id, first.id, next.id]).toEqual([1, 2, 3]);
    world.remove(first);
    expect(world.agents).toEqual([late, outsider, next]);
  });
});
