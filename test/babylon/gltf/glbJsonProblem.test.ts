import { beforeAll, describe, expect, it } from "vitest";
import { glbJsonProblem } from "../../../src/babylon/gltf/glbJsonProblem.js";
import { BACKED_BYTES, UNBACKED_BYTES } from "../../../src/babylon/gltf/glbRangeProblem.js";
import { unpackGlb } from "../../helpers/glbMutations.js";
import { tinyRiggedGlb } from "../../helpers/tinyGlb.js";

let json: Record<string, unknown>;
let binLength: number;
beforeAll(async () => {
  const glb = unpackGlb(await tinyRiggedGlb({ clip: "walk" }));
  json = glb.json;
  binLength = glb.bin.length;
});

const DELETE = Symbol("delete");

/** The fixture's JSON with the value at a dotted path set (or deleted), in a copy. */
function edited(path: string, value: unknown): unknown {
  const copy = structuredClone(json);
  const keys = path.split(".");
  let parent = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  if (value === DELETE) delete parent[keys.at(-1)!];
  else parent[keys.at(-1)!] = value;
  return copy;
}

describe("glbJsonProblem", () => {
  it("passes a well-formed GLB's JSON", () => {
    expect(glbJsonProblem(json, binLength)).toBeUndefined();
  });

  it("refuses what is not an object", () => {
    expect(glbJsonProblem(42)).toBe("its JSON is not an object");
  });

  it.each([
    ["a numbered array of non-objects", "materials", "x", 'its "materials" is not a list of objects'],
    ["a null in a numbered array", "accessors.2", null, 'its "accessors" is not a list of objects'],
    ["no nodes", "nodes", DELETE, "it has no nodes"],
    ["children that is not a list", "nodes.0.children", 1, "nodes[0].children[] is not an index"],
    ["a child out of range", "nodes.0.children", [7], "nodes[0].children[] is not an index of nodes (7)"],
    ["a mesh index out of range", "nodes.2.mesh", 3, "nodes[2].mesh is not an index of meshes (3)"],
    [
      "an attribute that is not an index",
      "meshes.0.primitives.0.attributes.POSITION",
      "0",
      "meshes[0].primitives[].attributes.* is not an index of accessors (0)",
    ],
    [
      "a channel naming another animation's sampler",
      "animations.0.channels.0.sampler",
      1,
      "animations[0].channels[].sampler is not an index of @samplers (1)",
    ],
    ["a sampler without its input", "animations.0.samplers.0.input", DELETE, "has no samplers[].input"],
    ["an unknown accessor type", "accessors.0.type", "VEC5", "accessors[0].type is not valid (VEC5)"],
    ["an unknown target path", "animations.0.channels.0.target.path", "pointer", "is not valid (pointer)"],
    ["a name that is not text", "animations.0.name", { a: 1 }, "animations[0].name is not valid"],
    ["a view outside its buffer", "bufferViews.0.byteOffset", 1e6, "bufferViews[0] lies outside"],
    ["an accessor outside its view", "accessors.0.count", 1000, "accessors[0] lies outside"],
    ["a buffer longer than the chunk", "buffers.0.byteLength", 1e5, "longer than its binary chunk"],
    ["an external buffer", "buffers.0.uri", "model.bin", 'buffers[0].uri "model.bin"'],
    ["an external image", "images", [{ uri: "https://cdn.test/fur.png" }], 'images[0].uri "https://cdn.test/fur.png"'],
    [
      "a link in an extension",
      "extensions",
      { EXT_lights_ies: { lights: [{ name: "lamp" }, { uri: "http://127.0.0.1:9/x.ies" }] } },
      'extensions.EXT_lights_ies.lights[1].uri "http://127.0.0.1:9/x.ies"',
    ],
    ["a link in a node's extras", "nodes.1.extras", { a: [{ uri: "x.ies" }] }, 'nodes[1].extras.a[0].uri "x.ies"'],
    ["a link that is not text", "buffers.0.uri", { href: "x" }, "buffers[0].uri {"],
    ["a data link in capitals (Babylon would fetch it)", "images", [{ uri: "DATA:,x" }], "images[0].uri"],
    ["a data buffer longer than its data", "buffers.0.uri", "data:,abc", "buffers[0] is longer than its inline data"],
    ["a second buffer read from the chunk", "buffers.1", { byteLength: 4096 }, "buffers[1] is longer than its binary"],
  ])("refuses %s", (_label, path, value, message) => {
    expect(glbJsonProblem(edited(path, value), binLength)).toContain(message);
  });

  it("accepts inline data links, in extensions too", () => {
    const j = edited("images", [{ uri: "data:image/png;base64,iVBORw0KGgo=" }]) as Record<string, unknown>;
    j["extensions"] = { EXT_lights_ies: { lights: [{ uri: "data:application/octet-stream;base64,SUVT" }] } };
    expect(glbJsonProblem(j, binLength)).toBeUndefined();
  });

  it("walks a deeply nested JSON for links without overflowing the stack", () => {
    let deep: unknown = { uri: "http://127.0.0.1:9/deep" };
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const j = edited("extras", deep);
    expect(glbJsonProblem(j, binLength)).toContain('[0][0].uri "http://127.0.0.1:9/deep"');
  });
});

