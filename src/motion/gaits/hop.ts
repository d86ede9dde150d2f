/**
 * Hopping: both hind legs push together, the body follows a ballistic arc for half the cycle
 * and crouches for the other half; the arms tuck during flight.
 */

import { typicalLegLength } from "../rigRoles.js";
import { type Gait, quickened } from "./gait.js";

/** Hopping: hind legs push together, then a ballistic arc. */
export const hopGait: Gait = {
  name: "hop",
  cycleSeconds(ctx) {
    return quickened(
      0.9 * Math.sqrt(Math.max(typicalLegLength(ctx.roles), 0.03) / 0.15),
      this.cruiseSpeed(ctx.roles),
      ctx.speed,
    );
  },
  cruiseSpeed: (roles) => 4 * typicalLegLength(roles),
  pose(ctx, out) {
    const phase = ctx.phase;
    const { roles, speed } = ctx;
    const L = typicalLegLength(roles);
    const moving = Math.min(1, speed / Math.max(this.cruiseSpeed(roles), 1e-6));
    if (phase < 0.5) {
      const s = phase / 0.5; // airborne: y = 4 h s (1 - s), a parabola
      out.bodyY = 4 * 0.6 * L * moving * s * (1 - s);
      for (const leg of roles.legs) {
        out.set(leg.upper, 0.6 * moving, 0, 0); // both hind legs stretched back together
        if (leg.lower >= 0) out.set(leg.lower, -0.3 * moving, 0, 0);
      }
      for (const arm of roles.arms) out.set(arm.upper, -0.5 * moving, 0, 0);
    } else {
      const s = (phase - 0.5) / 0.5; // on the ground: crouch and load
      const crouch = Math.sin(Math.PI * s);
      out.bodyY = -0.12 * L * moving * crouch;
      for (const leg of roles.legs) {
        out.set(leg.upper, -0.4 * moving * crouch, 0, 0);
        if (leg.lower >= 0) out.set(leg.lower, 0.6 * moving * crouch, 0, 0);
      }
    }
  },
};
