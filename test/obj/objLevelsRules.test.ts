/**
 * makeObjLevels' rules on flat meshes, which meshoptimizer's simplifier takes down to the
 * triangle count asked for: the target from the ratio, the 10% gain a level needs over the one
 * before, the meshes it declines, and the compacted buffers (renumber, gather) of a level.
 */
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { beforeAll, describe, expect, it } from "vitest";
import type { ObjMeshBuffers } from "../../src/obj/objBatch.js";
import {
  gather,
  makeObjLevels,
  type ObjLevelBuffers,
  objLevelStats,
  renumber,
  simplifierReady,
} from "../../src/obj/objLevels.js";

beforeAll(() => simplifierReady());

/** An n × n grid of unit quads in the z = 0 plane, uv = xy / n, normals +z; 16-bit indices. */
function grid(n: number): ObjMeshBuffers {
  const positions: number[] = [];
  const uvs: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let y = 0; y <= n; y++) {
    for (let x = 0; x <= n; x++) {
      positions.push(x, y, 0);
      uvs.push(x / n, y / n);
      normals.push(0, 0, 1);
    }
  }
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      indices.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
    }
  }
  return {
    positions: new Float32Array(positions),
    uvs: new Float32Array(uvs),
    normals: new Float32Array(normals),
    indices: new Uint16Array(indices),
    hasLines: false,
  };
}

/** A strip of 5 quads (10 triangles, every vertex on the border), positions only. */
function strip(): ObjMeshBuffers {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let x = 0; x <= 5; x++) positions.push(x, 0, 0, x, 1, 0);
  for (let x = 0; x < 5; x++) indices.push(2 * x, 2 * x + 2, 2 * x + 3, 2 * x, 2 * x + 3, 2 * x + 1);
  return { positions: new Float32Array(positions), indices: new Uint16Array(indices), hasLines: false };
}

const counts = (levels: ReturnType<typeof makeObjLevels>) =>
  levels?.map((level) => (level === null ? null : level.indices.length));

/** A level's vertices are grid vertices (uv × 6 = xy, normal +z), each used, numbered in order of first use. */
function expectGridLevel(level: ObjLevelBuffers): void {
  const vertices = level.positions.length / 3;
  expect(level.uvs).toHaveLength(vertices * 2);
  expect(level.normals).toHaveLength(vertices * 3);
  for (let v = 0; v < vertices; v++) {
    expect([Math.round(level.uvs![v * 2]! * 6), Math.round(level.uvs![v * 2 + 1]! * 6), 0]).toEqual(
      Array.from(level.positions.subarray(v * 3, v * 3 + 3)),
    );
    expect(Array.from(level.normals!.subarray(v * 3, v * 3 + 3))).toEqual([0, 0, 1]);
  }
  let next = 0;
  for (const index of level.indices) {
    expect(index).toBeLessThanOrEqual(next);
    if (index === next) next++;
  }
  expect(next).toBe(vertices);
}

