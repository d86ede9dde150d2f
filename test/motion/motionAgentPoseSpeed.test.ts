/**
 * A MotionAgent poses its gait at the speed it really travels, engine-free at fixed steps: after
 * an obstacle, the shore or a shallow bed held its step back, and along a jump's arc. A spy gait
 * records the speed each pose is made at; it must be the speed of the velocity the agent ends
 * the step with (a stale or garbled one makes the legs run while the body slides, or NaN).
 */
import { describe, expect, it } from "vitest";
import type { Gait, GaitContext } from "../../src/motion/gaits/gait.js";
import { BEHAVIOR_GAITS, swimGait, walkGait } from "../../src/motion/gaits/index.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import { DEPTH_BANDS } from "../../src/motion/swimKinds.js";
import type { PathPlanner, Vec2 } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { boxArea } from "../helpers/areas.js";
import { bodyOnlyRoles, quadrupedRoles } from "../helpers/motionRig.js";
import { Push } from "../helpers/push.js";

const DT = 1 / 30;

/** `gait` that records the speed of each pose it is asked for. */
function spy(gait: Gait, seen: number[]): Gait {
  const record = (ctx: GaitContext) => seen.push(ctx.speed);
  return {
    name: gait.name,
    cycleSeconds: (ctx) => {
      record(ctx);
      return gait.cycleSeconds(ctx);
    },
    prepare: (ctx) => {
      record(ctx);
      if (gait.prepare) gait.prepare(ctx);
      else ctx.cycle = gait.cycleSeconds(ctx);
    },
    pose: (ctx, out) => gait.pose(ctx, out),
    cruiseSpeed: (roles) => gait.cruiseSpeed(roles),
  };
}

function spyWorld(seen: number[]): { world: MotionWorld; gaits: typeof BEHAVIOR_GAITS } {
  const gaits = { ...BEHAVIOR_GAITS, walk: spy(walkGait, seen), swim: spy(swimGait, seen) };
  return { world: new MotionWorld({ seed: 1 }), gaits };
}

/** Steps the world `n` times; after each posed step the last speed seen is the agent's. */
function expectPosedAtItsSpeed(world: MotionWorld, agent: MotionAgent, seen: number[], n: number, held: () => boolean) {
  let checked = 0;
  let heldSteps = 0;
  for (let i = 0; i < n; i++) {
    const before = seen.length;
    world.step(DT);
    if (seen.length === before) continue;
    checked++;
    if (held()) heldSteps++;
    expect(seen.at(-1)).toBeCloseTo(agent.speed, 9);
  }
  expect(checked).toBeGreaterThan(20);
  expect(heldSteps).toBeGreaterThan(10);
}

describe("its gait is posed at the speed it travels", () => {
  it("while an obstacle holds it and it slides along the obstacle's side", () => {
    const seen: number[] = [];
    const { world, gaits } = spyWorld(seen);
    world.addObstacle(boxArea(1, -50, 3, 50));
    const cow = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2, gaits });
    cow.avoidance.active = false;
    cow.addBehavior(new Push(20, 3));
    expectPosedAtItsSpeed(world, cow, seen, 150, () => cow.x > 0 && Math.abs(cow.vx) < 1e-9 && cow.vz > 0);
  });

  it("while the shore holds a walker out of the water and it slides along it", () => {
    const seen: number[] = [];
    const { world, gaits } = spyWorld(seen);
    world.addWater(boxArea(1, -50, 3, 50), 0);
    const cow = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2, gaits });
    cow.keepRealm.active = false;
    cow.addBehavior(new Push(20, 3));
    expectPosedAtItsSpeed(world, cow, seen, 150, () => cow.x > 0 && Math.abs(cow.vx) < 1e-9 && cow.vz > 0);
  });

  it("while the shore holds a swimmer with a depth band in the water", () => {
    const seen: number[] = [];
    const { world, gaits } = spyWorld(seen);
    world.addWater(boxArea(-20, -20, 1, 20), 0);
    const fish = world.createAgent({
      roles: bodyOnlyRoles(0.3),
      behaviour: "swim",
      y: -1,
      heading: Math.PI / 2,
      gaits,
    });
    fish.ground = () => -3;
    fish.depthBand = DEPTH_BANDS.mid;
    fish.keepRealm.active = false;
    fish.addBehavior(new Push(20, 3));
    expectPosedAtItsSpeed(world, fish, seen, 150, () => fish.x > 0 && Math.abs(fish.vx) < 1e-9 && fish.vz > 0);
  });

  it("while a shallow bed holds a swimmer with a depth band back", () => {
    const seen: number[] = [];
    const { world, gaits } = spyWorld(seen);
    world.addWater(boxArea(-20, -20, 20, 20), 0);
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -1, z: -1, gaits });
    fish.ground = (_x, z) => (z < 0 ? -2 : -0.05);
    fish.depthBand = DEPTH_BANDS.mid;
    fish.keepRealm.active = false;
    fish.addBehavior(new Push(3, 20));
    let held = 0;
    expectPosedAtItsSpeed(world, fish, seen, 150, () => fish.z > -0.5 && fish.z < 0 && ++held > 0);
    expect(fish.z).toBeLessThan(0);
  });

  it("along a jump's arc", () => {
    const seen: number[] = [];
    const { world, gaits } = spyWorld(seen);
    const leg = { from: { x: 1, y: 0, z: 0 }, to: { x: 2.5, y: 1, z: 0.5 } };
    const planner: PathPlanner = {
      plan: () => [{ x: 1, z: 0, jump: leg } as Vec2, { x: 2.5, z: 0.5 }],
      standOn: (a) => (a.x > 2 ? 1.02 : 0),
      landed: () => 1.02,
    };
    (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
    const a = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2, gaits });
    a.moveTo({ x: 4, z: 0.5 });
    let jumping = 0;
    for (let i = 0; i < 300; i++) {
      const before = seen.length;
      world.step(DT);
      if (!a.jump || seen.length === before) continue;
      jumping++;
      expect(seen.at(-1)).toBeCloseTo(a.speed, 9);
    }
    expect(jumping).toBeGreaterThan(3);
  });
});
