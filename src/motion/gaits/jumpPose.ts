/**
 * A part-built creature's jump, posed from its rig: it crouches and pushes off with its hind
 * legs while its body pitches up (`start`), stretches out over the fall, front legs reaching
 * for the ground and hind legs trailing (`fall`), and lands in a crouch that straightens
 * (`end`). Each phase is posed from `t` in [0, 1] of its own duration, so it follows whatever
 * arc the jump takes. Angles are the gaits' (radians about X, positive bows forward and down).
 */
import type { JumpPhase } from "../jumpArc.js";
import type { Pose } from "../pose.js";
import type { LegRole, RigRoles } from "../rigRoles.js";
import { smoothstep } from "./gait.js";

/** How a leg bends: its upper joint swings (about X), its lower joint folds. */
function bend(out: Pose, leg: LegRole, swing: number, fold: number): void {
  out.set(leg.upper, swing, 0, 0);
  if (leg.lower >= 0) out.set(leg.lower, fold, 0, 0);
}

/** A crouch of depth `c` (0..1): body low, every leg folded. */
function crouch(roles: RigRoles, out: Pose, c: number): void {
  out.bodyY = -0.18 * roles.legLength * c;
  for (const leg of roles.legs) bend(out, leg, -0.45 * c, 0.8 * c);
  for (const arm of roles.arms) bend(out, arm, -0.3 * c, 0.4 * c);
}

/** Stretched in the air by `s` (0..1): front limbs forward, hind limbs back, the body pitched by `pitch`. */
function stretch(roles: RigRoles, out: Pose, s: number, pitch: number): void {
  for (const leg of roles.legs) {
    const front = leg.end === "front";
    bend(out, leg, (front ? -0.7 : 0.6) * s, (front ? 0.2 : -0.3) * s);
  }
  for (const arm of roles.arms) bend(out, arm, -0.6 * s, 0.2 * s);
  out.set(roles.body, pitch, 0, 0);
  out.set(roles.tail, -0.4 * s, 0, 0);
  out.set(roles.head, -pitch * 0.6, 0, 0); // the head keeps its eyes on where it lands
}

/**
 * Writes the jump pose of `roles` at `t` (0..1) of `phase` into `out` (reset first). Allocates
 * nothing.
 */
export function jumpPose(roles: RigRoles, phase: JumpPhase, t: number, out: Pose): void {
  const u = Math.min(1, Math.max(0, t));
  if (phase === "start") {
    // Crouch over the first third, then push off: stretched, nose up, as it rises.
    if (u < 1 / 3) crouch(roles, out, smoothstep(u * 3));
    else stretch(roles, out, smoothstep((u - 1 / 3) * 1.5), -0.35 * smoothstep((u - 1 / 3) * 1.5));
    return;
  }
  if (phase === "fall") {
    // From nose up at the apex to nose down, front legs out for the ground.
    stretch(roles, out, 1, -0.35 + 0.6 * smoothstep(u));
    return;
  }
  crouch(roles, out, (1 - u) * (1 - u)); // lands low, straightens
}
