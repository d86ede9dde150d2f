/**
 * The jump arc's rules one at a time, on numbers chosen to come out exact: the defaults, the
 * distance across on both axes, the apex above the higher end by the larger of the two lifts,
 * the rise and fall times from free fall, the point along the way (across, up, clamped before
 * take-off and after touch-down), the phases' edges and seconds, and a jump of no flight at all.
 */
import { describe, expect, it } from "vitest";
import {
  JUMP_ARC_DEFAULTS,
  type JumpArc,
  jumpArc,
  jumpPhaseAt,
  jumpPhaseSeconds,
  jumpPointAt,
} from "../../src/motion/jumpArc.js";

const point = () => ({ x: 0, y: 0, z: 0 });
/** Where `arc` is `t` seconds after take-off, as [x, y, z]. */
const at = (arc: JumpArc, t: number) => {
  const p = jumpPointAt(arc, t, point());
  return [p.x, p.y, p.z];
};

describe("jumpArc rules", () => {
  it("has the documented defaults", () => {
    expect(JUMP_ARC_DEFAULTS).toEqual({ gravity: 9.81, liftPerMetre: 0.25, minLift: 0.2, landSeconds: 0.25 });
    // 4 m across level ground: the apex a metre up, a landing of 0.25 s.
    const arc = jumpArc({ x: 0, y: 0, z: 0 }, { x: 4, y: 0, z: 0 });
    expect(arc.apexY).toBeCloseTo(1, 12);
    expect(arc.gravity).toBe(9.81);
    expect(arc.landSeconds).toBe(0.25);
    expect(arc.riseSeconds).toBeCloseTo(Math.sqrt(2 / 9.81), 12);
  });

  it("measures across on the ground plane from wherever it takes off, both axes", () => {
    // 3 along x and 4 along z from (1, ·, 2): 5 m across, whatever the heights.
    const arc = jumpArc({ x: 1, y: 7, z: 2 }, { x: 4, y: 5, z: 6 });
    expect(arc.across).toBe(5);
    expect(jumpArc({ x: -1, y: 0, z: -2 }, { x: -4, y: 0, z: -6 }).across).toBe(5);
  });

  it("rises above the higher end by a share of the distance across, or the least lift when that is more", () => {
    const o = { gravity: 8, liftPerMetre: 0.2, minLift: 0.5 };
    // Up from 2 to 3 over 5 m: a metre above the landing.
    expect(jumpArc({ x: 1, y: 2, z: 2 }, { x: 4, y: 3, z: 6 }, o).apexY).toBeCloseTo(4, 12);
    // Down from 3 to 2 over 5 m: a metre above the take-off.
    expect(jumpArc({ x: 4, y: 3, z: 6 }, { x: 1, y: 2, z: 2 }, o).apexY).toBeCloseTo(4, 12);
    // 1 m across would lift 0.2: the least lift, 0.5, wins.
    expect(jumpArc({ x: 0, y: 2, z: 0 }, { x: 1, y: 1, z: 0 }, o).apexY).toBeCloseTo(2.5, 12);
    // Straight down: no distance across, the least lift.
    expect(jumpArc({ x: 0, y: 2, z: 0 }, { x: 0, y: 0, z: 0 }, o).apexY).toBeCloseTo(2.5, 12);
  });

  it("times its rise and its fall by free fall from the apex, landing included in the whole", () => {
    // Gravity 8: 1 m takes 0.5 s, 4 m takes 1 s.
    const arc = jumpArc(
      { x: 1, y: 3, z: 2 },
      { x: 4, y: 0, z: 6 },
      { gravity: 8, liftPerMetre: 0.2, landSeconds: 0.3 },
    );
    expect(arc.apexY).toBeCloseTo(4, 12);
    expect(arc.riseSeconds).toBeCloseTo(0.5, 12);
    expect(arc.fallSeconds).toBeCloseTo(1, 12);
    expect(arc.landSeconds).toBe(0.3);
    expect(arc.seconds).toBeCloseTo(1.8, 12);
    expect(arc.gravity).toBe(8);
    expect(arc.from).toEqual({ x: 1, y: 3, z: 2 });
    expect(arc.to).toEqual({ x: 4, y: 0, z: 6 });
  });

  it("moves across evenly and up by free fall, from where it took off", () => {
    // Level at y 2, 5 m across: apex 3, 0.5 s up and 0.5 s down at 4 m/s up.
    const arc = jumpArc({ x: 1, y: 2, z: -1 }, { x: 4, y: 2, z: 3 }, { gravity: 8, liftPerMetre: 0.2 });
    expect(arc.riseSeconds).toBeCloseTo(0.5, 12);
    const quarter = at(arc, 0.25);
    expect(quarter[0]).toBeCloseTo(1.75, 12);
    expect(quarter[1]).toBeCloseTo(2.75, 12); // 4 * 0.25 - 4 * 0.25²
    expect(quarter[2]).toBeCloseTo(0, 12);
    const apex = at(arc, 0.5);
    expect(apex[0]).toBeCloseTo(2.5, 12);
    expect(apex[1]).toBeCloseTo(3, 12);
    expect(apex[2]).toBeCloseTo(1, 12);
    const late = at(arc, 0.75);
    expect(late[0]).toBeCloseTo(3.25, 12);
    expect(late[1]).toBeCloseTo(2.75, 12);
    expect(late[2]).toBeCloseTo(2, 12);
  });

  it("stands at its take-off before take-off, and at its landing from touch-down on", () => {
    const arc = jumpArc({ x: 1, y: 2, z: -1 }, { x: 4, y: 0, z: 3 }, { gravity: 8, liftPerMetre: 0.2 });
    expect(at(arc, -0.5)).toEqual([1, 2, -1]);
    const flight = arc.riseSeconds + arc.fallSeconds;
    // Halfway through a flight of 1.37 s: halfway across.
    const half = at(arc, flight / 2);
    expect(half[0]).toBeCloseTo(2.5, 12);
    expect(half[2]).toBeCloseTo(1, 12);
    expect(at(arc, flight)).toEqual([4, 0, 3]);
    expect(at(arc, flight + 0.01)).toEqual([4, 0, 3]);
    expect(at(arc, arc.seconds + 5)).toEqual([4, 0, 3]);
    const out = point();
    expect(jumpPointAt(arc, 0.1, out)).toBe(out);
    expect(jumpPointAt(arc, flight, out)).toBe(out);
  });

  it("lands at once where it has no flight: no lift and level, or a gravity without end", () => {
    const flat = jumpArc({ x: 0, y: 1, z: 0 }, { x: 2, y: 1, z: 0 }, { minLift: 0, liftPerMetre: 0 });
    expect(flat.riseSeconds + flat.fallSeconds).toBe(0);
    expect(at(flat, 0)).toEqual([2, 1, 0]);
    expect(jumpPhaseAt(flat, 0)).toBe("end");
    const heavy = jumpArc({ x: 0, y: 1, z: 0 }, { x: 2, y: 0, z: 0 }, { gravity: Number.POSITIVE_INFINITY });
    expect(heavy.seconds).toBe(0.25);
    expect(at(heavy, 0)).toEqual([2, 0, 0]);
  });

  it("names its phases by the edges of rise and fall, and tells each one's seconds", () => {
    const arc = jumpArc(
      { x: 1, y: 3, z: 2 },
      { x: 4, y: 0, z: 6 },
      { gravity: 8, liftPerMetre: 0.2, landSeconds: 0.3 },
    );
    const rise = arc.riseSeconds;
    const flight = arc.riseSeconds + arc.fallSeconds;
    expect(jumpPhaseAt(arc, -1)).toBe("start");
    expect(jumpPhaseAt(arc, 0)).toBe("start");
    expect(jumpPhaseAt(arc, rise * 0.999)).toBe("start");
    expect(jumpPhaseAt(arc, rise)).toBe("fall");
    // Past the rise's length again (a fall longer than the rise) it still falls.
    expect(jumpPhaseAt(arc, 2 * rise + 0.01)).toBe("fall");
    expect(jumpPhaseAt(arc, flight * 0.999)).toBe("fall");
    expect(jumpPhaseAt(arc, flight)).toBe("end");
    expect(jumpPhaseAt(arc, arc.seconds + 1)).toBe("end");
    expect(jumpPhaseSeconds(arc, "start")).toBeCloseTo(0.5, 12);
    expect(jumpPhaseSeconds(arc, "fall")).toBeCloseTo(1, 12);
    expect(jumpPhaseSeconds(arc, "end")).toBe(0.3);
  });
});
