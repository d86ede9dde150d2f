/**
 * Bakes a creature's clips (idle, walk, run; fly or swim) by sampling the project's own gaits
 * (src/motion/gaits) over exactly one cycle, so each clip loops: its last key is its first.
 * A legged walk and run are sampled at the speeds the species walks and runs at for its legs
 * (src/motion/speeds.ts, as part-built creatures move); other clips at their gait's cruise.
 * Each clip's speed is the record's `movement`, in m/s for the model at its record's size.
 * Keys are what syncMotion writes onto joint nodes: per joint a rotation (the pose's Euler
 * angles as Babylon's yaw-pitch-roll quaternion, in the right-handed model frame), and the body's
 * translation (rest pivot + bob) and scale (breathing).
 */
import { flyGait, type Gait, type GaitContext, gaitFor, idlePose, swimGait, walkGait } from "../motion/gaits/index.js";
import { jumpPose } from "../motion/gaits/jumpPose.js";
import type { JumpPhase } from "../motion/jumpArc.js";
import { jumpReach } from "../motion/jumpReach.js";
import { Pose } from "../motion/pose.js";
import { type RigRoles, rigRoles } from "../motion/rigRoles.js";
import { speciesSpeeds } from "../motion/speeds.js";
import { type Box3, boxOfPositions } from "../rig/box.js";
import { layoutRig, type RigLayout } from "../rig/layoutRig.js";
import { SeededRandom } from "../util/seededRandom.js";
import type { PartMesh } from "./mesh.js";

/** Keys per second of every baked clip. */
export const CLIP_FPS = 30;
/** Length of the idle clip: the idle's breathing period (gaits/idle.ts), so breathing loops. */
export const IDLE_CYCLE_SECONDS = 3.5;

/** One baked clip: `frames + 1` keys at `times`, the last equal to the first. */
export interface BakedClip {
  /** Clip name as the service names it: idle, walk, run, fly, swim. */
  name: string;
  /** The gait sampled (`idle` for the idle clip). */
  gait: string;
  /** Ground speed the clip was sampled at, m/s (0 for idle): play at 1× at this speed. */
  speed: number;
  /** Seconds, one gait cycle. */
  duration: number;
  times: Float32Array;
  /** Per joint (layout order): quaternions x, y, z, w per key. */
  rotations: Float32Array[];
  /** Body joint translation x, y, z per key (in its parent's frame: the model frame). */
  bodyTranslation: Float32Array;
  /** Body joint scale x, y, z per key. */
  bodyScale: Float32Array;
}

/** The rig of a creature built in metres: its layout from the part boxes, and its roles. */
export interface CatalogRig {
  layout: RigLayout;
  roles: RigRoles;
}

/** Lays out the rig exactly as the Babylon side does for OBJ parts (plan, pivots from boxes). */
export function rigOfParts(type: string, parts: ReadonlyMap<string, PartMesh>): CatalogRig {
  const boxes: Record<string, Box3> = {};
  for (const [name, mesh] of parts) {
    const box = boxOfPositions(mesh.positions);
    if (box) boxes[name] = box;
  }
  const layout = layoutRig(type, boxes);
  return { layout, roles: rigRoles(layout, 1) };
}

/** Writes Babylon's `RotationYawPitchRoll(ry, rx, rz)` (what `rotation.set(rx, ry, rz)` means) into `out`. */
export function eulerToQuaternion(rx: number, ry: number, rz: number, out: Float32Array, offset: number): void {
  const sr = Math.sin(rz / 2),
    cr = Math.cos(rz / 2);
  const sp = Math.sin(rx / 2),
    cp = Math.cos(rx / 2);
  const sy = Math.sin(ry / 2),
    cy = Math.cos(ry / 2);
  out[offset] = cy * sp * cr + sy * cp * sr;
  out[offset + 1] = sy * cp * cr - cy * sp * sr;
  out[offset + 2] = cy * cp * sr - sy * sp * cr;
  out[offset + 3] = cy * cp * cr + sy * sp * sr;
}

