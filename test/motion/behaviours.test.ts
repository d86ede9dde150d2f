import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import type { FleeBehavior } from "../../src/motion/behaviors/flee.js";
import { FOLLOW_DEFAULTS } from "../../src/motion/behaviors/follow.js";
import type { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import type { MotionAgent } from "../../src/motion/motionAgent.js";
import { WorldBody } from "../../src/motion/obstacles.js";
import { MotionWorld } from "../../src/motion/world.js";
import { quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(1);
const DT = 1 / 30;
const dist = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);

function world(): MotionWorld {
  return new MotionWorld({ seed: 4 });
}

function run(w: MotionWorld, steps: number, each?: () => void): void {
  for (let i = 0; i < steps; i++) {
    each?.();
    w.step(DT);
  }
}

/** Records an agent's state changes and arrivals. */
function listen(agent: MotionAgent): { states: string[]; arrivals: [number, number][] } {
  const log = { states: [] as string[], arrivals: [] as [number, number][] };
  agent.events = {
    arrived: (x, z) => log.arrivals.push([x, z]),
    stateChanged: (state) => log.states.push(state),
  };
  return log;
}

describe("behaviours", () => {
  it("flee: bolts at run speed within radius, calms beyond calmRadius, then wanders on", () => {
    const w = world();
    const sheep = w.createAgent({ roles, behaviour: "walk", bodyType: "quadruped" });
    const log = listen(sheep);
    sheep.wander({ area: { center: { x: 0, z: 0 }, radius: 100 } });
    const player = new WorldBody(20, 0, 0.4);
    const fear = sheep.flee(player, { radius: 5, calmRadius: 12 });
    run(w, 30);
    expect([sheep.state, fear.engaged]).toEqual(["wander", false]);
    player.moveTo(sheep.x + 3, sheep.z, DT);
    let top = 0;
    run(w, 60, () => {
      top = Math.max(top, sheep.speed);
    });
    expect(sheep.state).toBe("flee");
    expect(top).toBeGreaterThan(sheep.walkSpeed * 2);
    expect(top).toBeLessThanOrEqual(sheep.runSpeed + 1e-9);
    expect(dist(sheep, player)).toBeGreaterThan(5); // got away (the player stood still)
    run(w, 300);
    expect(dist(sheep, player)).toBeGreaterThan(12);
    expect(sheep.state).toBe("wander");
    expect(log.states).toEqual(["wander", "flee", "wander"]);
    expect(sheep.behaviours).toEqual([fear]); // still there for the next time
  });

  it("evade flees from where a moving target is heading, flee from where it is", () => {
    const away = (make: (agent: MotionAgent, car: WorldBody) => FleeBehavior) => {
      const w = world();
      const deer = w.createAgent({ roles, behaviour: "walk", x: 0, z: 0 });
      const car = new WorldBody(-1, -2, 1);
      car.vx = 8; // racing along +X, about to pass just south of the deer
      const b = make(deer, car);
      run(w, 1);
      return { vx: deer.vx, state: deer.state, engaged: b.engaged };
    };
    const evading = away((deer, car) => deer.evade(car, { radius: 6 }));
    const fleeing = away((deer, car) => deer.flee(car, { radius: 6 }));
    expect([evading.state, evading.engaged, fleeing.state]).toEqual(["evade", true, "flee"]);
    expect(evading.vx).toBeLessThan(0); // away from where the car will be (east of it)
    expect(fleeing.vx).toBeGreaterThan(0); // away from where it is (west of it)
  });

  it("follow: keeps within distance, running when far behind, standing when close", () => {
    const w = world();
    const dog = w.createAgent({ roles, behaviour: "walk", bodyType: "quadruped" });
    const log = listen(dog);
    const owner = new WorldBody(20, 0, 0.3);
    dog.follow(owner, { distance: 2 });
    let top = 0;
    run(w, 45, () => {
      top = Math.max(top, dog.speed);
    });
    expect(top).toBeGreaterThan(dog.walkSpeed * 1.5); // ran to catch up
    run(w, 300);
    expect(dist(dog, owner)).toBeLessThan(2.3);
    expect(dist(dog, owner)).toBeGreaterThan(1.5);
    expect(dog.speed).toBeLessThan(0.05);
    expect(log.states).toEqual(["follow"]);
    expect(FOLLOW_DEFAULTS.distance).toBe(2);
  });

  it("seek heads for a point at walk speed; pursue runs for where another creature goes", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk" });
    a.seek({ x: 0, z: 30 });
    run(w, 90);
    expect(a.z).toBeGreaterThan(2);
    expect(a.speed).toBeCloseTo(a.walkSpeed, 2);
    expect(a.state).toBe("seek");
    const hare = w.createAgent({ roles, behaviour: "walk", x: 10, z: -10 });
    hare.moveTo({ x: 10, z: 40 });
    const fox = w.createAgent({ roles, behaviour: "walk", x: 0, z: -10 });
    fox.pursue(hare);
    let closest = Infinity;
    run(w, 240, () => {
      closest = Math.min(closest, dist(fox, hare));
    });
    expect(fox.state).toBe("pursue");
    expect(closest).toBeLessThan(fox.radius + hare.radius + 0.5);
  });

  it("orders leave added behaviours be; an engaged one pauses the order's goal", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk" });
    const calls: number[] = [];
    const custom: SteeringBehavior = {
      active: true,
      weight: 1,
      calculate(agent, force, dt) {
        calls.push(dt);
        force.x = agent.walkSpeed - agent.vx;
        force.z = 0;
      },
    };
    expect(a.addBehaviour(custom)).toBe(custom);
    a.addBehaviour(custom); // once only
    a.wander();
    a.moveTo({ x: 0, z: 5 });
    a.stop();
    a.resumeWander();
    expect(a.behaviours).toEqual([custom]);
    run(w, 3);
    expect(calls).toEqual([DT, DT, DT]);
    expect(a.removeBehaviour(custom)).toBe(true);
    expect(a.removeBehaviour(custom)).toBe(false);
    run(w, 1);
    expect(calls).toHaveLength(3);
  });

  it("an order's speed is for that order only; set speeds stay", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk" });
    const walk = a.walkSpeed;
    a.moveTo({ x: 0, z: 50 }, { speed: 3 * a.runSpeed });
    run(w, 120);
    expect(a.speed).toBeGreaterThan(2 * a.runSpeed); // above its run: the order's speed wins
    a.wander();
    expect(a.cruiseSpeed).toBe(walk);
    run(w, 120);
    expect(a.speed).toBeLessThan(walk * 1.2);
    a.runSpeed = 5; // as a rigged creature's clips set it
    a.setSpeeds({ walk: 0.4 });
    expect([a.walkSpeed, a.runSpeed, a.maxSpeed]).toEqual([0.4, 5, 5]); // only the speed given changes
    a.resumeWander({ speed: 1 });
    expect(a.cruiseSpeed).toBe(1);
    a.stop();
    expect(a.cruiseSpeed).toBe(0.4);
    expect(() => a.moveTo({ x: 0, z: 0 }, { speed: Number.NaN })).toThrow(OptionsError);
    expect(() => a.moveTo({ x: 0, z: 0 }, { speed: Number.NaN })).toThrow(
      /^speed must be a non-negative finite number, got NaN$/,
    );
  });

  it("remembers its wander area for resumeWander", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk" });
    const pen = { center: { x: 30, z: 0 }, radius: 4 };
    a.wander({ area: pen });
    a.moveTo({ x: 0, z: 0 });
    run(w, 10);
    a.resumeWander();
    expect(a.wanderArea?.area).toBe(pen);
    run(w, 1500);
    expect(dist(a, pen.center)).toBeLessThan(pen.radius + 1);
  });

  it("reports arrival and state changes: moveTo, arrival, idle", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk" });
    const log = listen(a);
    a.moveTo({ x: 1, z: 2 });
    run(w, 600);
    expect(log.arrivals).toEqual([[1, 2]]);
    expect(log.states).toEqual(["moveTo", "idle"]);
    expect(a.orderBehaviours.map((b) => b.constructor.name)).toEqual(["BrakeBehavior"]); // idles where it is
    a.wander();
    a.stop();
    expect(log.states).toEqual(["moveTo", "idle", "wander", "idle"]);
  });
});

