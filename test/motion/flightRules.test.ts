/**
 * What a game relies on from a flier's height, engine-free at fixed steps: what is under it (the
 * ground, or the surface of a water there when that is higher, a water without a level filled to
 * its brim), a gradual take-off to its band and a cruise that wanders within it, never under the
 * water line, a stoop to a hunt's height and back, a gradual landing on the ground or a perch
 * told once, at touch-down, and vertical speed and acceleration limited throughout; and a
 * MotionAgent flying over a lake keeps above its water line and lands on the shore it is sent to.
 */
import { describe, expect, it } from "vitest";
import { Flight, type FlyingBody, waterSurface } from "../../src/motion/flight.js";
import type { FlightBand } from "../../src/motion/flightBands.js";
import { createObstacle } from "../../src/motion/obstacles.js";
import type { HeightFunction, Obstacle, SteeringWorld } from "../../src/motion/types.js";
import { MotionWorld } from "../../src/motion/world.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { boxArea } from "../helpers/areas.js";
import { flyerRoles } from "../helpers/motionRig.js";

const DT = 1 / 30;
const EPS = 1e-9;

function body(over: Partial<FlyingBody> = {}): FlyingBody {
  return {
    x: 0,
    z: 0,
    y: 0,
    vx: 0,
    vz: 0,
    altitude: 0,
    stoopY: undefined,
    dt: DT,
    rng: new SeededRandom(7),
    ground: undefined,
    world: undefined,
    ...over,
  };
}

function waters(...list: Obstacle[]): SteeringWorld {
  return { waters: list } as unknown as SteeringWorld;
}

const flat =
  (h: number): HeightFunction =>
  () =>
    h;

/** A flier in the air at its cruise over `b`'s floor. */
function flying(band: FlightBand, b: FlyingBody): Flight {
  const flight = new Flight(band, true);
  flight.place(b);
  return flight;
}

/**
 * Steps `flight` for `seconds` while it is in the air (as its agent does), checking the speed
 * and acceleration limits each step; the count of touch-downs.
 */
function fly(flight: Flight, b: FlyingBody, seconds: number, each?: () => void): number {
  let touched = 0;
  for (let i = 0; i < Math.round(seconds / b.dt); i++) {
    if (!flight.airborne) break;
    const vy = flight.vy;
    if (flight.settle(b)) touched++;
    const rate = Math.max(flight.climbRate, flight.descentRate, flight.stoopRate);
    expect(Math.abs(flight.vy)).toBeLessThanOrEqual(rate + EPS);
    if (flight.vy !== 0) expect(Math.abs(flight.vy - vy)).toBeLessThanOrEqual(rate * b.dt + EPS);
    expect(b.y).toBeGreaterThanOrEqual(flight.floorAt(b, b.x, b.z) - EPS);
    each?.();
  }
  return touched;
}

