/**
 * readGlbClip: one animation out of GLB bytes as data, checked as it is read (engine-free).
 * Bad bytes give an Error that says what is wrong; a GLB without animation gives `undefined`.
 */
import { describe, expect, it } from "vitest";
import { CLIP_BYTES, glbClipStats, readGlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { withGlbJson } from "../../helpers/clipGlbs.js";
import { packGlb, unpackGlb } from "../../helpers/glbMutations.js";
import { round } from "../../helpers/round.js";
import { tinyRiggedGlb } from "../../helpers/tinyGlb.js";

const withJson = withGlbJson;

describe("readGlbClip", () => {
  it("reads the animation's channels: node names, paths, key times and values", async () => {
    const clip = readGlbClip(await tinyRiggedGlb({ clip: "walk" }), "walk")!;
    expect(clip.name).toBe("walk");
    expect(clip.duration).toBe(1);
    expect(clip.channels).toHaveLength(1);
    const [channel] = clip.channels;
    expect([channel!.node, channel!.path, channel!.interpolation, channel!.index]).toEqual([
      "body",
      "translation",
      "LINEAR",
      0,
    ]);
    expect([...channel!.times]).toEqual([0, 0.5, 1]);
    expect([...channel!.values].map((v) => round(v))).toEqual([0, 0.3, 0, 0, 0.33, 0, 0, 0.3, 0]);
  });

  it("picks the animation named like the clip (any case), else the first; undefined without one", async () => {
    const two = withJson(await tinyRiggedGlb({ clip: "walk" }), (json) => {
      const walk = json["animations"]![0] as { name: string };
      json["animations"]!.push({ ...walk, name: "Run" });
    });
    expect(readGlbClip(two, "run")!.name).toBe("Run");
    expect(readGlbClip(two, "gallop")!.name).toBe("walk");
    expect(readGlbClip(await tinyRiggedGlb({ animation: false }), "walk")).toBeUndefined();
  });

  it("throws an Error naming what is wrong, never reading outside the binary chunk", async () => {
    const walk = await tinyRiggedGlb({ clip: "walk" });
    const last = (json: Record<string, unknown[]>) => json["accessors"]!.at(-1) as Record<string, unknown>;
    const cases: [string, Uint8Array, RegExp][] = [
      ["garbage", new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]), /not a GLB/],
      ["truncated", walk.slice(0, walk.length - 8), /runs past the end/],
      ["count too large", withJson(walk, (j) => void (last(j)["count"] = 1e9)), /runs past its bufferView/],
      ["sparse", withJson(walk, (j) => void (last(j)["sparse"] = { count: 1 })), /is sparse/],
      [
        "no such accessor",
        withJson(
          walk,
          (j) => void ((j["animations"]![0] as { samplers: { output: number }[] }).samplers[0]!.output = 99),
        ),
        /no accessor 99/,
      ],
      ["keys and values disagree", withJson(walk, (j) => void (last(j)["count"] = 2)), /3 key times for 6 values/],
      [
        "a uri buffer",
        withJson(walk, (j) => void ((j["buffers"]![0] as { uri?: string }).uri = "x.bin")),
        /not in the GLB's binary chunk/,
      ],
    ];
    for (const [label, bytes, message] of cases) expect(() => readGlbClip(bytes, "walk"), label).toThrow(message);
  });
});

describe("readGlbClip on keys a clip cannot play", () => {
  /** The walk GLB with float `k` of accessor `accessor` (in the binary chunk) set to `value`. */
  async function withKey(accessor: "input" | "output", k: number, value: number): Promise<Uint8Array> {
    const { json, bin } = unpackGlb(await tinyRiggedGlb({ clip: "walk" }));
    const gltf = json as { animations: { samplers: Record<string, number>[] }[]; accessors: Record<string, number>[] };
    const found = gltf.accessors[gltf.animations[0]!.samplers[0]![accessor]!]!;
    const views = (json as { bufferViews: Record<string, number>[] }).bufferViews;
    const at = (views[found["bufferView"]!]!["byteOffset"] ?? 0) + (found["byteOffset"] ?? 0) + 4 * k;
    const edited = bin.slice();
    new DataView(edited.buffer).setFloat32(at, value, true);
    return packGlb(json, edited);
  }

  it("refuses a key value or time that is not finite, a negative time and times that go back", async () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ["NaN value", await withKey("output", 4, Number.NaN), /samplers\[0\]: a key value is NaN/],
      ["infinite time", await withKey("input", 2, Number.POSITIVE_INFINITY), /key time Infinity after 0.5/],
      ["negative time", await withKey("input", 0, -2), /key time -2 after 0/],
      ["time going back", await withKey("input", 2, 0.25), /key time 0.25 after 0.5/],
    ];
    for (const [label, bytes, message] of cases) expect(() => readGlbClip(bytes, "walk"), label).toThrow(message);
    // Equal neighbouring times, as some exporters write them, are read.
    expect(readGlbClip(await withKey("input", 1, 0), "walk")!.channels[0]!.times).toEqual(new Float32Array([0, 0, 1]));
  });

  it("refuses a channel whose sampler is not an object with an Error saying so (not a TypeError)", async () => {
    const bytes = withJson(await tinyRiggedGlb({ clip: "walk" }), (json) => {
      (json["animations"]![0] as { samplers: unknown[] }).samplers[0] = null;
    });
    expect(() => readGlbClip(bytes, "walk")).toThrow(new Error("animations[0].samplers[0] is not an object"));
  });
});

