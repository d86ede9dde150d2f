/**
 * readGlbClip's promises on small hand-built GLBs (engine-free): a valid clip read exactly (names,
 * key times and values of every component type, interpolation, channel indices, duration), and
 * every hostile file refused with an Error naming its problem (never a TypeError or RangeError
 * from a read of something that is not there, never a read outside the binary chunk), within
 * the bytes {@link CLIP_BYTES} allows the file.
 */
import { describe, expect, it } from "vitest";
import { CLIP_BYTES, readGlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { packGlb } from "../../helpers/glbMutations.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests edit glTF JSON freely, as a hostile file may be anything
type Json = Record<string, any>;

const TIMES = [0, 0.5, 1];
const MOVES = [0, 0.3, 0, 0, 0.35, 0, 0, 0.3, 0.1];

/** 12 bytes of key times, then 36 of translations. */
function floats(values: number[]): Uint8Array {
  return new Uint8Array(new Float32Array(values).buffer);
}

/** A clip GLB's JSON: nodes `body` and `head`, one animation `walk` moving `body` (LINEAR). */
function clipJson(): Json {
  return {
    asset: { version: "2.0" },
    nodes: [{ name: "body" }, { name: "head" }],
    buffers: [{ byteLength: 48 }],
    bufferViews: [
      { buffer: 0, byteLength: 12 },
      { buffer: 0, byteOffset: 12, byteLength: 36 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: "SCALAR" },
      { bufferView: 1, componentType: 5126, count: 3, type: "VEC3" },
    ],
    animations: [
      {
        name: "walk",
        samplers: [{ input: 0, output: 1, interpolation: "LINEAR" }],
        channels: [{ sampler: 0, target: { node: 0, path: "translation" } }],
      },
    ],
  };
}

/** The clip GLB after `edit` of its JSON, with `bin` (the key times and moves by default). */
function clipGlb(edit: (json: Json) => void = () => undefined, bin = floats([...TIMES, ...MOVES])): Uint8Array {
  const json = clipJson();
  edit(json);
  return packGlb(json, bin);
}

const read = (bytes: Uint8Array, clip = "walk") => readGlbClip(bytes, clip)!;
const rounded = (values: Float32Array) => [...values].map((v) => Math.round(v * 1e4) / 1e4);

/** The message of what `run` throws, after checking it is a plain Error (not a TypeError or RangeError). */
function thrownMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect((error as Error).constructor).toBe(Error);
    return (error as Error).message;
  }
  throw new Error("nothing was thrown");
}
const refusal = (bytes: Uint8Array, clip = "walk") => thrownMessage(() => readGlbClip(bytes, clip));

/** GLB bytes of a header and the chunks given, as they are (no padding). */
function chunkedGlb(chunks: [type: number, body: Uint8Array][], header: { version?: number; length?: number } = {}) {
  const total = 12 + chunks.reduce((sum, [, body]) => sum + 8 + body.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, header.version ?? 2, true);
  view.setUint32(8, header.length ?? total, true);
  let at = 12;
  for (const [type, body] of chunks) {
    view.setUint32(at, body.length, true);
    view.setUint32(at + 4, type, true);
    out.set(body, at + 8);
    at += 8 + body.length;
  }
  return out;
}
const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;
const text = (value: unknown) => {
  let s = JSON.stringify(value);
  while (s.length % 4) s += " ";
  return new TextEncoder().encode(s);
};

