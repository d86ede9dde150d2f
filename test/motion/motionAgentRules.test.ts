/**
 * What a MotionAgent promises beyond its orders, engine-free at fixed steps: its number, its
 * margins, its realm through a change of behaviour, its speeds, the cap on its steering force
 * and speed, its turn rate, its height (ground, water, perch, navmesh), its lean, its landing
 * and take-off, and the watch on a moveTo a neighbour's push holds back.
 */
import { describe, expect, it } from "vitest";
import { SteeringBehavior } from "../../src/motion/behaviors/steeringBehavior.js";
import { BEHAVIOR_GAITS, flyGait, walkGait } from "../../src/motion/gaits/index.js";
import { MotionAgent } from "../../src/motion/motionAgent.js";
import { DEPTH_BANDS } from "../../src/motion/swimKinds.js";
import type { PathPlanner, SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { swimTargetY } from "../../src/motion/waterColumn.js";
import { MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { boxArea } from "../helpers/areas.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;

const solo = (behaviour = "walk", roles = quadrupedRoles(0.5), extra: { gaits?: typeof BEHAVIOR_GAITS } = {}) =>
  new MotionAgent({ roles, rng: new SeededRandom(3), behaviour, ...extra });

function steps(agent: MotionAgent, n: number, dt = DT): void {
  for (let i = 0; i < n; i++) agent.step(dt);
}

function worldSteps(world: MotionWorld, n: number): void {
  for (let i = 0; i < n; i++) world.step(DT);
}

/** A steady push (an added behavior), optionally engaged (a reaction that pauses the order's goal). */
class Push extends SteeringBehavior {
  constructor(
    public fx: number,
    public fz: number,
    engaged = false,
  ) {
    super();
    this.engaged = engaged;
  }
  calculate(_agent: SteeringAgent, out: Vec2): void {
    out.x = this.fx;
    out.z = this.fz;
  }
}

describe("its number and margins", () => {
  it("gives agents made on their own distinct positive numbers", () => {
    const ids = [solo().id, solo().id, solo().id];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1);
  });

  it("keeps at least 0.3 m from obstacles and the realm's edge, else its radius; its clearance adds its radius", () => {
    const small = solo("walk", quadrupedRoles(0.2));
    expect(small.radius).toBeLessThan(0.3);
    expect(small.avoidance.margin).toBe(0.3);
    expect(small.keepRealm.margin).toBe(0.3);
    expect(small.clearance).toBeCloseTo(0.3 + small.radius, 12);
    const big = solo("walk", quadrupedRoles(2));
    expect(big.radius).toBeGreaterThan(0.3);
    expect(big.avoidance.margin).toBe(big.radius);
    expect(big.keepRealm.margin).toBe(big.radius);
    expect(big.clearance).toBeCloseTo(2 * big.radius, 12);
  });
});

describe("its group", () => {
  it("has none while its added behaviors are no group's", () => {
    const a = solo();
    expect(a.group).toBeUndefined();
    a.addBehavior(new Push(0, 0));
    a.addBehavior(new Push(1, 0));
    expect(a.group).toBeUndefined();
  });
});

describe("its realm and behaviour", () => {
  it("follows its behaviour until set; a set realm stays through a change of behaviour", () => {
    const a = solo("walk");
    expect(a.realm).toBe("ground");
    a.setBehavior("swim");
    expect(a.realm).toBe("water");
    a.setBehavior("walk");
    expect(a.realm).toBe("ground");
    a.realm = "water";
    a.setBehavior("fly");
    expect(a.realm).toBe("water");
    a.setBehavior("walk");
    expect(a.realm).toBe("water");
  });

  it("takes off when its behaviour becomes a flying one, and takes off again with the flying behaviour it last had", () => {
    const gaits = { ...BEHAVIOR_GAITS, soar: flyGait };
    const bird = solo("walk", flyerRoles(), { gaits });
    expect(bird.flight.airborne).toBe(false);
    bird.setBehavior("soar");
    expect(bird.flight.phase).toBe("takingOff");
    bird.setBehavior("walk");
    expect(bird.flight.phase).toBe("landing");
    steps(bird, 300);
    expect(bird.flight.phase).toBe("landed");
    bird.takeOff();
    expect(bird.behaviour).toBe("soar");
    expect(bird.gait).toBe(flyGait);
    expect(bird.state).toBe("wander");
  });

  it("reads its jump reach from its behaviour in any case, and takes a reach set for it", () => {
    const lower = solo("walk").jumpReach;
    const upper = solo("WALK").jumpReach;
    expect(lower.height).toBeGreaterThan(0);
    expect(upper).toEqual(lower);
    const a = solo("walk");
    a.jumpReach = { height: 1.25, length: 2.5 };
    expect(a.jumpReach).toEqual({ height: 1.25, length: 2.5 });
    expect(() => (a.jumpReach = { height: -1, length: 1 })).toThrow(/jumpReach\.height/);
    expect(() => (a.jumpReach = { height: 1, length: Number.NaN })).toThrow(/jumpReach\.length/);
    a.jumpReach = undefined;
    expect(a.jumpReach).toEqual(lower);
  });
});

describe("setSpeeds", () => {
  it("moves the cruise of an order at walking pace, not an order's own speed, and sizes its force to its top speed", () => {
    const a = solo();
    a.wander();
    a.setSpeeds({ walk: 0.8, run: 3 });
    expect(a.cruiseSpeed).toBe(0.8);
    expect(a.maxSpeed).toBe(3);
    expect(a.maxForce).toBe(6);
    a.moveTo({ x: 5, z: 0 }, { speed: 2.5 });
    a.setSpeeds({ walk: 0.4 });
    expect(a.cruiseSpeed).toBe(2.5);
    expect(a.walkSpeed).toBe(0.4);
  });
});

describe("steering", () => {
  it("caps the summed force at maxForce, or at twice an order's faster speed", () => {
    const a = solo();
    a.addBehavior(new Push(0, 1000));
    a.step(DT);
    expect(a.vx).toBe(0);
    expect(a.vz).toBeCloseTo(a.maxForce * DT, 9);
    const b = solo();
    const fast = b.maxSpeed * 3;
    b.seek({ x: 0, z: 100 }, { speed: fast });
    b.addBehavior(new Push(0, 1000));
    b.step(DT);
    expect(b.vz).toBeCloseTo(fast * 2 * DT, 9);
  });

  it("never travels faster than its speed limit, in any direction", () => {
    const a = solo();
    a.heading = Math.PI / 4;
    a.addBehavior(new Push(50, 50));
    let top = 0;
    for (let i = 0; i < 120; i++) {
      a.step(DT);
      top = Math.max(top, a.speed);
    }
    expect(top).toBeLessThanOrEqual(a.maxSpeed + 1e-9);
    expect(a.speed).toBeCloseTo(a.maxSpeed, 6);
    expect(a.vx).toBeCloseTo(a.vz, 6);
  });

  it("leaves out an added behavior that is not active, even one marked engaged", () => {
    const a = solo();
    const off = a.addBehavior(new Push(5, 0, true));
    off.active = false;
    a.seek({ x: 0, z: 50 });
    steps(a, 30);
    expect(a.z).toBeGreaterThan(0.1);
    expect(Math.abs(a.x)).toBeLessThan(1e-9);
  });

  it("measures its turn rate as the heading's change per second, and none on a step of no time", () => {
    const a = solo();
    a.heading = 2;
    a.addBehavior(new Push(-5, -1));
    for (let i = 0; i < 20; i++) {
      const before = a.heading;
      a.step(DT);
      const turned = Math.atan2(Math.sin(a.heading - before), Math.cos(a.heading - before));
      expect(a.turnRate).toBeCloseTo(turned / DT, 6);
    }
    expect(Math.abs(a.turnRate)).toBeGreaterThan(0);
    a.step(0);
    expect(a.turnRate).toBe(0);
  });
});

describe("height", () => {
  it("a swimmer in the world's water keeps swimDepth under its level, over the bed; on its own it stands on the ground", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-10, -10, 10, 10), 1);
    const fish = world.createAgent({ roles: bodyOnlyRoles(), behaviour: "swim" });
    fish.ground = () => -1;
    fish.vz = 0.2;
    fish.step(DT);
    expect(fish.y).toBeCloseTo(1 - fish.swimDepth, 12);
    expect(fish.z).toBeGreaterThan(0);
    const alone = solo("swim", bodyOnlyRoles());
    alone.ground = () => -0.4;
    alone.step(DT);
    expect(alone.y).toBe(-0.4);
    const dry = new MotionWorld({ seed: 1 }).createAgent({ roles: bodyOnlyRoles(), behaviour: "swim" });
    dry.step(DT);
    expect(dry.y).toBe(0);
  });

  it("a walker that stands in water stands on its bed, not at a swimmer's depth", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-10, -10, 10, 10), 1);
    const walker = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk" });
    walker.ground = () => 0;
    walker.vz = 0.2;
    walker.step(DT);
    expect(walker.y).toBe(0);
  });

  it("a swimmer with a depth band closes on its band's depth gradually, then keeps it", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-20, -20, 20, 20), 0);
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -4 });
    fish.ground = () => -4;
    fish.depthBand = DEPTH_BANDS.mid;
    const y0 = fish.y;
    const first = swimTargetY(fish as never, 0, world.time);
    world.step(DT);
    expect(fish.y).toBeCloseTo(y0 + (first - y0) * DT * 1.5, 9);
    worldSteps(world, 90);
    const target = swimTargetY(fish as never, 0, world.time - DT);
    expect(Math.abs(fish.y - target)).toBeLessThan(0.05 * Math.abs(first - y0));
    expect(fish.y).toBeGreaterThanOrEqual(-4);
    expect(fish.y).toBeLessThanOrEqual(-0.3 * DEPTH_BANDS.mid.submerged);
  });

  it("a swimmer with a band does not swim into water too shallow for it", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-20, -20, 20, 20), 0);
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -1 });
    // Deep for z < 0, a bed at 0.05 under the surface beyond.
    fish.ground = (_x, z) => (z < 0 ? -2 : -0.05);
    fish.depthBand = DEPTH_BANDS.mid;
    fish.z = -1;
    fish.keepRealm.active = false; // its steering would turn it back first: this is the hard rule
    fish.addBehavior(new Push(0, 5));
    worldSteps(world, 120);
    expect(fish.z).toBeLessThan(0);
    expect(fish.y).toBeLessThanOrEqual(-0.3 * DEPTH_BANDS.mid.submerged + 1e-9);
  });

  it("a swimmer with a band and its own water level does not swim into the shallows of a world with no water areas", () => {
    // A game's sea: the swimmer's own level, no water area in the world.
    const world = new MotionWorld({ seed: 1 });
    const fish = world.createAgent({ roles: bodyOnlyRoles(0.3), behaviour: "swim", y: -1 });
    fish.waterLevel = 0;
    fish.ground = (_x, z) => (z < 0 ? -2 : -0.05);
    fish.depthBand = DEPTH_BANDS.mid;
    fish.z = -1;
    fish.keepRealm.active = false;
    fish.addBehavior(new Push(0, 5));
    worldSteps(world, 120);
    expect(fish.z).toBeLessThan(0);
    expect(fish.y).toBeLessThanOrEqual(-0.3 * DEPTH_BANDS.mid.submerged + 1e-9);
  });

  it("stands a walker on a navmesh's surface, not a flier", () => {
    const world = new MotionWorld({ seed: 1 });
    const planner: PathPlanner = { plan: () => [], standOn: () => 5 };
    (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
    const walker = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk" });
    const bird = world.createAgent({ roles: flyerRoles(), behaviour: "fly" });
    bird.flight.place(bird);
    worldSteps(world, 2);
    expect(walker.y).toBe(5);
    expect(bird.y).toBeCloseTo(bird.altitude, 0);
    expect(bird.y).not.toBe(5);
  });
});

