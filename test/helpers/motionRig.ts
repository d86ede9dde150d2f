/** Rig roles for engine-free motion tests, from the tiny quadruped's boxes. */

import { type RigRoles, rigRoles } from "../../src/motion/rigRoles.js";
import type { Box3 } from "../../src/rig/box.js";
import { layoutRig } from "../../src/rig/layoutRig.js";
import { QUADRUPED_BOXES } from "./tinyModels.js";

function boxes(source: Record<string, [[number, number, number], [number, number, number]]>): Record<string, Box3> {
  return Object.fromEntries(
    Object.entries(source).map(([k, [min, max]]) => [
      k,
      { min: { x: min[0], y: min[1], z: min[2] }, max: { x: max[0], y: max[1], z: max[2] } },
    ]),
  );
}

/** The tiny quadruped (0.5 model units tall) scaled to `height` metres. */
export function quadrupedRoles(height = 0.5): RigRoles {
  return rigRoles(layoutRig("quadruped", boxes(QUADRUPED_BOXES)), height / 0.5);
}

/** A body-only rig (fish, snake). */
export function bodyOnlyRoles(height = 0.3): RigRoles {
  return rigRoles(
    layoutRig(
      "uniform",
      boxes({
        body: [
          [-0.1, 0, -0.5],
          [0.1, 0.3, 0.5],
        ],
      }),
    ),
    height / 0.3,
  );
}

/** A winged flyer rig. */
export function flyerRoles(): RigRoles {
  return rigRoles(
    layoutRig(
      "winged_flyer",
      boxes({
        body: [
          [-0.1, 0.1, -0.2],
          [0.1, 0.3, 0.2],
        ],
        wing_left: [
          [0.1, 0.25, -0.1],
          [0.6, 0.28, 0.1],
        ],
        wing_right: [
          [-0.6, 0.25, -0.1],
          [-0.1, 0.28, 0.1],
        ],
        leg_left: [
          [0.03, 0, -0.02],
          [0.06, 0.12, 0.02],
        ],
        leg_right: [
          [-0.06, 0, -0.02],
          [-0.03, 0.12, 0.02],
        ],
      }),
    ),
    1,
  );
}
