/**
 * A flier's height, engine-free: it cruises in its band ({@link FlightBand}) above the higher of
 * the ground and the water's surface, wanders up and down within it, dives to a hunt's prey
 * (a stoop) and climbs back, lands with a gradual descent (on the ground or a perch) and takes
 * off with a gradual climb. Height changes at a limited vertical speed and acceleration, so a
 * flier never moves metres up or down in one frame. A `MotionAgent` owns one (`motion.flight`)
 * and asks it for its height each step while it is in the air.
 */
import { containsPoint } from "./area.js";
import type { FlightBand } from "./flightBands.js";
import type { HeightFunction, Obstacle, SteeringWorld } from "./types.js";

/**
 * Where a flier is: `flying` (in its band), `landing` (descending to the ground or a perch),
 * `landed` (on the ground or a perch: it walks or idles; every creature that does not fly is
 * here), `takingOff` (climbing to its band).
 * @category Motion
 */
export type FlightPhase = "flying" | "landing" | "landed" | "takingOff";

/**
 * What a {@link Flight} reads and moves of its creature (a `MotionAgent` is one).
 * @category Motion
 */
export interface FlyingBody {
  /** Position across, metres. */
  x: number;
  /** Position along, metres. */
  z: number;
  /** Height of its feet, metres (the flight moves it). */
  y: number;
  /** Velocity across, m/s. */
  vx: number;
  /** Velocity along, m/s. */
  vz: number;
  /** Set by the flight: the height above the ground or water it cruises at (0 once landed). */
  altitude: number;
  /** A height to dive to this step (a hunt's stoop); the flight reads and clears it. */
  stoopY: number | undefined;
  /** This step's length, seconds. */
  readonly dt: number;
  /** Its seeded random stream (new heights within the band). */
  readonly rng: { next(): number };
  /** The ground under it, when it has one. */
  readonly ground: HeightFunction | undefined;
  /** Its world: the waters whose surface it flies over. */
  readonly world: SteeringWorld | undefined;
}

/**
 * A perch: where a flier lands on a prop, and the prop's top height, metres.
 * @category Motion
 */
export interface Perch {
  /** Where it perches across, metres. */
  readonly x: number;
  /** Where it perches along, metres. */
  readonly z: number;
  /** The perch's top, metres: its feet stand there. */
  readonly y: number;
}

/**
 * The height of a water's surface: its `level` when it has one, else the lowest ground on its
 * outline (water fills its basin to the brim), or 0 without a ground function.
 */
export function waterSurface(water: Obstacle, ground: HeightFunction | undefined): number {
  if (water.level !== undefined) return water.level;
  if (!ground) return 0;
  const area = water.area;
  let low = Infinity;
  if ("radius" in area) {
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      low = Math.min(low, ground(area.center.x + Math.sin(a) * area.radius, area.center.z + Math.cos(a) * area.radius));
    }
    return low;
  }
  const p = area.points;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    low = Math.min(low, ground(p[i]!.x, p[i]!.z), ground((p[i]!.x + p[j]!.x) / 2, (p[i]!.z + p[j]!.z) / 2));
  }
  return low;
}

/**
 * A flier's height (`creature.motion.flight`): its band, its phase, its perch and its rates.
 * Its agent steps it; a game reads it, or sets `band` and the rates.
 * @category Motion
 */
export class Flight {
  /** Fastest climb and cruising descent, m/s. */
  climbRate = 1.5;
  /** Fastest descent while landing, m/s. */
  descentRate = 2;
  /** Fastest dive of a stoop (a hunt), m/s. */
  stoopRate = 6;
  /** Vertical speed, m/s (up is positive). */
  vy = 0;
  /** The prop it perches on (or descends to), when it lands on one. */
  perch: Perch | undefined;
  #phase: FlightPhase;
  /** The height above the floor it is cruising toward, metres (wandered within the band). */
  #cruise = 0;
  #retarget = 0;
  // The last water it flew over and that water's surface (a flock over one lagoon asks once).
  #water: Obstacle | undefined;
  #surface = 0;

  #band: FlightBand;

  constructor(band: FlightBand, flies: boolean) {
    this.#band = band;
    this.#phase = flies ? "flying" : "landed";
    this.#cruise = (band.min + band.max) / 2;
  }

  /**
   * Its band above the ground or water, metres (from its kind: see `FLIGHT_BAND_RULES`). A new
   * band takes effect at once: it cruises to the band's middle, then wanders within it.
   */
  get band(): FlightBand {
    return this.#band;
  }

  /** Sets its band: it cruises to the band's middle, then wanders within it. */
  set band(band: FlightBand) {
    this.#band = band;
    this.#cruise = (band.min + band.max) / 2;
    this.#retarget = 4;
  }

  /** Where it is: flying, landing, landed or taking off. */
  get phase(): FlightPhase {
    return this.#phase;
  }

  /** True unless landed: its height is the flight's business. */
  get airborne(): boolean {
    return this.#phase !== "landed";
  }

  /** The height above the floor it is cruising toward, metres. */
  get cruise(): number {
    return this.#cruise;
  }