describe("makeObjLevels", () => {
  it("aims each level at its ratio of the triangles, rounded down to whole triangles, at least one", () => {
    const mesh = grid(6); // 72 triangles, 216 indices
    expect(counts(makeObjLevels(mesh, [{ ratio: 0.5, error: 1 }]))).toEqual([108]);
    expect(counts(makeObjLevels(mesh, [{ ratio: 0.3, error: 1 }]))).toEqual([63]);
    expect(counts(makeObjLevels(mesh, [{ ratio: 0.01, error: 1 }]))).toEqual([3]);
    expect(counts(makeObjLevels(mesh, [{ ratio: 0.9, error: 1 }]))).toEqual([192]);
  });

  it("gives a level compacted buffers: the grid vertices it uses, in order of first use, with their uvs and normals", () => {
    const mesh = grid(6);
    const [level] = makeObjLevels(mesh, [{ ratio: 0.2, error: 1 }]) as ObjLevelBuffers[];
    expect(level!.indices).toBeInstanceOf(Uint16Array);
    expect(level!.indices.length).toBeLessThanOrEqual(42);
    expectGridLevel(level!);
    const [positionsOnly] = makeObjLevels(strip(), [{ ratio: 0.5, error: 1 }]) as ObjLevelBuffers[];
    expect(positionsOnly).toEqual({ positions: positionsOnly!.positions, indices: positionsOnly!.indices });
  });

  it("repeats the level before when a level keeps more than 90% of it, and keeps exactly 90%", () => {
    const mesh = grid(6);
    const levels = makeObjLevels(mesh, [
      { ratio: 0.5, error: 1 },
      { ratio: 0.47, error: 1 },
      { ratio: 0.46, error: 1 },
      { ratio: 0.2, error: 1 },
    ])!;
    expect(counts(levels)).toEqual([108, 108, 108, 39]);
    expect(levels[1]).toBe(levels[0]);
    expect(levels[2]).toBe(levels[0]);
    expect(levels[3]).not.toBe(levels[0]);
    // 27 of 30 indices is exactly 90%: worth a level.
    expect(counts(makeObjLevels(strip(), [{ ratio: 0.9, error: 1 }]))).toEqual([27]);
    // A level gaining under 10% over the full mesh is null, and so is the next one that gains as little.
    expect(makeObjLevels(grid(6), [{ ratio: 0.95, error: 1 }])).toEqual([null]);
    expect(makeObjLevels(grid(6), [{ ratio: 0.5, error: 0 }])).toEqual([null]);
  });

  it("compares a level with the last level made, not with the full mesh", () => {
    const levels = makeObjLevels(grid(6), [
      { ratio: 0.5, error: 1 },
      { ratio: 0.48, error: 1 },
    ])!;
    // 105 of 216 indices would be a level against the full mesh; against 108 it gains under 10%.
    expect(counts(levels)).toEqual([108, 108]);
    expect(levels[1]).toBe(levels[0]);
  });

  it("declines lines, fewer than 3 indices, no specs and positions that are not finite, and counts what it simplifies", () => {
    const before = objLevelStats.meshesSimplified;
    expect(before).toBeGreaterThanOrEqual(0);
    const specs = [{ ratio: 0.5, error: 1 }];
    expect(makeObjLevels({ ...grid(2), hasLines: true }, specs)).toBeUndefined();
    expect(makeObjLevels({ ...grid(2), indices: new Uint16Array([0, 1]) }, specs)).toBeUndefined();
    expect(makeObjLevels(grid(2), [])).toBeUndefined();
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const mesh = grid(2);
      mesh.positions[7] = bad;
      expect(makeObjLevels(mesh, specs)).toBeUndefined();
    }
    expect(objLevelStats.meshesSimplified).toBe(before);
    const triangle = {
      positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
      indices: new Uint16Array([0, 1, 2]),
      hasLines: false,
    };
    expect(makeObjLevels(triangle, specs)).toEqual([null]);
    expect(
      makeObjLevels({ ...grid(6), indices: Uint32Array.from(grid(6).indices) }, specs)!.map((l) => l!.indices.length),
    ).toEqual([108]);
    expect(objLevelStats.meshesSimplified).toBe(before + 2);
  });
});

describe("makeObjLevels' empty levels", () => {
  it("repeats the level before (none yet: null) when the simplifier leaves no triangle", () => {
    // A closed tetrahedron: under a large error bound the simplifier collapses it to nothing.
    const tetrahedron: ObjMeshBuffers = {
      positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
      indices: new Uint16Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
      hasLines: false,
    };
    expect(makeObjLevels(tetrahedron, [{ ratio: 0.25, error: 1 }])).toEqual([null]);
    // A closed octahedron (8 triangles): half of it first, then nothing, which repeats the half.
    const octahedron: ObjMeshBuffers = {
      positions: new Float32Array([1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1]),
      indices: new Uint16Array([0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5]),
      hasLines: false,
    };
    const levels = makeObjLevels(octahedron, [
      { ratio: 0.5, error: 1 },
      { ratio: 0, error: 1 },
    ])!;
    expect(counts(levels)).toEqual([12, 12]);
    expect(levels[1]).toBe(levels[0]);
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

describe("renumber and gather", () => {
  it("number vertices in order of first use, 16-bit up to 65 535 vertices", () => {
    const { order, indices } = renumber(new Uint32Array([7, 3, 7, 5, 3, 0]), 8);
    expect(order).toEqual([7, 3, 5, 0]);
    expect(indices).toEqual(new Uint16Array([0, 1, 0, 2, 1, 3]));
    for (const count of [65_535, 65_536]) {
      const all = Uint32Array.from({ length: count }, (_, k) => count - 1 - k);
      const out = renumber(all, count);
      expect(out.indices).toBeInstanceOf(count === 65_535 ? Uint16Array : Uint32Array);
      expect(out.order[0]).toBe(count - 1);
      expect(out.indices[count - 1]).toBe(count - 1);
    }
  });

  it("gather each vertex's values in the order given", () => {
    const source = new Float32Array([0, 1, 2, 10, 11, 12, 20, 21, 22]);
    expect(gather(source, [2, 0], 3)).toEqual(new Float32Array([20, 21, 22, 0, 1, 2]));
    expect(gather(source, [1, 3], 2)).toEqual(new Float32Array([2, 10, 20, 21]));
  });
});
