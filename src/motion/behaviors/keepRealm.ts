/**
 * Keep to its realm: ground creatures keep out of the world's water, swimmers keep in it,
 * whatever the order or reaction (always on, like obstacle avoidance). Flyers and amphibious
 * creatures are left be. The agent's travel holds the same rule hard (see `MotionAgent`).
 */
import type { Obstacle, SteeringAgent, Vec2 } from "../types.js";
import { probeWaters, waterReach } from "../water.js";
import { isColumnBody, steerFromShallows, waterLevelAt } from "../waterColumn.js";
import { edgeStep, sidestep } from "./avoidObstacles.js";
import { EdgeScratch, SteeringBehavior } from "./steeringBehavior.js";

const probe = new EdgeScratch();
const away = new EdgeScratch();

/**
 * Keeps an agent to its realm: a ground agent is pushed back from water starting `margin` metres
 * from the shore (and steered along it when heading in); a swimmer in a water is pushed back
 * inward within `margin` of its shore, and away from water too shallow for its body (down the
 * floor's slope) before it swims in.
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
    // From nothing `margin` out to four times maxForce. A margin of 0 pushes in full: on the shore
    // line itself the probe has no direction, so nothing is pushed there.
    const ramp = margin > 0 ? (d + margin) / margin : 4;
    const strength = agent.maxForce * Math.min(4, ramp);
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
    if (!(d > 0)) return; // out of every water: nowhere to keep to
    if (d < margin) {
      const strength = agent.maxForce * Math.min(4, (margin - d) / margin);
      out.x = probe.x * strength;
      out.z = probe.z * strength;
    }
    this.#keepDeep(agent, waters, out);
  }

  /** Adds a push down the floor's slope when the water a little ahead is too shallow for it. */
  #keepDeep(agent: SteeringAgent, waters: readonly Obstacle[], out: Vec2): void {
    if (!isColumnBody(agent)) return;
    const level = (agent as { waterLevel?: number | undefined }).waterLevel ?? waterLevelAt(waters, agent.x, agent.z);
    if (Number.isNaN(level)) return;
    const ahead = Math.max(this.margin * 2, agent.bodyHeight);
    if (!steerFromShallows(agent, level, ahead, away)) return;
    out.x += away.x * agent.maxForce * 3;
    out.z += away.z * agent.maxForce * 3;
  }
}