  /**
   * What is under (x, z): the higher of the ground and the surface of a water there, metres.
   * @param body whose ground and world's waters count
   */
  floorAt(body: FlyingBody, x: number, z: number): number {
    const ground = body.ground ? body.ground(x, z) : 0;
    const waters = body.world?.waters;
    if (!waters) return ground;
    let floor = ground;
    for (let i = 0; i < waters.length; i++) {
      const w = waters[i]!;
      const dx = x - w.x;
      const dz = z - w.z;
      if (dx * dx + dz * dz > w.reach * w.reach || !containsPoint(w.area, x, z)) continue;
      if (w !== this.#water) {
        this.#water = w;
        this.#surface = waterSurface(w, body.ground);
      }
      floor = Math.max(floor, this.#surface);
    }
    return floor;
  }

  /** Its gait changed: a flying gait takes off from the ground, another lands from the air. */
  gaitChanged(body: FlyingBody, flies: boolean): void {
    if (flies && (this.#phase === "landed" || this.#phase === "landing")) this.takeOff();
    else if (!flies && (this.#phase === "flying" || this.#phase === "takingOff")) this.descend(body, undefined);
  }

  /** Starts a climb to its band from wherever it is. */
  takeOff(): void {
    this.#phase = "takingOff";
    this.perch = undefined;
    this.#retarget = 0;
  }

  /** Starts a gradual descent where it is, to the ground or water under it, or onto `perch`. */
  descend(body: FlyingBody, perch: Perch | undefined): void {
    this.perch = perch;
    if (this.#phase === "landed") return;
    this.#phase = "landing";
    body.altitude = Math.max(1e-3, body.y - this.floorAt(body, body.x, body.z));
  }

  /** Puts it at its cruising height now (a spawn), without a climb. */
  place(body: FlyingBody): void {
    if (this.#phase === "landed") return;
    body.y = this.floorAt(body, body.x, body.z) + this.#cruise;
    body.altitude = this.#cruise;
    this.vy = 0;
  }

  /**
   * Moves its height one step (`body.dt`) toward its target: its cruise in the band, a stoop's
   * height, or the floor while landing. True on the step it touches down (then it is `landed`).
   */
  settle(body: FlyingBody): boolean {
    const perch = this.perch;
    const floor = perch ? perch.y : this.floorAt(body, body.x, body.z);
    const dt = body.dt;
    let target: number;
    let rate = this.climbRate;
    if (this.#phase === "landing") {
      target = floor;
      rate = this.descentRate;
      if (perch) this.#glideTo(body, perch, dt);
    } else {
      this.#wander(body, dt);
      target = floor + this.#cruise;
      if (body.stoopY !== undefined) {
        target = Math.max(floor, body.stoopY);
        rate = this.stoopRate;
      }
    }
    body.stoopY = undefined;
    this.#climb(body, target, rate, floor, dt);
    if (this.#phase === "landing") {
      body.altitude = Math.max(1e-3, body.y - floor);
      if (body.y - floor > 0.03) return false;
      body.y = floor;
      this.vy = 0;
      body.altitude = 0;
      this.#phase = "landed";
      return true;
    }
    body.altitude = this.#cruise;
    if (this.#phase === "takingOff" && body.y - floor >= Math.min(this.band.min, this.#cruise) * 0.9) {
      this.#phase = "flying";
    }
    return false;
  }

  /** Holds it on its perch (after {@link settle}'s touch-down): on the prop's top, where it is. */
  hold(body: FlyingBody): void {
    const perch = this.perch;
    if (!perch) return;
    body.x = perch.x;
    body.z = perch.z;
    body.y = perch.y;
    body.vx = 0;
    body.vz = 0;
  }

  /** Every few seconds, a new cruising height within the band: it wanders up and down. */
  #wander(body: FlyingBody, dt: number): void {
    this.#retarget -= dt;
    if (this.#retarget > 0) return;
    const { min, max } = this.band;
    this.#cruise = min + (max - min) * body.rng.next();
    this.#retarget = 4 + 6 * body.rng.next();
  }

  /**
   * Eases the vertical speed toward the target (slower near it), within `rate` and a limited
   * acceleration, and keeps it on or above the floor.
   */
  #climb(body: FlyingBody, target: number, rate: number, floor: number, dt: number): void {
    const a = Math.max(2, rate);
    const gap = target - body.y;
    // The fastest speed from which it can still stop at the target at its acceleration.
    const wish = Math.sign(gap) * Math.min(rate, Math.sqrt(2 * a * Math.abs(gap)), Math.abs(gap) / Math.max(dt, 1e-6));
    const accel = a * dt;
    this.vy += Math.max(-accel, Math.min(accel, wish - this.vy));
    body.y += this.vy * dt;
    if (body.y < floor) {
      body.y = floor;
      if (this.vy < 0) this.vy = 0;
    }
  }

  /** Drifts over a perch while descending onto it. */
  #glideTo(body: FlyingBody, perch: Perch, dt: number): void {
    const k = Math.min(1, dt * 3);
    body.x += (perch.x - body.x) * k;
    body.z += (perch.z - body.z) * k;
  }
}
