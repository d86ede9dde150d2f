/** The jump arc: free fall from take-off to landing, its phases and their seconds. */
import { describe, expect, it } from "vitest";
import { jumpArc, jumpPhaseAt, jumpPhaseSeconds, jumpPointAt } from "../../src/motion/jumpArc.js";
import { jumpReach } from "../../src/motion/jumpReach.js";

describe("jumpArc", () => {
  const from = { x: 0, y: 1, z: 0 };
  const to = { x: 2, y: 0, z: 0 };

  it("rises to an apex above the higher end and falls freely to the landing, moving across evenly", () => {
    const arc = jumpArc(from, to);
    expect(arc.apexY).toBeCloseTo(1.5, 6); // a quarter of the 2 m across above the take-off
    expect(arc.riseSeconds).toBeCloseTo(Math.sqrt((2 * 0.5) / 9.81), 6);
    expect(arc.fallSeconds).toBeCloseTo(Math.sqrt((2 * 1.5) / 9.81), 6);
    expect(arc.seconds).toBeCloseTo(arc.riseSeconds + arc.fallSeconds + 0.25, 6);
    const p = { x: 0, y: 0, z: 0 };
    expect(jumpPointAt(arc, 0, p)).toEqual({ x: 0, y: 1, z: 0 });
    expect(jumpPointAt(arc, arc.riseSeconds, p).y).toBeCloseTo(1.5, 6);
    const flight = arc.riseSeconds + arc.fallSeconds;
    expect(jumpPointAt(arc, flight / 2, p).x).toBeCloseTo(1, 6);
    const landed = jumpPointAt(arc, flight, p);
    expect([landed.x, landed.y]).toEqual([2, 0]);
    expect(jumpPointAt(arc, arc.seconds + 1, p)).toEqual({ x: 2, y: 0, z: 0 });
    // Never above the apex, never below the landing, on the way.
    for (let t = 0; t <= flight; t += 0.01) {
      const y = jumpPointAt(arc, t, p).y;
      expect(y).toBeLessThanOrEqual(1.5 + 1e-9);
      expect(y).toBeGreaterThanOrEqual(-1e-9);
    }
  });

  it("lasts as the SDK's jumps do: about 0.5 to 0.8 s of flight for drops of 0.76 to 2.96 m", () => {
    const flight = (drop: number) => {
      const arc = jumpArc({ x: 0, y: drop, z: 0 }, { x: 1, y: 0, z: 0 });
      return arc.riseSeconds + arc.fallSeconds;
    };
    expect(flight(0.76)).toBeGreaterThan(0.5);
    expect(flight(0.76)).toBeLessThan(0.8);
    expect(flight(2.96)).toBeGreaterThan(flight(0.76));
    expect(flight(2.96)).toBeLessThan(1.05);
  });

  it("names its phases start (rising), fall (from the apex), end (the landing), with their seconds", () => {
    const arc = jumpArc(from, to, { landSeconds: 0.4 });
    expect(jumpPhaseAt(arc, 0)).toBe("start");
    expect(jumpPhaseAt(arc, arc.riseSeconds - 1e-6)).toBe("start");
    expect(jumpPhaseAt(arc, arc.riseSeconds)).toBe("fall");
    expect(jumpPhaseAt(arc, arc.riseSeconds + arc.fallSeconds)).toBe("end");
    expect(jumpPhaseSeconds(arc, "start")).toBe(arc.riseSeconds);
    expect(jumpPhaseSeconds(arc, "fall")).toBe(arc.fallSeconds);
    expect(jumpPhaseSeconds(arc, "end")).toBe(0.4);
  });

  it("rises to a landing above the take-off", () => {
    const arc = jumpArc({ x: 0, y: 0, z: 0 }, { x: 0, y: 1, z: 1 });
    expect(arc.apexY).toBeCloseTo(1.25, 6);
    expect(arc.fallSeconds).toBeLessThan(arc.riseSeconds);
  });
});

describe("jumpReach", () => {
  it("grows with the creature's size by its kind, within the SDK's bounds; fliers, swimmers and idlers do not jump", () => {
    expect(jumpReach(1.9, "walk")).toEqual({ height: 0.7 * 1.9, length: 1.5 * 1.9 });
    expect(jumpReach(1, "hop").length).toBeGreaterThan(jumpReach(1, "walk").length);
    expect(jumpReach(1, "waddle").height).toBeLessThan(jumpReach(1, "walk").height);
    expect(jumpReach(10, "walk")).toEqual({ height: 3, length: 6 });
    expect(jumpReach(0.05, "walk")).toEqual({ height: 0.3, length: 0.5 });
    expect(jumpReach(1, "trot")).toEqual(jumpReach(1, "walk"));
    for (const gait of ["fly", "swim", "float", undefined])
      expect(jumpReach(1, gait)).toEqual({ height: 0, length: 0 });
  });
});
