/**
 * A clip read from a GLB (readGlbClip.ts) as an `AnimationGroup` on the model's own nodes: the
 * same animations, keys and range Babylon's glTF loader would have made for it (one animation
 * per channel, named `<animation>_channel<i>_0`, keys at `time × fps`, cubic-spline tangents
 * per frame, the group normalized from frame 0 to the clip's end), without a container, nodes,
 * meshes or materials of its own.
 */
import { Animation } from "@babylonjs/core/Animations/animation.pure.js";
import { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.pure.js";
import { AnimationKeyInterpolation, type IAnimationKey } from "@babylonjs/core/Animations/animationKey.js";
import { Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ClipChannel, GlbClip } from "./readGlbClip.js";

/** Frames per second of the keys: Babylon's glTF loader's default `targetFps`. */
export const CLIP_FPS = 60;

const PROPERTIES = {
  translation: { property: "position", type: Animation.ANIMATIONTYPE_VECTOR3 },
  rotation: { property: "rotationQuaternion", type: Animation.ANIMATIONTYPE_QUATERNION },
  scale: { property: "scaling", type: Animation.ANIMATIONTYPE_VECTOR3 },
} as const;

function valueAt(channel: ClipChannel, at: number, scale: number): Vector3 | Quaternion {
  const v = channel.values;
  return channel.path === "rotation"
    ? new Quaternion(v[at]! * scale, v[at + 1]! * scale, v[at + 2]! * scale, v[at + 3]! * scale)
    : new Vector3(v[at]! * scale, v[at + 1]! * scale, v[at + 2]! * scale);
}

/** The keys of a channel, as Babylon's glTF loader makes them. */
function keysOf(channel: ClipChannel, fps: number): IAnimationKey[] {
  const stride = channel.path === "rotation" ? 4 : 3;
  const keys: IAnimationKey[] = new Array(channel.times.length);
  channel.times.forEach((time, i) => {
    const frame = time * fps;
    if (channel.interpolation === "CUBICSPLINE") {
      const at = i * stride * 3;
      keys[i] = {
        frame,
        inTangent: valueAt(channel, at, 1 / fps),
        value: valueAt(channel, at + stride, 1),
        outTangent: valueAt(channel, at + 2 * stride, 1 / fps),
      };
    } else {
      const value = valueAt(channel, i * stride, 1);
      keys[i] =
        channel.interpolation === "STEP"
          ? { frame, value, interpolation: AnimationKeyInterpolation.STEP }
          : { frame, value };
    }
  });
  return keys;
}

/**
 * The group `name` playing `clip` on `targets` (the model's nodes by name); a channel whose
 * node the model lacks is dropped. Kept out of the scene's list, as a template's clip never
 * plays. `undefined` when no channel found its node.
 */
export function clipGroup(
  scene: Scene,
  clip: GlbClip,
  name: string,
  targets: ReadonlyMap<string, Node>,
  fps = CLIP_FPS,
): AnimationGroup | undefined {
  const found = clip.channels.filter((channel) => targets.has(channel.node));
  if (found.length === 0) return undefined;
  const group = new AnimationGroup(name, scene);
  scene.removeAnimationGroup(group);
  for (const channel of found) {
    const { property, type } = PROPERTIES[channel.path];
    const animation = new Animation(`${clip.name}_channel${channel.index}_0`, property, fps, type);
    animation.setKeys(keysOf(channel, fps), true);
    group.addTargetedAnimation(animation, targets.get(channel.node)!);
  }
  // The loader normalizes over every channel of the animation, found or not: its end is the clip's.
  return group.normalize(0, Math.max(group.to, clip.duration * fps));
}
