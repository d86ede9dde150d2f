/**
 * The steering helpers every behaviour shares, engine-free, by direct calls: `seek` and
 * `steerToward` turn a velocity toward a point (briskly, by GAIN, and round a navmesh's edges
 * when its planner aims), `runFrom` away from one (the way it faces when on top of it, along the
 * navmesh's open way), `brake` halts, `allow` only raises the step's speed cap, and `lookAhead`
 * predicts a target's place by the time to close on it, at most 3 s.
 */
import { describe, expect, it } from "vitest";
import {
  allow,
  brake,
  distance,
  GAIN,
  lookAhead,
  runFrom,
  seek,
  seekTarget,
  steerToward,
} from "../../src/motion/behaviors/steeringBehavior.js";
import type { PathPlanner, SteeringAgent, SteeringWorld, Vec2 } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";
import { Push } from "../helpers/push.js";
import { type AgentFields, steeringAgent } from "../helpers/steeringAgent.js";

/** An agent at (1, 1) moving at (0.5, -0.25) m/s, or as `fields` say. */
function mover(fields: AgentFields = {}): SteeringAgent {
  return steeringAgent({ x: 1, y: 0, z: 1, vx: 0.5, vz: -0.25, ...fields });
}

function expectVec(v: Vec2, x: number, z: number): void {
  expect(v.x).toBeCloseTo(x, 9);
  expect(v.z).toBeCloseTo(z, 9);
}

/** A world whose path planner is `planner` (the navmesh's hooks a test gives). */
function onNavmesh(planner: Partial<PathPlanner>): SteeringWorld {
  return { pathPlanner: { plan: () => [], ...planner } } as unknown as SteeringWorld;
}

describe("seek", () => {
  it("turns the velocity toward seekTarget at its speed: desired minus current", () => {
    seekTarget.x = 4;
    seekTarget.z = 5; // 3, 4 away: the unit way is (0.6, 0.8)
    seekTarget.speed = 2;
    const out = { x: 9, z: 9 };
    seek(mover(), out);
    expectVec(out, 1.2 - 0.5, 1.6 + 0.25);
  });

  it("on the target itself, stops: the force cancels the velocity", () => {
    seekTarget.x = 1;
    seekTarget.z = 1;
    seekTarget.speed = 2;
    const out = { x: 9, z: 9 };
    seek(mover(), out);
    expectVec(out, -0.5, 0.25);
  });
});

describe("steerToward", () => {
  it("turns the velocity toward the point at the speed, GAIN times as briskly as seek", () => {
    expect(GAIN).toBe(3);
    const out = { x: 9, z: 9 };
    steerToward(mover(), 4, 5, 2, out);
    expectVec(out, (1.2 - 0.5) * 3, (1.6 + 0.25) * 3);
  });

  it("on the point itself, brakes briskly", () => {
    const out = { x: 9, z: 9 };
    steerToward(mover(), 1, 1, 2, out);
    expectVec(out, -0.5 * 3, 0.25 * 3);
  });

  it("a point 1e-9 m away still has a way to it; only nearer is on it", () => {
    const out = { x: 9, z: 9 };
    steerToward(mover({ x: 0, z: 0 }), 1e-9, 0, 2, out);
    expectVec(out, (2 - 0.5) * 3, 0.25 * 3);
    steerToward(mover({ x: 0, z: 0 }), 5e-10, 0, 2, out);
    expectVec(out, -0.5 * 3, 0.25 * 3);
  });

  it("on a navmesh heads where its planner aims (the bridge), asked with the point it wanted", () => {
    const asked: Vec2[] = [];
    const world = onNavmesh({
      aim(_agent: SteeringAgent, to: Readonly<Vec2>, out: Vec2) {
        asked.push({ x: to.x, z: to.z });
        out.x = 1; // the bridge, straight north of the agent
        out.z = 5;
      },
    });
    const out = { x: 9, z: 9 };
    steerToward(mover({ vx: 0, vz: 0, world }), 4, 5, 2, out);
    expect(asked).toEqual([{ x: 4, z: 5 }]);
    expectVec(out, 0, 2 * 3);
  });

  it("on a world whose planner does not aim, heads straight for the point", () => {
    const out = { x: 9, z: 9 };
    steerToward(mover({ world: onNavmesh({}) }), 4, 5, 2, out);
    expectVec(out, (1.2 - 0.5) * 3, (1.6 + 0.25) * 3);
  });
});

