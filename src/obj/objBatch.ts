/**
 * The vertices of the OBJ mesh being read ({@link parseObjText}): each face corner is a
 * (position, uv, normal) index triple that becomes a vertex, shared with an earlier corner the
 * way Babylon's `SolidParser` shares them with `optimizeWithUV` on, quirks included, so that the
 * same text gives the same vertex buffers. Pure, no engine.
 */
import { intList } from "./objScan.js";

/** Thrown when a face names a vertex the OBJ has not defined (yet). */
export class ObjTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ObjTextError";
  }
}

/** One mesh's vertex buffers, ready for a `VertexData`. */
export interface ObjMeshBuffers {
  positions: Float32Array;
  /** Absent when no corner named a normal (the caller computes them, as SolidParser does). */
  normals?: Float32Array;
  /** Absent when no corner named a texture coordinate. */
  uvs?: Float32Array;
  indices: Uint16Array | Uint32Array;
  /** The mesh holds `l` segments (as degenerate triangles). */
  hasLines: boolean;
}

/** The values read so far: positions and normals `xyz`, uvs `uv`, as doubles. */
export interface ObjValues {
  positions: Float64Array;
  positionCount: number;
  uvs: Float64Array;
  uvCount: number;
  normals: Float64Array;
  normalCount: number;
}

/** Counts for tests: the vertices a corner was compared with, over every batch. */
export const objBatchStats = { verticesCompared: 0 };

/** A table slot that holds no vertex. */
const EMPTY = -1;

