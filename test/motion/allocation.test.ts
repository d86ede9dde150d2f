// Its own file: Vitest isolates modules per file, so the JIT sees only this file's agents.
import { describe, expect, it } from "vitest";
import { MotionWorld } from "../../src/motion/world.js";
import { type Settled, settledBytesPerUnit } from "../helpers/allocations.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

/** Young-generation bytes per agent-step of `world`, once the code is optimised. */
function settledBytesPerAgentStep(world: MotionWorld): Settled {
  const steps = (n: number) => {
    for (let i = 0; i < n; i++) world.step(1 / 60);
  };
  return settledBytesPerUnit(steps, { warm: 2000, units: 100, perCall: world.agents.length, bound: 1 });
}

describe("allocation", () => {
  it("a walking, posed creature allocates nothing per step once optimised", () => {
    const roles = quadrupedRoles(0.5);
    const world = new MotionWorld({ seed: 5 });
    for (let i = 0; i < 200; i++) {
      const agent = world.createAgent({
        roles,
        behaviour: i % 2 ? "walk" : "trot",
        x: (i % 20) * 0.6,
        z: Math.floor(i / 20) * 0.6,
      });
      agent.vz = 0.1 + (i % 7) * 0.05; // a range of speeds: walk, blend and trot
    }
    const { median, message } = settledBytesPerAgentStep(world);
    // Under 1 byte per agent-step: one object, array, closure or boxed double per step would
    // be 16 bytes or more.
    expect(median, message).toBeLessThan(1);
  });

  it("wandering inside an area with separation allocates nothing per step once optimised", () => {
    const roles = quadrupedRoles(0.5);
    const world = new MotionWorld({ seed: 6 });
    for (let i = 0; i < 200; i++) {
      world.createAgent({ roles, behaviour: "walk", x: (i % 20) * 0.6, z: Math.floor(i / 20) * 0.6 }).wander({
        area:
          i % 2
            ? { center: { x: 6, z: 3 }, radius: 12 }
            : {
                points: [
                  { x: -4, z: -4 },
                  { x: 16, z: -4 },
                  { x: 16, z: 10 },
                  { x: -4, z: 10 },
                ],
              },
      });
    }
    const { median, message } = settledBytesPerAgentStep(world);
    expect(median, message).toBeLessThan(1);
  });
});
