/**
 * A part-built model's part meshes joined into one mesh per look (parts/partSkin.ts), on hand-made
 * meshes in a NullEngine scene: which meshes share a look, when looks share one material, the
 * joined mesh's buffers (each part's vertices after the ones before it, its indices offset to
 * match, uvs where any part has them), a level's own buffers, the counts, and the crowd's skeleton.
 */

import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOOK_KIND } from "../../../../../src/babylon/runtime/crowd/parts/lookPlugin.js";
import {
  drawSetsOf,
  joinedMeshOf,
  looksOf,
  type PartDrawSet,
  type PartSource,
  partSkeleton,
  partSkinStats,
} from "../../../../../src/babylon/runtime/crowd/parts/partSkin.js";
import type { ObjLevelBuffers, ObjLevels } from "../../../../../src/obj/objLevels.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
  partSkinStats.meshesJoined = 0;
});
afterEach(() => env.dispose());

interface Buffers {
  positions: number[];
  normals?: number[];
  uvs?: number[];
  indices: number[];
}

/** A triangle in the plane z = `z`, its normals all (0, 0, -1) unless told. */
const triangle = (z: number, extra: Partial<Buffers> = {}): Buffers => ({
  positions: [0, 0, z, 1, 0, z, 0, 1, z],
  normals: [0, 0, -1, 0, 0, -1, 0, 0, -1],
  indices: [0, 1, 2],
  ...extra,
});

/** A unit square of two triangles in the plane x = 2, facing +x. */
const square = (extra: Partial<Buffers> = {}): Buffers => ({
  positions: [2, 0, 0, 2, 1, 0, 2, 1, 1, 2, 0, 1],
  normals: [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0],
  indices: [0, 1, 2, 0, 2, 3],
  ...extra,
});

function meshOf(name: string, buffers: Buffers, material: StandardMaterial | null = null): Mesh {
  const mesh = new Mesh(name, env.scene);
  const data = new VertexData();
  data.positions = buffers.positions;
  if (buffers.normals) data.normals = buffers.normals;
  if (buffers.uvs) data.uvs = buffers.uvs;
  data.indices = buffers.indices;
  data.applyToMesh(mesh);
  mesh.material = material;
  return mesh;
}

function sourceOf(source: Mesh, part: string, joint: number, levels?: ObjLevels): PartSource {
  return { source, joint, part, levels };
}

/** A plain material of its own colour: any two of them can be drawn as one (lookPlugin.ts). */
function material(name: string, r: number): StandardMaterial {
  const m = new StandardMaterial(name, env.scene);
  m.diffuseColor = new Color3(r, 0.5, 0.5);
  return m;
}

/** One set of its sources' looks, drawn with `first`'s material (no look index). */
const setOf = (...sources: PartSource[]): PartDrawSet => ({
  first: sources[0]!.source,
  material: null,
  entries: sources.map((source) => ({ source, look: 0 })),
  parts: sources.map((s) => s.part),
});

const skeleton = () => partSkeleton(env.scene, "skeleton", 4);
const data = (mesh: Mesh, kind: string) => {
  const values = mesh.getVerticesData(kind);
  return values ? Array.from(values) : null;
};

