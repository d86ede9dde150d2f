/**
 * What is in the world besides creatures: obstacle areas (rocks, fences, a house) and bodies
 * that are not creatures (a player, a car). Every agent steers around both, whatever its
 * orders. Engine-free: the Babylon side turns meshes into areas and copies a node's position
 * into its body each frame.
 */
import { type Area, type EdgeProbe, isCircleArea, probeEdge } from "./area.js";
import type { Obstacle, SteeringAgent, SteeringBehavior, Vec2 } from "./types.js";

/** An obstacle for an area, with its bounding circle. */
export function createObstacle(area: Area): Obstacle {
  if (isCircleArea(area)) return { area, x: area.center.x, z: area.center.z, reach: area.radius };
  let x = 0;
  let z = 0;
  for (const p of area.points) {
    x += p.x;
    z += p.z;
  }
  x /= area.points.length;
  z /= area.points.length;
  let reach = 0;
  for (const p of area.points) reach = Math.max(reach, Math.hypot(p.x - x, p.z - z));
  return { area, x, z, reach };
}

/**
 * A body that is not a creature (a player, a car): where it is, how fast it goes and how big it
 * is. The world's owner moves it (the Babylon side copies its node's position each step and
 * measures its velocity); creatures steer around it and may flee from it.
 */
export class WorldBody {
  /** Position east-west, metres. */
  x = 0.5;
  /** Position north-south, metres. */
  z = 0.5;
  /** Velocity along x, m/s, measured from its last two positions. */
  vx = 0.5;
  /** Velocity along z, m/s. */
  vz = 0.5;
  /** Footprint radius, metres. */
  radius = 0.5;

  constructor(x: number, z: number, radius: number) {
    this.x = x;
    this.z = z;
    this.vx = 0;
    this.vz = 0;
    this.radius = radius;
  }

  /** Moves it to (x, z) after `dt` seconds, measuring its velocity on the way. */
  moveTo(x: number, z: number, dt: number): void {
    if (dt > 0) {
      this.vx = (x - this.x) / dt;
      this.vz = (z - this.z) / dt;
    }
    this.x = x;
    this.z = z;
  }
}

class Probe implements EdgeProbe {
  x = 0.5;
  z = 0.5;
  distance = 0.5;
}
const probe = new Probe();

/**
 * Steers around the world's obstacles and bodies: a push away that starts `margin` metres
 * (plus the agent's radius) from an obstacle's edge or a body's footprint and grows inside.
 */
export class AvoidObstaclesBehavior implements SteeringBehavior {
  active = true;
  weight = 3;
  constructor(public margin = 1) {}

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    const world = agent.world;
    if (!world) return;
    const margin = this.margin + agent.radius;
    const obstacles = world.obstacles;
    for (let i = 0; i < obstacles.length; i++) {
      const o = obstacles[i]!;
      const dx = agent.x - o.x;
      const dz = agent.z - o.z;
      const reach = o.reach + margin;
      if (dx * dx + dz * dz > reach * reach) continue;
      probeEdge(o.area, agent, probe);
      const d = probe.distance; // > 0 inside
      if (d < -margin) continue;
      const strength = agent.maxForce * Math.min(4, (d + margin) / margin);
      out.x -= probe.x * strength; // the probe points inward: push the other way
      out.z -= probe.z * strength;
      sidestep(agent, probe.x, probe.z, strength, out);
    }
    const bodies = world.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i]!;
      const dx = agent.x - b.x;
      const dz = agent.z - b.z;
      const limit = margin + (b.radius ?? 0);
      const d2 = dx * dx + dz * dz;
      if (d2 >= limit * limit) continue;
      const d = Math.sqrt(d2);
      if (d < 1e-9) {
        out.x += agent.maxForce * 4;
        continue;
      }
      const push = agent.maxForce * Math.min(4, (4 * (limit - d)) / margin);
      out.x += (dx / d) * push;
      out.z += (dz / d) * push;
      sidestep(agent, -dx / d, -dz / d, push, out);
    }
  }
}

/**
 * Adds a push along the obstacle's edge when the agent heads into it (toward the inward unit
 * direction (ix, iz)): a push straight back alone would hold a creature still against a wall
 * it is walking into. It goes round on the side its velocity already leans to (by its id when
 * it heads dead centre, so the choice is deterministic).
 */
function sidestep(agent: SteeringAgent, ix: number, iz: number, strength: number, out: Vec2): void {
  const speed = Math.sqrt(agent.vx * agent.vx + agent.vz * agent.vz);
  if (speed < 1e-6) return;
  const into = (agent.vx * ix + agent.vz * iz) / speed;
  if (into <= 0) return;
  // The edge direction (−iz, ix), turned to the side the velocity leans to.
  const lean = agent.vx * -iz + agent.vz * ix;
  const side = Math.abs(lean) > 1e-3 * speed ? Math.sign(lean) : agent.id % 2 === 0 ? 1 : -1;
  out.x += -iz * side * strength * into * 1.5;
  out.z += ix * side * strength * into * 1.5;
}
