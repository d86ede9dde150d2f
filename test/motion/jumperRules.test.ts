/**
 * A jump under way, rule by rule: an idle jumper, take-off (the arc from where the body stands,
 * facing the landing unless it jumps straight up or down), each step along the arc (place,
 * velocity while flying and none from touch-down), the phases told once each and in order even
 * when a step skips one, touch-down reported on its step, the end after the landing, a step of
 * no time, progress through each phase, and a jump with nobody listening.
 */
import { describe, expect, it } from "vitest";
import { type JumpLeg, type JumpPhase, jumpArc, jumpPointAt } from "../../src/motion/jumpArc.js";
import { Jumper, type JumpingBody } from "../../src/motion/jumper.js";

const body = (x = 2, y = 1, z = 1): JumpingBody => ({ x, y, z, vx: 9, vz: 9, heading: 0.3, turnRate: 2 });
/** 3 m along x and 4 along z from (2, 1, 1), down a metre; `from` is elsewhere: the body's place counts. */
const leg: JumpLeg = { from: { x: 0, y: 0, z: 0 }, to: { x: 5, y: 0, z: 5 } };
const arcOf = () => jumpArc({ x: 2, y: 1, z: 1 }, leg.to);

function heard(jumper: Jumper) {
  const told: [JumpPhase, JumpLeg][] = [];
  jumper.listener = (phase, l) => told.push([phase, l]);
  return told;
}

