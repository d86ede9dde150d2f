/**
 * Idle, for every creature at rest and for static or unknown behaviours: slow breathing on the
 * body and an occasional head turn, eased so it never pops.
 */
import type { Pose } from "../pose.js";
import type { SeededRandom } from "../rng.js";
import type { RigRoles } from "../rigRoles.js";
import { TAU } from "./gait.js";

/** Per-creature idle state. */
export interface IdleState {
  time: number;
  headYaw: number;
  headTarget: number;
  nextTurnAt: number;
}

export function createIdleState(rng: SeededRandom): IdleState {
  return { time: rng.range(0, 10), headYaw: 0, headTarget: 0, nextTurnAt: rng.range(1, 5) };
}

/** Advances the idle state by `dt` and writes the idle pose into `out` (reset beforehand). */
export function idlePose(roles: RigRoles, state: IdleState, rng: SeededRandom, dt: number, out: Pose): void {
  state.time += dt;
  if (state.time >= state.nextTurnAt) {
    state.headTarget = rng.next() < 0.3 ? 0 : rng.range(-0.6, 0.6);
    state.nextTurnAt = state.time + rng.range(2, 6);
  }
  // Critically damped-ish easing toward the target: no jumps whatever dt is.
  state.headYaw += (state.headTarget - state.headYaw) * Math.min(1, dt * 2.5);
  out.set(roles.head >= 0 ? roles.head : roles.neck, 0, state.headYaw, 0);
  out.breath = 1 + 0.015 * Math.sin((TAU * state.time) / 3.5);
  out.set(roles.tail, 0, 0.08 * Math.sin((TAU * state.time) / 2.3), 0);
}