describe("obstacles and water", () => {
  it("a flier passes over an obstacle and water that hold a walker out", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addObstacle(boxArea(1, -5, 3, 5));
    world.addWater(boxArea(5, -5, 7, 5), 0);
    const bird = world.createAgent({ roles: flyerRoles(), behaviour: "fly", heading: Math.PI / 2 });
    bird.flight.place(bird);
    bird.addBehavior(new Push(20, 0));
    const walker = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", z: 20, heading: Math.PI / 2 });
    walker.addBehavior(new Push(20, 0));
    walker.avoidance.active = false;
    let inObstacle = false;
    for (let i = 0; i < 600 && bird.x < 8; i++) {
      world.step(DT);
      if (bird.x > 1.5 && bird.x < 2.5) inObstacle = true;
    }
    expect(inObstacle).toBe(true);
    expect(bird.x).toBeGreaterThan(7);
    const w2 = new MotionWorld({ seed: 1 });
    w2.addObstacle(boxArea(1, -5, 3, 5));
    const cow = w2.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2 });
    cow.avoidance.active = false;
    cow.addBehavior(new Push(20, 0));
    worldSteps(w2, 300);
    expect(cow.x).toBeLessThan(1);
  });

  it("a walker pushed toward water stays out of it", () => {
    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(1, -5, 3, 5), 0);
    const cow = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2 });
    cow.keepRealm.active = false;
    cow.addBehavior(new Push(20, 0));
    for (let i = 0; i < 300; i++) {
      world.step(DT);
      expect(world.isInWater(cow.x, cow.z)).toBe(false);
    }
  });
});