describe("glbJsonProblem: accessors without bytes behind them", () => {
  /** The fixture with accessor 0 (POSITION) made bufferless, with `count` elements. */
  const bufferless = (count: number) => {
    const j = edited("accessors.0.count", count) as { accessors: Record<string, unknown>[] };
    delete j.accessors[0]!["bufferView"];
    delete j.accessors[0]!["byteOffset"];
    return j;
  };

  it("refuses the 2.7 kB GLB's POSITION of 4e8 elements (4.6 GB in Babylon)", () => {
    expect(glbJsonProblem(bufferless(4e8), binLength)).toBe(
      "accessors[0] has no bufferView and 400000000 elements: accessors without bytes behind them would " +
        `take over the ${UNBACKED_BYTES.min} bytes this file may ask for`,
    );
  });

  it("allows them 64 times the file's buffers, at least 1 MiB and at most 64 MiB, in all", () => {
    const vec4s = (bytes: number) => bytes / 16; // accessor 0 made a VEC4 of floats: 16 bytes each
    const at = (count: number) => {
      const j = bufferless(count);
      j.accessors[0]!["type"] = "VEC4";
      return j as typeof j & { buffers: Record<string, unknown>[] };
    };
    expect(glbJsonProblem(at(vec4s(UNBACKED_BYTES.min)), binLength)).toBeUndefined();
    expect(glbJsonProblem(at(vec4s(UNBACKED_BYTES.min) + 1), binLength)).toContain("accessors[0] has no bufferView");
    // With a second, inline buffer of 2 MiB, 64 times the buffers is past the ceiling, which then holds.
    const big = (count: number) => {
      const j = at(count);
      j.buffers.push({ byteLength: 2 * 1024 * 1024, uri: `data:,${"x".repeat(2 * 1024 * 1024)}` });
      return j;
    };
    expect(glbJsonProblem(big(vec4s(UNBACKED_BYTES.max)), binLength)).toBeUndefined();
    expect(glbJsonProblem(big(vec4s(UNBACKED_BYTES.max) + 1), binLength)).toContain("accessors[0] has no bufferView");
    const two = big(vec4s(UNBACKED_BYTES.max));
    delete two.accessors[5]!["bufferView"]; // 3 more floats without bytes: over the ceiling in all
    expect(glbJsonProblem(two, binLength)).toContain("accessors[5] has no bufferView and 3 elements");
  });

  /** The bufferless POSITION (16 zeros) with a sparse part, after `edit`: 2 vertices moved by default. */
  const withSparse = (edit: (sparse: Record<string, Record<string, unknown>>) => void) => {
    const j = bufferless(16);
    const sparse = { count: 2, indices: { bufferView: 1, componentType: 5123 }, values: { bufferView: 0 } };
    edit(sparse as unknown as Record<string, Record<string, unknown>>);
    j.accessors[0]!["sparse"] = sparse;
    return j;
  };

  it("passes a sparse accessor inside its views", () => {
    expect(
      glbJsonProblem(
        withSparse(() => undefined),
        binLength,
      ),
    ).toBeUndefined();
  });

  it.each([
    [
      "more sparse elements than elements",
      (s) => void (s["count"] = 17 as never),
      "more sparse elements than elements",
    ],
    [
      "sparse indices outside their view",
      (s) => void (s["indices"]!["byteOffset"] = 142),
      "sparse.indices lie outside",
    ],
    [
      "sparse values outside their view",
      (s) => void Object.assign(s, { count: 6, values: { bufferView: 3 } }), // 6 × 12 bytes in a view of 60
      "sparse.values lie outside",
    ],
    [
      "a sparse index view out of range",
      (s) => void (s["indices"]!["bufferView"] = 9),
      "is not an index of bufferViews",
    ],
    ["sparse indices of floats", (s) => void (s["indices"]!["componentType"] = 5126), "componentType is not valid"],
    ["sparse without values", (s) => void delete s["values"], "accessors[0] has no sparse.values"],
  ] as [string, (s: Record<string, Record<string, unknown>>) => void, string][])("refuses %s", (_l, edit, message) => {
    expect(glbJsonProblem(withSparse(edit), binLength)).toContain(message);
  });
});

