/**
 * Binds a new creature to its Menagerie's motion: its agent in the world (steering, gaits), its
 * clip mixer when it is rigged, and the per-step sync of every binding onto nodes, clips and
 * crowds ({@link createFrameSync}, made by the driver with the first binding).
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { ClipMixer } from "../../../motion/clipMixer.js";
import type { GaitTable } from "../../../motion/gaits/index.js";
import { rigRoles, sizeOnlyRoles } from "../../../motion/rigRoles.js";
import { type AgentSlot, createAgentIn } from "../../../motion/world.js";
import { recordSize } from "../../../records/recordSize.js";
import type { CreatureBody } from "../../creature.js";
import type { FrameSync, MotionDriver } from "../../motionDriver.js";
import { type AnimationLodSettings, LOD_FULL, LOD_SKIP } from "../../options/animationLodOptions.js";
import { flushCrowds } from "../crowd/parts/crowdRenderer.js";
import { flushRiggedCrowds } from "../crowd/rigged/riggedCrowd.js";
import type { LoadedModel, RiggedModel } from "../load/loadModel.js";
import { AnimationLod } from "./animationLod.js";
import { syncCrowdClips } from "./crowdClips.js";
import { bindClips, startClips, syncClips } from "./syncClips.js";
import { adoptExternalMoves, isStill, type MotionBinding, syncMotion } from "./syncMotion.js";

/**
 * The per-step sync of one driver's bindings onto nodes, clips and crowds, with its animation
 * level of detail (`null`: every creature posed every frame). Allocates nothing per frame.
 */
export function createFrameSync(settings: AnimationLodSettings | null): FrameSync<MotionBinding> {
  const lod = settings ? new AnimationLod(settings) : null;
  return {
    adopt(bindings, scene) {
      lod?.begin(scene);
      for (const binding of bindings) {
        adoptExternalMoves(binding);
        binding.lod = lod ? lod.level(binding) : LOD_FULL;
        binding.agent.skipPose = binding.lod !== LOD_FULL;
      }
    },
    sync(bindings, stepped, clipScale, scene: Scene) {
      for (const binding of bindings) {
        if (stepped > 0) binding.heldPose = binding.lod !== LOD_FULL;
        else if (binding.heldPose && binding.lod === LOD_FULL) {
          // Paused, a held pose comes into view: it catches up without a step.
          binding.agent.repose();
          binding.heldPose = false;
          binding.staleImage = true;
        }
        // Frozen: a still creature of a crowd keeps the matrices it has (nothing to write or
        // upload), unless they were left behind while it was out of view.
        if (stepped > 0 || (binding.staleImage && binding.lod !== LOD_SKIP) || !isStill(binding)) syncMotion(binding);
        const clips = binding.clips;
        if (clips) {
          const mixer = clips.mixer;
          mixer.dt = stepped;
          mixer.speed = binding.agent.speed;
          mixer.airborne = binding.agent.altitude > 0;
          // A flier that landed walks on its clips (idle, walk), and flies on them again after take-off.
          if (mixer.behaviour !== binding.agent.behaviour) mixer.setBehaviour(binding.agent.behaviour);
          mixer.pose = binding.agent.activity;
          const jump = binding.agent.jump;
          mixer.jump = jump?.phase;
          mixer.jumpSeconds = jump ? jump.phaseSeconds : 0;
          mixer.update();
          clips.timeScale = clipScale;
          const crowd = binding.crowdClips;
          if (crowd) syncCrowdClips(clips, crowd, stepped, binding.lod);
          else syncClips(clips);
        }
      }
      flushCrowds(scene);
      flushRiggedCrowds(scene);
    },
  };
}

/**
 * Gives a new creature's body its motion agent (in `slot`, its place in the world's order, or
 * the next), hooks the body to it (joint nodes or crowd matrices) and adds the binding to the driver.
 */
export function bindMotion(
  driver: MotionDriver,
  body: CreatureBody,
  model: LoadedModel,
  gaits: GaitTable | undefined,
  slot?: AgentSlot,
): MotionBinding {
  const scale = body.root.scaling.x;
  // A rigged creature has no joints to pose: its clips move it, and its agent knows only its size.
  const roles = model.form === "rig" ? sizeOnlyRoles(body.heightMeters) : rigRoles(model.layout, scale);
  const root = body.root;
  const behaviour = model.record.behaviour;
  const agent = createAgentIn(
    driver.world,
    {
      roles,
      behaviour,
      bodyType: model.record.type,
      ...(gaits ? { gaits } : {}),
      x: root.position.x,
      y: root.position.y,
      z: root.position.z,
      heading: root.rotation.y,
    },
    slot,
  );
  // Its feet's spread, for its lean to the ground: from the model's box (a rig's or the parts').
  agent.tilt.fitTo(model.form === "rig" ? model.rig.bounds : model.layout.bounds, scale);
  const binding: MotionBinding = {
    agent,
    root,
    // Joint nodes, or the crowd that draws the body, come from the body itself (body.bindMotion).
    joints: [],
    body: roles.body,
    bodyRestY: 0,
    scale,
    mirror: driver.scene.useRightHandedSystem ? 1 : -1,
    lastX: root.position.x,
    lastY: root.position.y,
    lastZ: root.position.z,
    lastHeading: root.rotation.y,
    lod: LOD_FULL,
    heldPose: false,
    staleImage: false,
  };
  // Clip names only: a crowd-drawn rigged body names its clips without growing their groups.
  const animations = body.animations;
  if (model.form === "rig" && animations && animations.size > 0) {
    // Its clips set only their playback rates: it travels at its species' speeds (or the
    // game's), which the agent already has.
    const mixer = new ClipMixer({
      clips: [...animations.keys()],
      heightMeters: body.heightMeters,
      behaviour: agent.behaviour,
      movement: movementOf(model.record),
      sizeRatio: sizeRatioOf(model, scale),
    });
    binding.clips = { mixer, groups: [], timeScale: 1 };
    binding.onBehaviour = (next) => mixer.setBehaviour(next);
  }
  driver.add(binding, createFrameSync);
  if (body.bindMotion) {
    body.bindMotion(binding); // a body with a hook binds its own clips (its crowd's, or groups it grows)
  } else if (binding.clips && animations) {
    binding.clips.groups = bindClips(binding.clips.mixer, animations).groups;
    startClips(binding.clips);
  }
  return binding;
}

/**
 * The creature's size over the size its record's `scale` gives: its metres per model unit over
 * the record's (1 when the record gives no usable size, or the model is flat along its axis).
 * The record's `movement` is read at the record's size, so it is multiplied by this.
 */
function sizeRatioOf(model: RiggedModel, scale: number): number {
  const size = recordSize(model.record);
  if (!size) return 1;
  const { min, max } = model.rig.bounds;
  const axis = size.axis === "height" ? "y" : size.axis === "length" ? "z" : "x";
  const extent = max[axis] - min[axis];
  return extent > 0 ? (Math.abs(scale) * extent) / size.meters : 1;
}

/** The record's `movement` (clip name → natural speed, m/s at the record's size), when it is an object. */
function movementOf(record: { readonly movement?: unknown }): Readonly<Record<string, unknown>> {
  const movement = record.movement;
  return movement !== null && typeof movement === "object" ? (movement as Record<string, unknown>) : {};
}
