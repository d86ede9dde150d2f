import type { Area } from "../../src/motion/area.js";

/** An axis-aligned rectangle from (x0, z0) to (x1, z1), its corners in that order round. */
export function boxArea(x0: number, z0: number, x1: number, z1: number): Area {
  return {
    points: [
      { x: x0, z: z0 },
      { x: x1, z: z0 },
      { x: x1, z: z1 },
      { x: x0, z: z1 },
    ],
  };
}
