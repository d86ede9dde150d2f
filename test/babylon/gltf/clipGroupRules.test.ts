/**
 * clipGroup's promises on clips written by hand (NullEngine): one animation per channel whose
 * node the model has, named and keyed as Babylon's glTF loader names and keys them (frames at
 * `time × fps`, cubic-spline tangents in every component divided by fps), the group out of the
 * scene's list and normalized to the whole clip; no group at all when no channel finds its node.
 */
import type { Animation } from "@babylonjs/core/Animations/animation.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Node } from "@babylonjs/core/node.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clipGroup } from "../../../src/babylon/gltf/clipGroup.js";
import type { ClipChannel, GlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { createNullScene } from "../../helpers/babylonScene.js";

let env: ReturnType<typeof createNullScene>;
let targets: Map<string, Node>;
beforeEach(() => {
  env = createNullScene();
  targets = new Map(["body", "head"].map((name) => [name, new TransformNode(name, env.scene)]));
});
afterEach(() => env.dispose());

const channel = (fields: Partial<ClipChannel> & Pick<ClipChannel, "node" | "path">, values: number[], times = [0, 1]) =>
  ({
    interpolation: "LINEAR",
    index: 0,
    ...fields,
    times: new Float32Array(times),
    values: new Float32Array(values),
  }) as ClipChannel;

const asArray = (v: unknown) => (v as { asArray(): number[] }).asArray().map((x) => Math.round(x * 1e6) / 1e6);
const keysOf = (animation: Animation) =>
  animation.getKeys().map((k) => ({
    frame: k.frame,
    value: asArray(k.value),
    ...(k.inTangent ? { inTangent: asArray(k.inTangent), outTangent: asArray(k.outTangent) } : {}),
    ...(k.interpolation === undefined ? {} : { interpolation: k.interpolation }),
  }));

describe("clipGroup", () => {
  it("divides cubic-spline tangents by fps in every component, of positions and rotations", () => {
    const clip: GlbClip = {
      name: "trot",
      duration: 0.5,
      channels: [
        // One key each: in-tangent, value, out-tangent.
        channel(
          { node: "body", path: "translation", interpolation: "CUBICSPLINE" },
          [6, 12, 18, 1, 2, 3, -6, 30, 60],
          [0.5],
        ),
        channel(
          { node: "head", path: "rotation", interpolation: "CUBICSPLINE", index: 1 },
          [6, 12, 18, 24, 0, 0, 0, 1, 30, -60, 90, 120],
          [0.5],
        ),
      ],
    };
    const group = clipGroup(env.scene, clip, "trot", targets, 30)!;
    const [body, head] = group.targetedAnimations.map((t) => t.animation);
    // The group's normalize adds a key at frame 0 before the clip's first.
    expect(keysOf(body!).at(-1)).toEqual({
      frame: 15,
      value: [1, 2, 3],
      inTangent: [0.2, 0.4, 0.6],
      outTangent: [-0.2, 1, 2],
    });
    expect(keysOf(head!).at(-1)).toEqual({
      frame: 15,
      value: [0, 0, 0, 1],
      inTangent: [0.2, 0.4, 0.6, 0.8],
      outTangent: [1, -2, 3, 4],
    });
    expect([body!.framePerSecond, head!.framePerSecond]).toEqual([30, 30]);
  });

  it("names each animation <clip>_channel<index>_0 on its node's property; the group stays out of the scene", () => {
    const clip: GlbClip = {
      name: "walk",
      duration: 2,
      channels: [
        channel({ node: "body", path: "translation", index: 0 }, [0, 0, 0, 0, 1, 0]),
        channel({ node: "tail", path: "rotation", index: 1 }, [0, 0, 0, 1, 0, 0, 0, 1]),
        channel({ node: "head", path: "scale", interpolation: "STEP", index: 2 }, [1, 1, 1, 2, 2, 2]),
      ],
    };
    const before = env.scene.animationGroups.length;
    const group = clipGroup(env.scene, clip, "Walk", targets)!;
    expect(env.scene.animationGroups).toHaveLength(before);
    expect(group.name).toBe("Walk");
    expect(
      group.targetedAnimations.map(({ animation, target }) => [
        animation.name,
        (target as Node).name,
        animation.targetProperty,
      ]),
    ).toEqual([
      ["walk_channel0_0", "body", "position"],
      ["walk_channel2_0", "head", "scaling"],
    ]);
    expect(keysOf(group.targetedAnimations[1]!.animation)).toEqual([
      { frame: 0, value: [1, 1, 1], interpolation: 1 },
      { frame: 60, value: [2, 2, 2], interpolation: 1 },
      { frame: 120, value: [2, 2, 2], interpolation: 1 }, // added by the normalize to the clip's end
    ]);
    // The clip's duration (2 s) ends the group, past its found channels' last key (1 s).
    expect([group.from, group.to]).toEqual([0, 120]);
  });

  it("makes no group when no channel finds its node", () => {
    const clip: GlbClip = {
      name: "swim",
      duration: 1,
      channels: [channel({ node: "fin", path: "translation" }, [0, 0, 0, 0, 1, 0])],
    };
    const before = env.scene.animationGroups.length;
    expect(clipGroup(env.scene, clip, "swim", targets)).toBeUndefined();
    expect(clipGroup(env.scene, { name: "none", duration: 0, channels: [] }, "none", targets)).toBeUndefined();
    expect(env.scene.animationGroups).toHaveLength(before);
  });
});