describe("runFrom", () => {
  it("turns the velocity straight away from the point at the speed, briskly", () => {
    const out = { x: 9, z: 9 };
    runFrom(mover({ x: 4, z: 5 }), 1, 1, 2, out); // 3, 4 away: runs along (0.6, 0.8)
    expectVec(out, (1.2 - 0.5) * 3, (1.6 + 0.25) * 3);
    runFrom(mover({ x: -2, z: 1 }), 1, 1, 2, out); // 3 west of it: runs west
    expectVec(out, (-2 - 0.5) * 3, 0.25 * 3);
  });

  it("on top of the point, runs the way it faces", () => {
    const out = { x: 9, z: 9 };
    runFrom(mover({ x: 2, z: 2, vx: 0, vz: 0, heading: Math.PI / 2 }), 2, 2, 2, out); // facing +X
    expectVec(out, 2 * 3, 0);
    runFrom(mover({ x: 2, z: 2, vx: 0, vz: 0, heading: Math.PI }), 2, 2, 2, out); // facing -Z
    expectVec(out, 0, -2 * 3);
  });

  it("1e-9 m from the point, runs away from it, not the way it faces", () => {
    const out = { x: 9, z: 9 };
    runFrom(mover({ x: 1e-9, z: 0, vx: 0, vz: 0, heading: 0 }), 0, 0, 2, out);
    expectVec(out, 2 * 3, 0);
  });

  it("on a navmesh runs along the open way its planner gives (along the bank), looking as far as 1.5 s of running, at least 3 m", () => {
    const asked: number[][] = [];
    const world = onNavmesh({
      openWay(_agent: SteeringAgent, dx: number, dz: number, length: number, out: Vec2) {
        asked.push([dx, dz, length]);
        out.x = 0; // the bank runs north
        out.z = 1;
      },
    });
    const out = { x: 9, z: 9 };
    runFrom(mover({ x: 3, z: 0, vx: 0, vz: 0, world }), 0, 0, 4, out);
    expectVec(out, 0, 4 * 3);
    runFrom(mover({ x: 3, z: 0, vx: 0, vz: 0, world }), 0, 0, 1, out);
    expectVec(out, 0, 1 * 3);
    expect(asked).toEqual([
      [1, 0, 6],
      [1, 0, 3],
    ]);
  });
});

describe("brake, distance, allow", () => {
  it("brake halts at four times the velocity", () => {
    const out = { x: 9, z: 9 };
    brake(mover(), out);
    expectVec(out, -2, 1);
  });

  it("distance is on the ground plane", () => {
    expect(distance(mover(), { x: 4, z: 5 })).toBeCloseTo(5, 12);
  });

  it("allow raises the step's speed cap, never lowers it", () => {
    const agent = mover({ speedLimit: 3 });
    allow(agent, 5);
    expect(agent.speedLimit).toBe(5);
    allow(agent, 2);
    expect(agent.speedLimit).toBe(5);
  });
});

describe("lookAhead", () => {
  it("is the time to close the distance at the chaser's speed plus the target's", () => {
    expect(lookAhead({ x: 0, z: 0 }, 4, 2)).toBeCloseTo(2, 12); // a point: standing
    expect(lookAhead({ x: 0, z: 0, vx: 0, vz: 0 }, 4, 2)).toBeCloseTo(2, 12);
    expect(lookAhead({ x: 0, z: 0, vx: 3, vz: 4 }, 12, 1)).toBeCloseTo(2, 12); // 5 m/s + 1
    expect(lookAhead({ x: 0, z: 0, vx: 0, vz: -4 }, 10, 1)).toBeCloseTo(2, 12);
    expect(lookAhead({ x: 0, z: 0, vx: -3, vz: 0 }, 8, 1)).toBeCloseTo(2, 12);
  });

  it("looks at most 3 s ahead", () => {
    expect(lookAhead({ x: 0, z: 0, vx: 1, vz: 0 }, 100, 1)).toBe(3);
  });

  it("looks nowhere ahead when nothing closes (a standing chaser, a standing target)", () => {
    expect(lookAhead({ x: 0, z: 0 }, 5, 0)).toBe(0);
    expect(lookAhead({ x: 0, z: 0 }, 0, 0)).toBe(0);
    expect(lookAhead({ x: 0, z: 0 }, 1, 1e-6)).toBe(0); // a micrometre a second is standing
    expect(lookAhead({ x: 0, z: 0 }, 1, 2e-6)).toBe(3);
  });
});

describe("a behaviour's weight and switch, as a creature sums them", () => {
  it("each force counts times its weight; an inactive one not at all, until it is active again", () => {
    const world = new MotionWorld({ seed: 1 });
    const a = world.createAgent({ roles: quadrupedRoles(1), behaviour: "walk" });
    const east = a.addBehavior(new Push(1, 0));
    const west = a.addBehavior(new Push(-1, 0));
    west.weight = 2;
    // Idle, it brakes at four times its velocity: it settles where the pushes' sum is 4 × v.
    const settle = () => {
      for (let i = 0; i < 150; i++) world.step(1 / 30);
      expect(a.vz).toBeCloseTo(0, 6);
      return a.vx;
    };
    expect(settle()).toBeCloseTo((1 - 2) / 4, 6);
    west.weight = 0.5;
    expect(settle()).toBeCloseTo((1 - 0.5) / 4, 6);
    east.active = false;
    expect(settle()).toBeCloseTo(-0.5 / 4, 6);
    east.active = true;
    west.active = false;
    expect(settle()).toBeCloseTo(1 / 4, 6);
  });
});