describe("what is under a flier", () => {
  const pond = createObstacle(boxArea(40, 40, 50, 50), 3);

  it("is the water's surface over a pond higher than the ground, the ground beside it", () => {
    const b = body({ ground: flat(1), world: waters(pond) });
    const flight = new Flight({ min: 2, max: 4 }, true);
    expect(flight.floorAt(b, 45, 45)).toBe(3);
    expect(flight.floorAt(b, 42, 48)).toBe(3);
    expect(flight.floorAt(b, 30, 30)).toBe(1);
    // Within the pond's bounding circle, but off its outline.
    expect(flight.floorAt(b, 45, 39)).toBe(1);
    expect(flight.floorAt(b, 0, 0)).toBe(1);
  });

  it("is the ground where a water's surface lies under it", () => {
    const b = body({ ground: flat(1), world: waters(createObstacle(boxArea(-5, -5, 5, 5), -2)) });
    expect(new Flight({ min: 2, max: 4 }, true).floorAt(b, 1, 1)).toBe(1);
  });

  it("counts a puddle and the rim of a round pond as water", () => {
    const puddle = createObstacle(boxArea(0, 0, 1, 1), 0.5);
    const round = createObstacle({ center: { x: 0, z: 20 }, radius: 5 }, 2);
    const b = body({ ground: flat(0), world: waters(puddle, round) });
    const flight = new Flight({ min: 2, max: 4 }, true);
    expect(flight.floorAt(b, 0.3, 0.6)).toBe(0.5);
    expect(flight.floorAt(b, 5, 20)).toBe(2);
    expect(flight.floorAt(b, 5.01, 20)).toBe(0);
  });

  it("knows each water's surface as it flies from one to another and back", () => {
    const low = createObstacle(boxArea(0, 0, 10, 10), 3);
    const high = createObstacle(boxArea(20, 0, 30, 10), 5);
    const b = body({ ground: flat(0), world: waters(low, high) });
    const flight = new Flight({ min: 2, max: 4 }, true);
    expect([5, 25, 5, 15, 25].map((x) => flight.floorAt(b, x, 5))).toEqual([3, 5, 3, 0, 5]);
  });

  it("without a ground is 0, or a water's surface", () => {
    const b = body({ world: waters(pond) });
    const flight = new Flight({ min: 2, max: 4 }, true);
    expect(flight.floorAt(b, 0, 0)).toBe(0);
    expect(flight.floorAt(b, 45, 45)).toBe(3);
  });
});

describe("a water without a level", () => {
  it("fills a round basin to the lowest ground on its rim", () => {
    const slope: HeightFunction = (x, z) => x + z;
    expect(waterSurface(createObstacle({ center: { x: 0, z: 0 }, radius: 4 }), slope)).toBeCloseTo(-4 * Math.SQRT2, 9);
    expect(waterSurface(createObstacle({ center: { x: 10, z: 3 }, radius: 2 }), slope)).toBeCloseTo(
      13 - 2 * Math.SQRT2,
      9,
    );
  });

  it("fills a polygon basin to the lowest ground on its outline, edges' middles too", () => {
    const box = createObstacle(boxArea(-4, -4, 4, 4));
    expect(waterSurface(box, (x, z) => x * x + 2 * z * z)).toBe(16);
    expect(waterSurface(box, (x, z) => 2 * x * x + z * z)).toBe(16);
    expect(waterSurface(box, (x, z) => x - z)).toBe(-8);
  });

  it("is its level when it has one, else 0 without a ground", () => {
    expect(waterSurface(createObstacle(boxArea(-4, -4, 4, 4), 2.5), (x) => x)).toBe(2.5);
    expect(waterSurface(createObstacle(boxArea(-4, -4, 4, 4)), undefined)).toBe(0);
  });

  it("is the floor a flier keeps its band over", () => {
    const basin = createObstacle({ center: { x: 0, z: 0 }, radius: 10 });
    const b = body({ ground: (x, z) => (x * x + z * z) / 10 - 5, world: waters(basin) });
    const flight = new Flight({ min: 2, max: 4 }, true);
    expect(flight.floorAt(b, 0, 0)).toBeCloseTo(5, 9);
    expect(flight.floorAt(b, 20, 0)).toBeCloseTo(35, 9);
  });
});