describe("readGlbClip reads a valid clip exactly", () => {
  it("names, path, interpolation, times, values, index and duration", () => {
    const clip = read(clipGlb());
    expect(clip.name).toBe("walk");
    expect(clip.duration).toBe(1);
    expect(clip.channels).toHaveLength(1);
    const [channel] = clip.channels;
    expect({ ...channel, times: [...channel!.times], values: rounded(channel!.values) }).toEqual({
      node: "body",
      path: "translation",
      interpolation: "LINEAR",
      times: TIMES,
      values: MOVES,
      index: 0,
    });
  });

  it("reads LINEAR when the sampler names no interpolation, and STEP and CUBICSPLINE as named", () => {
    expect(read(clipGlb((j) => delete j.animations[0].samplers[0].interpolation)).channels[0]!.interpolation).toBe(
      "LINEAR",
    );
    expect(read(clipGlb((j) => (j.animations[0].samplers[0].interpolation = "STEP"))).channels[0]!.interpolation).toBe(
      "STEP",
    );
    // CUBICSPLINE: three VEC3 per key (in-tangent, value, out-tangent), so one key of the nine floats.
    const cubic = read(
      clipGlb((j) => {
        j.animations[0].samplers[0].interpolation = "CUBICSPLINE";
        j.accessors[0].count = 1;
      }),
    ).channels[0]!;
    expect([cubic.interpolation, [...cubic.times], rounded(cubic.values)]).toEqual(["CUBICSPLINE", [0], MOVES]);
  });

  it("the duration is the last key time over every channel, the longest not the last", () => {
    const clip = read(
      clipGlb(
        (j) => {
          // A second sampler whose times are the first's halved, on the head, after the body's channel.
          j.bufferViews.push({ buffer: 0, byteOffset: 48, byteLength: 12 });
          j.accessors.push({ bufferView: 2, componentType: 5126, count: 3, type: "SCALAR" });
          j.animations[0].samplers.push({ input: 2, output: 1 });
          j.animations[0].channels.push({ sampler: 1, target: { node: 1, path: "scale" } });
        },
        floats([0, 0.5, 2, ...MOVES, 0, 0.25, 0.5]),
      ),
    );
    expect(clip.channels.map((c) => [c.node, c.path, c.index, c.times.at(-1)])).toEqual([
      ["body", "translation", 0, 2],
      ["head", "scale", 1, 0.5],
    ]);
    expect(clip.duration).toBe(2);
  });

  it("names unnamed nodes node<index> and an unnamed animation animation<index>, as Babylon does", () => {
    const clip = read(
      clipGlb((j) => {
        j.nodes = [null, { name: "" }, { name: 7 }];
        j.animations[0].channels = [0, 1, 2].map((node) => ({ sampler: 0, target: { node, path: "translation" } }));
        j.animations.unshift({ name: "", samplers: [], channels: [] });
        j.animations[1].name = 5;
      }),
    );
    // No animation is named "walk": the first is read, and it is unnamed.
    expect(clip.name).toBe("animation0");
    const second = read(
      clipGlb((j) => {
        j.nodes = [null, { name: "" }, { name: 7 }];
        j.animations[0].channels = [0, 1, 2].map((node) => ({ sampler: 0, target: { node, path: "translation" } }));
        j.animations[0].name = 5;
      }),
    );
    expect(second.name).toBe("animation0");
    expect(second.channels.map((c) => c.node)).toEqual(["node0", "node1", "node2"]);
    expect(read(clipGlb((j) => (j.animations[0].name = ""))).name).toBe("animation0");
  });

  it("picks the animation named like the clip past ones without a text name or that are not objects", () => {
    const bytes = clipGlb((j) => {
      const walk = j.animations[0];
      j.animations = [null, { ...walk, name: 3 }, { ...walk, name: "Run" }];
    });
    expect(read(bytes, "run").name).toBe("Run");
    // An animation that is not an object, when picked, is an empty clip.
    expect(read(bytes, "gallop")).toEqual({ name: "animation0", channels: [], duration: 0 });
  });

  it("leaves out channels on no node transform: weights, no target, no node, not an object", () => {
    const clip = read(
      clipGlb((j) => {
        j.animations[0].channels = [
          null,
          { sampler: 0 },
          { sampler: 0, target: { path: "translation" } },
          { sampler: 0, target: { node: 0, path: "weights" } },
          { sampler: 0, target: { node: 1, path: "translation" } },
        ];
      }),
    );
    expect(clip.channels.map((c) => [c.node, c.index])).toEqual([["head", 4]]);
  });

  it("maps normalized integers as glTF does, read little-endian, and reads integers as they are", () => {
    const cases: [
      componentType: number,
      values: ArrayLike<number> & { buffer: ArrayBufferLike },
      expected: number[],
    ][] = [
      [5120, new Int8Array([127, -128, -127, 64, 0, 1, 0, 0]), [1, -1, -1, 0.5039, 0, 0.0079, 0, 0]],
      [5121, new Uint8Array([255, 0, 128, 1, 0, 0, 0, 255]), [1, 0, 0.502, 0.0039, 0, 0, 0, 1]],
      [5122, new Int16Array([32767, -32768, 16384, 1, 0, 0, 0, -32767]), [1, -1, 0.5, 0, 0, 0, 0, -1]],
      [5123, new Uint16Array([65535, 0, 16384, 256, 0, 0, 0, 65535]), [1, 0, 0.25, 0.0039, 0, 0, 0, 1]],
    ];
    for (const [componentType, values, expected] of cases) {
      const bin = new Uint8Array(8 + values.buffer.byteLength);
      bin.set(floats([0, 1]));
      bin.set(new Uint8Array(values.buffer), 8);
      const clip = read(
        clipGlb((j) => {
          j.bufferViews = [
            { buffer: 0, byteLength: 8 },
            { buffer: 0, byteOffset: 8, byteLength: values.buffer.byteLength },
          ];
          j.accessors[0].count = 2;
          Object.assign(j.accessors[1], { componentType, normalized: true, type: "VEC4", count: 2 });
          j.animations[0].channels[0].target.path = "rotation";
        }, bin),
      );
      expect(rounded(clip.channels[0]!.values), String(componentType)).toEqual(expected);
    }
    // Not normalized, an integer is its value.
    for (const values of [new Uint16Array([1, 2, 3, 258, 5, 6]), new Uint32Array([1, 2, 3, 258, 5, 70_000])]) {
      const bin = new Uint8Array(8 + values.byteLength);
      bin.set(floats([0, 1]));
      bin.set(new Uint8Array(values.buffer), 8);
      const componentType = values instanceof Uint16Array ? 5123 : 5125;
      const clip = read(
        clipGlb((j) => {
          j.accessors[0].count = 2;
          j.bufferViews = [
            { buffer: 0, byteLength: 8 },
            { buffer: 0, byteOffset: 8, byteLength: values.byteLength },
          ];
          j.accessors[1] = { bufferView: 1, componentType, count: 2, type: "VEC3" };
        }, bin),
      );
      expect([...clip.channels[0]!.values]).toEqual([...values]);
    }
  });

  it("reads strided accessors and a byteOffset inside the view", () => {
    // Times at 0, 8, 16 (a float then a spare float each), the moves after a 4-byte offset.
    const bin = floats([0, 9, 0.5, 9, 1, 9, 7, ...MOVES]);
    const clip = read(
      clipGlb((j) => {
        j.bufferViews = [
          { buffer: 0, byteLength: 24, byteStride: 8 },
          { buffer: 0, byteOffset: 24, byteLength: 40 },
        ];
        j.accessors[1].byteOffset = 4;
      }, bin),
    );
    expect([[...clip.channels[0]!.times], rounded(clip.channels[0]!.values)]).toEqual([TIMES, MOVES]);
  });

  it("reads an accessor without a bufferView as zeros, up to 65 536 elements", () => {
    const zeros = read(clipGlb((j) => delete j.accessors[1].bufferView)).channels[0]!;
    expect([...zeros.values]).toEqual(new Array(9).fill(0));
    // 65 536 times of 0 (equal times are let through) and as many moves: exactly the 1 MiB floor.
    const most = clipGlb((j) => {
      for (const a of j.accessors) {
        delete a.bufferView;
        a.count = 65_536;
      }
    });
    expect(4 * 65_536 * 4).toBe(CLIP_BYTES.min);
    expect(read(most).channels[0]!.values).toHaveLength(3 * 65_536);
    const over = clipGlb((j) => {
      delete j.accessors[1].bufferView;
      j.accessors[1].count = 65_537;
    });
    expect(refusal(over)).toBe("animations[0].samplers[0].output: accessor 1 has 65537 elements and no data");
  });

  it("gives a clip at least 1 MiB of keys, and 8 times its file's bytes when that is more", () => {
    // 1 000 zeros per accessor: 16 kB of keys from a file of a few hundred bytes.
    const small = clipGlb((j) => {
      for (const a of j.accessors) {
        delete a.bufferView;
        a.count = 1000;
      }
    });
    expect(read(small).channels[0]!.values).toHaveLength(3000);
    // A 400 kB file whose one sampler, named by 5 channels, gives 2 MB of keys (over 1 MiB, under 8 times the file).
    const keys = 20_000;
    const bin = new Float32Array(4 * keys);
    for (let i = 0; i < keys; i++) bin[i] = i / 60;
    const big = clipGlb((j) => {
      j.buffers[0].byteLength = bin.byteLength;
      j.bufferViews = [
        { buffer: 0, byteLength: 4 * keys },
        { buffer: 0, byteOffset: 4 * keys, byteLength: 12 * keys },
      ];
      j.accessors[0].count = keys;
      j.accessors[1].count = keys;
      j.animations[0].channels = Array.from({ length: 5 }, () => ({
        sampler: 0,
        target: { node: 0, path: "translation" },
      }));
    }, new Uint8Array(bin.buffer));
    expect(5 * 16 * keys).toBeGreaterThan(CLIP_BYTES.min);
    expect(5 * 16 * keys).toBeLessThan(CLIP_BYTES.perFileByte * big.byteLength);
    expect(read(big).channels).toHaveLength(5);
  });
});

