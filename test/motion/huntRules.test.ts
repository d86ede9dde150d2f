/**
 * HuntBehavior engine-free, by direct calls on plain bodies in a world that lists the bodies
 * within its query radius: options named when refused; the search looks every half second and
 * takes the nearest prey; stalk and chase begin, end and give up at their exact bounds; a catch
 * is contact within `catchDistance` in three dimensions; the chase leads its prey; a flier
 * stoops within a dive's slope and gives up over prey it cannot reach.
 */
import { describe, expect, it } from "vitest";
import { HuntBehavior, type HuntOptions } from "../../src/motion/behaviors/hunt.js";
import { GAIN } from "../../src/motion/behaviors/steeringBehavior.js";
import type { SteeringAgent, SteeringWorld, Vec2 } from "../../src/motion/types.js";

type Body = SteeringAgent & { y?: number; altitude?: number; bodyHeight?: number; stoopY?: number };

/** A world that lists, for each query, the bodies (but the asker) within its query radius, in order. */
class ListWorld {
  queryRadius = 1;
  readonly neighbours: SteeringAgent[] = [];
  /** Queries so far. */
  looks = 0;
  readonly maxRadius = 1;
  readonly obstacles = [];
  readonly bodies = [];
  readonly time = 0;

  constructor(readonly members: Body[] = []) {}

  findNeighbours(agent: SteeringAgent): number {
    this.looks++;
    this.neighbours.length = 0;
    for (const m of this.members) {
      if (m !== agent && Math.hypot(m.x - agent.x, m.z - agent.z) <= this.queryRadius) this.neighbours.push(m);
    }
    return this.neighbours.length;
  }
}

function body(x: number, z: number, world: ListWorld | undefined, extra: Partial<Body> = {}): Body {
  const b = {
    id: 1,
    x,
    z,
    vx: 0,
    vz: 0,
    heading: 0,
    radius: 0.25,
    walkSpeed: 1,
    runSpeed: 4,
    cruiseSpeed: 1,
    maxForce: 2,
    speedLimit: 1,
    dt: 0.5,
    world: world as SteeringWorld | undefined,
    neighbours: [],
    neighbourCount: 0,
    neighbourRadius: 1,
    ...extra,
  } as unknown as Body;
  world?.members.push(b);
  return b;
}

/** A hunter at the origin and one prey at (x, z), in a world of their own. */
function scene(x: number, z: number, options: HuntOptions = {}, hunterExtra: Partial<Body> = {}, preyExtra = {}) {
  const world = new ListWorld();
  const hunter = body(0, 0, world, hunterExtra);
  const prey = body(x, z, world, preyExtra);
  const caught: SteeringAgent[] = [];
  const lost: SteeringAgent[] = [];
  const hunt = new HuntBehavior((o) => o === prey, {
    onCatch: (p) => caught.push(p),
    onGiveUp: (p) => lost.push(p),
    ...options,
  });
  const out: Vec2 = { x: 9, z: 9 };
  const step = (dt = 0.5) => {
    hunt.calculate(hunter, out, dt);
    return out;
  };
  return { world, hunter, prey, hunt, caught, lost, out, step };
}

describe("a hunt's options", () => {
  it("are refused by name", () => {
    expect(() => new HuntBehavior(() => true, 5 as never)).toThrow(/options/);
    expect(() => new HuntBehavior(() => true, { searchRadius: 0 })).toThrow(/searchRadius/);
    expect(() => new HuntBehavior(() => true, { spotRadius: 0 })).toThrow(/spotRadius/);
    expect(() => new HuntBehavior(() => true, { speed: -1 })).toThrow(/speed/);
    expect(() => new HuntBehavior(() => true, { restSeconds: -1 })).toThrow(/restSeconds/);
    expect(() => new HuntBehavior(() => true, { catchDistance: -1 })).toThrow(/catchDistance/);
  });

  it("start it searching: its state is its phase's, and it is not engaged", () => {
    const hunt = new HuntBehavior(() => true);
    expect([hunt.phase, hunt.state, hunt.engaged]).toEqual(["search", "search", false]);
  });
});