/** murmur3's 32-bit finalizer: every bit of `h` moves every bit of the result. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class ObjVertexBatch {
  readonly #position = intList();
  readonly #uv = intList();
  readonly #normal = intList();
  readonly #indices = intList(192);
  /**
   * The first vertex made of each (position, normal) pair in this batch, by open addressing:
   * the vertex, `-2 - vertex` when it was its position's second (SolidParser never shares
   * those), or EMPTY. A corner looks at one pair, not at every vertex of its position.
   */
  #table = new Int32Array(256).fill(EMPTY);
  #pairs = 0;
  /** Vertices made per OBJ position in this batch, valid when its stamp is the batch's. */
  #made = new Int32Array(64);
  #stamp = new Int32Array(64);
  #batch = 1;
  /** Keeps where a pair lands unguessable, so that no text can make its pairs collide. */
  readonly #salt = (Math.random() * 0x100000000) >>> 0;
  #withUv = 0;
  #withNormal = 0;
  hasLines = false;

  /** Faces read into this batch so far (as indices). */
  get indexCount(): number {
    return this.#indices.length;
  }

  /**
   * Adds one face corner. `uv` and `normal` are -1 when the face names none; an index outside
   * what is defined so far counts as none for uvs and normals (SolidParser looks values up when
   * it reads the face) but is an error for positions.
   */
  corner(position: number, uv: number, normal: number, values: ObjValues): void {
    if (!(position >= 0 && position < values.positionCount)) {
      throw new ObjTextError(`a face refers to vertex ${position + 1}, which is not defined before it`);
    }
    if (position >= this.#stamp.length) this.#growPositions(values.positionCount);
    // SolidParser: the first vertex of this position with this normal is reused when its uv
    // matches too — except when that vertex is the position's second one (it tests
    // `idx != 1` where `idx != -1` was meant), which never matches.
    const slot = this.#slotOf(position, normal);
    const first = this.#table[slot]!;
    if (first >= 0 && this.#uv.data[first] === uv) {
      this.#indices.push(first);
      return;
    }
    const vertex = this.#position.length;
    this.#position.push(position);
    this.#uv.push(uv);
    this.#normal.push(normal);
    if (first === EMPTY) this.#addPair(slot, this.#rank(position) === 1 ? -2 - vertex : vertex);
    else this.#rank(position);
    if (uv >= 0 && uv < values.uvCount) this.#withUv++;
    if (normal >= 0 && normal < values.normalCount) this.#withNormal++;
    this.#indices.push(vertex);
  }

  /** The table slot of the pair: the one holding its first vertex, else the EMPTY one it would take. */
  #slotOf(position: number, normal: number): number {
    const table = this.#table;
    const mask = table.length - 1;
    const positions = this.#position.data;
    const normals = this.#normal.data;
    let slot = mix(mix(position ^ this.#salt) ^ normal) & mask;
    for (;;) {
      const entry = table[slot]!;
      if (entry === EMPTY) return slot;
      objBatchStats.verticesCompared++;
      const vertex = entry >= 0 ? entry : -2 - entry;
      if (positions[vertex] === position && normals[vertex] === normal) return slot;
      slot = (slot + 1) & mask;
    }
  }

  #addPair(slot: number, entry: number): void {
    this.#table[slot] = entry;
    if (++this.#pairs * 2 <= this.#table.length) return;
    // Over half full: a table twice as big, every pair placed again.
    const old = this.#table;
    this.#table = new Int32Array(old.length * 2).fill(EMPTY);
    for (const kept of old) {
      if (kept === EMPTY) continue;
      const vertex = kept >= 0 ? kept : -2 - kept;
      this.#table[this.#slotOf(this.#position.data[vertex]!, this.#normal.data[vertex]!)] = kept;
    }
  }

  /** The new vertex's rank among its position's vertices in this batch (0: the first). */
  #rank(position: number): number {
    if (this.#stamp[position] === this.#batch) {
      const rank = this.#made[position]!;
      this.#made[position] = rank + 1;
      return rank;
    }
    this.#stamp[position] = this.#batch;
    this.#made[position] = 1;
    return 0;
  }

  #growPositions(count: number): void {
    const size = Math.max(count, this.#stamp.length * 2);
    const grow = (old: Int32Array) => {
      const bigger = new Int32Array(size);
      bigger.set(old);
      return bigger;
    };
    this.#made = grow(this.#made);
    this.#stamp = grow(this.#stamp);
  }

  /**
   * The batch's buffers, X times `xSign`; starts a new batch. Throws when only some vertices
   * have uvs (or normals): SolidParser fails on those too; and when a face uses a position that
   * is not a finite number as a float (`v e e e` reads as NaN, `v 1e39 0 0` as Infinity), which would leave the mesh no bounds and
   * its simplifier (objLevels.ts) quadratic work.
   */
  flush(values: ObjValues, xSign: number): ObjMeshBuffers {
    const count = this.#position.length;
    if (this.#withUv !== 0 && this.#withUv !== count) {
      throw new ObjTextError("some faces name texture coordinates that are not defined");
    }
    if (this.#withNormal !== 0 && this.#withNormal !== count) {
      throw new ObjTextError("some faces name normals that are not defined");
    }
    const from = this.#position.data;
    const positions = new Float32Array(count * 3);
    const p = values.positions;
    // Zero while every value is finite (NaN or ±Infinity times 0 is NaN). Read back as floats:
    // a finite double past ±3.4e38 (`v 1e39 0 0`) becomes ±Infinity in a Float32Array.
    let nonFinite = 0;
    for (let k = 0; k < count; k++) {
      const i = from[k]! * 3;
      const o = k * 3;
      positions[o] = p[i]! * xSign;
      positions[o + 1] = p[i + 1]!;
      positions[o + 2] = p[i + 2]!;
      nonFinite += positions[o]! * 0 + positions[o + 1]! * 0 + positions[o + 2]! * 0;
    }
    if (nonFinite !== 0) throw nonFiniteError(from, count, p);
    const out: ObjMeshBuffers = { positions, indices: this.#copyIndices(count), hasLines: this.hasLines };
    if (this.#withNormal > 0) {
      const normals = new Float32Array(count * 3);
      const n = values.normals;
      const ni = this.#normal.data;
      for (let k = 0; k < count; k++) {
        const i = ni[k]! * 3;
        normals[k * 3] = n[i]! * xSign;
        normals[k * 3 + 1] = n[i + 1]!;
        normals[k * 3 + 2] = n[i + 2]!;
      }
      out.normals = normals;
    }
    if (this.#withUv > 0) {
      const uvs = new Float32Array(count * 2);
      const t = values.uvs;
      const ti = this.#uv.data;
      for (let k = 0; k < count; k++) {
        uvs[k * 2] = t[ti[k]! * 2]!;
        uvs[k * 2 + 1] = t[ti[k]! * 2 + 1]!;
      }
      out.uvs = uvs;
    }
    this.reset();
    return out;
  }

  /** Drops what the batch holds and starts a new one (a reader reusing it starts clean this way). */
  reset(): void {
    this.#position.length = 0;
    this.#uv.length = 0;
    this.#normal.length = 0;
    this.#indices.length = 0;
    if (this.#pairs > 0) this.#table.fill(EMPTY);
    this.#pairs = 0;
    this.#withUv = 0;
    this.#withNormal = 0;
    this.hasLines = false;
    this.#batch++;
  }

  #copyIndices(vertexCount: number): Uint16Array | Uint32Array {
    const length = this.#indices.length;
    const from = this.#indices.data.subarray(0, length);
    const indices = vertexCount <= 0x10000 ? new Uint16Array(length) : new Uint32Array(length);
    indices.set(from);
    return indices;
  }
}

/** The error for the first vertex of the batch (`from`: their positions) whose position is not finite. */
function nonFiniteError(from: Int32Array, count: number, p: Float64Array): ObjTextError {
  let k = 0;
  while (k < count - 1 && [0, 1, 2].every((c) => Number.isFinite(Math.fround(p[from[k]! * 3 + c]!)))) k++;
  return new ObjTextError(`a face uses vertex ${from[k]! + 1}, whose position is not a finite number`);
}
