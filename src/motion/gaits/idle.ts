/**
 * Idle, for every creature at rest and for static or unknown behaviours: slow breathing on the
 * body and an occasional head turn, eased so it never pops.
 */

import type { SeededRandom } from "../../util/seededRandom.js";
import type { Pose } from "../pose.js";
import type { RigRoles } from "../rigRoles.js";
import { TAU } from "./gait.js";

/** Per-creature idle state. */
export interface IdleState {
  /** The step to advance by, set by the caller (a field, so no double crosses the call). */
  dt: number;
  time: number;
  headYaw: number;
  headTarget: number;
  nextTurnAt: number;
}

export function createIdleState(rng: SeededRandom): IdleState {
  return { dt: 0, time: rng.range(0, 10), headYaw: 0, headTarget: 0, nextTurnAt: rng.range(1, 5) };
}

/** Advances the idle state by `state.dt` and writes the idle pose into `out` (reset beforehand). */
export function idlePose(roles: RigRoles, state: IdleState, rng: SeededRandom, out: Pose): void {
  advanceIdle(state, rng);
  writeIdle(roles, state, out);
}

/**
 * Advances the idle state by `state.dt`, drawing from `rng` exactly as {@link idlePose} does: a
 * creature whose pose is not written this frame (animation level of detail) still advances it,
 * so its random draws, and the steering that shares its generator, stay the same.
 */
export function advanceIdle(state: IdleState, rng: SeededRandom): void {
  const dt = state.dt;
  state.time += dt;
  if (state.time >= state.nextTurnAt) {
    state.headTarget = rng.next() < 0.3 ? 0 : rng.range(-0.6, 0.6);
    state.nextTurnAt = state.time + rng.range(2, 6);
  }
  // Critically damped-ish easing toward the target: no jumps whatever dt is.
  state.headYaw += (state.headTarget - state.headYaw) * Math.min(1, dt * 2.5);
}

/** Writes the idle pose of `state` into `out` (reset beforehand). */
export function writeIdle(roles: RigRoles, state: IdleState, out: Pose): void {
  const head = roles.head >= 0 ? roles.head : roles.neck;
  if (head >= 0) out.rotations[head * 3 + 1] = state.headYaw;
  out.breath = 1 + 0.015 * Math.sin((TAU * state.time) / 3.5);
  if (roles.tail >= 0) out.rotations[roles.tail * 3 + 1] = 0.08 * Math.sin((TAU * state.time) / 2.3);
}
