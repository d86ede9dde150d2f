/**
 * The rules of MotionGroup at fixed points, no long runs: who may join and in what order,
 * errors that name the bad option, spread and polarization at their edges (no member, one,
 * two), the pieces a group is in (chains within viewRadius, the rim included, largest first),
 * and that a member's pull follows the group as it is now (members added or removed since the
 * group's centre was last worked out at this same time), and pulls toward the whole group only
 * while it is in pieces.
 */
import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { GroupBehavior } from "../../src/motion/behaviors/group.js";
import { groupParts, MotionGroup } from "../../src/motion/group.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);

function at(x: number, z: number, heading = 0): SteeringAgent {
  return { x, z, heading } as SteeringAgent;
}

function caught(run: () => unknown): OptionsError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return error as OptionsError;
  }
  throw new Error("did not throw");
}

/** The force of `agent`'s group behaviour now (outside a step). */
function groupForce(agent: MotionAgent): Vec2 {
  const behaviour = agent.behaviours.find((b) => b instanceof GroupBehavior)!;
  const out = { x: 0, z: 0 };
  behaviour.calculate(agent, out);
  return out;
}

describe("MotionGroup: members", () => {
  it("takes only something that can take and give back behaviours, naming the member", () => {
    const group = new MotionGroup();
    for (const member of [
      { x: 0, z: 0, addBehavior() {} },
      { x: 0, z: 0, removeBehavior: () => true },
      { x: 0, z: 0, addBehavior: 1, removeBehavior: () => true },
    ]) {
      const error = caught(() => group.add(member as never));
      expect([error.option, error.message]).toEqual([
        "member",
        "member must be a creature or a MotionAgent (something that takes behaviours)",
      ]);
    }
    expect(group.members).toEqual([]);
  });

  it("keeps its members in the order they joined when one is added again; remove says whether it was one", () => {
    const world = new MotionWorld();
    const [a, b] = [world.createAgent({ roles }), world.createAgent({ roles, x: 2 })];
    const group = new MotionGroup().add(a).add(b).add(a);
    expect(group.members).toEqual([a, b]);
    expect(a.behaviours).toHaveLength(1);
    expect([group.remove(a), group.remove(a), group.members]).toEqual([true, false, [b]]);
  });
});

describe("MotionGroup: options", () => {
  it("names the bad option in its error", () => {
    const cases: [() => unknown, string, string][] = [
      [() => new MotionGroup(null as never), "options", "options must be an object, got null"],
      [() => new MotionGroup({ kind: "pack" as never }), "kind", "kind must be one of herd, flock, shoal"],
      [() => new MotionGroup({ alignment: -1 }), "alignment", ""],
      [() => new MotionGroup({ spacing: -1 }), "spacing", ""],
    ];
    for (const [run, option, message] of cases) {
      const error = caught(run);
      expect(error.option).toBe(option);
      if (message) expect(error.message).toBe(message);
      else expect(error.message.startsWith(`${option} `)).toBe(true);
    }
  });
});

describe("MotionGroup: spread, polarization and parts", () => {
  it("reads 0 for an empty group, spread 0 for one member, and the RMS distance for two", () => {
    const world = new MotionWorld();
    const group = new MotionGroup();
    expect([group.spread(), group.polarization()]).toEqual([0, 0]);
    const a = world.createAgent({ roles, x: 0, z: 0, heading: 1 });
    group.add(a);
    expect(group.spread()).toBe(0);
    expect(group.polarization()).toBeCloseTo(1, 12);
    group.add(world.createAgent({ roles, x: 2, z: 0, heading: 1 + Math.PI }));
    expect(group.spread()).toBe(1);
    expect(group.polarization()).toBeCloseTo(0, 12);
  });

  it("links members within viewRadius, the rim included, along either axis", () => {
    const line = [at(0, 0), at(8, 0), at(8, 7.5)];
    expect(groupParts(line, 8).map((p) => p.length)).toEqual([3]);
    expect(groupParts([at(0, 0), at(0, 20)], 8).map((p) => p.length)).toEqual([1, 1]);
    expect(groupParts([at(0, 0), at(8.001, 0)], 8).map((p) => p.length)).toEqual([1, 1]);
  });

  it("lists its pieces largest first", () => {
    const lone = at(-50, 0);
    const pair = [at(0, 0), at(1, 0)];
    const trio = [at(50, 0), at(51, 0), at(52, 0)];
    const parts = groupParts([lone, ...pair, ...trio], 2);
    expect(parts.map((p) => p.length)).toEqual([3, 2, 1]);
    expect(parts[2]).toEqual([lone]);
  });
});

describe("MotionGroup: the pull of the group", () => {
  /** A world at time 1 s exactly: a group's centre is worked out once per world time. */
  function worldAtOne(): MotionWorld {
    const world = new MotionWorld({ maxStepSeconds: 1 });
    world.step(1);
    expect(world.time).toBe(1);
    return world;
  }

  it("pulls toward a member that joined since its centre was worked out at this time", () => {
    const world = worldAtOne();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    const group = new MotionGroup().add(a);
    expect(groupForce(a)).toEqual({ x: 0, z: 0 }); // alone: its own centre
    group.add(world.createAgent({ roles, x: 20, z: 0 })); // out of its sight (none gathered)
    const force = groupForce(a);
    expect(force.x).toBeGreaterThan(0);
  });

  it("stops pulling toward a member that left since its centre was worked out at this time", () => {
    const world = worldAtOne();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    const b = world.createAgent({ roles, x: 20, z: 0 });
    const group = new MotionGroup().add(a).add(b);
    expect(groupForce(a).x).toBeGreaterThan(0);
    group.remove(b);
    expect(groupForce(a)).toEqual({ x: 0, z: 0 });
  });

  it("pulls a member that sees fellows toward them only, not the whole group, while the group is in one piece", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, x: 0, z: 0 });
    const b = world.createAgent({ roles, x: 5, z: 0 });
    const c = world.createAgent({ roles, x: 5, z: 7 }); // 8.6 m from a: out of its sight, but linked by b
    const group = new MotionGroup().add(a).add(b).add(c);
    expect(group.isSplit).toBe(false);
    // a sees b only: its pull runs along x, with nothing toward c.
    a.neighbours[0] = b;
    a.neighbourCount = 1;
    const force = groupForce(a);
    expect(force.x).toBeGreaterThan(0);
    expect(force.z).toBe(0);
  });
});
