/**
 * Crawling with many legs: an alternating tripod (front-left, middle-right, hind-left together;
 * the other three half a cycle later) with upper legs sweeping about Y and lower legs lifting.
 */

import { typicalLegLength } from "../rigRoles.js";
import { type Gait, quickened, TAU } from "./gait.js";

/** Many-legged crawl: an alternating tripod of legs. */
export const crawlGait: Gait = {
  name: "crawl",
  cycleSeconds(ctx) {
    return quickened(
      1.6 * Math.sqrt(Math.max(typicalLegLength(ctx.roles), 0.02)),
      this.cruiseSpeed(ctx.roles),
      ctx.speed,
    );
  },
  cruiseSpeed: (roles) => 2 * typicalLegLength(roles),
  pose(ctx, out) {
    const phase = ctx.phase;
    const { roles, speed } = ctx;
    const moving = Math.min(1, speed / Math.max(this.cruiseSpeed(roles), 1e-6));
    for (const leg of roles.legs) {
      // Tripod A: front-left, middle-right, hind-left; tripod B half a cycle later.
      const tripodA = (leg.end === "middle") !== (leg.side === "left");
      const p = phase + (tripodA ? 0 : 0.5);
      const sign = leg.side === "left" ? 1 : -1;
      out.set(leg.upper, 0, 0.35 * moving * sign * Math.sin(TAU * p), 0);
      if (leg.lower >= 0) out.set(leg.lower, 0, 0, 0.3 * moving * sign * Math.max(0, Math.cos(TAU * p)));
    }
    out.bodyY = 0.01 * typicalLegLength(roles) * moving * Math.sin(2 * TAU * phase);
  },
};
