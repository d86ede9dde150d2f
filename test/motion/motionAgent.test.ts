import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/core/errors.js";
import { ArriveBehavior } from "../../src/motion/behaviors/arrive.js";
import { AvoidAreaBehavior } from "../../src/motion/behaviors/avoidArea.js";
import { BrakeBehavior } from "../../src/motion/behaviors/brake.js";
import { RouteBehavior } from "../../src/motion/behaviors/route.js";
import { StayInAreaBehavior } from "../../src/motion/behaviors/stayInArea.js";
import { WanderBehavior } from "../../src/motion/behaviors/wander.js";
import { sizeFlightBand } from "../../src/motion/flightBands.js";
import { flyGait, hopGait, slitherGait, walkGait } from "../../src/motion/gaits/index.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import { sizeOnlyRoles } from "../../src/motion/rigRoles.js";
import { speciesSpeeds } from "../../src/motion/speeds.js";
import { MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";
import { thrown } from "../helpers/rejection.js";
import { round } from "../helpers/round.js";

const roles = quadrupedRoles(0.5);
const agent = (behaviour?: string, r = roles) => new MotionAgent({ roles: r, rng: new SeededRandom(2), behaviour });

describe("MotionAgent", () => {
  it("sizes its footprint and speeds from its rig and gait", () => {
    const a = agent("walk");
    expect(a.gait).toBe(walkGait);
    expect(round(a.radius)).toBe(round(0.45 * roles.height));
    const species = speciesSpeeds(roles, undefined, walkGait);
    expect([a.walkSpeed, a.runSpeed, a.cruiseSpeed]).toEqual([species.walk, species.run, species.walk]);
    expect([a.maxSpeed, a.maxForce]).toEqual([a.runSpeed, a.runSpeed * 2]);
    expect(agent("walk", sizeOnlyRoles(0.01)).radius).toBe(0.05);
    expect(a.pose.jointCount).toBe(roles.joints.length);
  });

  it("idles for static, unknown or missing behaviours, and picks gaits in any case", () => {
    for (const behaviour of [undefined, "static", "teleport"]) {
      const a = agent(behaviour);
      // It idles, but walks at a legged body's pace when told to move.
      expect([a.gait, a.cruiseSpeed], String(behaviour)).toEqual([null, speciesSpeeds(roles, undefined, null).walk]);
    }
    expect(agent(undefined).behaviour).toBe("none");
    expect(agent("HOP").gait).toBe(hopGait);
    expect(agent("walk", bodyOnlyRoles()).gait).toBe(slitherGait); // a walker without legs slithers
  });

  it("flies in its size's band, and lands gradually when it stops flying (no fall in one frame)", () => {
    const bird = agent("fly", flyerRoles());
    const band = sizeFlightBand(flyerRoles().height);
    expect(bird.gait).toBe(flyGait);
    expect(bird.altitude).toBe((band.min + band.max) / 2);
    bird.flight.place(bird);
    expect(bird.y).toBe(bird.altitude);
    bird.setBehaviour("walk");
    expect(bird.gait).toBe(walkGait);
    expect(bird.altitude).toBeGreaterThan(1); // still in the air: it descends, it does not drop
    let fall = 0;
    for (let i = 0; i < 300; i++) {
      const y = bird.y;
      bird.step(1 / 30);
      fall = Math.max(fall, y - bird.y);
    }
    expect(fall).toBeLessThanOrEqual(2 / 30 + 1e-9); // at most its descent rate, 2 m/s
    expect([bird.altitude, bird.y, bird.flight.phase]).toEqual([0, 0, "landed"]);
    expect(agent("walk").altitude).toBe(0);
  });

  it("setBehaviour takes the new gait's speeds, keeping speeds set for the creature", () => {
    const a = agent("walk");
    a.setBehaviour("fly");
    const fly = speciesSpeeds(roles, undefined, flyGait);
    expect([a.walkSpeed, a.runSpeed, a.maxSpeed]).toEqual([fly.walk, fly.run, fly.run]);
    expect(a.maxForce).toBe(a.maxSpeed * 2);
    a.setSpeeds({ run: 7 });
    a.setBehaviour("walk");
    expect([a.walkSpeed, a.runSpeed]).toEqual([speciesSpeeds(roles, undefined, walkGait).walk, 7]);
  });

  it("setSpeeds refuses a speed that is not a non-negative finite number with an OptionsError naming it", () => {
    const a = agent("walk");
    const cases: [Partial<{ walk: number; run: number }>, string][] = [
      [{ walk: -1 }, "speeds.walk must be a non-negative finite number, got -1"],
      [{ run: Number.POSITIVE_INFINITY }, "speeds.run must be a non-negative finite number, got Infinity"],
      [{ walk: 1, run: Number.NaN }, "speeds.run must be a non-negative finite number, got NaN"],
    ];
    const before = [a.walkSpeed, a.runSpeed];
    for (const [speeds, message] of cases) {
      const error = thrown(() => a.setSpeeds(speeds));
      expect(error, message).toBeInstanceOf(OptionsError);
      expect((error as Error).message).toBe(message);
      expect((error as OptionsError).option).toBe(message.split(" ")[0]);
    }
    expect([a.walkSpeed, a.runSpeed]).toEqual(before); // a refused call changes nothing
  });

  it("setSpeeds takes a speed given as undefined as not given: an earlier override stays", () => {
    const a = agent("walk");
    a.setSpeeds({ walk: 0.3, run: 4 });
    a.setSpeeds({ walk: undefined, run: 5 });
    expect([a.walkSpeed, a.runSpeed]).toEqual([0.3, 5]);
    a.setBehaviour("fly"); // speeds are re-derived from the species, over which the overrides apply
    expect([a.walkSpeed, a.runSpeed]).toEqual([0.3, 5]);
  });

  it("travels along its heading, turning at most maxTurnRate per second", () => {
    const a = agent("walk");
    a.vx = 0.2; // wants +X, faces +Z
    a.step(0.1);
    expect(round(a.heading)).toBe(round(a.maxTurnRate * 0.1));
    expect(round(a.turnRate)).toBe(round(a.maxTurnRate));
    expect(round(Math.atan2(a.vx, a.vz))).toBe(round(a.heading)); // moves where it faces
    expect(a.speed).toBeLessThan(0.2); // turning away from its wish costs speed
    expect(round(a.x)).toBe(round(a.vx * 0.1));
    expect(round(a.z)).toBe(round(a.vz * 0.1));
  });

  it("keeps under its top speed and comes to rest below a tiny speed", () => {
    const a = agent("walk");
    a.vz = 100;
    a.step(0.01);
    expect(round(a.speed)).toBe(round(a.maxSpeed));
    a.vz = 1e-5;
    a.step(0.01);
    expect([a.vx, a.vz, a.speed]).toEqual([0, 0, 0]);
  });

  it("blends from idle into its gait while moving, advancing the phase within [0, 1)", () => {
    const a = agent("walk");
    a.step(1 / 60);
    expect([a.moveBlend, a.phase]).toEqual([0, 0]);
    const blends: number[] = [];
    const phases: number[] = [];
    for (let i = 0; i < 21; i++) {
      a.vz = 0.5 * a.cruiseSpeed;
      a.step(1 / 60);
      blends.push(a.moveBlend);
      phases.push(a.phase);
    }
    // 0.35 s from idle to gait: 1/21 of the way per 1/60 s frame.
    expect(blends.map((b) => round(b, 4))).toEqual(blends.map((_, i) => round(Math.min(1, (i + 1) / 21), 4)));
    expect(phases.every((p, i) => p > 0 && p < 1 && (i === 0 || p > phases[i - 1]!))).toBe(true);
    expect([...a.pose.rotations].every(Number.isFinite)).toBe(true);
  });

  // At moveBlend 1 the blend must hold, not step down and back (a flicker between 1 and
  // 1 - dt/0.35 on a steadily moving creature).
  it("stays fully in its gait while moving steadily", () => {
    const a = agent("walk");
    const blends: number[] = [];
    for (let i = 0; i < 40; i++) {
      a.vz = 0.5 * a.cruiseSpeed;
      a.step(1 / 60);
      if (i >= 21) blends.push(a.moveBlend);
    }
    expect(blends.every((b) => b === 1)).toBe(true);
  });

  it("wander sets up wandering: staying in and out of areas, at the order's speed for that order only", () => {
    const a = agent("walk");
    const area = { center: { x: 0, z: 0 }, radius: 5 };
    const pond = { center: { x: 1, z: 1 }, radius: 1 };
    a.wander({ area, avoid: [pond, pond], speed: 0.3 });
    expect(a.orderBehaviours.map((b) => b.constructor)).toEqual([
      WanderBehavior,
      StayInAreaBehavior,
      AvoidAreaBehavior,
      AvoidAreaBehavior,
    ]);
    expect(a.cruiseSpeed).toBe(0.3);
    expect(a.wanderArea).toEqual({ area, avoid: [pond, pond] });
    a.wander();
    expect(a.orderBehaviours.map((b) => b.constructor)).toEqual([WanderBehavior]);
    expect(a.cruiseSpeed).toBe(a.walkSpeed); // the last order's speed was for it only
    expect(a.behaviours).toEqual([]); // orders are not added behaviours
  });

  it("wandering stays in its area, out of what it avoids and apart from the others", () => {
    const world = new MotionWorld({ seed: 3 });
    const area = { center: { x: 0, z: 0 }, radius: 3 };
    const pond = { center: { x: 1, z: 1 }, radius: 1 };
    // Six walkers started closer together than their bodies are wide.
    const walkers = Array.from({ length: 6 }, (_, i) => {
      const w = world.createAgent({ roles, behaviour: "walk", x: -1 + (i % 3) * 0.3, z: -1 + Math.floor(i / 3) * 0.3 });
      w.wander({ area, avoid: [pond] });
      return w;
    });
    let outside = 0;
    let inPond = Infinity;
    let closest = Infinity;
    for (let step = 0; step < 30 * 60; step++) {
      world.step(1 / 60);
      for (const w of walkers) {
        outside = Math.max(outside, Math.hypot(w.x, w.z) - area.radius);
        inPond = Math.min(inPond, Math.hypot(w.x - pond.center.x, w.z - pond.center.z) - pond.radius);
      }
      if (step < 3 * 60) continue; // they part within the first seconds
      for (let i = 0; i < walkers.length; i++)
        for (let k = i + 1; k < walkers.length; k++)
          closest = Math.min(closest, Math.hypot(walkers[i]!.x - walkers[k]!.x, walkers[i]!.z - walkers[k]!.z));
    }
    expect(outside).toBeLessThanOrEqual(0);
    expect(inPond).toBeGreaterThan(0);
    // Separation pushes harder the deeper the overlap, so bodies may touch, never pass through:
    // without it two walkers meet within a few millimetres.
    const bodies = walkers[0]!.radius * 2;
    expect(closest).toBeGreaterThan(bodies * 0.75);
  });

  it("moveTo arrives once; a new order, stop or cancel settles the last one as not arrived", () => {
    const a = agent("walk");
    const settled: string[] = [];
    a.moveTo({ x: 0, z: 0.01 }, { onArrive: (ok) => settled.push(`first ${ok}`) });
    // An arrive that takes waypoints when obstacles are in the way (none here).
    expect(a.orderBehaviours.map((b) => b.constructor)).toEqual([RouteBehavior]);
    expect(a.orderBehaviours[0]).toBeInstanceOf(ArriveBehavior);
    expect((a.orderBehaviours[0] as RouteBehavior).remaining).toBe(0);
    a.step(1 / 60);
    a.step(1 / 60);
    expect(settled).toEqual(["first true"]);
    a.moveTo({ x: 9, z: 9 }, { onArrive: (ok) => settled.push(`second ${ok}`) });
    a.moveTo({ x: 9, z: 9 }, { onArrive: (ok) => settled.push(`third ${ok}`) });
    a.stop();
    expect(a.orderBehaviours.map((b) => b.constructor)).toEqual([BrakeBehavior]);
    a.moveTo({ x: 9, z: 9 }, { onArrive: (ok) => settled.push(`fourth ${ok}`) });
    a.cancel();
    a.cancel();
    expect(settled).toEqual(["first true", "second false", "third false", "fourth false"]);
  });

  it("refuses an order's bad speed with an OptionsError before it settles the current order", () => {
    const a = agent("walk");
    const settled: boolean[] = [];
    a.moveTo({ x: 9, z: 9 }, { onArrive: (ok) => settled.push(ok) });
    for (const [order, message] of [
      [() => a.moveTo({ x: 1, z: 1 }, { speed: -0.5 }), "speed must be a non-negative finite number, got -0.5"],
      [() => a.wander({ speed: Number.NaN }), "speed must be a non-negative finite number, got NaN"],
      [
        () => a.resumeWander({ speed: Number.POSITIVE_INFINITY }),
        "speed must be a non-negative finite number, got Infinity",
      ],
    ] as const) {
      const error = thrown(order);
      expect(error, message).toBeInstanceOf(OptionsError);
      expect([(error as OptionsError).option, (error as Error).message]).toEqual(["speed", message]);
    }
    expect([a.state, settled]).toEqual(["moveTo", []]); // the moveTo goes on, still pending
    a.moveTo({ x: 1, z: 1 }, { speed: 0 }); // 0 is a speed: stand still
    expect([a.cruiseSpeed, settled]).toEqual([0, [false]]);
  });

  it("stands on the ground; a swimmer never rises above swimDepth under the water line", () => {
    const walker = agent("walk");
    walker.ground = (x, z) => 1 + x + z;
    walker.vz = 0.1;
    walker.step(0.1);
    expect(walker.y).toBe(1 + walker.x + walker.z);
    const fish = agent("swim", bodyOnlyRoles());
    fish.waterLevel = 0;
    fish.ground = () => -0.2; // shallower than the swim depth: it rests on the bed
    fish.step(0.1);
    expect(fish.y).toBe(-0.2);
    fish.ground = () => -2;
    fish.step(0.1);
    expect(fish.y).toBeLessThanOrEqual(-fish.swimDepth);
    expect(fish.y).toBeGreaterThanOrEqual(-2);
  });

  // A swimmer's height follows the water line, not ground + altitude (0 for swimmers), or it
  // would sink to the bed on its first step from where populate starts it.
  it("swims swimDepth under the water line over deep water", () => {
    const fish = agent("swim", bodyOnlyRoles());
    fish.ground = () => -2;
    fish.waterLevel = 0;
    fish.y = -fish.swimDepth;
    fish.step(0.1);
    expect(fish.y).toBe(-fish.swimDepth);
  });
});
