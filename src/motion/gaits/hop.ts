/**
 * Hopping: both hind legs push together, the body follows a ballistic arc for half the cycle
 * and crouches for the other half; the arms tuck during flight. Every joint eases between the
 * phases (legs swing forward before landing and stretch back through the push), so a hop's
 * joints never pop and the end of a cycle meets its start.
 */

import { typicalLegLength } from "../rigRoles.js";
import { type Gait, quickened, smoothstep } from "./gait.js";

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
      // Legs held stretched back from the push, swung forward over the last 30% to land.
      const swing = smoothstep((s - 0.7) / 0.3);
      const bend = smoothstep(s / 0.3) * (1 - swing);
      for (const leg of roles.legs) {
        out.set(leg.upper, 0.6 * moving * (1 - swing), 0, 0); // both hind legs together
        if (leg.lower >= 0) out.set(leg.lower, -0.3 * moving * bend, 0, 0);
      }
      const tuck = smoothstep(s / 0.2) * (1 - smoothstep((s - 0.8) / 0.2));
      for (const arm of roles.arms) out.set(arm.upper, -0.5 * moving * tuck, 0, 0);
    } else {
      const s = (phase - 0.5) / 0.5; // on the ground: crouch and load, then stretch back to push
      const crouch = Math.sin(Math.PI * s);
      out.bodyY = -0.12 * L * moving * crouch;
      for (const leg of roles.legs) {
        out.set(leg.upper, moving * (-0.4 * crouch + 0.6 * smoothstep(s)), 0, 0);
        if (leg.lower >= 0) out.set(leg.lower, 0.6 * moving * crouch, 0, 0);
      }
    }
  },
};