describe("looksOf", () => {
  it("groups part meshes by material in their order, naming each part once", () => {
    const coat = material("coat", 0.1);
    const eye = material("eye", 0.9);
    const body0 = sourceOf(meshOf("body0", triangle(0), coat), "body", 0);
    const body1 = sourceOf(meshOf("body1", triangle(1), coat), "body", 0);
    const head = sourceOf(meshOf("head", triangle(2), eye), "head", 1);
    const tail = sourceOf(meshOf("tail", triangle(3), coat), "tail", 2);
    const looks = looksOf([body0, body1, head, tail]);
    expect(looks.map((l) => l.first)).toEqual([body0.source, head.source]);
    expect(looks[0]!.sources).toEqual([body0, body1, tail]);
    expect(looks[0]!.parts).toEqual(["body", "tail"]);
    expect(looks[1]!.sources).toEqual([head]);
    expect(looks[1]!.parts).toEqual(["head"]);
  });

  const differences: [string, (mesh: Mesh) => void][] = [
    ["sideOrientation", (m) => (m.sideOrientation = Mesh.DOUBLESIDE)],
    ["receiveShadows", (m) => (m.receiveShadows = true)],
    ["renderingGroupId", (m) => (m.renderingGroupId = 1)],
    ["layerMask", (m) => (m.layerMask = 0x0f)],
    ["visibility", (m) => (m.visibility = 0.5)],
    ["alphaIndex", (m) => (m.alphaIndex = 2)],
    ["hasVertexAlpha", (m) => (m.hasVertexAlpha = true)],
    ["lines", (m) => (m._internalMetadata = { _isLine: true })],
  ];

  it.each(differences)("keeps apart meshes of one material that differ in %s", (_, differ) => {
    const coat = material("coat", 0.1);
    const a = sourceOf(meshOf("a", triangle(0), coat), "body", 0);
    const b = sourceOf(meshOf("b", triangle(1), coat), "body", 0);
    // Alike, they are one look.
    expect(looksOf([a, b])).toHaveLength(1);
    differ(b.source);
    const looks = looksOf([a, b]);
    expect(looks.map((l) => l.sources)).toEqual([[a], [b]]);
  });
});

describe("drawSetsOf", () => {
  /** Two looks of materials that can be joined, the second of two parts. */
  function twoLooks() {
    const body = sourceOf(meshOf("body", triangle(0), material("coat", 0.1)), "body", 0);
    const head = sourceOf(meshOf("head", square(), material("eye", 0.9)), "head", 1);
    const tail = sourceOf(meshOf("tail", triangle(1), head.source.material as StandardMaterial), "tail", 2);
    const body2 = sourceOf(meshOf("body2", triangle(2), head.source.material as StandardMaterial), "body", 0);
    return { body, head, tail, body2, looks: looksOf([body, head, tail, body2]) };
  }

  it("draws looks of joinable materials as one set with a material of its own", () => {
    const { body, head, tail, body2, looks } = twoLooks();
    const sets = drawSetsOf(env.scene, looks, "model/looks");
    expect(sets).toHaveLength(1);
    const set = sets[0]!;
    expect(set.first).toBe(body.source);
    expect(set.material?.name).toBe("model/looks");
    expect(set.entries).toEqual([
      { source: body, look: 0 },
      { source: head, look: 1 },
      { source: tail, look: 1 },
      { source: body2, look: 1 },
    ]);
    expect(set.parts).toEqual(["body", "head", "tail"]);
  });

  it("keeps one set per look, with its own material, when their meshes draw differently", () => {
    const { body, head, tail, body2, looks } = twoLooks();
    head.source.receiveShadows = true;
    tail.source.receiveShadows = true;
    body2.source.receiveShadows = true;
    const sets = drawSetsOf(env.scene, looks, "model/looks");
    expect(sets.map((s) => s.first)).toEqual([body.source, head.source]);
    expect(sets.map((s) => s.material)).toEqual([null, null]);
    expect(sets[1]!.entries.map((e) => e.look)).toEqual([0, 0, 0]);
  });

  it("never joins looks of lines, even of joinable materials drawn alike", () => {
    const { looks } = twoLooks();
    for (const look of looks) for (const s of look.sources) s.source._internalMetadata = { _isLine: true };
    const sets = drawSetsOf(env.scene, looks, "model/looks");
    expect(sets).toHaveLength(2);
    expect(sets.map((s) => s.material)).toEqual([null, null]);
  });
});

