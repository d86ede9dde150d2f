import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { GROUP_DEFAULTS, groupOfAgent, MotionGroup } from "../../src/motion/group.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import { MotionWorld } from "../../src/motion/world.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;
const AREA = { center: { x: 0, z: 0 }, radius: 60 };

function run(world: MotionWorld, seconds: number): void {
  for (let i = 0; i < Math.round(seconds / DT); i++) world.step(DT);
}

/** Mean distance from each agent to its nearest other, metres. */
function spread(agents: readonly MotionAgent[]): number {
  let sum = 0;
  for (const a of agents) {
    let best = Infinity;
    for (const b of agents) if (b !== a) best = Math.min(best, Math.hypot(a.x - b.x, a.z - b.z));
    sum += best;
  }
  return sum / agents.length;
}

/** Root mean square distance of the agents from their centre, metres. */
function extent(agents: readonly MotionAgent[]): number {
  const x = agents.reduce((s, a) => s + a.x, 0) / agents.length;
  const z = agents.reduce((s, a) => s + a.z, 0) / agents.length;
  return Math.sqrt(agents.reduce((s, a) => s + (a.x - x) ** 2 + (a.z - z) ** 2, 0) / agents.length);
}

/** Mean resultant length of the headings: 1 when all face one way, near 0 when scattered. */
function headingAlignment(agents: readonly MotionAgent[]): number {
  let s = 0;
  let c = 0;
  for (const a of agents) {
    s += Math.sin(a.heading);
    c += Math.cos(a.heading);
  }
  return Math.hypot(s, c) / agents.length;
}

/** `count` zebra-sized walkers (1.4 m) in a loose cluster, wandering a big area. */
function herd(seed: number, count = 6, grouped = true) {
  const world = new MotionWorld({ seed });
  const roles = quadrupedRoles(1.4);
  const agents = Array.from({ length: count }, (_, i) =>
    world.createAgent({
      roles,
      behaviour: "walk",
      bodyType: "quadruped",
      x: (i % 3) * 2.5,
      z: Math.floor(i / 3) * 2.5,
      heading: i,
    }),
  );
  for (const a of agents) a.wander({ area: AREA });
  const group = grouped ? new MotionGroup({ kind: "herd" }) : undefined;
  for (const a of agents) group?.add(a);
  return { world, agents, group };
}

describe("MotionGroup", () => {
  it("a herd's spread after 60 s of wandering stays within 1.5x its start; without the group it grows", () => {
    for (const seed of [1, 2, 3]) {
      const { world, agents, group } = herd(seed);
      const start = spread(agents);
      run(world, 60);
      expect(group!.spread()).toBeCloseTo(extent(agents), 9);
      expect(spread(agents), `seed ${seed}`).toBeLessThanOrEqual(start * 1.5);
      // They did wander: the herd moved, not stood.
      const moved = Math.hypot(agents[0]!.x, agents[0]!.z);
      expect(moved).toBeGreaterThan(2);
    }
    // The same herds without the group drift apart (the behaviour under test is what holds them).
    const loose = [1, 2, 3].map((seed) => {
      const { world, agents } = herd(seed, 6, false);
      const start = spread(agents);
      run(world, 60);
      return spread(agents) / start;
    });
    expect(Math.max(...loose)).toBeGreaterThan(1.5);
  });

  it("a flock's headings align (mean resultant length >= 0.7 after 10 s); a shoal's too", () => {
    for (const [kind, roles, behaviour] of [
      ["flock", flyerRoles(), "fly"],
      ["shoal", bodyOnlyRoles(0.3), "swim"],
    ] as const) {
      const world = new MotionWorld({ seed: 9 });
      const agents = Array.from({ length: 10 }, (_, i) =>
        world.createAgent({ roles, behaviour, x: (i % 4) * 1.2, z: Math.floor(i / 4) * 1.2, heading: i * 2.1 }),
      );
      for (const a of agents) a.wander({ area: AREA });
      const before = headingAlignment(agents);
      const group = new MotionGroup({ kind });
      for (const a of agents) group.add(a);
      run(world, 10);
      expect(before).toBeLessThan(0.5);
      expect(headingAlignment(agents), kind).toBeGreaterThanOrEqual(0.7);
      expect(group.polarization()).toBeCloseTo(headingAlignment(agents), 9);
    }
  });

  it("a shoal split in two pieces 26 m apart reads as split and as wide, and regroups", () => {
    const world = new MotionWorld({ seed: 4 });
    const roles = bodyOnlyRoles(0.3);
    const agents = Array.from({ length: 10 }, (_, i) =>
      world.createAgent({ roles, behaviour: "swim", x: (i < 5 ? 0 : 26) + (i % 5) * 0.4, z: 0, heading: i }),
    );
    const shoal = new MotionGroup({ kind: "shoal" });
    for (const a of agents) {
      a.wander({ area: AREA });
      shoal.add(a);
    }
    // Each piece is tight (0.4 m between neighbours), the shoal 26 m across.
    expect(shoal.spread()).toBeGreaterThan(12);
    expect(shoal.isSplit).toBe(true);
    expect(shoal.parts().map((p) => p.length)).toEqual([5, 5]);
    const start = shoal.spread();
    run(world, 120);
    expect(shoal.isSplit, `spread ${shoal.spread().toFixed(1)} m`).toBe(false);
    expect(shoal.spread()).toBeLessThan(start / 4);
  });

  it("a game forms and breaks groups: one group per agent, its behaviour comes and goes", () => {
    const { agents } = herd(4, 3, false);
    const a = new MotionGroup();
    const b = new MotionGroup({ kind: "flock" });
    a.add(agents[0]!).add(agents[1]!).add(agents[1]!);
    expect(a.members).toEqual([agents[0], agents[1]]);
    expect(agents[0]!.behaviours).toHaveLength(1);
    expect(agents[0]!.neighbourRadius).toBeGreaterThanOrEqual(GROUP_DEFAULTS.herd.viewRadius);
    b.add({ motion: agents[1]! }); // a creature-like member joins, leaving its first group
    expect([a.members.length, b.has(agents[1]!), groupOfAgent(agents[1]!)]).toEqual([1, true, b]);
    expect(agents[1]!.behaviours).toHaveLength(1);
    expect(a.remove(agents[2]!)).toBe(false);
    a.disband();
    b.disband();
    expect([a.members.length, b.members.length, agents[0]!.behaviours.length, agents[1]!.behaviours.length]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(groupOfAgent(agents[0]!)).toBeUndefined();
  });

  it("rejects bad options by name", () => {
    expect(() => new MotionGroup({ kind: "pack" as never })).toThrow(OptionsError);
    expect(() => new MotionGroup({ viewRadius: 0 })).toThrow(/viewRadius/);
    expect(() => new MotionGroup({ cohesion: -1 })).toThrow(/cohesion/);
    expect(() => new MotionGroup().add({ x: 0, z: 0 } as never)).toThrow(/member/);
  });
});
