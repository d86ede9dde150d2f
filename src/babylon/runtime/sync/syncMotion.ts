/**
 * The one place motion touches Babylon: copies an agent's position, heading and pose onto a
 * creature's nodes. Poses are in the creature's right-handed model frame; in a left-handed
 * scene the model is mirrored in X, which flips the sign of rotations about Y and Z.
 */
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { MotionAgent } from "../../../motion/motionAgent.js";
import type { MotionBinding as CreatureMotionBinding } from "../../creature.js";
import { LOD_HOLD, LOD_SKIP } from "../../options/animationLodOptions.js";
import type { JointPose } from "../crowd/parts/crowdRenderer.js";
import type { CrowdMember } from "../crowd/shared/crowdMember.js";
import { rootWorldOf } from "../crowd/shared/rootWorld.js";
import type { CrowdClips } from "./crowdClips.js";
import type { ClipBinding } from "./syncClips.js";

/** What draws a crowd-drawn creature: its model's crowd (crowdRenderer.ts, or riggedCrowd.ts, which needs no pose). */
export interface CrowdWriter {
  write(member: CrowdMember, rootWorld: Matrix, pose: JointPose): void;
}

/** A creature drawn by its model's crowd: where its matrices go, and a reused pose. */
export interface CrowdPose {
  renderer: CrowdWriter;
  member: CrowdMember;
  pose: JointPose;
  /** Scratch for the root's world matrix. */
  rootWorld: Matrix;
}

/** The crowd side of a binding. */
export function crowdPose(renderer: CrowdWriter, member: CrowdMember): CrowdPose {
  return {
    renderer,
    member,
    pose: { rotations: null, mirror: 1, body: -1, bodyLift: 0, breath: 1 },
    rootWorld: new Matrix(),
  };
}

/** What the sync needs of a creature, captured once at spawn. */
export interface MotionBinding extends CreatureMotionBinding {
  agent: MotionAgent;
  root: TransformNode;
  /** Joint nodes in the agent's joint order (none while the body is drawn by its crowd, none for a rigged one). */
  joints: TransformNode[];
  /** Set while a creature is drawn by its model's crowd: its pose (if any) goes into crowd matrices. */
  crowd?: CrowdPose | undefined;
  /** Index of the body joint, or -1. */
  body: number;
  /** The body joint's rest height in the root's (scaled) frame. */
  bodyRestY: number;
  /** Metres per model unit (the root's scale). */
  scale: number;
  /** -1 in a left-handed scene, 1 in a right-handed one. */
  mirror: number;
  /** Root position last written, to notice when a game moved the root itself. */
  lastX: number;
  lastY: number;
  lastZ: number;
  lastHeading: number;
  /** A rigged creature's clips (it has no joints to pose: its clips move it). */
  clips?: ClipBinding | undefined;
  /** Set while a rigged creature is drawn by its model's crowd: its clips play there, without groups. */
  crowdClips?: CrowdClips | undefined;
  /** This frame's animation level of detail (animationLod.ts): 0 full, 1 pose held, 2 nothing written. */
  lod: number;
  /** Its pose was held at its last step (level of detail): it is re-posed before it is drawn again. */
  heldPose: boolean;
  /** Its crowd matrices were not written since it last moved or was re-posed. */
  staleImage: boolean;
}

/** Takes over a root moved or turned by the game since the last sync, so motion continues from there. */
export function adoptExternalMoves(b: MotionBinding): void {
  const p = b.root.position;
  if (p.x !== b.lastX || p.z !== b.lastZ || p.y !== b.lastY) {
    b.agent.x = p.x;
    b.agent.y = p.y;
    b.agent.z = p.z;
  }
  if (b.root.rotation.y !== b.lastHeading) b.agent.heading = b.root.rotation.y;
}

/**
 * True when a crowd-drawn creature's matrices would not change: motion did not step (paused, or
 * a zero time scale), and neither the agent nor its root moved or was hidden since the last write.
 */
export function isStill(b: MotionBinding): boolean {
  const { agent, root, crowd } = b;
  return (
    crowd !== undefined &&
    agent.x === b.lastX &&
    agent.y === b.lastY &&
    agent.z === b.lastZ &&
    agent.heading === b.lastHeading &&
    root.rotation.y === b.lastHeading &&
    crowd.member.hidden === !root.isEnabled()
  );
}

/** Writes the agent's state onto the nodes. Allocates nothing. */
export function syncMotion(b: MotionBinding): void {
  const { agent, root, joints, mirror } = b;
  // Its lean to the ground: Babylon's rotation x turns the nose down, z lifts the root's +X side.
  const pitch = 0 - agent.tilt.pitch; // never -0: a level creature's rotation reads 0
  const roll = agent.tilt.roll;
  const rotation = root.rotation;
  const moved =
    agent.x !== b.lastX ||
    agent.y !== b.lastY ||
    agent.z !== b.lastZ ||
    agent.heading !== b.lastHeading ||
    rotation.x !== pitch ||
    rotation.z !== roll;
  root.position.set(agent.x, agent.y, agent.z);
  rotation.set(pitch, agent.heading, roll);
  b.lastX = root.position.x;
  b.lastY = root.position.y;
  b.lastZ = root.position.z;
  b.lastHeading = root.rotation.y;
  const crowd = b.crowd;
  if (crowd) {
    const pose = crowd.pose;
    pose.rotations = agent.pose.rotations;
    pose.mirror = mirror;
    pose.body = b.body;
    pose.bodyLift = agent.pose.bodyY / b.scale;
    pose.breath = agent.pose.breath;
    const hidden = !root.isEnabled();
    // Its pose held (animationLod.ts) where it stood: the matrices written are still right.
    if (b.lod === LOD_HOLD && !moved && !b.staleImage && crowd.member.hidden === hidden) return;
    // Out of view, and so is where it was last drawn: nothing to write.
    b.staleImage = b.lod === LOD_SKIP;
    if (b.staleImage) return;
    crowd.member.hidden = hidden;
    crowd.renderer.write(crowd.member, rootWorldOf(root, crowd.rootWorld), pose);
    return;
  }
  const r = agent.pose.rotations;
  for (let i = 0; i < joints.length; i++) {
    joints[i]!.rotation.set(r[i * 3]!, mirror * r[i * 3 + 1]!, mirror * r[i * 3 + 2]!);
  }
  if (b.body >= 0) {
    const body = joints[b.body]!;
    body.position.y = b.bodyRestY + agent.pose.bodyY / b.scale;
    body.scaling.y = agent.pose.breath;
  }
}
