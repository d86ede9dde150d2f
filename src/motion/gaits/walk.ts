/**
 * Legged walk and trot. Walk is a four-beat gait (hind-left, front-left, hind-right,
 * front-right, a quarter cycle apart, each foot on the ground 3/4 of the cycle); trot moves
 * diagonal pairs together (each foot down half the cycle). Between the two speeds the phase
 * offsets and duty factor blend smoothly.
 *
 * No foot slide: while a foot is down its hip-relative position moves back linearly at exactly
 * the body speed (the stride swept, v * duty * T, is what the body travels while it is down),
 * and the knee stays straight. In the air the knee bends backward only. At a run the cycle
 * shortens so the stride stays within the legs' reach.
 */
import type { Pose } from "../pose.js";
import type { LegEnd, LegRole, RigRoles, Side } from "../rigRoles.js";
import { typicalLegLength } from "../rigRoles.js";
import { type Gait, type GaitContext, smoothstep, TAU } from "./gait.js";

/**
 * Phase offset of each leg as [walk, trot], by end and side. In the trot, front-right is 1
 * (≡ 0, with hind-left: the diagonal pair) so the blend from its walk offset 0.75 stays short.
 */
const OFFSETS: Readonly<Record<LegEnd, Readonly<Record<Side, readonly [number, number]>>>> = {
  hind: { left: [0, 0], right: [0.5, 0.5] },
  front: { left: [0.25, 0.5], right: [0.75, 1] },
  middle: { left: [0.5, 0.5], right: [0, 0] },
  "": { left: [0, 0], right: [0.5, 0.5] },
};

/** Largest swing of an upper leg from vertical, radians. */
const MAX_SWING = 0.55;
/**
 * Largest swing at speed, radians: past the walk, the cycle quickens so that the stride never
 * asks more of a leg than this (the stance foot still moves back at exactly the body speed).
 */
const RUN_SWING = 0.8;
/**
 * Largest swing at speed for legs without a knee (quadruped_fat: elephants, hippos, rhinos): a
 * straight pillar swung as wide as a runner's leg looks splayed, so theirs quicken sooner.
 */
const KNEELESS_RUN_SWING = MAX_SWING;
/** Knee bend at mid-swing, radians. */
const KNEE_LIFT = 0.9;

/** Seconds per walk cycle for a leg length: longer legs swing slower (pendulum scaling). */
export function walkCycleSeconds(legLength: number): number {
  return 2.4 * Math.sqrt(Math.max(legLength, 0.02));
}

/** Walk ↔ trot blend at a speed: 0 = walk, 1 = trot. */
export function trotBlend(speed: number, roles: RigRoles): number {
  const vWalkMax = maxWalkSpeed(roles);
  return smoothstep((speed - 0.8 * vWalkMax) / (0.5 * vWalkMax));
}

/** The fastest walk: the stride at which the upper legs reach their largest swing. */
export function maxWalkSpeed(roles: RigRoles): number {
  const L = typicalLegLength(roles);
  const stride = 2 * L * Math.sin(MAX_SWING);
  return stride / (0.75 * walkCycleSeconds(L));
}

/** Duty factor (fraction of the cycle a foot is down) at a trot blend. */
export function dutyFactor(blend: number): number {
  return 0.75 - 0.25 * blend;
}

/** The phase offset of a leg at a trot blend. */
export function legOffset(leg: Pick<LegRole, "end" | "side">, blend: number): number {
  const offsets = OFFSETS[leg.end][leg.side]; // indexed, not destructured: no iterator per frame
  return offsets[0] + (offsets[1] - offsets[0]) * blend;
}

/** Where a foot is in its cycle: forward offset from the hip (m), knee bend (rad), on the ground. */
export interface FootState {
  forward: number;
  knee: number;
  down: boolean;
}

/**
 * The foot at leg phase `p` (0 = touch-down), for a stride swept `stride` and a duty factor
 * `duty`, written into `out` (no allocation).
 */
export function footCycle(p: number, stride: number, duty: number, out: FootState): FootState {
  if (p < duty) {
    out.forward = stride / 2 - (stride * p) / duty;
    out.knee = 0;
    out.down = true;
  } else {
    const s = (p - duty) / (1 - duty);
    out.forward = -stride / 2 + stride * smoothstep(s);
    out.knee = KNEE_LIFT * Math.sin(Math.PI * s);
    out.down = false;
  }
  return out;
}

/** Inputs of {@link poseLegs}: [phase, trot blend, stride, duty]. A typed array, not arguments. */
const legInputs = new Float64Array(4);

