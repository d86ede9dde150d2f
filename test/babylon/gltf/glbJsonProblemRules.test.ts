/**
 * glbJsonProblem's promises on a small hand-written glTF JSON (engine-free): every value glTF
 * allows passes, and each index, enum, count, scene, link and byte range that Babylon's loader
 * would trust is refused with a message naming the item, the path and the bad value. The byte
 * ranges (glbRangeProblem) are checked at their edges: a range that ends exactly where its
 * bytes end passes, one byte further does not.
 */
import { describe, expect, it } from "vitest";
import { glbJsonProblem } from "../../../src/babylon/gltf/glbJsonProblem.js";
import { BACKED_BYTES } from "../../../src/babylon/gltf/glbRangeProblem.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests edit glTF JSON freely, as a hostile file may be anything
type Json = Record<string, any>;

/** 96 bytes: two accessors of 4 VEC3 floats each, one after the other in one view. */
const BIN = 96;

/** A valid glTF JSON: a scene of `body` > `head`, the head's mesh reading both accessors. */
function gltf(): Json {
  return {
    asset: { version: "2.0" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: "body", children: [1] },
      { name: "head", mesh: 0 },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, mode: 4 }] }],
    buffers: [{ byteLength: BIN }],
    bufferViews: [{ buffer: 0, byteLength: BIN }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: "VEC3" },
      { bufferView: 0, byteOffset: 48, componentType: 5126, count: 4, type: "VEC3" },
    ],
  };
}

/** glbJsonProblem of the JSON after `edit`, with a binary chunk of `bin` bytes. */
function problem(edit: (json: Json) => void, bin = BIN): string | undefined {
  const json = gltf();
  edit(json);
  return glbJsonProblem(json, bin);
}

describe("glbJsonProblem passes what glTF allows", () => {
  it("the JSON as written, with or without a scene", () => {
    expect(problem(() => undefined)).toBeUndefined();
    expect(problem((j) => delete j.scene)).toBeUndefined();
  });

  it("every accessor type, matrices too", () => {
    for (const [type, bytes] of [
      ["MAT2", 16],
      ["MAT3", 36],
      ["MAT4", 64],
      ["VEC2", 8],
      ["SCALAR", 4],
    ] as const) {
      const edited = (j: Json) => void j.accessors.push({ bufferView: 0, componentType: 5126, count: 1, type });
      expect(problem(edited), type).toBeUndefined();
      expect(bytes).toBeLessThanOrEqual(BIN);
    }
  });

  it("every primitive mode from 0 (points) to 6 (triangle fan)", () => {
    for (const mode of [0, 1, 2, 3, 4, 5, 6])
      expect(problem((j) => (j.meshes[0].primitives[0].mode = mode))).toBeUndefined();
  });
});

describe("glbJsonProblem refuses, naming the item, the path and the value", () => {
  it.each([
    [
      "a negative child",
      (j: Json) => (j.nodes[0].children = [-1]),
      "nodes[0].children[] is not an index of nodes (-1)",
    ],
    [
      "a bad second child",
      (j: Json) => (j.nodes[0].children = [1, 9]),
      "nodes[0].children[] is not an index of nodes (9)",
    ],
    [
      "a bad second attribute",
      (j: Json) => (j.meshes[0].primitives[0].attributes.NORMAL = 9),
      "meshes[0].primitives[].attributes.* is not an index of accessors (9)",
    ],
    [
      "a negative byteOffset",
      (j: Json) => (j.bufferViews[0].byteOffset = -4),
      "bufferViews[0].byteOffset is not valid (-4)",
    ],
    ["a negative count", (j: Json) => (j.accessors[1].count = -1), "accessors[1].count is not valid (-1)"],
    ["mode 7", (j: Json) => (j.meshes[0].primitives[0].mode = 7), "meshes[0].primitives[].mode is not valid (7)"],
    ["mode -1", (j: Json) => (j.meshes[0].primitives[0].mode = -1), "meshes[0].primitives[].mode is not valid (-1)"],
    ["mode 1.5", (j: Json) => (j.meshes[0].primitives[0].mode = 1.5), "meshes[0].primitives[].mode is not valid (1.5)"],
    ["a scene out of range", (j: Json) => (j.scene = 1), "its scene is not an index of scenes"],
    ["a negative scene", (j: Json) => (j.scene = -1), "its scene is not an index of scenes"],
    ["a scene as text", (j: Json) => (j.scene = "0"), "its scene is not an index of scenes"],
  ])("%s", (_label, edit, message) => {
    expect(problem(edit)).toBe(message);
  });
});

describe("glbJsonProblem names the first link to a file of its own, in document order", () => {
  it.each([
    ["a buffer's", (j: Json) => (j.buffers[0].uri = "model.bin"), 'buffers[0].uri "model.bin"'],
    ["one at the root", (j: Json) => (j.uri = "x.bin"), 'uri "x.bin"'],
    [
      "an image's after an inline one",
      (j: Json) => (j.images = [{ uri: "data:image/png;base64,iVBORw0KGgo=" }, { uri: "fur.png" }]),
      'images[1].uri "fur.png"',
    ],
    [
      "a buffer's before an image's",
      (j: Json) => {
        j.buffers[0].uri = "a.bin";
        j.images = [{ uri: "b.png" }];
      },
      'buffers[0].uri "a.bin"',
    ],
    [
      "the first of two in one list",
      (j: Json) => (j.extras = [{ uri: "first.bin" }, { uri: "second.bin" }]),
      'extras[0].uri "first.bin"',
    ],
  ])("%s", (_label, edit, link) => {
    expect(problem(edit)).toBe(`it links to a file of its own (${link})`);
  });
});