describe("taking off and cruising", () => {
  it("climbs gradually from the ground, flying once within 90% of its band's lowest height", () => {
    const b = body({ ground: flat(2), y: 2 });
    const flight = new Flight({ min: 8, max: 20 }, false);
    expect(flight.airborne).toBe(false);
    flight.takeOff();
    expect(flight.phase).toBe("takingOff");
    let steps = 0;
    let wasFlying = false;
    fly(flight, b, 40, () => {
      steps++;
      const up = b.y - 2;
      if (flight.phase === "takingOff") expect(up).toBeLessThan(7.2);
      else {
        expect(flight.phase).toBe("flying");
        if (!wasFlying) expect(up).toBeGreaterThanOrEqual(7.2);
        wasFlying = true;
      }
      if (up >= 7.2) expect(flight.phase).toBe("flying");
      expect(b.altitude).toBe(flight.cruise);
    });
    expect(wasFlying).toBe(true);
    expect(b.y - 2).toBeGreaterThanOrEqual(8 - 0.5);
    expect(b.y - 2).toBeLessThanOrEqual(20 + 0.5);
    expect(steps).toBe(1200);
  });

  it("with a band of no height is flying at once, on the ground", () => {
    const b = body({ ground: flat(0) });
    const flight = new Flight({ min: 0, max: 0 }, false);
    flight.takeOff();
    expect(flight.settle(b)).toBe(false);
    expect(flight.phase).toBe("flying");
    expect(b.y).toBe(0);
  });

  it("comes to rest at its cruising height", () => {
    const b = body({ ground: flat(1), y: 1 });
    const flight = new Flight({ min: 5, max: 5 }, true);
    fly(flight, b, 20);
    expect(b.y).toBeCloseTo(6, 9);
    expect(Math.abs(flight.vy)).toBeLessThan(1e-6);
  });

  it("keeps its band above a pond's surface: never under the water line", () => {
    const pond = createObstacle(boxArea(-30, -30, 30, 30), 4);
    const b = body({ ground: flat(0), world: waters(pond), x: -40 });
    const flight = flying({ min: 1.5, max: 7 }, b);
    fly(flight, b, 60, () => {
      b.x += 2 * DT;
      if (b.x < -25 || b.x > 30) return;
      expect(b.y).toBeGreaterThanOrEqual(4 + 1.5 - 0.6);
      expect(b.y).toBeLessThanOrEqual(4 + 7 + 0.5);
    });
    expect(b.x).toBeGreaterThan(75);
  });

  it("wanders within its band: a new cruising height every 4 to 10 seconds", () => {
    const b = body({ ground: flat(0) });
    const flight = flying({ min: 2, max: 12 }, b);
    let cruise = Number.NaN;
    const changes: number[] = [];
    let t = 0;
    fly(flight, b, 120, () => {
      t += DT;
      if (flight.cruise !== cruise) changes.push(t);
      cruise = flight.cruise;
      expect(cruise).toBeGreaterThanOrEqual(2);
      expect(cruise).toBeLessThanOrEqual(12);
    });
    expect(changes.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < changes.length; i++) {
      expect(changes[i]! - changes[i - 1]!).toBeGreaterThanOrEqual(4 - 1e-6);
      expect(changes[i]! - changes[i - 1]!).toBeLessThanOrEqual(10 + DT + 1e-6);
    }
  });

  it("takes a new band at once: it cruises to the band's middle", () => {
    const b = body({ ground: flat(0) });
    const flight = flying({ min: 2, max: 4 }, b);
    fly(flight, b, 1);
    flight.band = { min: 10, max: 20 };
    expect(flight.band).toEqual({ min: 10, max: 20 });
    expect(flight.cruise).toBe(15);
    fly(flight, b, 3);
    expect(flight.cruise).toBe(15);
    expect(b.y).toBeGreaterThan(5);
  });

  it("is placed at its cruise at a spawn, but a landed one stays where it stands", () => {
    const b = body({ ground: flat(2), y: 0 });
    const air = new Flight({ min: 4, max: 8 }, true);
    air.place(b);
    expect(b.y).toBe(8);
    expect(b.altitude).toBe(6);
    const ground = body({ ground: flat(2), y: 2.5 });
    new Flight({ min: 4, max: 8 }, false).place(ground);
    expect(ground.y).toBe(2.5);
    expect(ground.altitude).toBe(0);
  });

  it("a flying gait takes off from the ground or a landing, another lands; the same one changes nothing", () => {
    const b = body({ ground: flat(0) });
    const flight = flying({ min: 4, max: 8 }, b);
    flight.gaitChanged(b, true);
    expect(flight.phase).toBe("flying");
    flight.gaitChanged(b, false);
    expect(flight.phase).toBe("landing");
    flight.gaitChanged(b, true);
    expect(flight.phase).toBe("takingOff");
    flight.gaitChanged(b, true);
    expect(flight.phase).toBe("takingOff");
    const landed = new Flight({ min: 4, max: 8 }, false);
    landed.gaitChanged(b, false);
    expect(landed.phase).toBe("landed");
    landed.gaitChanged(b, true);
    expect(landed.phase).toBe("takingOff");
  });
});

