/**
 * readGlbClip: one animation out of GLB bytes as data, checked as it is read (engine-free).
 * Bad bytes give an Error that says what is wrong; a GLB without animation gives `undefined`.
 */
import { describe, expect, it } from "vitest";
import { readGlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { withGlbJson } from "../../helpers/clipGlbs.js";
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
