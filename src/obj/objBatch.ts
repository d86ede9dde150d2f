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

export class ObjVertexBatch {
  readonly #position = intList();
  readonly #uv = intList();
  readonly #normal = intList();
  /** Next vertex of the same position, in creation order (-1: none). */
  readonly #next = intList();
  readonly #indices = intList(192);
  /** Per OBJ position: first and last vertex made from it in this batch, valid when its stamp is the batch's. */
  #head = new Int32Array(64);
  #tail = new Int32Array(64);
  #stamp = new Int32Array(64);
  #batch = 1;
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
    const stamp = this.#stamp;
    let vertex = -1;
    if (stamp[position] === this.#batch) {
      // SolidParser: the first vertex of this position with this normal is reused when its uv
      // matches too — except when that vertex is the position's second one (it tests
      // `idx != 1` where `idx != -1` was meant), which never matches.
      const normals = this.#normal.data;
      const next = this.#next.data;
      let k = this.#head[position]!;
      let rank = 0;
      while (k !== -1 && normals[k] !== normal) {
        k = next[k]!;
        rank++;
      }
      if (k !== -1 && rank !== 1 && this.#uv.data[k] === uv) vertex = k;
    }
    if (vertex === -1) {
      vertex = this.#position.length;
      this.#position.push(position);
      this.#uv.push(uv);
      this.#normal.push(normal);
      this.#next.push(-1);
      if (stamp[position] === this.#batch) this.#next.data[this.#tail[position]!] = vertex;
      else {
        stamp[position] = this.#batch;
        this.#head[position] = vertex;
      }
      this.#tail[position] = vertex;
      if (uv >= 0 && uv < values.uvCount) this.#withUv++;
      if (normal >= 0 && normal < values.normalCount) this.#withNormal++;
    }
    this.#indices.push(vertex);
  }

  #growPositions(count: number): void {
    const size = Math.max(count, this.#stamp.length * 2);
    const grow = (old: Int32Array) => {
      const bigger = new Int32Array(size);
      bigger.set(old);
      return bigger;
    };
    this.#head = grow(this.#head);
    this.#tail = grow(this.#tail);
    this.#stamp = grow(this.#stamp);
  }

  /**
   * The batch's buffers, X times `xSign`; starts a new batch. Throws when only some vertices
   * have uvs (or normals): SolidParser fails on those too.
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
    for (let k = 0; k < count; k++) {
      const i = from[k]! * 3;
      positions[k * 3] = p[i]! * xSign;
      positions[k * 3 + 1] = p[i + 1]!;
      positions[k * 3 + 2] = p[i + 2]!;
    }
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
    this.#next.length = 0;
    this.#indices.length = 0;
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
