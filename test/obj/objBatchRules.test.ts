/**
 * ObjVertexBatch's rules, fed corners directly: which corners share a vertex (SolidParser's
 * first-vertex and second-vertex quirks), past the first 64 positions and the first 128 pairs,
 * what each flush gives and that it starts the next batch clean, and where 16-bit indices end.
 */
import { describe, expect, it } from "vitest";
import { ObjTextError, type ObjValues, ObjVertexBatch, objBatchStats } from "../../src/obj/objBatch.js";

/** `positionCount` positions (k, k + 0.5, -k), uvs (k, 1) and normals (0, k, 1). */
function valuesOf(positionCount: number, uvCount = 0, normalCount = 0): ObjValues {
  const positions = new Float64Array(positionCount * 3);
  for (let k = 0; k < positionCount; k++) positions.set([k, k + 0.5, -k], k * 3);
  const uvs = new Float64Array(uvCount * 2);
  for (let k = 0; k < uvCount; k++) uvs.set([k, 1], k * 2);
  const normals = new Float64Array(normalCount * 3);
  for (let k = 0; k < normalCount; k++) normals.set([0, k, 1], k * 3);
  return { positions, positionCount, uvs, uvCount, normals, normalCount };
}

/** The indices the corners (position, uv, normal) give in a new batch. */
function indicesOf(corners: [number, number, number][], values: ObjValues): number[] {
  const batch = new ObjVertexBatch();
  for (const [p, t, n] of corners) batch.corner(p, t, n, values);
  return Array.from(batch.flush(values, 1).indices);
}

describe("which corners share a vertex", () => {
  it("reuses a position's first vertex with the same normal and uv, and only that one", () => {
    const values = valuesOf(3, 2, 2);
    expect(
      indicesOf(
        [
          [0, 0, 0],
          [0, 1, 0],
          [0, 0, 0],
          [0, 1, 0],
        ],
        values,
      ),
    ).toEqual([0, 1, 0, 2]);
  });

  it("never reuses a vertex that was its position's second (SolidParser's quirk)", () => {
    const values = valuesOf(3, 2, 2);
    expect(
      indicesOf(
        [
          [1, -1, 0],
          [1, -1, 1],
          [1, -1, 1],
          [1, -1, 1],
        ],
        values,
      ),
    ).toEqual([0, 1, 2, 3]);
  });

  it("counts every vertex of a position, shared pair or not, so its third one is reused", () => {
    const values = valuesOf(3, 2, 2);
    expect(
      indicesOf(
        [
          [2, 0, 0],
          [2, 1, 0],
          [2, 0, 1],
          [2, 0, 1],
        ],
        values,
      ),
    ).toEqual([0, 1, 2, 2]);
  });

  it("keeps counting past the first 64 positions, a position first used far beyond them included", () => {
    for (const position of [64, 300]) {
      const values = valuesOf(400, 0, 2);
      expect(
        indicesOf(
          [
            [position, -1, 0],
            [position, -1, 1],
            [position, -1, 1],
          ],
          values,
        ),
      ).toEqual([0, 1, 2]);
    }
  });

  it("keeps the counts of earlier positions when it makes room for more", () => {
    const values = valuesOf(200, 0, 2);
    expect(
      indicesOf(
        [
          [0, -1, 0],
          [150, -1, 0],
          [0, -1, 1],
          [0, -1, 1],
        ],
        values,
      ),
    ).toEqual([0, 1, 2, 3]);
  });

  it("finds every earlier vertex after its table grew (300 pairs), a position's second one never, comparing once per reuse at least", () => {
    const values = valuesOf(306, 0, 2);
    // Position 5's second vertex (pair 5, normal 1) is never reused, before the table grows or after.
    const quirk: [number, number, number][] = [
      [5, -1, 0],
      [5, -1, 1],
    ];
    const corners: [number, number, number][] = [];
    for (let k = 6; k < 306; k++) corners.push([k, -1, k % 2]);
    const before = objBatchStats.verticesCompared;
    const indices = indicesOf([...quirk, ...corners, ...quirk, [5, -1, 1], ...corners], values);
    const compared = objBatchStats.verticesCompared - before;
    const rest = Array.from({ length: 300 }, (_, k) => k + 2);
    expect(indices).toEqual([0, 1, ...rest, 0, 302, 303, ...rest]);
    expect(compared).toBeGreaterThanOrEqual(301);
  });

  it("tells one position's pairs apart by their normal, however many there are", () => {
    const values = valuesOf(1, 0, 200);
    const corners: [number, number, number][] = Array.from({ length: 200 }, (_, n) => [0, -1, n]);
    const first = Array.from({ length: 200 }, (_, k) => k);
    // The second pair's vertex is the position's second: a new vertex again.
    expect(indicesOf([...corners, ...corners], values)).toEqual([...first, 0, 200, ...first.slice(2)]);
  });
});