/** One moving clip to bake: its name, the gait, and the ground speed to sample it at. */
interface ClipSpec {
  clip: string;
  gait: Gait;
  speed: (roles: RigRoles) => number;
}

const cruise = (gait: Gait) => (roles: RigRoles) => gait.cruiseSpeed(roles);
/**
 * Walk and run of a gait. The legged walk (its stride follows the speed, feet exact at any
 * pace) is sampled at the species' own walk and run speeds for its body type, so a clip at its
 * natural pace shows the animal at its real pace (a 1.9 m zebra walks about 1.8 m/s and runs
 * about 6.6 m/s), as the service's animated models do. Other gaits keep their steps' length
 * and quicken above their cruise: they are sampled at cruise and twice cruise.
 */
const walkAndRun = (gait: Gait, bodyType: string): ClipSpec[] =>
  gait === walkGait
    ? [
        { clip: "walk", gait, speed: (roles) => speciesSpeeds(roles, bodyType, gait).walk },
        { clip: "run", gait, speed: (roles) => speciesSpeeds(roles, bodyType, gait).run },
      ]
    : [
        { clip: "walk", gait, speed: cruise(gait) },
        { clip: "run", gait, speed: (roles) => 2 * gait.cruiseSpeed(roles) },
      ];

/** Moving clips by the gait of the creature's behaviour; others get {@link walkAndRun}. */
const MOVING_CLIPS: Readonly<Record<string, (roles: RigRoles, bodyType: string) => ClipSpec[]>> = {
  fly: (roles, bodyType) => [
    ...(roles.legs.length > 0 ? walkAndRun(walkGait, bodyType).slice(0, 1) : []),
    { clip: "fly", gait: flyGait, speed: cruise(flyGait) },
  ],
  swim: () => [{ clip: "swim", gait: swimGait, speed: cruise(swimGait) }],
};

function emptyClip(
  name: string,
  gait: string,
  speed: number,
  duration: number,
  frames: number,
  joints: number,
): BakedClip {
  const keys = frames + 1;
  const times = new Float32Array(keys);
  for (let i = 0; i < keys; i++) times[i] = (duration * i) / frames;
  return {
    name,
    gait,
    speed,
    duration,
    times,
    rotations: Array.from({ length: joints }, () => new Float32Array(keys * 4)),
    bodyTranslation: new Float32Array(keys * 3),
    bodyScale: new Float32Array(keys * 3),
  };
}

/** Stores `pose` as key `i` of `clip`, as syncMotion would apply it. */
function writeKey(clip: BakedClip, i: number, pose: Pose, rig: CatalogRig): void {
  const r = pose.rotations;
  for (let j = 0; j < clip.rotations.length; j++)
    eulerToQuaternion(r[j * 3]!, r[j * 3 + 1]!, r[j * 3 + 2]!, clip.rotations[j]!, i * 4);
  const body = rig.roles.body >= 0 ? rig.layout.joints[rig.roles.body]!.pivot : { x: 0, y: 0, z: 0 };
  clip.bodyTranslation.set([body.x, body.y + pose.bodyY, body.z], i * 3);
  clip.bodyScale.set([1, pose.breath, 1], i * 3);
}

/** Makes the last key a copy of the first: the clip loops without a seam, bit for bit. */
function closeLoop(clip: BakedClip, frames: number): void {
  for (const keys of clip.rotations) keys.copyWithin(frames * 4, 0, 4);
  clip.bodyTranslation.copyWithin(frames * 3, 0, 3);
  clip.bodyScale.copyWithin(frames * 3, 0, 3);
}

/** Samples `gait` at `speed` over one cycle. */
export function bakeGait(name: string, gait: Gait, speed: number, rig: CatalogRig): BakedClip {
  const ctx: GaitContext = { roles: rig.roles, speed, turnRate: 0, phase: 0 };
  const duration = gait.cycleSeconds(ctx);
  const frames = Math.max(2, Math.round(duration * CLIP_FPS));
  const clip = emptyClip(name, gait.name, speed, duration, frames, rig.roles.joints.length);
  const pose = new Pose(rig.roles.joints.length);
  for (let i = 0; i < frames; i++) {
    ctx.phase = i / frames;
    pose.reset();
    gait.pose(ctx, pose);
    writeKey(clip, i, pose, rig);
  }
  closeLoop(clip, frames);
  return clip;
}