describe("its lean", () => {
  const slope = (x: number) => x * 0.5;

  it("leans to the slope on its feet; a swimmer or a perched flier stays level", () => {
    const walker = solo("walk");
    walker.ground = slope;
    walker.heading = Math.PI / 2;
    walker.seek({ x: 50, z: 0 });
    steps(walker, 60);
    expect(Math.abs(walker.tilt.pitch)).toBeGreaterThan(0.05);

    const fish = solo("swim", bodyOnlyRoles());
    fish.realm = "ground";
    fish.waterLevel = 10;
    fish.ground = slope;
    fish.heading = Math.PI / 2;
    fish.seek({ x: 50, z: 0 });
    steps(fish, 60);
    expect(fish.tilt.pitch).toBe(0);

    const bird = solo("fly", flyerRoles());
    bird.ground = slope;
    bird.flight.place(bird);
    bird.land({ x: 3, z: 0, y: 4 });
    steps(bird, 600);
    expect(bird.flight.perch).toBeDefined();
    expect(bird.flight.phase).toBe("landed");
    bird.heading += 1;
    steps(bird, 30);
    expect(bird.tilt.pitch).toBe(0);
    expect(bird.tilt.roll).toBe(0);

    const world = new MotionWorld({ seed: 1 });
    world.addWater(boxArea(-100, -100, 100, 100), 30);
    const banded = world.createAgent({ roles: bodyOnlyRoles(), behaviour: "swim", heading: Math.PI / 2 });
    banded.ground = slope;
    banded.depthBand = DEPTH_BANDS.bottom;
    banded.seek({ x: 50, z: 0 });
    worldSteps(world, 60);
    expect(banded.tilt.pitch).toBe(0);
  });
});