describe("a batch's flush", () => {
  it("gives positions, uvs and normals per vertex, X times the sign given", () => {
    const values = valuesOf(3, 2, 2);
    const batch = new ObjVertexBatch();
    for (const [p, t, n] of [
      [2, 1, 1],
      [0, 0, 1],
      [1, 1, 0],
    ] as const)
      batch.corner(p, t, n, values);
    const out = batch.flush(values, -1);
    expect(Array.from(out.positions, (v) => v + 0)).toEqual([-2, 2.5, -2, 0, 0.5, 0, -1, 1.5, -1]);
    expect(Array.from(out.normals!, (v) => v + 0)).toEqual([0, 1, 1, 0, 1, 1, 0, 0, 1]);
    expect(Array.from(out.uvs!)).toEqual([1, 1, 0, 1, 1, 1]);
    expect(Array.from(out.indices)).toEqual([0, 1, 2]);
    expect(out.hasLines).toBe(false);
  });

  it("counts a uv or normal index at or past those defined as none, and gives no buffer for none", () => {
    const values = valuesOf(3, 1, 1);
    const batch = new ObjVertexBatch();
    for (const p of [0, 1, 2]) batch.corner(p, 1, 1, values);
    const out = batch.flush(values, 1);
    expect(out).toEqual({ positions: out.positions, indices: out.indices, hasLines: false });
    expect(Array.from(out.positions, (v) => v + 0)).toEqual([0, 0.5, 0, 1, 1.5, -1, 2, 2.5, -2]);
  });

  it("rejects a position outside those defined, naming it as the OBJ counts", () => {
    const values = valuesOf(3);
    const batch = new ObjVertexBatch();
    for (const position of [3, -1, 7]) {
      let error: unknown;
      try {
        batch.corner(position, -1, -1, values);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ObjTextError);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe("ObjTextError");
      expect((error as Error).message).toBe(`a face refers to vertex ${position + 1}, which is not defined before it`);
    }
    expect(batch.indexCount).toBe(0);
  });

  it("starts the next batch clean: no vertices, pairs, uvs, normals, lines or counts of the last", () => {
    const values = valuesOf(3, 2, 2);
    const batch = new ObjVertexBatch();
    batch.corner(0, 0, 0, values);
    batch.corner(1, 0, 0, values);
    batch.corner(2, 1, 0, values);
    batch.hasLines = true;
    expect(batch.indexCount).toBe(3);
    const first = batch.flush(values, 1);
    expect(Array.from(first.indices)).toEqual([0, 1, 2]);
    expect(first.hasLines).toBe(true);
    expect(batch.indexCount).toBe(0);
    // Position 1 was vertex 1 (uv 0, normal 0) of the last batch, position 2 had one vertex.
    batch.corner(1, 0, 0, values);
    batch.corner(2, 0, 1, values);
    batch.corner(2, 0, 1, values);
    const second = batch.flush(values, 1);
    expect(second.hasLines).toBe(false);
    expect(Array.from(second.indices)).toEqual([0, 1, 1]);
    expect(Array.from(second.positions)).toEqual([1, 1.5, -1, 2, 2.5, -2]);
    expect(Array.from(second.uvs!)).toEqual([0, 1, 0, 1]);
    expect(Array.from(second.normals!)).toEqual([0, 0, 1, 0, 1, 1]);
    // And a batch without uvs or normals after one with both gives neither.
    batch.corner(0, -1, -1, values);
    expect(batch.flush(values, 1)).toEqual({
      positions: new Float32Array([0, 0.5, -0]),
      indices: new Uint16Array([0]),
      hasLines: false,
    });
  });

  it("gives 16-bit indices up to 65 536 vertices and 32-bit past them", () => {
    const values = valuesOf(65_537);
    for (const count of [65_536, 65_537]) {
      const batch = new ObjVertexBatch();
      for (let k = 0; k < count; k++) batch.corner(k, -1, -1, values);
      const out = batch.flush(values, 1);
      expect(out.indices).toBeInstanceOf(count === 65_536 ? Uint16Array : Uint32Array);
      expect(out.indices.length).toBe(count);
      expect(out.indices[count - 1]).toBe(count - 1);
    }
  });
});
