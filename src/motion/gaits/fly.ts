/**
 * Flight: wings flap about the body's long axis (Z), legs tucked back, the body banks into
 * turns. Altitude is the steering's business (see MotionAgent.altitude).
 */
import type { Gait } from "./gait.js";
import { TAU } from "./gait.js";

/** Wing beats per second for a bird of `height` metres: small birds beat faster. */
export function flapFrequency(height: number): number {
  return Math.min(8, Math.max(2, 2.2 / Math.sqrt(Math.max(height, 0.05))));
}

/** Flight: flapping wings, legs tucked, banking into turns. */
export const flyGait: Gait = {
  name: "fly",
  cycleSeconds: (ctx) => 1 / flapFrequency(ctx.roles.height),
  cruiseSpeed: (roles) => Math.max(1.5, roles.height * 6),
  pose(ctx, out) {
    const phase = ctx.phase;
    const { roles, turnRate } = ctx;
    const flap = 0.7 * Math.sin(TAU * phase);
    // Left wing at +X in the model frame: a positive Z rotation lifts it; the right one mirrors.
    out.set(roles.wings.left, 0, 0, flap);
    out.set(roles.wings.right, 0, 0, -flap);
    for (const leg of roles.legs) out.set(leg.upper, 0.9, 0, 0); // tucked back
    // Bank into the turn, at most ~35°.
    out.set(roles.body, 0, 0, Math.max(-0.6, Math.min(0.6, -0.35 * turnRate)));
    out.set(roles.tail, 0.1 * Math.sin(TAU * phase), 0, 0);
    out.bodyY = 0.03 * roles.height * Math.sin(TAU * phase + Math.PI);
  },
};
