import { describe, expect, it } from "vitest";
import { GroupBehavior, type GroupSettings, GroupStats } from "../../src/motion/behaviors/group.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";

const herd: GroupSettings = { viewRadius: 5, cohesion: 0.7, alignment: 0.6, spacing: 2 };

interface Beast extends SteeringAgent {
  state?: string;
}

function beast(x: number, z: number, vx = 0, vz = 0, world: unknown = { time: 0 }): Beast {
  return {
    id: 1,
    x,
    z,
    vx,
    vz,
    radius: 0.5,
    maxForce: 2,
    cruiseSpeed: 1,
    speedLimit: 3,
    neighbours: [],
    neighbourCount: 0,
    world,
  } as unknown as Beast;
}

function statsOf(members: SteeringAgent[], split = () => false): GroupStats {
  const s = new GroupStats();
  s.members = members;
  s.membership = new Map(members.map((m) => [m, true]));
  s.split = split;
  return s;
}

function see(agent: Beast, neighbours: SteeringAgent[], count = neighbours.length): void {
  Object.assign(agent, { neighbours, neighbourCount: count });
}

function force(agent: Beast, stats: GroupStats, g: GroupSettings = herd): Vec2 {
  const out = { x: 9, z: 9 };
  new GroupBehavior(g, stats).calculate(agent, out);
  return out;
}

/** Cohesion toward (cx, cz) then alignment toward (mvx, mvz), as the settings promise. */
function expected(a: Beast, cx: number, cz: number, mvx: number, mvz: number, g = herd): Vec2 {
  const out = { x: 0, z: 0 };
  const dx = cx - a.x;
  const dz = cz - a.z;
  const d = Math.hypot(dx, dz);
  const spacing = g.spacing * a.radius;
  if (d > spacing) {
    const pull = a.maxForce * g.cohesion * Math.min(1, (d - spacing) / Math.max(spacing, 0.5));
    out.x += (dx / d) * pull;
    out.z += (dz / d) * pull;
  }
  const speed = Math.hypot(mvx, mvz);
  if (speed > 1e-6) {
    const pace = Math.max(a.cruiseSpeed, Math.min(speed, a.speedLimit));
    out.x += ((mvx / speed) * pace - a.vx) * g.alignment;
    out.z += ((mvz / speed) * pace - a.vz) * g.alignment;
  }
  return out;
}

/** A planner's aim that always heads for (x, z), a corner of the way round. */
function aimAt(x: number, z: number) {
  return (_: SteeringAgent, _to: Vec2, out: Vec2): void => {
    out.x = x;
    out.z = z;
  };
}

function close(f: Vec2, e: Vec2): void {
  expect(f.x).toBeCloseTo(e.x, 9);
  expect(f.z).toBeCloseTo(e.z, 9);
}

