/**
 * clipGroup's promises on clips written by hand (NullEngine): one animation per channel whose
 * node the model has, named and keyed as Babylon's glTF loader names and keys them (frames at
 * `time × fps`, cubic-spline tangents in every component divided by fps), the group out of the
 * scene's list and normalized to the whole clip; no group at all when no channel finds its node.
 * And a clip GLB using every encoding glTF allows a clip, read and grouped key for key as
 * Babylon's loader loads it.
 */
import type { Animation } from "@babylonjs/core/Animations/animation.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Node } from "@babylonjs/core/node.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clipGroup } from "../../../src/babylon/gltf/clipGroup.js";
import { loadGlb } from "../../../src/babylon/gltf/loadGlb.js";
import { type ClipChannel, type GlbClip, readGlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { createNullScene } from "../../helpers/babylonScene.js";
import { packGlb } from "../../helpers/glbMutations.js";

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

/**
 * A clip GLB written by hand with what glTF lets a clip's accessors be: key times read with a
 * byteStride, values after a byteOffset, rotations as normalized bytes and shorts (signed and
 * not), STEP, LINEAR and CUBICSPLINE, on nodes `body` and `head` (the head's rotation from
 * sampler 2, 3 or 4: signed bytes, signed shorts or unsigned bytes).
 */
function encodedClipGlb(headSampler: 2 | 3 | 4): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const views: Record<string, number>[] = [];
  const add = (array: ArrayBufferView, extra: Record<string, number> = {}) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    views.push({ buffer: 0, byteOffset: length, byteLength: bytes.length, ...extra });
    const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
    padded.set(bytes);
    parts.push(padded);
    length += padded.length;
    return views.length - 1;
  };
  const strided = add(new Float32Array([0.25, -9, 0.5, -9, 1, -9]), { byteStride: 8 }); // times, a spare float each
  const two = add(new Float32Array([0, 0.75]));
  const moves = add(new Float32Array([-9, 0, 0.3, 0, 0, 0.35, 0.1, 0, 0.3, 0.2])); // after a 4-byte offset
  const s = Math.sin(0.3);
  const c = Math.cos(0.3);
  const u16 = add(new Uint16Array([0, 0, 0, 65535, Math.round(s * 65535), 0, 0, Math.round(c * 65535)]));
  const i8 = add(new Int8Array([0, 0, 0, 127, 0, Math.round(-s * 127), 0, Math.round(c * 127)]));
  const i16 = add(new Int16Array([0, 0, 0, 32767, 0, 0, Math.round(s * 32767), Math.round(c * 32767)]));
  const u8 = add(new Uint8Array([0, 0, 0, 255, 0, Math.round(s * 255), 0, Math.round(c * 255)]));
  const cubic = add(new Float32Array([1, 2, 3, 1, 1, 1, 4, 5, 6, -1, -2, -3, 1.2, 1, 1, 0, 0, 0]));
  const accessors = [
    { bufferView: strided, componentType: 5126, count: 3, type: "SCALAR" },
    { bufferView: two, componentType: 5126, count: 2, type: "SCALAR" },
    { bufferView: moves, byteOffset: 4, componentType: 5126, count: 3, type: "VEC3" },
    ...[
      [u16, 5123],
      [i8, 5120],
      [i16, 5122],
      [u8, 5121],
    ].map(([bufferView, componentType]) => ({ bufferView, componentType, normalized: true, count: 2, type: "VEC4" })),
    { bufferView: cubic, componentType: 5126, count: 6, type: "VEC3" },
  ];
  const sampler = (input: number, output: number, interpolation = "LINEAR") => ({ input, output, interpolation });
  const target = (node: number, path: string) => ({ node, path });
  const json = {
    asset: { version: "2.0" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: "body", children: [1] },
      { name: "head", translation: [0, 0.3, 0.5] },
    ],
    buffers: [{ byteLength: length }],
    bufferViews: views,
    accessors,
    animations: [
      {
        name: "trot",
        samplers: [
          sampler(0, 2, "STEP"),
          sampler(1, 3),
          sampler(1, 4),
          sampler(1, 5),
          sampler(1, 6),
          sampler(1, 7, "CUBICSPLINE"),
        ],
        channels: [
          { sampler: 0, target: target(0, "translation") },
          { sampler: 1, target: target(0, "rotation") },
          { sampler: headSampler, target: target(1, "rotation") },
          { sampler: 5, target: target(1, "scale") },
        ],
      },
    ],
  };
  const bin = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bin.set(part, at);
    at += part.length;
  }
  return packGlb(json, bin);
}

describe("clipGroup on a clip read from a GLB, against Babylon's loader", () => {
  it("strided times, offset values, rotations of every normalized integer, STEP and CUBICSPLINE", async () => {
    for (const headSampler of [2, 3, 4] as const) {
      const bytes = encodedClipGlb(headSampler);
      const container = await loadGlb(env.scene, bytes);
      try {
        const loaded = container.animationGroups[0]!;
        const nodes = new Map(container.transformNodes.map((n) => [n.name, n as Node]));
        const group = clipGroup(env.scene, readGlbClip(bytes, "trot")!, "trot", nodes)!;
        const described = (g: typeof group) =>
          g.targetedAnimations.map(({ animation, target }) => ({
            target: (target as Node).name,
            name: animation.name,
            property: animation.targetProperty,
            keys: keysOf(animation),
          }));
        expect(described(group), String(headSampler)).toEqual(described(loaded));
        expect(described(group)).toHaveLength(4);
        expect([group.from, group.to]).toEqual([loaded.from, loaded.to]);
      } finally {
        container.dispose();
      }
    }
  });
});
