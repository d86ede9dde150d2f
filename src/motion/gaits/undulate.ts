/**
 * Undulation: a travelling side-to-side wave along the body, for swimmers (body yaw, tail
 * stronger than head) and slithering or wriggling creatures (a larger, slower wave).
 */

import type { Pose } from "../pose.js";
import type { Gait, GaitContext } from "./gait.js";
import { TAU } from "./gait.js";

function undulation(name: string, amplitude: number, baseCycle: number, cruise: number): Gait {
  return {
    name,
    cycleSeconds: (ctx: GaitContext) =>
      baseCycle * Math.sqrt(Math.max(ctx.roles.height, 0.05)) * (1 / (1 + ctx.speed * 0.3)),
    cruiseSpeed: (roles) => cruise * Math.max(roles.height, 0.2) * 2,
    pose(ctx: GaitContext, out: Pose) {
      const phase = ctx.phase;
      const { roles } = ctx;
      const wave = Math.sin(TAU * phase);
      out.set(roles.body, 0, amplitude * wave, 0);
      out.set(roles.head, 0, -0.5 * amplitude * Math.sin(TAU * phase - 0.8), 0);
      out.set(roles.tail, 0, 2 * amplitude * Math.sin(TAU * phase - 1.6), 0);
    },
  };
}

/** Swimming: a side-to-side wave along the body, strongest at the tail. */
export const swimGait = undulation("swim", 0.22, 1.6, 1.2);
/** Slithering (snakes): a larger, slower body wave. */
export const slitherGait = undulation("slither", 0.4, 2.4, 0.4);
/** Wriggling: a short, quick body wave. */
export const wriggleGait = undulation("wriggle", 0.3, 0.9, 0.2);
