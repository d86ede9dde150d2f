/**
 * KeepRealmBehavior engine-free, by direct calls: a walker is pushed back from the water from
 * `margin` metres before the shore (harder the further in, capped), and steered along the shore
 * when heading in; a swimmer is pushed back inward within `margin` of its shore, and away from
 * water too shallow for its body, down the floor's slope; other realms are left be.
 */
import { describe, expect, it } from "vitest";
import { KeepRealmBehavior } from "../../src/motion/behaviors/keepRealm.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import { DEPTH_BANDS } from "../../src/motion/swimKinds.js";
import type { SteeringAgent, Vec2 } from "../../src/motion/types.js";
import { boxArea } from "../helpers/areas.js";
import { type AgentFields, steeringAgent } from "../helpers/steeringAgent.js";

/** A lake from x = 0 to 20 and z = -10 to 10 (its level 0). */
const lake = createObstacle(boxArea(0, -10, 20, 10));
const MAX_FORCE = 2;

type Body = SteeringAgent & Record<string, unknown>;

function body(realm: string | undefined, x: number, z: number, extra: Record<string, unknown> = {}): Body {
  // A world of waters only, and a realm of any word: what the rule reads, and what it must not trust.
  const fields: Record<string, unknown> = {
    x,
    z,
    maxForce: MAX_FORCE,
    world: { waters: [lake] },
    neighbourRadius: 1,
    ...extra,
  };
  if (realm !== undefined) fields.realm = realm;
  return steeringAgent(fields as AgentFields) as Body;
}

function force(agent: SteeringAgent, margin = 0.5): Vec2 {
  const out = { x: 9, z: 9 };
  new KeepRealmBehavior(margin).calculate(agent, out);
  return out;
}

function expectForce(f: Vec2, x: number, z: number): void {
  expect(f.x).toBeCloseTo(x, 9);
  expect(f.z).toBeCloseTo(z, 9);
}

describe("a walker near water", () => {
  it("feels nothing further than margin from the shore, or in a world without water", () => {
    expectForce(force(body("ground", -0.6, 0)), 0, 0);
    expectForce(force(body("ground", -3, 0)), 0, 0);
    expectForce(force(body("ground", -0.2, 0, { world: { waters: [] } })), 0, 0);
    expectForce(force(body("ground", -0.2, 0, { world: undefined })), 0, 0);
  });

  it("is pushed straight back before it reaches the shore, harder the closer it is (west shore)", () => {
    expectForce(force(body("ground", -0.2, 0)), -MAX_FORCE * 0.6, 0);
    expectForce(force(body("ground", -0.4, 0)), -MAX_FORCE * 0.2, 0);
    expectForce(force(body("ground", 0.1, 0)), -MAX_FORCE * 1.2, 0);
  });

  it("is pushed back along z from a south shore", () => {
    expectForce(force(body("ground", 10, -10.2)), 0, -MAX_FORCE * 0.6);
  });

  it("in the water is pushed out harder, up to four times its max force", () => {
    expectForce(force(body("ground", 1, 0)), -MAX_FORCE * 3, 0);
    expectForce(force(body("ground", 3, 0)), -MAX_FORCE * 4, 0);
  });

  it("scales with its margin", () => {
    expectForce(force(body("ground", -0.5, 0), 1), -MAX_FORCE * 0.5, 0);
    expectForce(force(body("ground", -1.2, 0), 1), 0, 0);
  });

  it("with a margin of 0 feels nothing up to the shore line and the full push past it, never NaN", () => {
    // On the line itself the push starts from nothing, as it does `margin` out for any other margin.
    expectForce(force(body("ground", -0.1, 0), 0), 0, 0);
    expectForce(force(body("ground", 0, 0), 0), 0, 0);
    expectForce(force(body("ground", 0, 0, { vx: 1, vz: 0.2 }), 0), 0, 0);
    expectForce(force(body("ground", 0.1, 0), 0), -MAX_FORCE * 4, 0);
  });

  it("heading in, is also steered along the shore to the side it leans to", () => {
    const f = force(body("ground", -0.2, 0, { vx: 1, vz: 0.2 }));
    expect(f.x).toBeLessThan(0);
    expect(f.z).toBeGreaterThan(0.5);
  });

  it("is a walker when the agent names no realm", () => {
    expectForce(force(body(undefined, -0.2, 0)), -MAX_FORCE * 0.6, 0);
    expectForce(force(body(undefined, 10, -10.2)), 0, -MAX_FORCE * 0.6);
  });
});

