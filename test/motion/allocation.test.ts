// Its own file: Vitest isolates modules per file, so the JIT has seen only this file's agents
// (other tests' flyers and swimmers make call sites polymorphic and change what gets inlined).
import { describe, expect, it } from "vitest";
import { MotionWorld } from "../../src/motion/world.js";
import { youngBytesAllocated } from "../helpers/allocations.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);

describe("allocation", () => {
  /** Young-generation bytes per agent-step for 200 agents, after 3 000 warm-up steps. */
  function bytesPerAgentStep(setup: (a: ReturnType<MotionWorld["createAgent"]>) => void): number {
    const world = new MotionWorld({ seed: 5 });
    for (let i = 0; i < 200; i++) setup(world.createAgent({ roles, behaviour: "walk", x: (i % 20) * 0.6, z: Math.floor(i / 20) * 0.6 }));
    for (let i = 0; i < 3000; i++) world.step(1 / 60); // warm up: JIT tiers and buffer growth
    const steps = 100;
    return youngBytesAllocated(() => {
      for (let i = 0; i < steps; i++) world.step(1 / 60);
    }) / (steps * world.agents.length);
  }

  // NOT zero: measured here about 93 B per agent-step walking and about 230 B wandering, all of
  // it doubles V8 boxes (16 B HeapNumbers) where a value crosses a call it did not inline (the
  // random generator, the area distance). No object, array or closure is made per step; these
  // bounds catch one more (an object per agent-step adds 32-70 B here).
  it("walking allocates only boxed doubles per step (under 120 B per agent-step)", () => {
    expect(bytesPerAgentStep((a) => (a.vz = 0.1))).toBeLessThan(120);
  });

  it("wandering with area and separation allocates only boxed doubles per step (under 280 B per agent-step)", () => {
    expect(bytesPerAgentStep((a) => a.wander({ area: { center: { x: 6, z: 3 }, radius: 12 } }))).toBeLessThan(280);
  });
});