describe("the world around them", () => {
  it("creatures walk around an obstacle on their way", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk", x: 0, z: -8 });
    const rock = { center: { x: 0, z: 0 }, radius: 2 };
    w.addObstacle(rock);
    a.moveTo({ x: 0, z: 8 });
    let closest = Infinity;
    run(w, 900, () => {
      closest = Math.min(closest, dist(a, rock.center));
    });
    expect(closest).toBeGreaterThan(rock.radius);
    expect(dist(a, { x: 0, z: 8 })).toBeLessThan(1);
    // Without it, the straight line crosses the rock's centre.
    const bare = world();
    const b = bare.createAgent({ roles, behaviour: "walk", x: 0, z: -8 });
    b.moveTo({ x: 0, z: 8 });
    let through = Infinity;
    run(bare, 900, () => {
      through = Math.min(through, dist(b, rock.center));
    });
    expect(through).toBeLessThan(0.5);
    expect(w.removeObstacle(w.obstacles[0]!)).toBe(true);
    expect(w.obstacles).toEqual([]);
  });

  it("creatures keep out of a body's way (a player standing in their path)", () => {
    const w = world();
    const a = w.createAgent({ roles, behaviour: "walk", x: 0, z: -6 });
    const player = new WorldBody(0, 0, 0.5);
    w.addBody(player);
    w.addBody(player);
    expect(w.bodies).toEqual([player]);
    a.moveTo({ x: 0, z: 6 });
    let closest = Infinity;
    run(w, 900, () => {
      closest = Math.min(closest, dist(a, player));
    });
    expect(closest).toBeGreaterThan(player.radius + a.radius * 0.8);
    expect(w.removeBody(player)).toBe(true);
  });

  it("finds agents near a point, nearest first", () => {
    const w = world();
    const agents = [5, 1, 3, 9].map((x) => w.createAgent({ roles, x, z: 0 }));
    expect(w.agentsNear(0, 0, 4).map((a) => a.x)).toEqual([1, 3]);
    w.step(DT);
    expect(w.agentsNear(9, 0, 0.5)).toEqual([agents[3]]);
  });

  it("advances while paused when asked explicitly, cut to maxStepSeconds", () => {
    const w = new MotionWorld({ maxStepSeconds: 0.25 });
    const a = w.createAgent({ roles, behaviour: "walk" });
    a.moveTo({ x: 0, z: 50 });
    w.paused = true;
    expect(w.step(0.2)).toBe(0);
    expect(w.advance(0.2)).toBe(0.2);
    expect(w.advance(1)).toBe(0.25);
    expect(w.maxStepSeconds).toBe(0.25);
    expect(() => new MotionWorld({ maxStepSeconds: 0 })).toThrow(OptionsError);
    expect(() => new MotionWorld({ maxStepSeconds: 0 })).toThrow(
      /^maxStepSeconds must be a positive finite number, got 0$/,
    );
  });
});