describe("a stoop", () => {
  it("dives to the hunt's height (a few centimetres past it at most) and climbs back to its band when it ends", () => {
    const b = body({ ground: flat(0) });
    const flight = flying({ min: 10, max: 10 }, b);
    let fastest = 0;
    fly(flight, b, 8, () => {
      expect(b.stoopY).toBeUndefined();
      expect(b.y).toBeGreaterThanOrEqual(3 - 0.1); // a few centimetres past it at most
      fastest = Math.max(fastest, -flight.vy);
      b.stoopY = 3;
    });
    expect(b.y).toBeCloseTo(3, 6);
    expect(fastest).toBeGreaterThan(flight.climbRate);
    b.stoopY = undefined;
    fly(flight, b, 15);
    expect(b.y).toBeCloseTo(10, 6);
  });

  it("to a height under the ground stops on the ground", () => {
    const b = body({ ground: flat(1) });
    const flight = flying({ min: 6, max: 6 }, b);
    fly(flight, b, 8, () => {
      b.stoopY = -5;
    });
    expect(b.y).toBeCloseTo(1, 6);
    expect(flight.phase).toBe("flying");
  });
});

describe("the floor rising under a flier", () => {
  it("stops a fall: on the floor it moves down no more", () => {
    let hill = 0;
    const b = body({ ground: () => hill });
    const flight = flying({ min: 10, max: 10 }, b);
    flight.band = { min: 1, max: 1 };
    fly(flight, b, 1);
    expect(flight.vy).toBeLessThan(0);
    hill = b.y + 0.5;
    flight.settle(b);
    expect(b.y).toBe(hill);
    expect(flight.vy).toBe(0);
  });

  it("does not stop a climb", () => {
    let ledge = 0;
    const b = body({ ground: () => ledge });
    const flight = new Flight({ min: 10, max: 10 }, false);
    flight.takeOff();
    fly(flight, b, 1.5);
    const vy = flight.vy;
    expect(vy).toBeGreaterThan(0.5);
    ledge = b.y + 0.5;
    flight.settle(b);
    expect(b.y).toBe(ledge);
    expect(flight.vy).toBeGreaterThanOrEqual(vy - 2 * DT - EPS);
  });
});