/**
 * A clip GLB of one node whose animation has `keys` rotation keys per sampler (times, then
 * quaternions, 20 bytes a key), `samplers` samplers whose accessors all read those same bytes,
 * and `channels` channels naming them in turn.
 */
function sharedKeysGlb(keys: number, samplers: number, channels: number): Uint8Array {
  const bin = new Uint8Array(keys * 20);
  const floats = new Float32Array(bin.buffer);
  for (let i = 0; i < keys; i++) floats.set([i / 60], i);
  for (let i = 0; i < keys; i++) floats.set([0, 0, 0, 1], keys + 4 * i);
  const accessors = Array.from({ length: samplers }, () => [
    { bufferView: 0, componentType: 5126, count: keys, type: "SCALAR" },
    { bufferView: 1, componentType: 5126, count: keys, type: "VEC4" },
  ]).flat();
  const json = {
    asset: { version: "2.0" },
    nodes: [{ name: "body" }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteLength: keys * 4 },
      { buffer: 0, byteOffset: keys * 4, byteLength: keys * 16 },
    ],
    accessors,
    animations: [
      {
        name: "walk",
        samplers: Array.from({ length: samplers }, (_, i) => ({ input: 2 * i, output: 2 * i + 1 })),
        channels: Array.from({ length: channels }, (_, i) => ({
          sampler: i % samplers,
          target: { node: 0, path: "rotation" },
        })),
      },
    ],
  };
  return packGlb(json, bin);
}

describe("readGlbClip on clips that name the same keys many times", () => {
  it("reads a sampler that several channels name once, its arrays shared", () => {
    const before = { ...glbClipStats };
    const clip = readGlbClip(sharedKeysGlb(4, 1, 3), "walk")!;
    expect(clip.channels).toHaveLength(3);
    expect(clip.channels[2]!.times).toBe(clip.channels[0]!.times);
    expect(clip.channels[2]!.values).toBe(clip.channels[0]!.values);
    expect(glbClipStats.accessorsRead - before.accessorsRead).toBe(2);
    expect(glbClipStats.bytesAllocated - before.bytesAllocated).toBe(4 * 20);
  });

  it("refuses 2 000 channels naming one sampler (a 219 KiB GLB) after allocating no more than its budget", () => {
    const glb = sharedKeysGlb(6_000, 1, 2_000);
    expect(glb.byteLength).toBeGreaterThan(200 * 1024);
    const budget = Math.max(CLIP_BYTES.min, CLIP_BYTES.perFileByte * glb.byteLength);
    const before = { ...glbClipStats };
    // Read per channel, it once took 2 000 copies of the sampler: 229 MiB.
    expect(() => readGlbClip(glb, "walk")).toThrow(`bytes a ${glb.byteLength}-byte GLB may give`);
    expect(glbClipStats.accessorsRead - before.accessorsRead).toBe(2);
    expect(glbClipStats.bytesAllocated - before.bytesAllocated).toBeLessThanOrEqual(budget);
  });

  it("refuses 400 samplers whose accessors all read one buffer view, within its budget", () => {
    const glb = sharedKeysGlb(6_000, 400, 400);
    const budget = Math.max(CLIP_BYTES.min, CLIP_BYTES.perFileByte * glb.byteLength);
    const before = { ...glbClipStats };
    expect(() => readGlbClip(glb, "walk")).toThrow(/the clip's keys would take over/);
    expect(glbClipStats.bytesAllocated - before.bytesAllocated).toBeLessThanOrEqual(budget);
  });
});