describe("GroupBehavior: keeping together and heading one way", () => {
  it("pulls toward the centre of the members it sees and turns to their mean velocity", () => {
    const a = beast(10, -4, 0.2, -0.1);
    const m1 = beast(13, -3, 1, 0.5);
    const m2 = beast(11, -1, 2, 1.5);
    see(a, [m1, m2]);
    const f = force(a, statsOf([a, m1, m2]));
    close(f, expected(a, 12, -2, 1.5, 1));
    expect(f.x).toBeGreaterThan(1);
    expect(f.z).toBeGreaterThan(1);
  });

  it("pulls less just past the spacing, and not at all within it (it keeps its room)", () => {
    const a = beast(10, -4);
    const m = beast(11.2, -3.1); // 1.5 m away, spacing 2 × 0.5 = 1 m
    see(a, [m]);
    const f = force(a, statsOf([a, m]));
    close(f, expected(a, 11.2, -3.1, 0, 0));
    expect(Math.hypot(f.x, f.z)).toBeCloseTo(2 * 0.7 * 0.5, 9);
    const near = beast(10.6, -3.6); // 0.72 m away: inside the spacing
    see(a, [near]);
    expect(force(a, statsOf([a, near]))).toEqual({ x: 0, z: 0 });
    // With a spacing under half a metre, the pull grows over half a metre.
    const tight = { ...herd, spacing: 0.4 };
    see(a, [m]);
    close(force(a, statsOf([a, m]), tight), expected(a, 11.2, -3.1, 0, 0, tight));
  });

  it("aligns at its own pace: never under its cruise speed, never over its speed limit", () => {
    const a = beast(0, 0, 0.3, 0.4);
    const slow = beast(3, 0, 0.3, -0.2);
    see(a, [slow]);
    const f = force(a, statsOf([a, slow]));
    close(f, expected(a, 3, 0, 0.3, -0.2));
    const fast = beast(3, 0, 4, 3);
    see(a, [fast]);
    close(force(a, statsOf([a, fast])), expected(a, 3, 0, 4, 3));
  });

  it("keeps only with members in view: not with strangers, not beyond the view radius", () => {
    const a = beast(10, -4, 0, 0);
    const m = beast(12, -4, 1, 0);
    const stranger = beast(10, -1, -3, 2);
    const far1 = beast(15.5, -3.8, 0, 5);
    const far2 = beast(10.2, 1.5, 0, 5);
    const stale = beast(8, -5, 5, 5); // in view, but past this step's count
    see(a, [m, stranger, far1, far2, stale], 4);
    const f = force(a, statsOf([a, m, far1, far2, stale]));
    close(f, expected(a, 12, -4, 1, 0));
  });

  it("keeps with a member exactly viewRadius away (the rim is in view, as for the group's links)", () => {
    const a = beast(0, 0);
    const rim = beast(3, 4, 1, 0); // 5 m: the view radius
    const far = beast(-20, 0, 0, 3); // a member out of sight, pulling the whole group's centre away
    see(a, [rim]);
    close(force(a, statsOf([a, rim, far])), expected(a, 3, 4, 1, 0));
  });

  it("moves with the herd only while it wanders, idles or flees", () => {
    const a = beast(0, 0);
    const m = beast(4, 0, 1, 0);
    see(a, [m]);
    for (const state of ["wander", "idle", "flee"]) {
      a.state = state;
      expect(force(a, statsOf([a, m])).x).toBeGreaterThan(0.5);
    }
    a.state = "moveTo";
    expect(force(a, statsOf([a, m]))).toEqual({ x: 0, z: 0 });
  });

  it("a straggler seeing no member walks back to the whole group's centre", () => {
    const a = beast(-10, 4, 0.1, 0);
    const m1 = beast(2, 1, 1, 0);
    const m2 = beast(4, -1, 0, 1);
    const f = force(a, statsOf([a, m1, m2]));
    close(f, expected(a, -4 / 3, 4 / 3, 1.1 / 3, 1 / 3));
  });

  it("goes the planner's way round to the centre (a bridge), and holds when the way is where it stands", () => {
    const a = beast(0, 0);
    const m = beast(6, 0);
    see(a, [m]);
    const bridge = { pathPlanner: { aim: aimAt(3, 4) } };
    a.world = { time: 0, ...bridge } as never;
    const f = force(a, statsOf([a, m]));
    close(f, { x: 0.6 * 1.4, z: 0.8 * 1.4 });
    const b = beast(5, 5, 0, 0, { time: 0, ...bridge });
    const m2 = beast(11, 5);
    see(b, [m2]);
    const g = force(b, statsOf([b, m2]));
    const d = Math.hypot(3 - 5, 4 - 5);
    close(g, { x: (-2 / d) * 1.4, z: (-1 / d) * 1.4 });
    const here = { pathPlanner: { aim: aimAt(5, 5) } };
    b.world = { time: 0, ...here } as never;
    expect(force(b, statsOf([b, m2]))).toEqual({ x: 0, z: 0 });
  });
});

