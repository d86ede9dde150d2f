/**
 * vertexLevels' rules (riggedLevelData.ts) on flat meshes, which meshoptimizer's simplifier takes
 * down to the triangle count asked for: the target from the ratio per run, the 10% gain a level
 * needs over the last level made, null levels, the compacted buffers (vertices in order of first
 * use, every attribute gathered with them), sub-mesh runs kept apart with their materials (a run
 * emptied or without triangles keeps its own), and bone weights weighed: a grid skinned rigidly
 * in two halves keeps the joint between them. No engine.
 */
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type IndexRange,
  simplifierReady,
  type VertexAttribute,
  type VertexLevel,
  type VertexLevelSpec,
  type VertexLevels,
  type VertexMesh,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { runVertexLevels } from "./vertexLevelSteps.js";

beforeAll(() => simplifierReady());

/**
 * An n × n grid of unit quads in the plane z = `z`, its uv xy / 8 and a colour (x, y, z, 1) a
 * vertex, and bone indices and weights when `boneOf` gives each vertex a bone (weight 1).
 */
function grid(n: number, { z = 0, boneOf }: { z?: number; boneOf?: (x: number) => number } = {}): VertexMesh {
  const positions: number[] = [];
  const uvs: number[] = [];
  const colours: number[] = [];
  const bones: number[] = [];
  const weights: number[] = [];
  for (let y = 0; y <= n; y++) {
    for (let x = 0; x <= n; x++) {
      positions.push(x, y, z);
      uvs.push(x / 8, y / 8);
      colours.push(x, y, z, 1);
      bones.push(boneOf?.(x) ?? 0, 0, 0, 0);
      weights.push(1, 0, 0, 0);
    }
  }
  const indices: number[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      indices.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
    }
  }
  const p = Float32Array.from(positions);
  const attributes: VertexAttribute[] = [
    { kind: "position", data: p, size: 3 },
    { kind: "uv", data: Float32Array.from(uvs), size: 2 },
    { kind: "color", data: Float32Array.from(colours), size: 4 },
  ];
  if (boneOf) {
    attributes.push(
      { kind: "matricesIndices", data: Float32Array.from(bones), size: 4 },
      { kind: "matricesWeights", data: Float32Array.from(weights), size: 4 },
    );
  }
  return { indices: Uint32Array.from(indices), positions: p, attributes };
}

/** A strip of 5 quads (10 triangles, 30 indices, every vertex on the border), positions only. */
function strip(): VertexMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let x = 0; x <= 5; x++) positions.push(x, 0, 0, x, 1, 0);
  for (let x = 0; x < 5; x++) indices.push(2 * x, 2 * x + 2, 2 * x + 3, 2 * x, 2 * x + 3, 2 * x + 1);
  const p = Float32Array.from(positions);
  return { indices: Uint32Array.from(indices), positions: p, attributes: [{ kind: "position", data: p, size: 3 }] };
}