describe("readGlbClip reads the chunks as Babylon's loader does", () => {
  const json = text(clipJson());
  const bin = floats([...TIMES, ...MOVES]);
  const moved = (clip: ReturnType<typeof read>) => rounded(clip.channels[0]!.values);

  it("the first JSON chunk and the first binary chunk; chunks of other types skipped", () => {
    const other = new Uint8Array([0x7b, 0x7b, 0, 1]); // not JSON
    expect(
      moved(
        read(
          chunkedGlb([
            [JSON_CHUNK, json],
            [0x12345678, other],
            [BIN_CHUNK, bin],
          ]),
        ),
      ),
    ).toEqual(MOVES);
    expect(
      moved(
        read(
          chunkedGlb([
            [0x12345678, other],
            [JSON_CHUNK, json],
            [BIN_CHUNK, bin],
          ]),
        ),
      ),
    ).toEqual(MOVES);
    const later = floats([...TIMES, ...MOVES.map((v) => v + 5)]);
    const twice = chunkedGlb([
      [JSON_CHUNK, json],
      [BIN_CHUNK, bin],
      [BIN_CHUNK, later],
      [JSON_CHUNK, text({ asset: { version: "2.0" } })],
      [0x12345678, later],
    ]);
    expect(moved(read(twice))).toEqual(MOVES);
  });

  it("reads no further than the header's length, and an empty chunk that ends the file", () => {
    const file = chunkedGlb([
      [JSON_CHUNK, json],
      [BIN_CHUNK, bin],
    ]);
    const junk = new Uint8Array(file.length + 8);
    junk.set(file);
    new DataView(junk.buffer).setUint32(file.length, 1000, true); // a chunk running past the end, after the length
    expect(moved(read(junk))).toEqual(MOVES);
    const noKeys = text({
      ...clipJson(),
      bufferViews: [{ buffer: 0, byteLength: 0 }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 0, type: "SCALAR" }],
      animations: [
        { samplers: [{ input: 0, output: 0 }], channels: [{ sampler: 0, target: { node: 0, path: "scale" } }] },
      ],
    });
    expect(
      refusal(
        chunkedGlb([
          [JSON_CHUNK, noKeys],
          [BIN_CHUNK, new Uint8Array()],
        ]),
      ),
    ).toBe("animations[0].samplers[0]: 0 key times for 0 values of scale");
  });

  it("refuses what is no GLB 2 with a JSON object, saying so", () => {
    expect(refusal(new Uint8Array([0x67, 0x6c, 0x54, 0x46]))).toBe("not a GLB (bad magic)");
    expect(refusal(chunkedGlb([[JSON_CHUNK, json]], { version: 1 }))).toBe("GLB version 1 is not 2");
    // 20 bytes: a header and an empty binary chunk.
    expect(refusal(chunkedGlb([[BIN_CHUNK, new Uint8Array()]]))).toBe("the GLB has no JSON chunk");
    expect(refusal(chunkedGlb([[JSON_CHUNK, text(null)]]))).toBe("the GLB has no JSON chunk");
    expect(refusal(chunkedGlb([[JSON_CHUNK, text(42)]]))).toBe("the GLB has no JSON chunk");
    const broken = new TextEncoder().encode('{"asset": ');
    expect(refusal(chunkedGlb([[JSON_CHUNK, broken]]))).toMatch(/^the GLB's JSON chunk is not JSON \(.+\)$/);
  });
});