describe("a swimmer", () => {
  it("near its shore inside the water is pushed back inward (west and south shores)", () => {
    expectForce(force(body("water", 0.2, 0)), MAX_FORCE * 0.6, 0);
    expectForce(force(body("water", 10, -9.8)), 0, MAX_FORCE * 0.6);
    expectForce(force(body("water", 0.4, 0), 1), MAX_FORCE * 0.6, 0);
  });

  it("feels nothing in open water, on the shore line, or out of every water", () => {
    expectForce(force(body("water", 5, 0)), 0, 0);
    expectForce(force(body("water", 0.5, 0)), 0, 0);
    expectForce(force(body("water", 0, 0)), 0, 0);
    expectForce(force(body("water", -0.2, 0)), 0, 0);
    expectForce(force(body("water", -3, 0)), 0, 0);
    // A round pond's shore line too, where the probe still has a direction inward.
    const pond = createObstacle({ center: { x: 30, z: 0 }, radius: 5 });
    expectForce(force(body("water", 35, 0, { world: { waters: [pond] } })), 0, 0);
    expectForce(force(body("water", 34.8, 0, { world: { waters: [pond] } })), -MAX_FORCE * 0.6, 0);
  });
});

describe("other realms", () => {
  it("leave a flyer or an amphibious creature be, in the water or by it", () => {
    for (const realm of ["air", "amphibious"]) {
      expectForce(force(body(realm, 0.2, 0)), 0, 0);
      expectForce(force(body(realm, -0.2, 0)), 0, 0);
      expectForce(force(body(realm, 2, 0)), 0, 0);
    }
  });
});

/** A swimmer with a column body over a floor `ground`. */
function fish(
  x: number,
  z: number,
  vx: number,
  vz: number,
  bodyHeight: number,
  ground: (x: number, z: number) => number,
) {
  return body("water", x, z, { vx, vz, bodyHeight, depthBand: DEPTH_BANDS.mid, ground });
}

describe("a swimmer heading into the shallows", () => {
  it("is pushed down the floor's slope when the water bodyHeight ahead is too shallow for it", () => {
    // Depth 1.6 one metre ahead (fits 1.52), 1.1 at 1.5 m: it looks 1.5 m ahead (its body).
    const f = force(fish(10, 0, 1, 0, 1.5, (x) => x - 12.6));
    expectForce(f, -MAX_FORCE * 3, 0);
    expectForce(force(fish(10, 0, 1, 0, 1.5, (x) => x - 13.6)), 0, 0);
  });

  it("looks twice its margin ahead when that is longer than its body", () => {
    // bodyHeight 0.5: needs 0.52 of depth; 0.8 at 0.5 m ahead, 0.3 at 1 m.
    expectForce(force(fish(10, 0, 1, 0, 0.5, (x) => x - 11.3)), -MAX_FORCE * 3, 0);
  });

  it("is pushed along z down a slope along z, as well as in from the shore", () => {
    expectForce(force(fish(10, 0, 0, 1, 1.5, (_x, z) => z - 2.6)), 0, -MAX_FORCE * 3);
    expectForce(force(fish(0.2, 0, 0, 1, 1.5, (_x, z) => z - 2.6)), MAX_FORCE * 0.6, -MAX_FORCE * 3);
  });

  it("is not pushed when still or without a depth band", () => {
    expectForce(force(fish(10, 0, 0, 0, 1.5, (x) => x - 12.6)), 0, 0);
    expectForce(force(body("water", 10, 0, { vx: 1, bodyHeight: 1.5, ground: (x: number) => x - 12.6 })), 0, 0);
  });

  it("reads its own water level before the lake's", () => {
    // Its own level 5 m up: deep enough everywhere ahead.
    expectForce(force(fish(10, 0, 1, 0, 1.5, (x) => x - 12.6)), -MAX_FORCE * 3, 0);
    const high = fish(10, 0, 1, 0, 1.5, (x) => x - 12.6);
    high.waterLevel = 5;
    expectForce(force(high), 0, 0);
    const none = fish(10, 0, 1, 0, 1.5, (x) => x - 12.6);
    none.waterLevel = Number.NaN;
    expectForce(force(none), 0, 0);
  });
});