/**
 * Samples the idle (breathing, tail sway; no random head turns) over one breath. The tail's
 * period is not a divisor of it, so key t blends idle(t) into idle(t - T) as t nears T: the
 * clip still ends where it started, with no jump.
 */
export function bakeIdle(rig: CatalogRig): BakedClip {
  const n = rig.roles.joints.length;
  const frames = Math.round(IDLE_CYCLE_SECONDS * CLIP_FPS);
  const clip = emptyClip("idle", "idle", 0, IDLE_CYCLE_SECONDS, frames, n);
  const rng = new SeededRandom(0); // never drawn from: the next head turn is never due
  const [now, earlier, pose] = [new Pose(n), new Pose(n), new Pose(n)];
  const at = (time: number, out: Pose) => {
    out.reset();
    idlePose(rig.roles, { dt: 0, time, headYaw: 0, headTarget: 0, nextTurnAt: Infinity }, rng, out);
  };
  for (let i = 0; i < frames; i++) {
    const t = clip.times[i]!;
    at(t, now);
    at(t - IDLE_CYCLE_SECONDS, earlier);
    pose.mixWeight = t / IDLE_CYCLE_SECONDS;
    pose.mix(now, earlier);
    writeKey(clip, i, pose, rig);
  }
  closeLoop(clip, frames);
  return clip;
}

/**
 * Seconds of each baked jump clip at rate 1 (a player times each to its phase of the arc):
 * about a 1 m drop's.
 */
export const JUMP_CLIP_SECONDS: Readonly<Record<JumpPhase, number>> = Object.freeze({
  start: 0.3,
  fall: 0.4,
  end: 0.25,
});

/**
 * A jump's phase as the SDK's clip `jump_<phase>`, sampled from the part-built jump pose over
 * {@link JUMP_CLIP_SECONDS} (it plays once per jump: it does not loop).
 */
export function bakeJump(phase: JumpPhase, rig: CatalogRig): BakedClip {
  const duration = JUMP_CLIP_SECONDS[phase];
  const frames = Math.max(2, Math.round(duration * CLIP_FPS));
  const clip = emptyClip(`jump_${phase}`, "jump", 0, duration, frames, rig.roles.joints.length);
  const pose = new Pose(rig.roles.joints.length);
  for (let i = 0; i <= frames; i++) {
    pose.reset();
    jumpPose(rig.roles, phase, i / frames, pose);
    writeKey(clip, i, pose, rig);
  }
  return clip;
}

/**
 * Every clip of a creature of `bodyType` with `behaviour`: idle first, then its moving clips,
 * then, with `jumps` (the newest dialect's records), `jump_start`, `jump_fall` and `jump_end`
 * for a creature that jumps (not a flier or a swimmer). The rig is in metres at the record's
 * size, so each clip's `speed` is m/s at that size.
 */
export function bakeClips(rig: CatalogRig, behaviour: string, bodyType: string, jumps = false): BakedClip[] {
  const gait = gaitFor(behaviour, rig.roles);
  if (!gait) return [bakeIdle(rig)];
  const specs = MOVING_CLIPS[gait.name]?.(rig.roles, bodyType) ?? walkAndRun(gait, bodyType);
  // Speeds in whole mm/s, so the record's `movement` is exactly the speed each clip was sampled at.
  const speed = (s: ClipSpec) => Math.round(s.speed(rig.roles) * 1000) / 1000;
  const jumping = jumps && jumpReach(rig.roles.height, gait.name).height > 0;
  const jumpClips = jumping ? (["start", "fall", "end"] as const).map((phase) => bakeJump(phase, rig)) : [];
  return [bakeIdle(rig), ...specs.map((s) => bakeGait(s.clip, s.gait, speed(s), rig)), ...jumpClips];
}