/**
 * Writes every leg's angles. Reads its numbers from `legInputs` and writes straight into the
 * pose's array: a double passed to (or returned from) a call V8 does not inline is boxed on
 * the heap, and this runs for every leg of every creature every frame.
 */
function poseLegs(legs: readonly LegRole[], out: Pose): void {
  const phase = legInputs[0]!;
  const blend = legInputs[1]!;
  const stride = legInputs[2]!;
  const duty = legInputs[3]!;
  const rotations = out.rotations;
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!;
    // A leg offset by d touches down d of a cycle after hind-left.
    const offsets = OFFSETS[leg.end][leg.side];
    const shifted = phase - (offsets[0] + (offsets[1] - offsets[0]) * blend);
    const p = shifted - Math.floor(shifted);
    let forward: number;
    let knee = 0;
    if (p < duty) {
      forward = stride / 2 - (stride * p) / duty;
    } else {
      const s = (p - duty) / (1 - duty);
      const eased = s * s * (3 - 2 * s);
      forward = -stride / 2 + stride * eased;
      knee = KNEE_LIFT * Math.sin(Math.PI * s);
    }
    const swing = Math.asin(Math.max(-1, Math.min(1, forward / leg.length)));
    // Model-frame rotation about X: a negative angle swings the foot forward (+Z).
    const u = leg.upper * 3;
    rotations[u] = -swing;
    rotations[u + 1] = 0;
    rotations[u + 2] = 0;
    if (leg.lower >= 0) {
      const l = leg.lower * 3;
      rotations[l] = knee;
      rotations[l + 1] = 0;
      rotations[l + 2] = 0;
    }
  }
}

/**
 * Scratch for the per-call gait numbers: written, not returned, so a hot frame boxes no doubles
 * across calls. [trot blend, duty factor, cycle seconds, top walk speed].
 */
const params = new Float64Array(4);

function computeParams(ctx: GaitContext): void {
  const speed = ctx.speed;
  const L = Math.max(ctx.roles.legLength, 0.02);
  const walkCycle = 2.4 * Math.sqrt(L);
  const vWalkMax = (2 * L * Math.sin(MAX_SWING)) / (0.75 * walkCycle);
  const x = Math.min(1, Math.max(0, (speed - 0.8 * vWalkMax) / (0.5 * vWalkMax)));
  const blend = x * x * (3 - 2 * x);
  const duty = 0.75 - 0.25 * blend;
  params[0] = blend;
  params[1] = duty;
  // Faster than a trot's natural cycle allows, the legs quicken instead of overreaching.
  const legs = ctx.roles.legs;
  let kneeless = legs.length > 0;
  for (let i = 0; i < legs.length; i++) if (legs[i]!.lower >= 0) kneeless = false;
  const reach = 2 * L * Math.sin(kneeless ? KNEELESS_RUN_SWING : RUN_SWING);
  params[2] = Math.min(walkCycle * (1 - 0.3 * blend), reach / Math.max(speed * duty, 1e-6));
  params[3] = vWalkMax;
}

/** Legged walk blending into a trot with speed, with no foot slide. */
export const walkGait: Gait = {
  name: "walk",
  cycleSeconds(ctx: GaitContext) {
    computeParams(ctx);
    return params[2]!;
  },
  prepare(ctx: GaitContext) {
    computeParams(ctx);
    ctx.cycle = params[2]!;
  },
  cruiseSpeed(roles) {
    return 0.6 * maxWalkSpeed(roles);
  },
  pose(ctx, out: Pose) {
    const phase = ctx.phase;
    const { roles, speed } = ctx;
    computeParams(ctx);
    const blend = params[0]!;
    const duty = params[1]!;
    // Stride swept while a foot is down equals what the body travels meanwhile.
    const stride = speed * duty * params[2]!;
    legInputs[0] = phase;
    legInputs[1] = blend;
    legInputs[2] = stride;
    legInputs[3] = duty;
    poseLegs(roles.legs, out);
    poseLegs(roles.arms, out);
    const moving = Math.min(1, speed / Math.max(params[3]!, 1e-6));
    out.bodyY = -0.02 * roles.legLength * moving * (1 - Math.cos(2 * TAU * phase)) * 0.5; // dips twice a cycle
    const sway = moving * Math.sin(TAU * phase);
    if (roles.head >= 0) out.rotations[roles.head * 3 + 1] = 0.08 * sway;
    if (roles.tail >= 0) out.rotations[roles.tail * 3 + 1] = -0.2 * sway;
  },
};
