/**
 * Keep to its realm: ground creatures keep out of the world's water, swimmers keep in it,
 * whatever the order or reaction (always on, like obstacle avoidance). Flyers and amphibious
 * creatures are left be. The agent's travel holds the same rule hard (see `MotionAgent`).
 */
import type { Obstacle, SteeringAgent, Vec2 } from "../types.js";
import { probeWaters, waterReach } from "../water.js";
import { edgeStep, sidestep } from "./avoidObstacles.js";
import { EdgeScratch, SteeringBehavior } from "./steeringBehavior.js";

const probe = new EdgeScratch();

/**
 * Keeps an agent to its realm: a ground agent is pushed back from water starting `margin` metres
 * from the shore (and steered along it when heading in); a swimmer in a water is pushed back
 * inward within `margin` of its shore.
 */
export class KeepRealmBehavior extends SteeringBehavior {
  override weight = 3;
  constructor(
    /** Distance from the shore where the push starts, metres. */
    public margin = 0.5,
  ) {
    super();
  }

  calculate(agent: SteeringAgent, out: Vec2): void {
    out.x = 0;
    out.z = 0;
    const waters = agent.world?.waters;
    if (!waters || waters.length === 0) return;
    const realm = agent.realm ?? "ground";
    if (realm === "ground") this.#keepOut(agent, waters, out);
    else if (realm === "water") this.#keepIn(agent, waters, out);
  }

  #keepOut(agent: SteeringAgent, waters: readonly Obstacle[], out: Vec2): void {
    const margin = this.margin;
    waterReach.metres = margin;
    probeWaters(waters, agent, probe);
    const d = probe.distance; // > 0 inside
    if (d < -margin) return;
    const strength = agent.maxForce * Math.min(4, (d + margin) / margin);
    out.x = -probe.x * strength; // the probe points into the water: push the other way
    out.z = -probe.z * strength;
    edgeStep.ix = probe.x;
    edgeStep.iz = probe.z;
    edgeStep.strength = strength;
    sidestep(agent, out);
  }

  #keepIn(agent: SteeringAgent, waters: readonly Obstacle[], out: Vec2): void {
    const margin = this.margin;
    waterReach.metres = 0;
    probeWaters(waters, agent, probe);
    const d = probe.distance;
    if (!(d > 0) || d >= margin) return; // out of every water (nowhere to keep to), or well inside
    const strength = agent.maxForce * Math.min(4, (margin - d) / margin);
    out.x = probe.x * strength;
    out.z = probe.z * strength;
  }
}