describe("landing", () => {
  it("descends gradually to the ground under it, and says so once, on the step it touches down", () => {
    const b = body({ ground: flat(2) });
    const flight = flying({ min: 8, max: 8 }, b);
    flight.descend(b, undefined);
    expect(flight.phase).toBe("landing");
    expect(b.altitude).toBe(8);
    let steps = 0;
    const touched = fly(flight, b, 20, () => {
      steps++;
      if (flight.phase !== "landing") return;
      expect(b.altitude).toBeCloseTo(b.y - 2, 12);
      expect(b.altitude).toBeGreaterThan(0);
    });
    expect(touched).toBe(1);
    expect(steps).toBeGreaterThan(8 / flight.descentRate / DT);
    expect(flight.phase).toBe("landed");
    expect(flight.airborne).toBe(false);
    expect(b.y).toBe(2);
    expect(b.altitude).toBe(0);
    expect(flight.vy).toBe(0);
  });

  it("onto a perch: drifts over it as it descends and stands on its top", () => {
    const b = body({ ground: flat(0), x: -2, z: 1 });
    const flight = flying({ min: 10, max: 10 }, b);
    const perch = { x: 3, z: -2, y: 4 };
    flight.descend(b, perch);
    expect(flight.perch).toBe(perch);
    const touched = fly(flight, b, 15, () => {
      if (flight.phase === "landing") expect(b.altitude).toBeCloseTo(b.y - 4, 12);
    });
    expect(touched).toBe(1);
    expect(b.y).toBe(4);
    expect(b.x).toBeCloseTo(3, 3);
    expect(b.z).toBeCloseTo(-2, 3);
    b.vx = 1;
    flight.hold(b);
    expect([b.x, b.z, b.y, b.vx, b.vz]).toEqual([3, -2, 4, 0, 0]);
  });

  it("drifts over its perch by a steady share of the way each step, never past it", () => {
    const b = body({ x: -2, z: 1, y: 10 });
    const flight = flying({ min: 10, max: 10 }, b);
    flight.descend(b, { x: 3, z: -2, y: 4 });
    for (let i = 0; i < 10; i++) {
      const [x, z] = [b.x, b.z];
      flight.settle(b);
      expect(b.x - 3).toBeCloseTo((x - 3) * (1 - 3 * DT), 12);
      expect(b.z + 2).toBeCloseTo((z + 2) * (1 - 3 * DT), 12);
    }
  });

  it("a landed flier told to descend stays landed, its perch noted", () => {
    const b = body({ ground: flat(0), y: 0 });
    const flight = new Flight({ min: 4, max: 8 }, false);
    const perch = { x: 1, z: 1, y: 2 };
    flight.descend(b, perch);
    expect(flight.phase).toBe("landed");
    expect(flight.perch).toBe(perch);
  });

  it("taking off forgets the perch", () => {
    const b = body({ ground: flat(0) });
    const flight = flying({ min: 4, max: 4 }, b);
    flight.descend(b, { x: 0, z: 0, y: 1 });
    fly(flight, b, 10);
    expect(flight.phase).toBe("landed");
    flight.takeOff();
    expect(flight.perch).toBeUndefined();
    fly(flight, b, 10);
    expect(b.y).toBeCloseTo(4, 6);
  });
});

describe("a flying MotionAgent over a lake", () => {
  function lakeBird() {
    const world = new MotionWorld({ seed: 3 });
    world.addWater(boxArea(-50, -50, 50, 50), 2);
    const bird = world.createAgent({ roles: flyerRoles(), behaviour: "fly" });
    bird.ground = () => 0;
    bird.flight.band = { min: 3, max: 6 };
    bird.flight.place(bird);
    return { world, bird };
  }

  it("cruises in its band above the water line, never under it", () => {
    const { world, bird } = lakeBird();
    expect(bird.y).toBe(2 + 4.5);
    for (let i = 0; i < 900; i++) {
      world.step(DT);
      if (Math.abs(bird.x) > 49 || Math.abs(bird.z) > 49) continue;
      expect(bird.y).toBeGreaterThanOrEqual(2 + 3 - 0.5);
      expect(bird.y).toBeLessThanOrEqual(2 + 6 + 0.5);
      expect(bird.altitude).toBe(bird.flight.cruise);
    }
  });

  it("lands where it is told, on the shore, and tells its callback once", () => {
    const { world, bird } = lakeBird();
    const told: boolean[] = [];
    bird.land({ x: 60, z: 0 }, (ok) => told.push(ok));
    for (let i = 0; i < 1800 && told.length === 0; i++) {
      world.step(DT);
      expect(bird.y).toBeGreaterThanOrEqual(Math.abs(bird.x) < 50 ? 2 : 0);
    }
    expect(told).toEqual([true]);
    expect(bird.flight.phase).toBe("landed");
    expect(bird.y).toBe(0);
    expect(Math.hypot(bird.x - 60, bird.z)).toBeLessThan(1);
  });
});
