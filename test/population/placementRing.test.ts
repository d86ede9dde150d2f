/**
 * Where `placeCreatures` puts a herd member is decided by the generator's draws: its ring round
 * the leader reads an angle (from +x towards +z) and a footprint factor, its heading the leader's
 * turned by a drawn amount. Given draws, the member stands and faces exactly there, so a seed
 * replays a herd as it was laid out.
 */
import { describe, expect, it } from "vitest";
import type { Area } from "../../src/motion/area.js";
import { type PlacementRequest, placeCreatures } from "../../src/population/placement.js";
import { GivenDraws } from "../helpers/givenDraws.js";

const field: Area = { center: { x: 0, z: 0 }, radius: 20 };

describe("placeCreatures: a herd member's ring and heading", () => {
  it("stands at the drawn angle and distance from its leader and turns from its heading by the drawn turn", () => {
    // The leader at (3, -2) facing 0.5 rad. Each member: angle, factor 4 of its 0.5 m footprint
    // plus the 0.1 m gap (2.1 m out), then its turn.
    const draws = new GivenDraws([3, -2, 0.5, 0, 4, 0.3, Math.PI / 2, 4, -0.2, Math.PI, 4, 0.1]);
    const reqs: PlacementRequest[] = [
      { radius: 1, herd: 0 },
      { radius: 0.5, herd: 0 },
      { radius: 0.5, herd: 0 },
      { radius: 0.5, herd: 0 },
    ];
    const [leader, atZero, atQuarter, atHalf] = placeCreatures(field, reqs, draws);
    expect(leader).toEqual({ x: 3, z: -2, heading: 0.5 });
    expect(atZero!.x).toBeCloseTo(5.1, 12);
    expect(atZero!.z).toBeCloseTo(-2, 12);
    expect(atZero!.heading).toBeCloseTo(0.8, 12);
    expect(atQuarter!.x).toBeCloseTo(3, 12);
    expect(atQuarter!.z).toBeCloseTo(0.1, 12);
    expect(atQuarter!.heading).toBeCloseTo(0.3, 12);
    expect(atHalf!.x).toBeCloseTo(0.9, 12);
    expect(atHalf!.z).toBeCloseTo(-2, 12);
    expect(atHalf!.heading).toBeCloseTo(0.6, 12);
  });
});