describe("the search", () => {
  it("finding nothing, stays searching and pushes nothing", () => {
    const s = scene(30, 0);
    expect(s.step()).toEqual({ x: 0, z: 0 });
    expect([s.hunt.phase, s.hunt.prey, s.hunt.engaged]).toEqual(["search", undefined, false]);
    const alone = new HuntBehavior(() => true);
    const out = { x: 9, z: 9 };
    alone.calculate(body(0, 0, undefined), out, 0.5);
    expect([alone.phase, out]).toEqual(["search", { x: 0, z: 0 }]);
  });

  it("asks the world every half second, not every step", () => {
    const s = scene(30, 0);
    const looked: number[] = [];
    for (let i = 1; i <= 9; i++) {
      const before = s.world.looks;
      s.step(0.125);
      if (s.world.looks > before) looked.push(i);
    }
    expect(looked).toEqual([1, 5, 9]);
    expect(s.world.queryRadius).toBe(20);
  });

  it("takes the nearest prey, not a nearer body that is not prey, and of two as near the first listed", () => {
    const world = new ListWorld();
    const hunter = body(0, 0, world);
    body(1, 0, world); // nearest, not prey
    const far = body(0, 8, world);
    const near = body(0, 5, world);
    const twin = body(5, 0, world); // as near as `near`, listed after it
    const farther = body(0, -9, world);
    const preys = new Set([far, near, twin, farther]);
    const hunt = new HuntBehavior((o) => preys.has(o));
    hunt.calculate(hunter, { x: 0, z: 0 }, 0.5);
    expect(hunt.prey).toBe(near);
  });
});

describe("stalk and chase", () => {
  it("stalks prey beyond spotRadius and chases it from exactly spotRadius", () => {
    const s = scene(0, 10.5);
    s.step();
    expect([s.hunt.phase, s.hunt.state, s.hunt.engaged]).toEqual(["stalk", "stalk", true]);
    s.prey.z = 10;
    s.step();
    expect([s.hunt.phase, s.hunt.state]).toEqual(["chase", "hunt"]);
  });

  it("drops prey that leaves the world or goes past searchRadius while stalked, and looks again", () => {
    const s = scene(0, 15);
    s.step();
    expect(s.hunt.phase).toBe("stalk");
    s.prey.z = 20; // exactly searchRadius: still stalked
    s.step();
    expect([s.hunt.phase, s.hunt.prey]).toEqual(["stalk", s.prey]);
    s.prey.z = 20.5;
    s.step();
    expect([s.hunt.phase, s.hunt.prey, s.out]).toEqual(["search", undefined, { x: 0, z: 0 }]);
    s.prey.z = 15;
    s.step(); // looked this step: found again
    expect([s.hunt.phase, s.hunt.prey]).toEqual(["stalk", s.prey]);
    s.prey.world = undefined; // taken out of the world, still in the list the world answers
    s.world.members.length = 0;
    s.step();
    expect([s.hunt.phase, s.hunt.prey, s.hunt.misses, s.lost]).toEqual(["search", undefined, 0, []]);
  });

  it("gives a chase up when its prey leaves the world or goes past searchRadius, not at exactly it", () => {
    const s = scene(0, 5);
    s.step();
    expect(s.hunt.phase).toBe("chase");
    s.prey.z = 20;
    s.step();
    expect([s.hunt.phase, s.hunt.misses]).toEqual(["chase", 0]);
    s.prey.z = 20.5;
    s.hunter.vx = 1;
    s.step();
    expect([s.hunt.phase, s.hunt.prey, s.hunt.misses, s.lost]).toEqual(["rest", undefined, 1, [s.prey]]);
    expect(s.out).toEqual({ x: -4, z: -0 }); // it brakes

    const t = scene(0, 5);
    t.step();
    t.prey.world = undefined;
    t.step();
    expect([t.hunt.phase, t.hunt.misses, t.lost]).toEqual(["rest", 1, [t.prey]]);
  });

  it("gives a chase up at exactly chaseSeconds", () => {
    const s = scene(0, 5, { chaseSeconds: 1 });
    s.step();
    expect(s.hunt.phase).toBe("chase");
    s.step();
    expect(s.hunt.phase).toBe("chase");
    s.step();
    expect([s.hunt.phase, s.hunt.misses, s.lost]).toEqual(["rest", 1, [s.prey]]);
  });

  it("rests exactly restSeconds, braking, then searches again", () => {
    const s = scene(0, 5, { chaseSeconds: 1, restSeconds: 1 });
    for (let i = 0; i < 3; i++) s.step();
    expect(s.hunt.phase).toBe("rest");
    s.hunter.vz = 0.5;
    expect(s.step()).toEqual({ x: -0, z: -2 });
    expect([s.hunt.phase, s.hunt.state]).toEqual(["rest", "rest"]);
    s.step();
    expect([s.hunt.phase, s.hunt.state, s.hunt.engaged]).toEqual(["search", "search", false]);
  });

  it("chases at its own speed when given one, else at its run, leading the prey", () => {
    for (const [speed, pace] of [
      [undefined, 4],
      [5, 5],
    ] as const) {
      const s = scene(3, 4, speed === undefined ? {} : { speed }, { vx: 0.5 }, { vx: 2, vz: 1 });
      const out = s.step();
      expect(s.hunt.phase).toBe("chase");
      expect(s.hunter.speedLimit).toBe(pace);
      const ahead = Math.min(3, 5 / (pace + Math.hypot(2, 1)));
      const ax = 3 + 2 * ahead;
      const az = 4 + 1 * ahead;
      const d = Math.hypot(ax, az);
      expect(out.x).toBeCloseTo(((ax / d) * pace - 0.5) * GAIN, 9);
      expect(out.z).toBeCloseTo(((az / d) * pace - 0) * GAIN, 9);
    }
  });
});

