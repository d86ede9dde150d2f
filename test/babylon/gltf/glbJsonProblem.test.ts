import { beforeAll, describe, expect, it } from "vitest";
import { glbJsonProblem } from "../../../src/babylon/gltf/glbJsonProblem.js";
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
    ["an external buffer", "buffers.0.uri", "model.bin", 'buffers uri "model.bin"'],
    ["an external image", "images", [{ uri: "https://cdn.test/fur.png" }], "images uri"],
  ])("refuses %s", (_label, path, value, message) => {
    expect(glbJsonProblem(edited(path, value), binLength)).toContain(message);
  });

  it("accepts inline data links", () => {
    const j = edited("images", [{ uri: "data:image/png;base64,iVBORw0KGgo=" }]);
    expect(glbJsonProblem(j, binLength)).toBeUndefined();
  });
});
