/** Bobbing and floating: a slow rise and fall with a slight roll (buoys, jellyfish, ducks at rest). */
import type { Gait } from "./gait.js";
import { TAU } from "./gait.js";

/** Floating: a slow bob with a slight roll. */
export const floatGait: Gait = {
  name: "float",
  cycleSeconds: () => 3,
  cruiseSpeed: (roles) => 0.3 * Math.max(roles.height, 0.3),
  pose(ctx, out) {
    const phase = ctx.phase;
    out.bodyY = 0.04 * ctx.roles.height * Math.sin(TAU * phase);
    out.set(ctx.roles.body, 0.03 * Math.sin(TAU * phase + 1), 0, 0.05 * Math.sin(TAU * phase));
  },
};
