/**
 * Obstacle avoidance: every agent steers around the world's obstacle areas and its bodies that
 * are not creatures (a player, a car), whatever its order.
 */
import { probeEdge } from "../area.js";
import { onOtherFloor } from "../obstacles.js";
import type { Obstacle, SteeringAgent, Vec2 } from "../types.js";
import { EdgeScratch, SteeringBehavior } from "./steeringBehavior.js";

const probe = new EdgeScratch();

/**
 * Steers around the world's obstacles and bodies: a push away that starts `margin` metres
 * (plus the agent's radius) from an obstacle's edge or a body's footprint and grows inside.
 * A flier in the air (`altitude` above 0) passes over them; landed, it walks round them.
 */
export class AvoidObstaclesBehavior extends SteeringBehavior {
  override weight = 3;
  constructor(public margin = 1) {
    super();
  }

  /** The current agent's margin, in a field: V8 boxes a double passed to a call it does not inline. */
  #margin = 0.5;
  /** The current agent's feet, where floors lie above each other (a navmesh); else undefined. */
  #floorY: number | undefined = undefined;

  /** Adds the push away from one obstacle, when the agent is within {@link #margin} of its edge. */
  #avoid(agent: SteeringAgent, o: Obstacle, out: Vec2): void {
    const margin = this.#margin;
    if (onOtherFloor(o, this.#floorY)) return;
    const dx = agent.x - o.x;
    const dz = agent.z - o.z;
    const reach = o.reach + margin;
    if (dx * dx + dz * dz > reach * reach) return;
    probeEdge(o.area, agent, probe);
    const d = probe.distance; // > 0 inside
    if (d < -margin) return;
    const strength = agent.maxForce * Math.min(4, (d + margin) / margin);
    out.x -= probe.x * strength; // the probe points inward: push the other way
    out.z -= probe.z * strength;
    edgeStep.ix = probe.x;
    edgeStep.iz = probe.z;
    edgeStep.strength = strength;
    sidestep(agent, out);
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    const world = agent.world;
    // Areas have no height: a flier in the air passes over them and over the bodies in them.
    if (!world || (agent.altitude ?? 0) > 0) return;
    const margin = this.margin + agent.radius;
    this.#margin = margin;
    this.#floorY = world.pathPlanner?.standOn !== undefined ? agent.y : undefined;
    const obstacles = world.obstacles;
    const index = world.obstacleIndex;
    if (index) {
      // Only the obstacles near it, in list order (the sum adds up as over the whole list).
      index.at.x = agent.x;
      index.at.z = agent.z;
      index.at.reach = margin;
      const count = index.near(obstacles, world.obstacleVersion ?? 0);
      const found = index.found;
      for (let k = 0; k < count; k++) this.#avoid(agent, obstacles[found[k]!]!, out);
    } else {
      for (let i = 0; i < obstacles.length; i++) this.#avoid(agent, obstacles[i]!, out);
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
      edgeStep.ix = -dx / d;
      edgeStep.iz = -dz / d;
      edgeStep.strength = push;
      sidestep(agent, out);
    }
  }
}

/** What {@link sidestep} steps along: the inward unit direction and the push, handed over in fields. */
class EdgeStep {
  ix = 0.5;
  iz = 0.5;
  strength = 0.5;
}
export const edgeStep = new EdgeStep();

/**
 * Adds a push along the obstacle's edge when the agent heads into it (toward the inward unit
 * direction of {@link edgeStep}): a push straight back alone would hold a creature still against
 * a wall it is walking into. It goes round on the side its velocity already leans to (by its id
 * when it heads dead centre, so the choice is deterministic). Numbers travel in `edgeStep`'s
 * fields: V8 boxes a double passed to a call it does not inline.
 */
export function sidestep(agent: SteeringAgent, out: Vec2): void {
  const ix = edgeStep.ix;
  const iz = edgeStep.iz;
  const strength = edgeStep.strength;
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