describe("glbJsonProblem's byte ranges, at their edges", () => {
  it("a binary chunk shorter than the buffer", () => {
    expect(problem(() => undefined, BIN - 1)).toBe("its buffer is longer than its binary chunk");
  });

  it("a view inside its own buffer, not another's", () => {
    expect(problem((j) => (j.bufferViews[0].byteOffset = 8))).toBe("bufferViews[0] lies outside its buffer");
    expect(problem((j) => (j.bufferViews[0].byteLength = BIN + 1))).toBe("bufferViews[0] lies outside its buffer");
    const onSecond = (length: number) => (j: Json) => {
      j.buffers.push({ byteLength: 8, uri: "data:,12345678" });
      j.bufferViews.push({ buffer: 1, byteLength: length });
    };
    expect(problem(onSecond(8))).toBeUndefined();
    expect(problem(onSecond(16))).toBe("bufferViews[1] lies outside its buffer");
  });

  it("an accessor inside its view: its byteOffset and the view's byteStride counted", () => {
    expect(problem((j) => (j.accessors[1].byteOffset = 49))).toBe("accessors[1] lies outside its buffer view");
    expect(problem((j) => (j.accessors[1].count = 5))).toBe("accessors[1] lies outside its buffer view");
    // No elements read no bytes, wherever they would start (Babylon loads such an attribute).
    expect(problem((j) => Object.assign(j.accessors[1], { count: 0, byteOffset: 1000 }))).toBeUndefined();
    // Without byteOffset or byteStride: 8 VEC3 fill the view, 9 do not.
    expect(problem((j) => Object.assign(j.accessors[0], { count: 8 }))).toBeUndefined();
    expect(problem((j) => Object.assign(j.accessors[0], { count: 9 }))).toBe(
      "accessors[0] lies outside its buffer view",
    );
    // A stride of 32: 3 elements end at 76, inside 96 bytes; with a byteOffset of 24, at 100.
    const strided = (byteOffset: number) => (j: Json) => {
      j.bufferViews[0].byteStride = 32;
      j.accessors = [{ bufferView: 0, byteOffset, componentType: 5126, count: 3, type: "VEC3" }];
      j.meshes[0].primitives[0].attributes = { POSITION: 0 };
    };
    expect(problem(strided(20))).toBeUndefined();
    expect(problem(strided(24))).toBe("accessors[0] lies outside its buffer view");
  });

  /** Accessor 0 made 8 bufferless zeros, moved by `count` sparse elements: indices in view 1 (32 bytes), values in view 0 (96). */
  const sparse =
    (count: number, edit: (s: Json) => void = () => undefined) =>
    (j: Json) => {
      j.accessors[0] = { componentType: 5126, count: 8, type: "VEC3" };
      j.bufferViews.push({ buffer: 0, byteOffset: 64, byteLength: 32 });
      const s = { count, indices: { bufferView: 1, componentType: 5123 }, values: { bufferView: 0 } };
      edit(s);
      j.accessors[0].sparse = s;
    };

  it("a sparse accessor: as many sparse elements as elements, each part ending where its view ends", () => {
    // 8 values of 12 bytes fill the 96-byte view.
    expect(problem(sparse(8))).toBeUndefined();
    expect(problem(sparse(9))).toBe("accessors[0] has more sparse elements than elements");
    // 8 indices of 2 bytes from byte 16 fill the 32-byte view.
    expect(problem(sparse(8, (s) => (s.indices.byteOffset = 16)))).toBeUndefined();
    expect(problem(sparse(8, (s) => (s.indices.byteOffset = 18)))).toBe(
      "accessors[0].sparse.indices lie outside their buffer view",
    );
    expect(problem(sparse(8, (s) => (s.values.byteOffset = 4)))).toBe(
      "accessors[0].sparse.values lie outside their buffer view",
    );
  });

  it("accessors reading one view again and again: up to the budget, not one element more", () => {
    // A 256 KiB file: its budget is the 1 MiB floor (4 times its bytes), read by 4 accessors of 64 Ki floats.
    const bytes = 256 * 1024;
    expect(BACKED_BYTES.perBufferByte * bytes).toBe(BACKED_BYTES.min);
    const over =
      (...more: number[]) =>
      (j: Json) => {
        j.buffers[0].byteLength = bytes;
        j.bufferViews.push({ buffer: 0, byteLength: bytes });
        for (const count of [65_536, 65_536, 65_536, 65_536, ...more])
          j.accessors.push({ bufferView: 1, componentType: 5126, count, type: "SCALAR" });
        j.accessors[0].count = 0; // the file's own 96 bytes left out of the sum
        j.accessors[1].count = 0;
      };
    expect(problem(over(), bytes)).toBeUndefined();
    expect(problem(over(1), bytes)).toBe(
      "accessors[6] reads 1 elements of bufferViews[1]: accessors reading the same bytes again and again " +
        `would take over the ${BACKED_BYTES.min} bytes this file may ask for`,
    );
  });
});