describe("landing and taking off", () => {
  it("a creature on the ground is told it landed at once", () => {
    const cow = solo("walk");
    const told: boolean[] = [];
    cow.land(undefined, (ok) => told.push(ok));
    expect(told).toEqual([true]);
  });

  it("a flier lands where it is, then walks with its ground behaviour and idles", () => {
    const bird = solo("fly", flyerRoles());
    bird.flight.place(bird);
    const told: boolean[] = [];
    bird.land(undefined, (ok) => told.push(ok));
    steps(bird, 400);
    expect(told).toEqual([true]);
    expect(bird.behaviour).toBe("walk");
    expect(bird.gait).toBe(walkGait);
    expect(bird.state).toBe("idle");
    expect(bird.y).toBe(0);
  });

  it("a second land tells the first false and lands; a take-off, a new order or cancel tells the pending land false", () => {
    const bird = solo("fly", flyerRoles());
    bird.flight.place(bird);
    const told: string[] = [];
    bird.land({ x: 5, z: 0 }, (ok) => told.push(`first ${ok}`));
    bird.land({ x: 6, z: 0 }, (ok) => told.push(`second ${ok}`));
    expect(told).toEqual(["first false"]);
    steps(bird, 600);
    expect(told).toEqual(["first false", "second true"]);
    expect(bird.x).toBeCloseTo(6, 0);
    bird.takeOff();
    bird.land(undefined, (ok) => told.push(`third ${ok}`));
    bird.takeOff();
    expect(told).toEqual(["first false", "second true", "third false"]);
    bird.land(undefined, (ok) => told.push(`fourth ${ok}`));
    bird.stop();
    expect(told).toEqual(["first false", "second true", "third false", "fourth false"]);
    bird.land(undefined, (ok) => told.push(`fifth ${ok}`));
    bird.cancel();
    expect(told).toEqual(["first false", "second true", "third false", "fourth false", "fifth false"]);
  });

  it("lands on a perch and stays on it", () => {
    const bird = solo("fly", flyerRoles());
    bird.flight.place(bird);
    const told: boolean[] = [];
    bird.land({ x: 2, z: 1, y: 1.5 }, (ok) => told.push(ok));
    steps(bird, 600);
    expect(told).toEqual([true]);
    steps(bird, 30);
    expect([bird.x, bird.y, bird.z]).toEqual([2, 1.5, 1]);
  });

  it("a flier that takes a walking behaviour in the air goes on with its order on foot", () => {
    const bird = solo("fly", flyerRoles());
    bird.flight.place(bird);
    bird.wander();
    bird.setBehavior("walk");
    steps(bird, 400);
    expect(bird.flight.phase).toBe("landed");
    expect(bird.state).toBe("wander");
  });

  it("takes off from the ground to wander where it last wandered; a take-off in flight changes nothing", () => {
    const bird = solo("fly", flyerRoles());
    const area = boxArea(-5, -5, 5, 5);
    bird.wander({ area });
    bird.setBehavior("walk");
    steps(bird, 400);
    bird.stop();
    bird.takeOff();
    expect(bird.flight.phase).toBe("takingOff");
    expect(bird.state).toBe("wander");
    expect(bird.wanderArea?.area).toBe(area);
    bird.moveTo({ x: 3, z: 0 });
    bird.takeOff();
    expect(bird.state).toBe("moveTo");
    steps(bird, 200);
    expect(bird.flight.phase).toBe("flying");
    bird.moveTo({ x: 3, z: 0 });
    bird.takeOff();
    expect(bird.state).toBe("moveTo");
  });
});

