/** Waddling (penguins, ducks): short alternating steps and a side-to-side roll of the body. */

import { typicalLegLength } from "../rigRoles.js";
import { type Gait, quickened, TAU } from "./gait.js";

/** Waddling (penguins, ducks): short alternating steps and a side-to-side roll. */
export const waddleGait: Gait = {
  name: "waddle",
  cycleSeconds(ctx) {
    return quickened(
      1.4 * Math.sqrt(Math.max(typicalLegLength(ctx.roles), 0.03)),
      this.cruiseSpeed(ctx.roles),
      ctx.speed,
    );
  },
  cruiseSpeed: (roles) => 0.9 * typicalLegLength(roles),
  pose(ctx, out) {
    const phase = ctx.phase;
    const { roles, speed } = ctx;
    const moving = Math.min(1, speed / Math.max(this.cruiseSpeed(roles), 1e-6));
    const wave = Math.sin(TAU * phase);
    out.set(roles.body, 0, 0.05 * moving * wave, 0.14 * moving * wave);
    for (const leg of roles.legs) {
      const sign = leg.side === "left" ? 1 : -1;
      out.set(leg.upper, -0.3 * moving * sign * wave, 0, 0);
      if (leg.lower >= 0) out.set(leg.lower, 0.25 * moving * Math.max(0, sign * wave), 0, 0);
    }
    out.set(roles.wings.left, 0, 0, 0.15 * moving * Math.max(0, wave));
    out.set(roles.wings.right, 0, 0, -0.15 * moving * Math.max(0, -wave));
  },
};