/** A closed tetrahedron at z = `z`: under a large error bound the simplifier collapses it to nothing. */
function tetrahedron(z: number): VertexMesh {
  const p = Float32Array.from([0, 0, z, 1, 0, z, 0, 1, z, 0, 0, z + 1]);
  return {
    indices: Uint32Array.from([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
    positions: p,
    attributes: [
      { kind: "position", data: p, size: 3 },
      { kind: "uv", data: Float32Array.from([0, 0, 1 / 8, 0, 0, 1 / 8, 0, 0]), size: 2 },
      { kind: "color", data: Float32Array.from([0, 0, z, 1, 1, 0, z, 1, 0, 1, z, 1, 0, 0, z + 1, 1]), size: 4 },
    ],
  };
}

/** `meshes` in one vertex buffer, their indices one after the other, a run each with the material given. */
function joined(meshes: readonly VertexMesh[], materials: readonly number[]): VertexMesh {
  const indices: number[] = [];
  const ranges: IndexRange[] = [];
  let vertices = 0;
  meshes.forEach((mesh, i) => {
    ranges.push({ indexStart: indices.length, indexCount: mesh.indices.length, materialIndex: materials[i]! });
    for (const v of mesh.indices) indices.push(v + vertices);
    vertices += mesh.positions.length / 3;
  });
  const attributes = meshes[0]!.attributes.map(({ kind, size }) => ({
    kind,
    size,
    data: Float32Array.from(meshes.flatMap((m) => Array.from(m.attributes.find((a) => a.kind === kind)!.data))),
  }));
  const positions = attributes.find((a) => a.kind === "position")!.data;
  return { indices: Uint32Array.from(indices), positions, attributes, ranges };
}

const levelsOf = (mesh: VertexMesh, specs: readonly VertexLevelSpec[]) => runVertexLevels(mesh, specs).levels;
const counts = (levels: VertexLevels) => levels.map((level) => (level === null ? null : level.indices.length));
const attribute = (level: VertexLevel, kind: string) => level.attributes.find((a) => a.kind === kind)!.data;

/** The x of each corner of each triangle of `level` (or of its run). */
function triangleXs(level: VertexLevel, run?: IndexRange): number[][] {
  const positions = attribute(level, "position");
  const indices = run ? level.indices.subarray(run.indexStart, run.indexStart + run.indexCount) : level.indices;
  const out: number[][] = [];
  for (let t = 0; t < indices.length; t += 3) out.push([0, 1, 2].map((k) => positions[indices[t + k]! * 3]!));
  return out;
}

/** Every vertex of `level` is used, numbered in order of first use, its uv and colour those of its position. */
function expectCompacted(level: VertexLevel): void {
  const positions = attribute(level, "position");
  const uvs = attribute(level, "uv");
  const colours = attribute(level, "color");
  const vertices = positions.length / 3;
  expect(uvs).toHaveLength(vertices * 2);
  expect(colours).toHaveLength(vertices * 4);
  let next = 0;
  for (const index of level.indices) {
    expect(index).toBeLessThanOrEqual(next);
    if (index === next) next++;
  }
  expect(next).toBe(vertices);
  for (let v = 0; v < vertices; v++) {
    const [x, y, z] = positions.subarray(v * 3, v * 3 + 3);
    expect(Array.from(uvs.subarray(v * 2, v * 2 + 2))).toEqual([Math.fround(x! / 8), Math.fround(y! / 8)]);
    expect(Array.from(colours.subarray(v * 4, v * 4 + 4))).toEqual([x, y, z, 1]);
  }
}

describe("vertexLevels' targets and gains", () => {
  it("aims each level at its ratio of the triangles, rounded down to whole triangles, at least one", () => {
    const mesh = grid(6); // 72 triangles, 216 indices
    expect(counts(levelsOf(mesh, [{ ratio: 0.5, error: 1 }]))).toEqual([108]);
    expect(counts(levelsOf(mesh, [{ ratio: 0.3, error: 1 }]))).toEqual([63]);
    expect(counts(levelsOf(mesh, [{ ratio: 0.01, error: 1 }]))).toEqual([3]);
    expect(counts(levelsOf(mesh, [{ ratio: 0.9, error: 1 }]))).toEqual([192]);
  });

  it("makes a level that keeps exactly 90% of the mesh, none that keeps more or that the error bound forbids", () => {
    expect(counts(levelsOf(strip(), [{ ratio: 0.9, error: 1 }]))).toEqual([27]);
    expect(levelsOf(grid(6), [{ ratio: 0.95, error: 1 }])).toEqual([null]);
    // 546 of 600 indices is 91%.
    expect(levelsOf(grid(10), [{ ratio: 0.91, error: 1 }])).toEqual([null]);
    expect(levelsOf(grid(6), [{ ratio: 0.5, error: 0 }])).toEqual([null]);
  });

  it("leaves a level null until one gains enough, then repeats the last level made while the next gains under 10% of it", () => {
    const { levels, steps } = runVertexLevels(grid(6), [
      { ratio: 0.95, error: 1 },
      { ratio: 0.5, error: 1 },
      { ratio: 0.48, error: 1 },
      { ratio: 0.2, error: 1 },
    ]);
    expect(steps).toBe(4); // one simplifier call a step
    // 105 of 216 indices would be a level against the full mesh; against the 108 before it gains under 10%.
    expect(counts(levels)).toEqual([null, 108, 108, 39]);
    expect(levels[2]).toBe(levels[1]);
    expect(levels[3]).not.toBe(levels[1]);
  });

  it("makes no level of a mesh without triangles", () => {
    const mesh = { ...grid(2), indices: new Uint32Array(0) };
    expect(runVertexLevels(mesh, [{ ratio: 0.5, error: 1 }])).toEqual({ levels: [null], steps: 1 });
  });
});

describe("a level's buffers", () => {
  it("keeps the vertices it uses, in order of first use, every attribute gathered with them, and no runs", () => {
    const [level] = levelsOf(grid(6), [{ ratio: 0.2, error: 1 }]);
    expect(Object.keys(level!)).toEqual(["indices", "attributes"]);
    expect(level!.indices).toBeInstanceOf(Uint16Array);
    expect(level!.attributes.map((a) => [a.kind, a.size])).toEqual([
      ["position", 3],
      ["uv", 2],
      ["color", 4],
    ]);
    expect(attribute(level!, "position").length).toBeLessThan(49 * 3);
    expectCompacted(level!);
  });
});

describe("levels of a mesh of several runs", () => {
  it("simplifies each run toward its own ratio, keeps each a run of its own with its material, in the runs' order", () => {
    // The small grid's run comes first though its indices come last in the buffer.
    const big = grid(6);
    const small = grid(3, { z: 5 });
    const mesh = joined([big, small], [1, 2]);
    const reordered = { ...mesh, ranges: [mesh.ranges![1]!, mesh.ranges![0]!] };
    const { levels, steps } = runVertexLevels(reordered, [
      { ratio: 0.5, error: 1 },
      { ratio: 0.01, error: 1 },
    ]);
    expect(steps).toBe(4); // one simplifier call per spec and run
    const [half, least] = levels as VertexLevel[];
    expect(half!.ranges).toEqual([
      { indexStart: 0, indexCount: 27, materialIndex: 2 },
      { indexStart: 27, indexCount: 108, materialIndex: 1 },
    ]);
    expect(least!.ranges).toEqual([
      { indexStart: 0, indexCount: 3, materialIndex: 2 },
      { indexStart: 3, indexCount: 3, materialIndex: 1 },
    ]);
    for (const level of [half!, least!]) {
      // Each run's triangles are its own grid's: the small one at z = 5, the big one at z = 0.
      const positions = attribute(level, "position");
      const zs = level.ranges!.map((r) =>
        Array.from(level.indices.subarray(r.indexStart, r.indexStart + r.indexCount), (v) => positions[v * 3 + 2]),
      );
      expect(new Set(zs[0])).toEqual(new Set([5]));
      expect(new Set(zs[1])).toEqual(new Set([0]));
      expectCompacted(level);
    }
  });

  it("keeps a run's own triangles when simplifying leaves it none, and a run without triangles empty", () => {
    const mesh = joined([grid(6), tetrahedron(20)], [0, 3]);
    const empty = { indexStart: 12, indexCount: 0, materialIndex: 4 };
    const [level] = levelsOf({ ...mesh, ranges: [...mesh.ranges!, empty] }, [{ ratio: 0.25, error: 1 }]);
    expect(level!.ranges).toEqual([
      { indexStart: 0, indexCount: 54, materialIndex: 0 },
      { indexStart: 54, indexCount: 12, materialIndex: 3 },
      { indexStart: 66, indexCount: 0, materialIndex: 4 },
    ]);
    expect(level!.indices).toHaveLength(66);
    // The tetrahedron's four triangles, as they were.
    const positions = attribute(level!, "position");
    const corners = Array.from(level!.indices.subarray(54), (v) => Array.from(positions.subarray(v * 3, v * 3 + 3)));
    const original = tetrahedron(20);
    expect(corners).toEqual(
      Array.from(original.indices, (v) => Array.from(original.positions.subarray(v * 3, v * 3 + 3))),
    );
    expectCompacted(level!);
  });
});

describe("bone weights", () => {
  it("keeps the joint of a grid skinned rigidly in two halves, which simplifies as without weights when all is one bone", () => {
    const spec = [{ ratio: 0.01, error: 0.01 }];
    // Without weights, or with one bone for all, the flat grid becomes its two corner triangles.
    expect(counts(levelsOf(grid(6), spec))).toEqual([6]);
    expect(counts(levelsOf(grid(6, { boneOf: () => 3 }), spec))).toEqual([6]);
    // Bone 4 left of x = 3, bone 9 from it: the column of quads across the joint stays, each side a rectangle.
    const [level] = levelsOf(grid(6, { boneOf: (x) => (x < 3 ? 4 : 9) }), spec);
    expect(level!.indices).toHaveLength(18);
    for (const xs of triangleXs(level!)) {
      const [low, high] = [Math.min(...xs), Math.max(...xs)];
      expect([
        [0, 2],
        [2, 3],
        [3, 6],
      ]).toContainEqual([low, high]);
    }
    // The bones are carried with the vertices kept.
    const positions = attribute(level!, "position");
    const bones = attribute(level!, "matricesIndices");
    const weights = attribute(level!, "matricesWeights");
    expect(level!.attributes.map((a) => a.kind)).toEqual([
      "position",
      "uv",
      "color",
      "matricesIndices",
      "matricesWeights",
    ]);
    for (let v = 0; v < positions.length / 3; v++) {
      expect(Array.from(bones.subarray(v * 4, v * 4 + 4))).toEqual([positions[v * 3]! < 3 ? 4 : 9, 0, 0, 0]);
      expect(Array.from(weights.subarray(v * 4, v * 4 + 4))).toEqual([1, 0, 0, 0]);
    }
  });

  it("simplifies a mesh of more than 32 bones meeting one another, sharing the simplifier's 32 attributes", () => {
    // A fan of 34 rim vertices about a hub without weights, every two rim vertices in a triangle
    // with the hub: each rim vertex's own bone meets the 33 others. Beside it, a grid all of bone 40.
    const rim = 34;
    const sheet = grid(10, { z: 5, boneOf: () => 40 });
    const positions: number[] = [0, 0, 1];
    const bones: number[] = [0, 0, 0, 0];
    const weights: number[] = [0, 0, 0, 0];
    for (let k = 1; k <= rim; k++) {
      positions.push(Math.cos((k / rim) * 2 * Math.PI), Math.sin((k / rim) * 2 * Math.PI), 0);
      bones.push(k, 0, 0, 0);
      weights.push(1, 0, 0, 0);
    }
    const indices: number[] = [];
    for (let i = 1; i <= rim; i++) for (let j = i + 1; j <= rim; j++) indices.push(0, i, j);
    const fan = indices.length;
    for (const v of sheet.indices) indices.push(v + rim + 1);
    const of = (kind: string, fanData: number[]) =>
      Float32Array.from([...fanData, ...sheet.attributes.find((a) => a.kind === kind)!.data]);
    const p = of("position", positions);
    const mesh: VertexMesh = {
      indices: Uint32Array.from(indices),
      positions: p,
      attributes: [
        { kind: "position", data: p, size: 3 },
        { kind: "matricesIndices", data: of("matricesIndices", bones), size: 4 },
        { kind: "matricesWeights", data: of("matricesWeights", weights), size: 4 },
      ],
    };
    const [level] = levelsOf(mesh, [{ ratio: 0.5, error: 0.01 }]);
    // The fan's triangles stay (any collapse moves a vertex onto another bone's), the grid becomes two.
    expect(level!.indices).toHaveLength(fan + 6);
  });
});

describe("simplifierReady", () => {
  it("rejects, saying WebAssembly is not available, where the simplifier is not supported", async () => {
    const simplifier = MeshoptSimplifier as { supported: boolean };
    simplifier.supported = false;
    try {
      await expect(simplifierReady()).rejects.toThrow(/^WebAssembly is not available$/);
    } finally {
      simplifier.supported = true;
    }
    await expect(simplifierReady()).resolves.toBeUndefined();
  });
});