describe("GroupBehavior: a group in pieces meets again", () => {
  it("adds half the cohesion toward the whole group's centre while apart", () => {
    const a = beast(0, 3);
    const m = beast(2, 4);
    const far = beast(-20, -27);
    see(a, [m]);
    const whole = statsOf([a, m, far], () => true);
    const f = force(a, whole);
    const base = expected(a, 2, 4, 0, 0);
    const cx = -18 / 3;
    const cz = -20 / 3 - 3;
    const d = Math.hypot(cx, cz);
    close(f, { x: base.x + (cx / d) * 0.7, z: base.z + (cz / d) * 0.7 });
    // Together again, nothing is added.
    close(force(a, statsOf([a, m, far])), base);
  });

  it("adds no regroup pull to a straggler (it already walks to the whole centre) nor at the centre", () => {
    const a = beast(-10, 4);
    const m1 = beast(2, 1);
    const m2 = beast(5, -5);
    close(
      force(
        a,
        statsOf([a, m1, m2], () => true),
      ),
      expected(a, -1, 0, 0, 0),
    );
    const c = beast(1, 0);
    const p = beast(2, 0);
    const q = beast(0, 0);
    see(c, [p]);
    const f = force(
      c,
      statsOf([c, p, q], () => true),
    );
    expect(Number.isFinite(f.x) && Number.isFinite(f.z)).toBe(true);
    close(f, expected(c, 2, 0, 0, 0));
  });
});

describe("GroupStats", () => {
  it("starts together and, once per step, finds the centre and mean velocity of members in a world", () => {
    expect(new GroupStats().apart).toBe(false);
    const w = { time: 1 };
    const a = beast(1, 2, 3, 4, w);
    const b = beast(3, -4, 1, 2, w);
    const c = beast(5, 5, 2, -3, w);
    const gone = beast(100, 100, 50, 50, null);
    const s = statsOf([a, b, c, gone]);
    s.refresh(a);
    expect([s.cx, s.cz, s.mvx, s.mvz]).toEqual([3, 1, 2, 1]);
    b.x = 50;
    s.refresh(a);
    expect(s.cx).toBe(3);
    w.time = 2;
    s.refresh(a);
    expect(s.cx).toBeCloseTo(56 / 3, 12);
  });

  it("works a step's centre out afresh after a call from outside any world, whatever the step's time", () => {
    const w = { time: 2 };
    const a = beast(0, 0, 0, 0, w);
    const b = beast(4, 0, 0, 0, w);
    const s = statsOf([a, b]);
    s.refresh(beast(0, 0, 0, 0, null)); // a game calling the behaviour on an agent of no world
    expect(s.cx).toBe(2);
    b.x = 8;
    s.refresh(a);
    expect(s.cx).toBe(4);
  });

  it("has its centre at the origin with no member in a world, and does not split by default", () => {
    const s = new GroupStats();
    s.members = [beast(4, 4, 1, 1, null)];
    s.refresh(beast(0, 0));
    expect([s.cx, s.cz, s.mvx, s.mvz]).toEqual([0, 0, 0, 0]);
    expect(s.apart).toBe(false);
  });

  it("looks whether it is in pieces once a second of world time, and again when time goes back", () => {
    const w = { time: 0 };
    const a = beast(0, 0, 0, 0, w);
    let looks = 0;
    const s = statsOf([a], () => {
      looks++;
      return looks % 2 === 1;
    });
    const at = (t: number) => {
      w.time = t;
      s.refresh(a);
      return looks;
    };
    expect(at(0)).toBe(1);
    expect(s.apart).toBe(true);
    expect(at(0.5)).toBe(1);
    expect(at(0.99)).toBe(1);
    expect(at(1)).toBe(2);
    expect(s.apart).toBe(false);
    expect(at(1.5)).toBe(2);
    expect(at(1)).toBe(2);
    expect(at(0.2)).toBe(3);
  });
});