describe("Jumper rules", () => {
  it("idles until it takes off: no arc, nothing moved, no time, no progress", () => {
    const jumper = new Jumper();
    expect(jumper.active).toBe(false);
    expect(jumper.arc).toBeUndefined();
    expect(jumper.phase).toBe("start");
    expect(jumper.time).toBe(0);
    expect(jumper.phaseSeconds).toBe(0);
    expect(jumper.phaseProgress).toBe(0);
    const b = body();
    expect(jumper.step(b, 0.1)).toBe(false);
    expect(b).toEqual(body());
    expect(jumper.time).toBe(0);
  });

  it("takes off from where the body stands, facing the landing, and says so", () => {
    const jumper = new Jumper();
    const told = heard(jumper);
    const b = body();
    jumper.begin(b, leg);
    expect(jumper.active).toBe(true);
    expect(jumper.arc).toEqual(arcOf());
    expect(jumper.phase).toBe("start");
    expect(jumper.time).toBe(0);
    expect(b.heading).toBeCloseTo(Math.atan2(3, 4), 12);
    expect(b.turnRate).toBe(0);
    expect([b.x, b.y, b.z]).toEqual([2, 1, 1]);
    expect(told).toEqual([["start", leg]]);
    expect(told[0]![1]).toBe(leg);
    expect(jumper.phaseSeconds).toBe(arcOf().riseSeconds);
    expect(jumper.phaseProgress).toBe(0);
  });

  it("faces along z, against z and against x; keeps its heading for a jump 1 mm across or less", () => {
    const facing = (to: { x: number; z: number }) => {
      const b = { ...body(0, 0, 0), heading: 1.2 };
      new Jumper().begin(b, { from: { x: 0, y: 0, z: 0 }, to: { x: to.x, y: -1, z: to.z } });
      return b.heading;
    };
    expect(facing({ x: 0, z: 2 })).toBe(0);
    expect(facing({ x: 0, z: -2 })).toBeCloseTo(Math.PI, 12);
    expect(facing({ x: -2, z: 0 })).toBeCloseTo(-Math.PI / 2, 12);
    expect(facing({ x: 0, z: 0 })).toBe(1.2);
    expect(facing({ x: 0.001, z: 0 })).toBe(1.2); // 0.001² is 1e-6 exactly: not beyond the edge
    expect(facing({ x: 0.0001, z: 0.0001 })).toBe(1.2);
    expect(facing({ x: 0.002, z: 0 })).toBeCloseTo(Math.PI / 2, 12);
  });

  it("moves along the arc a step at a time, at the velocity of each step while it flies", () => {
    const jumper = new Jumper();
    const b = body();
    jumper.begin(b, leg);
    const arc = arcOf();
    const p = { x: 0, y: 0, z: 0 };
    jumper.step(b, 0.1);
    jumpPointAt(arc, 0.1, p);
    expect([b.x, b.y, b.z]).toEqual([p.x, p.y, p.z]);
    expect(b.vx).toBeCloseTo((p.x - 2) / 0.1, 9);
    expect(b.vz).toBeCloseTo((p.z - 1) / 0.1, 9);
    const flight = arc.riseSeconds + arc.fallSeconds;
    expect(b.vx).toBeCloseTo(3 / flight, 9); // even across: 3 m over the flight
    expect(b.vz).toBeCloseTo(4 / flight, 9);
    expect(jumper.time).toBeCloseTo(0.1, 12);
    expect(jumper.phaseProgress).toBeCloseTo(0.1 / arc.riseSeconds, 9);
  });

  it("tells each phase once as it begins, reports touch-down on its step, and ends after the landing", () => {
    const jumper = new Jumper();
    const told = heard(jumper);
    const b = body();
    jumper.begin(b, leg);
    const arc = arcOf();
    const flight = arc.riseSeconds + arc.fallSeconds;
    // To the apex exactly: the fall begins, still flying.
    expect(jumper.step(b, arc.riseSeconds)).toBe(false);
    expect(jumper.phase).toBe("fall");
    expect(b.y).toBeCloseTo(arc.apexY, 9);
    expect(b.vx).toBeCloseTo(3 / flight, 9);
    expect(jumper.phaseSeconds).toBe(arc.fallSeconds);
    expect(jumper.phaseProgress).toBe(0);
    // Halfway down.
    expect(jumper.step(b, arc.fallSeconds / 2)).toBe(false);
    expect(jumper.phaseProgress).toBeCloseTo(0.5, 9);
    // To touch-down exactly: landed, standing still, the landing begins.
    expect(jumper.step(b, arc.fallSeconds / 2)).toBe(true);
    expect(jumper.time).toBe(flight);
    expect(jumper.phase).toBe("end");
    expect([b.x, b.y, b.z, b.vx, b.vz]).toEqual([5, 0, 5, 0, 0]);
    expect(jumper.active).toBe(true);
    expect(jumper.phaseSeconds).toBe(0.25);
    expect(jumper.phaseProgress).toBe(0);
    // Part of the landing: still under way, standing, nothing new to tell.
    expect(jumper.step(b, 0.1)).toBe(false);
    expect(jumper.active).toBe(true);
    expect(jumper.phaseProgress).toBeCloseTo(0.4, 9);
    expect([b.vx, b.vz]).toEqual([0, 0]);
    // The rest of it: done.
    expect(jumper.step(b, 0.15)).toBe(false);
    expect(jumper.active).toBe(false);
    expect(jumper.phaseProgress).toBe(0);
    expect(told.map(([phase]) => phase)).toEqual(["start", "fall", "end"]);
    expect(told.every(([, l]) => l === leg)).toBe(true);
    expect(jumper.step(b, 0.1)).toBe(false);
    expect(told).toHaveLength(3);
  });

  it("ends on the step that reaches the jump's seconds exactly", () => {
    const jumper = new Jumper();
    const b = body();
    jumper.begin(b, leg);
    const arc = arcOf();
    expect(jumper.step(b, arc.riseSeconds + arc.fallSeconds)).toBe(true);
    expect(jumper.active).toBe(true);
    expect(jumper.step(b, arc.landSeconds)).toBe(false);
    expect(jumper.time).toBe(arc.seconds);
    expect(jumper.active).toBe(false);
  });

  it("still tells the fall, before touch-down, when one step skips it, and the landing when one step is the whole jump", () => {
    const jumper = new Jumper();
    const told = heard(jumper);
    const b = body();
    jumper.begin(b, leg);
    const arc = arcOf();
    expect(jumper.step(b, arc.riseSeconds + arc.fallSeconds + 0.01)).toBe(true);
    expect(told.map(([phase]) => phase)).toEqual(["start", "fall", "end"]);
    expect(jumper.active).toBe(true);
    // A whole jump in one step: every phase told, landed and done.
    const again = new Jumper();
    const all = heard(again);
    again.begin(b, leg);
    expect(again.step(b, 10)).toBe(true);
    expect(all.map(([phase]) => phase)).toEqual(["start", "fall", "end"]);
    expect(again.active).toBe(false);
    expect([b.x, b.y, b.z, b.vx, b.vz]).toEqual([5, 0, 5, 0, 0]);
  });

  it("moves nothing on a step of no time, without a velocity that is no number", () => {
    const jumper = new Jumper();
    const b = body();
    jumper.begin(b, leg);
    jumper.step(b, 0.1);
    const before = { ...b };
    expect(jumper.step(b, 0)).toBe(false);
    expect(b).toEqual({ ...before, vx: 0, vz: 0 });
    expect(jumper.time).toBeCloseTo(0.1, 12);
  });

  it("takes off afresh after a jump: time and phase from the start", () => {
    const jumper = new Jumper();
    const b = body();
    jumper.begin(b, leg);
    jumper.step(b, 10);
    expect(jumper.phase).toBe("end");
    jumper.begin(b, { from: leg.to, to: { x: 5, y: 0, z: 8 } });
    expect(jumper.phase).toBe("start");
    expect(jumper.time).toBe(0);
    expect(jumper.arc?.from).toEqual({ x: 5, y: 0, z: 5 });
  });

  it("jumps with nobody listening", () => {
    const jumper = new Jumper();
    const b = body();
    expect(() => {
      jumper.begin(b, leg);
      jumper.step(b, 0.5);
      jumper.step(b, 10);
    }).not.toThrow();
    expect(jumper.active).toBe(false);
  });

  it("counts a landing of no seconds as done through", () => {
    const jumper = new Jumper();
    const arc = jumpArc({ x: 0, y: 1, z: 0 }, { x: 1, y: 0, z: 0 }, { landSeconds: 0 });
    jumper.arc = arc;
    jumper.phase = "end";
    jumper.time = arc.riseSeconds + arc.fallSeconds;
    expect(jumper.phaseSeconds).toBe(0);
    expect(jumper.phaseProgress).toBe(1);
  });
});