describe("readGlbClip refuses a hostile clip with an Error naming the problem", () => {
  const cases: [label: string, edit: (j: Json) => void, message: string][] = [
    ["no accessors", (j) => delete j.accessors, "animations[0].samplers[0].input: no accessor 0"],
    ["a negative accessor", (j) => (j.animations[0].samplers[0].input = -1), "samplers[0].input: no accessor -1"],
    [
      "an accessor one past the end",
      (j) => (j.animations[0].samplers[0].output = 2),
      "samplers[0].output: no accessor 2",
    ],
    ["an accessor index that is no integer", (j) => (j.animations[0].samplers[0].input = 0.5), "no accessor 0.5"],
    [
      "an accessor that is not an object",
      (j) => (j.accessors[1] = null),
      "accessor 1 has a bad type, componentType or count",
    ],
    ["a negative count", (j) => (j.accessors[1].count = -1), "accessor 1 has a bad type, componentType or count"],
    ["sparse", (j) => (j.accessors[1].sparse = { count: 1 }), "accessor 1 is sparse (not read for clips)"],
    ["no bufferViews", (j) => delete j.bufferViews, "animations[0].samplers[0].input: no bufferView 0"],
    ["a bufferView out of range", (j) => (j.accessors[1].bufferView = 7), "samplers[0].output: no bufferView 7"],
    [
      "a bufferView that is not an object",
      (j) => (j.bufferViews[1] = null),
      "accessor 1 is not in the GLB's binary chunk",
    ],
    [
      "a bufferView of another buffer",
      (j) => {
        j.buffers.push({ byteLength: 48 });
        j.bufferViews[1].buffer = 1;
      },
      "accessor 1 is not in the GLB's binary chunk",
    ],
    ["a negative view offset", (j) => (j.bufferViews[1].byteOffset = -4), "bufferView 1 runs past the binary chunk"],
    [
      "a view offset that is no integer",
      (j) => (j.bufferViews[1].byteOffset = 0.5),
      "bufferView 1 runs past the binary chunk",
    ],
    ["a view without byteLength", (j) => delete j.bufferViews[1].byteLength, "bufferView 1 runs past the binary chunk"],
    ["a view past the chunk", (j) => (j.bufferViews[1].byteLength = 40), "bufferView 1 runs past the binary chunk"],
    [
      "a view starting past the chunk",
      (j) => (j.bufferViews[1].byteOffset = 16),
      "bufferView 1 runs past the binary chunk",
    ],
    [
      "a stride under the element",
      (j) => (j.bufferViews[1].byteStride = 8),
      "accessor 1 has a bad byteOffset or byteStride",
    ],
    [
      "a stride that is no integer",
      (j) => (j.bufferViews[1].byteStride = 12.5),
      "accessor 1 has a bad byteOffset or byteStride",
    ],
    ["a negative byteOffset", (j) => (j.accessors[1].byteOffset = -4), "accessor 1 has a bad byteOffset or byteStride"],
    [
      "a byteOffset that is no integer",
      (j) => (j.accessors[1].byteOffset = 1.5),
      "accessor 1 has a bad byteOffset or byteStride",
    ],
    ["a last element past its view", (j) => (j.accessors[1].byteOffset = 4), "accessor 1 runs past its bufferView"],
    ["no nodes", (j) => delete j.nodes, "animations[0].channels[0]: no node 0"],
    [
      "a node out of range",
      (j) => (j.animations[0].channels[0].target.node = 2),
      "animations[0].channels[0]: no node 2",
    ],
    ["a negative node", (j) => (j.animations[0].channels[0].target.node = -1), "animations[0].channels[0]: no node -1"],
    ["no samplers", (j) => delete j.animations[0].samplers, "animations[0].channels[0]: no sampler 0"],
    [
      "a sampler out of range",
      (j) => (j.animations[0].channels[0].sampler = 1),
      "animations[0].channels[0]: no sampler 1",
    ],
    [
      "a sampler that is a number",
      (j) => (j.animations[0].samplers[0] = 5),
      "animations[0].samplers[0] is not an object",
    ],
    [
      "an unknown interpolation",
      (j) => (j.animations[0].samplers[0].interpolation = "CUBIC"),
      "animations[0].samplers[0]: unknown interpolation CUBIC",
    ],
    [
      "no key times",
      (j) => {
        j.accessors[0].count = 0;
        j.accessors[1].count = 0;
        j.accessors[0].byteOffset = 64; // nothing is read, wherever it points
      },
      "animations[0].samplers[0]: 0 key times for 0 values of translation",
    ],
  ];
  it.each(cases)("%s", (_label, edit, message) => {
    expect(refusal(clipGlb(edit))).toContain(message);
  });

  it("reads the binary chunk as buffer 0 whatever the buffers list says, if it names no file", () => {
    expect(rounded(read(clipGlb((j) => delete j.buffers)).channels[0]!.values)).toEqual(MOVES);
    expect(rounded(read(clipGlb((j) => (j.buffers = [null]))).channels[0]!.values)).toEqual(MOVES);
  });
});