describe("events and pose", () => {
  it("tells of no state change before its first order", () => {
    const a = solo();
    const changes: string[] = [];
    a.events = { arrived: () => {}, stateChanged: (s, p) => changes.push(`${p}->${s}`) };
    steps(a, 3);
    expect(changes).toEqual([]);
    a.wander();
    expect(changes).toEqual(["idle->wander"]);
  });

  it("repose brings a held pose up to date without advancing its gait", () => {
    const a = solo();
    a.seek({ x: 0, z: 50 });
    a.skipPose = true;
    steps(a, 30);
    const held = JSON.stringify(a.pose);
    const phase = a.phase;
    a.repose();
    expect(JSON.stringify(a.pose)).not.toBe(held);
    expect(a.phase).toBe(phase);
  });
});

describe("a moveTo's watch on progress", () => {
  it("does not give up while a neighbour that walks into it shoves it back", () => {
    const world = new MotionWorld({ seed: 4 });
    const a = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2 });
    const b = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", x: 1, heading: -Math.PI / 2 });
    b.separation.active = false; // it walks on into a: only a's separation parts them
    b.avoidance.active = false;
    a.avoidance.active = false;
    b.seek(a);
    const settled: boolean[] = [];
    a.moveTo({ x: 10, z: 0 }, { speed: 0.1, stuckSeconds: 1, onArrive: (ok) => settled.push(ok) });
    worldSteps(world, 60);
    expect(a.x).toBeLessThan(0.5); // it made no headway for well over stuckSeconds
    expect(settled).toEqual([]);
    expect(a.state).toBe("moveTo");
  });

  it("does not give up while a reaction holds it, and does not take the unplanned way as unreachable", () => {
    const world = new MotionWorld({ seed: 4 });
    const a = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk" });
    const hold = a.addBehavior(new Push(0, 0, true));
    const settled: boolean[] = [];
    a.moveTo({ x: 10, z: 0 }, { stuckSeconds: 0.5, onArrive: (ok) => settled.push(ok) });
    worldSteps(world, 60);
    expect(settled).toEqual([]);
    a.removeBehavior(hold);
    worldSteps(world, 600);
    expect(settled).toEqual([true]);
  });
});