describe("glbJsonProblem: accessors reading the same bytes again and again", () => {
  /** The fixture with a view of `viewBytes` more bytes in its buffer, and `count` VEC4 float accessors each reading all of it. */
  const overOneView = (viewBytes: number, count: number) => {
    const j = structuredClone(json) as Record<"accessors" | "bufferViews" | "buffers", Record<string, unknown>[]>;
    j.buffers[0]!["byteLength"] = binLength + viewBytes;
    const view = j.bufferViews.push({ buffer: 0, byteOffset: binLength, byteLength: viewBytes }) - 1;
    for (let k = 0; k < count; k++)
      j.accessors.push({ bufferView: view, componentType: 5126, count: viewBytes / 16, type: "VEC4" });
    return { json: j, binLength: binLength + viewBytes, view };
  };
  /** Bytes of floats the accessors over `view` make (VEC4 floats: 16 bytes an element). */
  const readBytes = (accessors: Record<string, unknown>[], view: number) =>
    accessors.reduce((sum, a) => sum + (a["bufferView"] === view ? 16 * (a["count"] as number) : 0), 0);

  it("refuses 200 accessors over one 192 KiB view (37.5 MiB of floats read from its bytes)", () => {
    const { json: j, binLength: bin, view } = overOneView(192 * 1024, 200);
    const budget = Math.max(BACKED_BYTES.min, BACKED_BYTES.perBufferByte * bin);
    expect(readBytes(j.accessors, view)).toBe(200 * 192 * 1024);
    const problem = glbJsonProblem(j, bin);
    expect(problem).toMatch(/^accessors\[\d+\] reads 12288 elements of bufferViews\[\d+\]: accessors reading the same/);
    expect(problem).toContain(`would take over the ${budget} bytes this file may ask for`);
    // It stops at the first accessor past the budget: what it let through is within it.
    const first = Number(/^accessors\[(\d+)\]/.exec(problem!)![1]);
    expect(readBytes(j.accessors.slice(0, first), view)).toBeLessThanOrEqual(budget);
  });

  it("allows them 4 times the file's buffers in all, at least 1 MiB", () => {
    // 5 accessors of 64 KiB each over a 64 KiB view: 320 KiB of floats, within the 1 MiB floor.
    expect(glbJsonProblem(overOneView(64 * 1024, 5).json, binLength + 64 * 1024)).toBeUndefined();
    // A 1 MiB view read 3 times is within its file's budget (4 MiB and 4 times the fixture's bytes); 5 times is past it.
    const mib = 1024 * 1024;
    expect(glbJsonProblem(overOneView(mib, 3).json, binLength + mib)).toBeUndefined();
    expect(glbJsonProblem(overOneView(mib, 5).json, binLength + mib)).toMatch(/reading the same bytes again/);
  });
});
