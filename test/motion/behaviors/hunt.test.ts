import { describe, expect, it } from "vitest";
import { OptionsError } from "../../../src/core/errors.js";
import { FleePredatorsBehavior } from "../../../src/motion/behaviors/fleePredators.js";
import { HUNT_DEFAULTS, HuntBehavior } from "../../../src/motion/behaviors/hunt.js";
import type { MotionAgent } from "../../../src/motion/motionAgent.js";
import type { SteeringAgent } from "../../../src/motion/types.js";
import { MotionWorld } from "../../../src/motion/world.js";
import { quadrupedRoles } from "../../helpers/motionRig.js";

const DT = 1 / 30;
const AREA = { center: { x: 0, z: 0 }, radius: 200 };

/** States an agent went through, in order, without repeats. */
function states(agent: MotionAgent): string[] {
  const seen: string[] = [];
  agent.events = { arrived: () => {}, stateChanged: (state) => seen.push(state) };
  return seen;
}

/** A lion (run 6 m/s) and a prey 14 m away that runs at `preyRun` m/s from predators within 8 m. */
function savanna(preyRun: number) {
  const world = new MotionWorld({ seed: 3 });
  const lion = world.createAgent({ roles: quadrupedRoles(1.1), behaviour: "walk", bodyType: "quadruped", x: 0, z: 0 });
  const prey = world.createAgent({ roles: quadrupedRoles(1.2), behaviour: "walk", bodyType: "quadruped", x: 0, z: 14 });
  lion.setSpeeds({ walk: 1.2, run: 6 });
  prey.setSpeeds({ walk: 1, run: preyRun });
  for (const a of [lion, prey]) a.wander({ area: AREA });
  const caught: SteeringAgent[] = [];
  const lost: SteeringAgent[] = [];
  const hunt = lion.addBehaviour(
    new HuntBehavior((other) => other === prey, {
      chaseSeconds: 6,
      restSeconds: 4,
      onCatch: (p) => caught.push(p),
      onGiveUp: (p) => lost.push(p),
    }),
  );
  const fear = prey.addBehaviour(new FleePredatorsBehavior((other) => other === lion, { radius: 8 }));
  return { world, lion, prey, hunt, fear, caught, lost };
}

function run(world: MotionWorld, seconds: number, each?: () => void): void {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    world.step(DT);
    each?.();
  }
}

describe("hunting", () => {
  it("a lion stalks, chases and catches a slow prey, then rests and hunts again", () => {
    const s = savanna(3);
    const lionStates = states(s.lion);
    const preyStates = states(s.prey);
    let caughtAt = -1;
    run(s.world, 12, () => {
      if (caughtAt < 0 && s.caught.length) caughtAt = s.world.time;
    });
    expect(s.caught).toEqual([s.prey]);
    expect([s.hunt.catches, s.hunt.misses, s.lost.length]).toEqual([1, 0, 0]);
    expect(caughtAt).toBeGreaterThan(0);
    expect(lionStates.slice(0, 3)).toEqual(["stalk", "hunt", "rest"]);
    expect(preyStates[0]).toBe("flee"); // the prey saw it coming and ran
    // It rests for restSeconds, then looks again: the same prey is still around (within 20 m).
    run(s.world, 6);
    expect(lionStates).toContain("wander");
    expect(s.hunt.phase === "stalk" || s.hunt.phase === "chase" || s.caught.length > 1, s.hunt.phase).toBe(true);
  });

  it("a lion loses a fast prey: gives up after chaseSeconds, rests, no catch", () => {
    const s = savanna(9);
    const lionStates = states(s.lion);
    let closest = Infinity;
    run(s.world, 14, () => {
      closest = Math.min(closest, Math.hypot(s.lion.x - s.prey.x, s.lion.z - s.prey.z));
    });
    expect(s.caught).toEqual([]);
    expect(s.lost).toEqual([s.prey]);
    expect(s.hunt.misses).toBe(1);
    expect(lionStates).toContain("hunt");
    expect(lionStates.at(-1)).toBe("rest");
    expect(closest).toBeGreaterThan(s.lion.radius + s.prey.radius + HUNT_DEFAULTS.catchDistance);
  });

  it("prey run from a predator they notice and calm down once it is far", () => {
    const world = new MotionWorld({ seed: 2 });
    const zebra = world.createAgent({
      roles: quadrupedRoles(1.4),
      behaviour: "walk",
      bodyType: "quadruped",
      x: 0,
      z: 0,
    });
    const lion = world.createAgent({
      roles: quadrupedRoles(1.1),
      behaviour: "walk",
      bodyType: "quadruped",
      x: 30,
      z: 0,
    });
    zebra.wander({ area: AREA });
    lion.stop();
    const seen = states(zebra);
    const fear = zebra.addBehaviour(new FleePredatorsBehavior((o) => o === lion, { radius: 5, calmRadius: 12 }));
    run(world, 2);
    expect([fear.engaged, zebra.state]).toEqual([false, "wander"]);
    lion.x = zebra.x + 4; // a lion appears 4 m away
    lion.z = zebra.z;
    let top = 0;
    run(world, 1, () => {
      top = Math.max(top, zebra.speed);
    });
    expect([fear.engaged, zebra.state, fear.predator]).toEqual([true, "flee", lion]);
    expect(zebra.x).toBeLessThan(lion.x - 5); // ran away from it (west)
    expect(top).toBeGreaterThan(zebra.walkSpeed * 1.5);
    run(world, 10);
    expect(Math.hypot(zebra.x - lion.x, zebra.z - lion.z)).toBeGreaterThan(12);
    expect([fear.engaged, zebra.state]).toEqual([false, "wander"]);
    expect(seen).toEqual(["flee", "wander"]);
  });

  it("rejects bad options by name", () => {
    expect(() => new HuntBehavior(() => true, { searchRadius: 0 })).toThrow(OptionsError);
    expect(() => new HuntBehavior(() => true, { chaseSeconds: -1 })).toThrow(/chaseSeconds/);
    expect(() => new FleePredatorsBehavior(() => true, { radius: Number.NaN })).toThrow(/radius/);
  });
});