describe("joinedMeshOf", () => {
  it("joins the parts' buffers, each part's indices offset by the vertices before it", () => {
    const coat = material("coat", 0.1);
    const a = sourceOf(meshOf("a", triangle(0, { uvs: [0, 0, 1, 0, 0, 1] }), coat), "body", 2);
    const b = sourceOf(meshOf("b", square({ uvs: [0.5, 0.5, 1, 0.5, 1, 1, 0.5, 1] }), coat), "head", 3);
    a.source.receiveShadows = true;
    const bones = skeleton();
    const mesh = joinedMeshOf(setOf(a, b), 0, bones, "joined")!;
    expect(mesh.name).toBe("joined");
    expect(data(mesh, "position")).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0, 2, 1, 1, 2, 0, 1]);
    expect(data(mesh, "normal")).toEqual([0, 0, -1, 0, 0, -1, 0, 0, -1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(data(mesh, "uv")).toEqual([0, 0, 1, 0, 0, 1, 0.5, 0.5, 1, 0.5, 1, 1, 0.5, 1]);
    expect(Array.from(mesh.getIndices()!)).toEqual([0, 1, 2, 3, 4, 5, 3, 5, 6]);
    // Each vertex bound to its part's joint with weight 1.
    expect(data(mesh, "matricesIndices")).toEqual(
      [...Array(3).fill([2, 0, 0, 0]), ...Array(4).fill([3, 0, 0, 0])].flat(),
    );
    expect(data(mesh, "matricesWeights")).toEqual(Array(7).fill([1, 0, 0, 0]).flat());
    expect(mesh.skeleton).toBe(bones);
    expect(mesh.numBoneInfluencers).toBe(1);
    // The first part's look, and no look index (one look).
    expect(mesh.material).toBe(coat);
    expect(mesh.receiveShadows).toBe(true);
    expect(mesh.getVerticesData(LOOK_KIND)).toBeNull();
  });

  it("gives the joined mesh uvs where any part has them, zero for the parts without", () => {
    const a = sourceOf(meshOf("a", triangle(0)), "body", 0);
    const b = sourceOf(meshOf("b", triangle(1, { uvs: [0.25, 0.5, 0.75, 0.5, 0.5, 1] })), "head", 1);
    const mesh = joinedMeshOf(setOf(a, b), 0, skeleton(), "joined")!;
    expect(data(mesh, "uv")).toEqual([0, 0, 0, 0, 0, 0, 0.25, 0.5, 0.75, 0.5, 0.5, 1]);
  });

  it("gives the joined mesh no uvs where no part has them", () => {
    const a = sourceOf(meshOf("a", triangle(0)), "body", 0);
    const b = sourceOf(meshOf("b", square()), "head", 1);
    const mesh = joinedMeshOf(setOf(a, b), 0, skeleton(), "joined")!;
    expect(mesh.isVerticesDataPresent("uv")).toBe(false);
    expect(mesh.getTotalVertices()).toBe(7);
  });

  it("leaves out a part without vertices, and is null when no part has one", () => {
    const empty = sourceOf(meshOf("empty", { positions: [], uvs: [], indices: [] }), "horn", 1);
    const a = sourceOf(meshOf("a", triangle(0)), "body", 0);
    const mesh = joinedMeshOf(setOf(empty, a), 0, skeleton(), "joined")!;
    expect(data(mesh, "position")).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(Array.from(mesh.getIndices()!)).toEqual([0, 1, 2]);
    // An empty part's uvs do not give the others uvs.
    expect(mesh.isVerticesDataPresent("uv")).toBe(false);
    expect(partSkinStats.meshesJoined).toBe(1);
    expect(joinedMeshOf(setOf(empty), 0, skeleton(), "none")).toBeNull();
    expect(partSkinStats.meshesJoined).toBe(1);
  });

  it("reads a level's own buffers, computing normals for a level without, and the full mesh for a level with none", () => {
    // The level's normals point up, not as its triangle's face would have them.
    const withNormals: ObjLevelBuffers = {
      positions: new Float32Array([0, 0, 5, 1, 0, 5, 0, 1, 5]),
      normals: new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0]),
      uvs: new Float32Array([0, 0, 1, 0, 0, 1]),
      indices: new Uint16Array([0, 1, 2]),
    };
    const withoutNormals: ObjLevelBuffers = {
      positions: new Float32Array([0, 0, 6, 1, 0, 6, 0, 1, 6]),
      indices: new Uint16Array([0, 1, 2]),
    };
    const levels: ObjLevels = [withNormals, withoutNormals, null];
    const a = sourceOf(meshOf("a", square()), "body", 0, levels);
    const at = (index: number) => joinedMeshOf(setOf(a), index, skeleton(), `joined${index}`)!;

    expect(data(at(0), "position")).toEqual(square().positions);
    expect(data(at(0), "normal")).toEqual(square().normals);
    const one = at(1);
    expect(data(one, "position")).toEqual([0, 0, 5, 1, 0, 5, 0, 1, 5]);
    expect(data(one, "normal")).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
    expect(data(one, "uv")).toEqual([0, 0, 1, 0, 0, 1]);
    const two = at(2);
    expect(data(two, "position")).toEqual([0, 0, 6, 1, 0, 6, 0, 1, 6]);
    const computed = new Float32Array(9);
    VertexData.ComputeNormals(withoutNormals.positions, withoutNormals.indices, computed);
    expect(data(two, "normal")).toEqual(Array.from(computed));
    expect(Math.abs(computed[2]!)).toBe(1);
    expect(two.isVerticesDataPresent("uv")).toBe(false);
    expect(data(at(3), "position")).toEqual(square().positions);
  });

  it("keeps 32-bit indices when the joined mesh has more vertices than 16 bits can number", () => {
    // A part of 65 535 vertices (a fan of triangles), then a triangle: its corners are vertices
    // 65 535 to 65 537, which 16-bit indices would wrap to 65 535, 0 and 1.
    const n = 65_535;
    const positions = new Array<number>(n * 3).fill(0);
    for (let k = 0; k < n; k++) positions[k * 3] = k / n;
    const indices: number[] = [];
    for (let k = 1; k + 1 < n; k++) indices.push(0, k, k + 1);
    const big = sourceOf(meshOf("big", { positions, indices }), "body", 0);
    const small = sourceOf(meshOf("small", triangle(0)), "head", 1);
    const mesh = joinedMeshOf(setOf(big, small), 0, skeleton(), "joined")!;
    expect(mesh.getTotalVertices()).toBe(n + 3);
    expect(Array.from(mesh.getIndices()!.slice(-3))).toEqual([n, n + 1, n + 2]);
    // Below the bound, 16 bits are enough and are used.
    const two = joinedMeshOf(setOf(small, sourceOf(meshOf("other", square()), "head", 1)), 0, skeleton(), "two")!;
    expect(mesh.getIndices()).toBeInstanceOf(Uint32Array);
    expect(two.getIndices()).toBeInstanceOf(Uint16Array);
  });

  it("marks each vertex with its look's index, in a buffer that is not updated, for looks drawn as one", () => {
    const body = sourceOf(meshOf("body", triangle(0), material("coat", 0.1)), "body", 0);
    const head = sourceOf(meshOf("head", square(), material("eye", 0.9)), "head", 1);
    const [set] = drawSetsOf(env.scene, looksOf([body, head]), "model/looks");
    const mesh = joinedMeshOf(set!, 0, skeleton(), "joined")!;
    expect(data(mesh, LOOK_KIND)).toEqual([0, 0, 0, 1, 1, 1, 1]);
    expect(mesh.getVertexBuffer(LOOK_KIND)?.isUpdatable()).toBe(false);
    expect(mesh.material).toBe(set!.material);
  });

  it("counts each joined mesh it builds", () => {
    const a = sourceOf(meshOf("a", triangle(0)), "body", 0);
    joinedMeshOf(setOf(a), 0, skeleton(), "one");
    joinedMeshOf(setOf(a), 0, skeleton(), "two");
    expect(partSkinStats.meshesJoined).toBe(2);
  });
});

describe("partSkeleton", () => {
  it("makes one bone per joint, named after the skeleton, kept out of the scene's list", () => {
    const other = partSkeleton(env.scene, "other", 1);
    env.scene.addSkeleton(other);
    const bones = partSkeleton(env.scene, "model/skeleton", 3);
    expect(bones.bones.map((b) => b.name)).toEqual(["model/skeleton/0", "model/skeleton/1", "model/skeleton/2"]);
    expect(env.scene.skeletons).toEqual([other]);
  });

  it("leaves the scene's skeletons alone when the scene takes in no new entities", () => {
    const other = partSkeleton(env.scene, "other", 1);
    env.scene.addSkeleton(other);
    // As while a loader fills an asset container: a new skeleton is not put in the scene's list.
    env.scene._blockEntityCollection = true;
    const bones = partSkeleton(env.scene, "model/skeleton", 2);
    env.scene._blockEntityCollection = false;
    expect(bones.bones).toHaveLength(2);
    expect(env.scene.skeletons).toEqual([other]);
  });
});
