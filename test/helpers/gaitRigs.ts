/** Rigs and sweeps for the gait unit tests (test/motion/gaits), engine-free. */
import type { Gait, GaitContext } from "../../src/motion/gaits/gait.js";
import { Pose } from "../../src/motion/pose.js";
import { type RigRoles, rigRoles } from "../../src/motion/rigRoles.js";
import type { Box3 } from "../../src/rig/box.js";
import { layoutRig } from "../../src/rig/layoutRig.js";
import { bodyOnlyRoles, flyerRoles, quadrupedRoles } from "./motionRig.js";

type V = [number, number, number];

function rig(type: string, parts: Record<string, [V, V]>): RigRoles {
  const boxes: Record<string, Box3> = {};
  for (const [name, [min, max]] of Object.entries(parts)) {
    boxes[name] = { min: { x: min[0], y: min[1], z: min[2] }, max: { x: max[0], y: max[1], z: max[2] } };
  }
  return rigRoles(layoutRig(type, boxes), 1);
}

/** Upper and lower leg boxes on one side at depth z (left legs at +X). */
function leg(prefix: string, side: "left" | "right", z: number): Record<string, [V, V]> {
  const s = side === "left" ? 1 : -1;
  const xs = (a: number, b: number): [number, number] => (s > 0 ? [a, b] : [-b, -a]);
  const [t0, t1] = xs(0.15, 0.3);
  const [b0, b1] = xs(0.3, 0.4);
  return {
    [`${prefix}_${side}_top`]: [
      [t0, 0.06, z - 0.04],
      [t1, 0.16, z + 0.04],
    ],
    [`${prefix}_${side}_bot`]: [
      [b0, 0, z - 0.03],
      [b1, 0.08, z + 0.03],
    ],
  };
}

const BODY: Record<string, [V, V]> = {
  body: [
    [-0.15, 0.1, -0.3],
    [0.15, 0.25, 0.3],
  ],
  head: [
    [-0.08, 0.12, 0.3],
    [0.08, 0.24, 0.42],
  ],
};

/** Six legs in three rows (front, middle, hind), two segments each. */
export function crawlerRoles(): RigRoles {
  const rows: [string, number][] = [
    ["leg_front", 0.2],
    ["leg_middle", 0],
    ["leg_hind", -0.2],
  ];
  return rig("multileg_crawler", {
    ...BODY,
    ...Object.assign({}, ...rows.flatMap(([p, z]) => [leg(p, "left", z), leg(p, "right", z)])),
  });
}

/** Two hind legs (two segments) and two one-segment arms. */
export function hopperRoles(): RigRoles {
  return rig("hopper", {
    ...BODY,
    ...leg("leg", "left", -0.2),
    ...leg("leg", "right", -0.2),
    arm_left: [
      [0.05, 0.12, 0.25],
      [0.1, 0.2, 0.3],
    ],
    arm_right: [
      [-0.1, 0.12, 0.25],
      [-0.05, 0.2, 0.3],
    ],
  });
}

/** A standing bird (penguin): two legs and two wings. */
export function waddlerRoles(): RigRoles {
  return rig("winged_standing", {
    ...BODY,
    ...leg("leg", "left", 0),
    ...leg("leg", "right", 0),
    wing_left: [
      [0.15, 0.15, -0.1],
      [0.2, 0.24, 0.1],
    ],
    wing_right: [
      [-0.2, 0.15, -0.1],
      [-0.15, 0.24, 0.1],
    ],
  });
}

/** One rig of each kind a gait may be given (gaitFor hands fly or swim to any rig). */
export function everyRig(): Record<string, RigRoles> {
  return {
    quadruped: quadrupedRoles(0.5),
    flyer: flyerRoles(),
    "body only": bodyOnlyRoles(),
    crawler: crawlerRoles(),
    hopper: hopperRoles(),
    waddler: waddlerRoles(),
  };
}

/** The pose of `gait` at one phase, speed and turn rate, into a fresh pose. */
export function poseAt(gait: Gait, roles: RigRoles, speed: number, phase: number, turnRate = 0): Pose {
  const pose = new Pose(roles.joints.length);
  const ctx: GaitContext = { roles, speed, turnRate, phase };
  gait.pose(ctx, pose);
  return pose;
}

/** Every number a pose holds: rotations, body rise and breath. */
export function poseNumbers(pose: Pose): number[] {
  return [...pose.rotations, pose.bodyY, pose.breath];
}

/** The joints (by index) `pose` rotates at all. */
export function movedJoints(pose: Pose): number[] {
  const moved: number[] = [];
  for (let j = 0; j < pose.jointCount; j++) {
    if ([0, 1, 2].some((k) => pose.rotations[j * 3 + k] !== 0)) moved.push(j);
  }
  return moved;
}

/**
 * The largest change of any pose number between neighbouring phases over one cycle, the wrap
 * from the last phase back to 0 included: small for a gait that moves without popping.
 */
export function largestStep(gait: Gait, roles: RigRoles, speed: number, steps = 2000): number {
  let largest = 0;
  let previous = poseNumbers(poseAt(gait, roles, speed, 0));
  for (let k = 1; k <= steps; k++) {
    const current = poseNumbers(poseAt(gait, roles, speed, (k % steps) / steps));
    for (let i = 0; i < current.length; i++) largest = Math.max(largest, Math.abs(current[i]! - previous[i]!));
    previous = current;
  }
  return largest;
}

/** True when every pose number is finite at phases across the cycle, speeds 0 to 3 × cruise, turning or not. */
export function allFinite(gait: Gait, roles: RigRoles): boolean {
  const cruise = gait.cruiseSpeed(roles);
  for (const speed of [0, 0.5 * cruise, cruise, 3 * cruise]) {
    for (const turnRate of [0, 4, -40]) {
      for (let k = 0; k < 64; k++) {
        if (!poseNumbers(poseAt(gait, roles, speed, k / 64, turnRate)).every(Number.isFinite)) return false;
      }
    }
    const cycle = gait.cycleSeconds({ roles, speed, turnRate: 0, phase: 0 });
    if (!(Number.isFinite(cycle) && cycle > 0)) return false;
  }
  return Number.isFinite(cruise) && cruise > 0;
}