describe("a catch", () => {
  it("is contact: within the radii and catchDistance across, at exactly that distance too", () => {
    const s = scene(0, 1.0001, { catchDistance: 0.5 });
    s.step();
    expect([s.hunt.catches, s.hunt.phase]).toEqual([0, "chase"]);
    s.prey.z = 1; // 0.25 + 0.25 + 0.5
    s.hunter.vx = 1;
    expect(s.step()).toEqual({ x: -4, z: -0 });
    expect([s.hunt.catches, s.hunt.phase, s.hunt.prey, s.caught]).toEqual([1, "rest", undefined, [s.prey]]);
  });

  it("is contact in height too: a gap between the bodies' spans of catchDistance is, more is not", () => {
    // The hunter spans 0 to 1 m; prey 1.5 m up, 0.5 m above its top.
    const s = scene(0, 0.5, { catchDistance: 0.5 }, { y: 0, bodyHeight: 1 }, { y: 1.5, bodyHeight: 1 });
    s.step();
    expect(s.hunt.catches).toBe(1);
    for (const [hy, py] of [
      [0, 4], // prey above the hunter
      [4, 0], // the hunter above its prey (an eagle over a crab)
    ]) {
      const t = scene(0, 0.5, { catchDistance: 0.5 }, { y: hy, bodyHeight: 1 }, { y: py, bodyHeight: 1 });
      t.step();
      expect([t.hunt.catches, t.hunt.phase], `hunter at ${hy}, prey at ${py}`).toEqual([0, "chase"]);
    }
  });
});