describe("a jump on its way", () => {
  it("leaves the ground at the take-off point, flies its arc without steering, and lands on the surface there", () => {
    const leg = { from: { x: 1, y: 0, z: 0 }, to: { x: 2.5, y: 1, z: 0 } };
    const planner: PathPlanner = {
      plan: () => [{ x: 1, z: 0, jump: leg } as Vec2, { x: 2.5, z: 0 }],
      standOn: (a) => (a.x > 2 ? 1.02 : 0),
      landed: () => 1.02,
    };
    const world = new MotionWorld({ seed: 1 });
    (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = planner;
    const a = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2 });
    const phases: string[] = [];
    a.events = { arrived: () => {}, stateChanged: () => {}, jumped: (phase) => phases.push(phase) };
    const settled: boolean[] = [];
    a.moveTo({ x: 4, z: 0 }, { onArrive: (ok) => settled.push(ok) });
    let top = 0;
    let jumping = 0;
    let stoodOn = false; // put on the surface it landed on (1.02), not the leg's end (1)
    for (let i = 0; i < 900 && settled.length === 0; i++) {
      world.step(DT);
      if (!a.jump) continue;
      jumping++;
      top = Math.max(top, a.y);
      if (a.y === 1.02) stoodOn = true;
      expect(a.turnRate).toBe(0);
    }
    expect(jumping).toBeGreaterThan(3);
    expect(phases[0]).toBe("start");
    expect(phases).toContain("end");
    expect(top).toBeGreaterThan(1.05);
    expect(stoodOn).toBe(true);
    expect(settled).toEqual([true]);
    expect(a.x).toBeCloseTo(4, 0);
  });
});

describe("floors", () => {
  const run = (navmesh: boolean) => {
    const world = new MotionWorld({ seed: 1 });
    if (navmesh) (world as { pathPlanner: PathPlanner | undefined }).pathPlanner = { plan: () => [], standOn: () => 5 };
    world.addObstacle({ center: { x: 2, y: 0, z: 0 } as Vec2, radius: 1 });
    const cow = world.createAgent({ roles: quadrupedRoles(0.5), behaviour: "walk", heading: Math.PI / 2 });
    cow.ground = () => 5;
    cow.avoidance.active = false;
    cow.addBehavior(new Push(20, 0));
    worldSteps(world, 300);
    return cow.x;
  };

  it("a walker on a navmesh's upper floor passes over an obstacle of the floor below; on the ground it is held", () => {
    expect(run(true)).toBeGreaterThan(3);
    expect(run(false)).toBeLessThan(1);
  });
});
