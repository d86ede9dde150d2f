/**
 * Steering behaviours (after Yuka): small strategy objects, each computing a force on the
 * ground plane; the agent sums them by weight and caps the total. They write into the `out`
 * vector they are given and allocate nothing.
 */
import { type Area, type EdgeProbe, probeEdge } from "./area.js";
import type { SteeringAgent, SteeringBehavior, Vec2 } from "./types.js";

export type { SteeringAgent, SteeringBehavior, SteeringWorld, Vec2 } from "./types.js";

/** Two jitter draws per wander step, written by the generator (no returned doubles). */
const jitter = new Float64Array(2);

/**
 * Scratch objects are class instances with initialised number fields: they get a map of their
 * own whose fields hold doubles in place (a literal `{ x, z }` shares its map with every other
 * `{ x, z }` literal, and one of those holding anything but a double makes them all box).
 */
/** A force on the ground plane, as a scratch object of its own map (see {@link Probe}). */
export class ForceVector implements Vec2 {
  x = 0.5;
  z = 0.5;
}

class Probe implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}

const scratch: EdgeProbe = new Probe();

/** Where {@link seek} steers: a point and a speed. */
class SeekTarget {
  x = 0.5;
  z = 0.5;
  speed = 0.5;
}
const seekTarget = new SeekTarget();

/** Desired velocity toward `seekTarget` at its speed, minus the current velocity. */
function seek(agent: SteeringAgent, out: Vec2): void {
  const speed = seekTarget.speed;
  const dx = seekTarget.x - agent.x;
  const dz = seekTarget.z - agent.z;
  const d = Math.sqrt(dx * dx + dz * dz);
  if (d < 1e-9) {
    out.x = -agent.vx;
    out.z = -agent.vz;
    return;
  }
  out.x = (dx / d) * speed - agent.vx;
  out.z = (dz / d) * speed - agent.vz;
}

/**
 * Wander: a target jittering on a circle projected ahead of the agent, so the path curves
 * smoothly instead of zig-zagging.
 */
export class WanderBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  /** The wander target on its circle (unit vector, local frame). */
  tx = 0;
  tz = 1;
  constructor(
    public radius = 1,
    public distance = 2,
    /** Jitter, in circle radii per second. */
    public jitter = 3,
  ) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    const j = this.jitter * agent.dt;
    agent.rng.fillBinomial(jitter);
    this.tx += jitter[0]! * j;
    this.tz += jitter[1]! * j;
    const len = Math.sqrt(this.tx * this.tx + this.tz * this.tz) || 1;
    this.tx /= len;
    this.tz /= len;
    // Local target (ahead along +Z), turned by the heading into the world.
    const lx = this.tx * this.radius;
    const lz = this.tz * this.radius + this.distance;
    const s = Math.sin(agent.heading);
    const c = Math.cos(agent.heading);
    const wx = agent.x + lx * c + lz * s;
    const wz = agent.z - lx * s + lz * c;
    seekTarget.x = wx;
    seekTarget.z = wz;
    seekTarget.speed = agent.cruiseSpeed;
    seek(agent, out);
  }
}

/** Stay inside an area: a force toward the inside that grows as the agent nears the edge. */
export class StayInAreaBehavior implements SteeringBehavior {
  active = true;
  weight = 3;
  constructor(
    public area: Area,
    /** Distance from the edge where the push starts, metres. */
    public margin = 2,
  ) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    probeEdge(this.area, agent, scratch);
    const d = scratch.distance!;
    if (d >= this.margin) {
      out.x = 0;
      out.z = 0;
      return;
    }
    const strength = agent.maxForce * Math.min(4, (this.margin - d) / this.margin);
    out.x = scratch.x * strength;
    out.z = scratch.z * strength;
  }
}

/** Stay out of an area (a lake for walkers): a push outward that grows near and inside it. */
export class AvoidAreaBehavior implements SteeringBehavior {
  active = true;
  weight = 3;
  constructor(
    public area: Area,
    public margin = 1,
  ) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    probeEdge(this.area, agent, scratch);
    const d = scratch.distance!; // > 0 inside the area
    if (d < -this.margin) {
      out.x = 0;
      out.z = 0;
      return;
    }
    const strength = agent.maxForce * Math.min(4, (d + this.margin) / this.margin);
    out.x = -scratch.x * strength; // scratch points inward: push the other way
    out.z = -scratch.z * strength;
  }
}

/** Keep apart from neighbours closer than `radius` (plus both bodies' radii). */
export class SeparationBehavior implements SteeringBehavior {
  active = true;
  weight = 2;
  constructor(public radius = 0.5) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    // Read from what the world gathered for this agent at the start of its step.
    const count = agent.neighbourCount;
    const neighbours = agent.neighbours;
    for (let k = 0; k < count; k++) {
      const other = neighbours[k]!;
      const dx = agent.x - other.x;
      const dz = agent.z - other.z;
      const d = Math.sqrt(dx * dx + dz * dz);
      const limit = this.radius + agent.radius + other.radius;
      if (d >= limit) continue;
      if (d < 1e-9) {
        // Exactly on top of each other: part along a direction fixed by the pair's order.
        out.x += agent.id < other.id ? agent.maxForce : -agent.maxForce;
        continue;
      }
      // Stronger the deeper the overlap.
      const push = (limit - d) / limit;
      out.x += (dx / d) * push * agent.maxForce * 2;
      out.z += (dz / d) * push * agent.maxForce * 2;
    }
  }
}

/** Arrive at a point, slowing down within `slowRadius`; `arrived` turns true within `tolerance`. */
export class ArriveBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  arrived = false;
  constructor(
    public target: Vec2,
    public tolerance = 0.1,
    public slowRadius = 1.5,
  ) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    const dx = this.target.x - agent.x;
    const dz = this.target.z - agent.z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (d <= this.tolerance) {
      this.arrived = true;
      out.x = -agent.vx * 4;
      out.z = -agent.vz * 4;
      return;
    }
    seekTarget.x = this.target.x;
    seekTarget.z = this.target.z;
    seekTarget.speed = Math.min(agent.cruiseSpeed, (agent.cruiseSpeed * d) / this.slowRadius);
    seek(agent, out);
  }
}

/** Brake to a stop. */
export class BrakeBehavior implements SteeringBehavior {
  active = true;
  weight = 1;
  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = -agent.vx * 4;
    out.z = -agent.vz * 4;
  }
}