describe("a flier's stoop", () => {
  const flier = (y: number) => ({ y, altitude: 5, bodyHeight: 0.5 });

  it("dives to its prey's height once closer across than below it plus 3 m, at exactly that too", () => {
    for (const [x, stoops] of [
      [7, true],
      [7.01, false],
    ] as const) {
      const s = scene(x, 0, {}, flier(6), { y: 2 }); // 4 m above the prey
      s.step();
      expect(s.hunt.phase).toBe("chase");
      expect(s.hunter.stoopY, `${x} m across`).toBe(stoops ? 2 : undefined);
    }
    const deep = scene(8, 0, {}, flier(10), { y: 0 }); // 10 m above: 8 m across is within 13
    deep.step();
    expect(deep.hunter.stoopY).toBe(0);
  });

  it("reads the height between the two bodies, not their sum", () => {
    const s = scene(12, 0, { spotRadius: 15 }, flier(12), { y: 4 }); // 8 m above, 12 m across
    s.step();
    expect([s.hunt.phase, s.hunter.stoopY]).toEqual(["chase", undefined]);
  });

  it("is a chase's: a flier stalking prey below it, and a walker chasing, do not stoop", () => {
    const stalking = scene(5, 0, { spotRadius: 2 }, flier(10), { y: 0 });
    stalking.step();
    expect([stalking.hunt.phase, stalking.hunter.stoopY]).toEqual(["stalk", undefined]);
    for (const altitude of [0, undefined]) {
      const walker = scene(2, 0, {}, { y: 0, altitude }, { y: 0 });
      walker.step();
      expect([walker.hunt.phase, walker.hunter.stoopY]).toEqual(["chase", undefined]);
    }
  });

  it("gives up after 1.5 s right over prey it goes no lower toward (a fish deep under the surface)", () => {
    const s = scene(0, 0, {}, flier(1), { y: -6 });
    s.step();
    s.step();
    expect([s.hunt.phase, s.hunter.stoopY, s.hunt.misses]).toEqual(["chase", -6, 0]);
    s.step(); // 1.5 s
    expect([s.hunt.phase, s.hunt.misses, s.lost]).toEqual(["rest", 1, [s.prey]]);
  });

  it("counts as right over its prey within the catch reach across, at exactly it too", () => {
    const s = scene(1, 0, { catchDistance: 0.5 }, flier(1), { y: -6 }); // reach 0.25 + 0.25 + 0.5
    for (let i = 0; i < 3; i++) s.step();
    expect([s.hunt.phase, s.hunt.misses]).toEqual(["rest", 1]);
  });

  it("goes on while it still gets lower, or is not yet over its prey", () => {
    const diving = scene(0, 0, {}, flier(1), { y: -6 });
    for (let i = 0; i < 6; i++) {
      diving.step();
      diving.hunter.y = (diving.hunter.y ?? 0) - 0.5;
    }
    expect([diving.hunt.phase, diving.hunt.misses]).toEqual(["chase", 0]);

    const across = scene(2, 0, { catchDistance: 0.5 }, flier(1), { y: -6 }); // 2 m across, reach 1 m
    for (let i = 0; i < 6; i++) across.step();
    expect([across.hunt.phase, across.hunter.stoopY, across.hunt.misses]).toEqual(["chase", -6, 0]);
  });

  it("waits its own 1.5 s over prey out of reach in a later chase (the count of the one given up is not carried over)", () => {
    const s = scene(0, 0, { restSeconds: 0.5 }, flier(1), { y: -6 });
    for (let i = 0; i < 3; i++) s.step();
    expect([s.hunt.phase, s.hunt.misses]).toEqual(["rest", 1]);
    s.step(); // rested
    s.step(); // looks, finds the same fish right under it, and stoops again
    expect([s.hunt.phase, s.hunt.misses, s.hunter.stoopY]).toEqual(["chase", 1, -6]);
    s.step();
    expect([s.hunt.phase, s.hunt.misses]).toEqual(["chase", 1]);
    s.step();
    expect([s.hunt.phase, s.hunt.misses, s.lost]).toEqual(["rest", 2, [s.prey, s.prey]]);
  });

  it("counts a step 1 mm lower, or less, as no lower", () => {
    const s = scene(0, 0, {}, flier(1), { y: -6 });
    for (let i = 0; i < 3; i++) {
      s.step();
      s.hunter.y = (s.hunter.y ?? 0) - 1e-3;
    }
    expect([s.hunt.phase, s.hunt.misses]).toEqual(["rest", 1]);
  });
});
