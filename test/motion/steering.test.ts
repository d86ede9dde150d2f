import { describe, expect, it } from "vitest";
import { type Area, containsPoint, edgeDistance } from "../../src/motion/area.js";
import { MotionWorld } from "../../src/motion/world.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";

const roles = quadrupedRoles(0.5);

describe("areas", () => {
  it("tells inside from outside for circles and polygons, with the way back in", () => {
    const square: Area = {
      points: [
        { x: 0, z: 0 },
        { x: 4, z: 0 },
        { x: 4, z: 4 },
        { x: 0, z: 4 },
      ],
    };
    expect(containsPoint(square, 1, 1)).toBe(true);
    expect(containsPoint(square, 5, 1)).toBe(false);
    const dir = { x: 0, z: 0 };
    expect(edgeDistance(square, 1, 2, dir)).toBe(1);
    expect(dir).toMatchObject({ x: 1, z: 0, distance: 1 });
    expect(edgeDistance(square, 6, 2, dir)).toBe(-2);
    expect(dir).toMatchObject({ x: -1, z: 0, distance: -2 });
    expect(edgeDistance({ center: { x: 0, z: 0 }, radius: 5 }, 3, 4, dir)).toBe(0);
  });
});

describe("steering", () => {
  it.each([
    ["circle", { center: { x: 3, z: -2 }, radius: 6 } as Area],
    [
      "polygon",
      {
        points: [
          { x: -5, z: -5 },
          { x: 6, z: -4 },
          { x: 4, z: 5 },
          { x: -6, z: 3 },
        ],
      } as Area,
    ],
  ])("wander stays inside its %s for 10 000 steps", (_label, area) => {
    const world = new MotionWorld({ seed: 7 });
    const agents = [0, 1, 2].map((i) => {
      const a = world.createAgent({ roles, behaviour: "walk", x: i * 0.5, z: 0 });
      a.wander({ area, speed: a.cruiseSpeed * 2 });
      return a;
    });
    let outside = 0;
    let travelled = 0;
    for (let i = 0; i < 10_000; i++) {
      const before = agents[0]!.x + agents[0]!.z;
      world.step(1 / 30);
      travelled += Math.abs(agents[0]!.x + agents[0]!.z - before);
      for (const a of agents) if (!containsPoint(area, a.x, a.z)) outside++;
    }
    expect(outside).toBe(0);
    expect(travelled).toBeGreaterThan(20); // it did wander, not stand still
  });

  it("separation keeps two creatures heading for one spot apart", () => {
    const world = new MotionWorld({ seed: 1 });
    const a = world.createAgent({ roles, behaviour: "walk", x: -3, z: 0 });
    const b = world.createAgent({ roles, behaviour: "walk", x: 3, z: 0 });
    a.moveTo({ x: 0, z: 0 });
    b.moveTo({ x: 0, z: 0 });
    let closest = Infinity;
    for (let i = 0; i < 3000; i++) {
      world.step(1 / 60);
      closest = Math.min(closest, Math.hypot(a.x - b.x, a.z - b.z));
    }
    expect(closest).toBeGreaterThan(a.radius + b.radius - 0.05);
    // Without separation they would meet.
    const alone = new MotionWorld({ seed: 1 });
    const c = alone.createAgent({ roles, behaviour: "walk", x: -3, z: 0 });
    const d = alone.createAgent({ roles, behaviour: "walk", x: 3, z: 0 });
    c.moveTo({ x: 0, z: 0 });
    d.moveTo({ x: 0, z: 0 });
    c.separation.active = false;
    d.separation.active = false;
    let meet = Infinity;
    for (let i = 0; i < 3000; i++) {
      alone.step(1 / 60);
      meet = Math.min(meet, Math.hypot(c.x - d.x, c.z - d.z));
    }
    expect(meet).toBeLessThan(0.3);
  });

  it("moveTo arrives and says so; stop brakes to a halt", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, behaviour: "walk" });
    const arrivals: boolean[] = [];
    a.moveTo({ x: 2, z: 1 }, { onArrive: (ok) => arrivals.push(ok) });
    for (let i = 0; i < 6000 && arrivals.length === 0; i++) world.step(1 / 60);
    expect(arrivals).toEqual([true]);
    expect(Math.hypot(a.x - 2, a.z - 1)).toBeLessThan(0.3);
    a.moveTo({ x: 10, z: 10 }, { onArrive: (ok) => arrivals.push(ok) });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    a.stop();
    expect(arrivals).toEqual([true, false]);
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    expect(a.speed).toBeLessThan(1e-3);
  });

  it("is deterministic for a seed", () => {
    const run = (seed: number) => {
      const world = new MotionWorld({ seed });
      const agents = [0, 1, 2, 3, 4].map((i) => world.createAgent({ roles, behaviour: "walk", x: i, z: -i }));
      for (const a of agents) a.wander({ area: { center: { x: 0, z: 0 }, radius: 8 } });
      for (let i = 0; i < 1000; i++) world.step(1 / 60);
      return agents.map((a) => [a.x, a.z, a.heading, a.phase, ...a.pose.rotations]);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it("follows the ground; flyers stay above it; swimmers stay below the water line", () => {
    const world = new MotionWorld();
    const ground = (x: number, z: number) => 0.5 + 0.2 * Math.sin(x) * Math.cos(z);
    const walker = world.createAgent({ roles, behaviour: "walk" });
    const bird = world.createAgent({ roles: flyerRoles(), behaviour: "fly" });
    const fish = world.createAgent({ roles: bodyOnlyRoles(), behaviour: "swim" });
    for (const a of [walker, bird, fish]) {
      a.ground = ground;
      a.wander({ area: { center: { x: 0, z: 0 }, radius: 10 } });
    }
    fish.ground = () => -3; // lake bed
    fish.waterLevel = 0;
    for (let i = 0; i < 2000; i++) {
      world.step(1 / 30);
      expect(walker.y).toBeCloseTo(ground(walker.x, walker.z), 9);
      expect(bird.y).toBeGreaterThanOrEqual(ground(bird.x, bird.z)); // taking off smoothly
      if (i > 150) expect(bird.y).toBeGreaterThan(ground(bird.x, bird.z) + 1); // then up there
      expect(fish.y).toBeLessThan(0);
      expect(fish.y).toBeGreaterThanOrEqual(-3);
    }
  });

  it("pauses, and scales time", () => {
    const world = new MotionWorld();
    const a = world.createAgent({ roles, behaviour: "walk" });
    a.vz = 0.2;
    world.paused = true;
    world.step(1);
    expect(a.z).toBe(0);
    world.paused = false;
    world.timeScale = 0.5;
    expect(world.step(0.05)).toBe(0.025);
    world.timeScale = 1;
    expect(world.step(5)).toBe(0.1); // a long frame is cut to maxStepSeconds
  });
});
