/**
 * Engine-free linear blend skinning and surface distances, for tests of how a simplified skinned
 * mesh deforms: a skinned limb (a welded tube over a chain of bones, as an auto-rigged creature's
 * leg or tail is), its bones' matrices at a pose, and how far the simplified mesh's posed surface
 * strays from the full mesh's posed surface (sampled both ways).
 */
import type { VertexMesh } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";

/** Babylon's matrix layout (row vectors, translation in 12–14): 16 floats. */
export type Matrix = Float32Array;

/** A skinned tube along +Y: `bones` segments of equal length, `band` the blend width about each joint (0: rigid, welded). */
export interface Limb {
  mesh: VertexMesh;
  height: number;
  /** Joint heights, one per bone after the first (bone k turns about the joint at `joints[k - 1]`). */
  joints: number[];
}

export function skinnedLimb(options: { bones: number; band: number; rings: number; segments: number }): Limb {
  const { bones, band, rings, segments } = options;
  const height = 2;
  const radius = 0.12;
  const joints = Array.from({ length: bones - 1 }, (_, k) => ((k + 1) * height) / bones);
  const positions: number[] = [];
  const indices4: number[] = [];
  const weights4: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const y = Math.fround((r / rings) * height);
    // Bone k below joint k, k + 1 above; a linear blend over `band` about each joint.
    let bone = 0;
    while (bone < joints.length && y >= joints[bone]!) bone++;
    let skin: [number, number, number, number] = [bone, 0, 0, 0];
    let weights: [number, number, number, number] = [1, 0, 0, 0];
    for (let k = 0; k < joints.length; k++) {
      const t = (y - (joints[k]! - band / 2)) / band;
      if (band > 0 && t > 0 && t < 1) {
        skin = [k + 1, k, 0, 0];
        weights = [Math.fround(t), Math.fround(1 - t), 0, 0];
      }
    }
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      positions.push(Math.fround(radius * Math.cos(a)), y, Math.fround(radius * Math.sin(a)));
      indices4.push(...skin);
      weights4.push(...weights);
    }
  }
  const indices: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      indices.push(a, a + segments, b, b, a + segments, b + segments);
    }
  }
  // Caps, so the tube is closed: a centre vertex at each end.
  for (const [r, y, bone, flip] of [
    [0, 0, 0, true],
    [rings, height, bones - 1, false],
  ] as const) {
    const centre = positions.length / 3;
    positions.push(0, y, 0);
    indices4.push(bone, 0, 0, 0);
    weights4.push(1, 0, 0, 0);
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      indices.push(...(flip ? [centre, a, b] : [centre, b, a]));
    }
  }
  const p = Float32Array.from(positions);
  return {
    height,
    joints,
    mesh: {
      indices: Uint32Array.from(indices),
      positions: p,
      attributes: [
        { kind: "position", data: p, size: 3 },
        { kind: "matricesIndices", data: Float32Array.from(indices4), size: 4 },
        { kind: "matricesWeights", data: Float32Array.from(weights4), size: 4 },
      ],
    },
  };
}

/** Bone matrices of `limb` with bone k turned by `angles[k - 1]` radians about X at its joint (chained). */
export function limbPose(limb: Limb, angles: readonly number[]): Matrix[] {
  const matrices: Matrix[] = [identity()];
  for (let k = 0; k < limb.joints.length; k++) {
    const turn = turnAboutX(angles[k]!, limb.joints[k]!);
    matrices.push(multiply(turn, matrices[k]!)); // this joint's turn first, then the parents'
  }
  return matrices;
}

const identity = (): Matrix => Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** Row-vector matrix turning by `a` about the X axis through (0, y, 0). */
function turnAboutX(a: number, y: number): Matrix {
  const c = Math.cos(a);
  const s = Math.sin(a);
  // p' = (p - (0, y, 0)) R + (0, y, 0), R: y' = y c + z s... in row-vector form.
  const m = Float32Array.of(1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1);
  m[13] = y - y * c;
  m[14] = -y * s;
  return m;
}

/** a then b (row vectors: p a b). */
function multiply(a: Matrix, b: Matrix): Matrix {
  const out = new Float32Array(16);
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[r * 4 + k]! * b[k * 4 + c]!;
      out[r * 4 + c] = sum;
    }
  return out;
}

/** Vertex positions of a mesh's attributes (`position`, `matricesIndices`/`Weights`, `Extra` too) skinned by `bones`. */
export function skin(attributes: VertexMesh["attributes"], bones: readonly ArrayLike<number>[]): Float64Array {
  const of = (kind: string) => attributes.find((a) => a.kind === kind)?.data;
  const positions = of("position")!;
  const sets = [
    [of("matricesIndices"), of("matricesWeights")],
    [of("matricesIndicesExtra"), of("matricesWeightsExtra")],
  ].filter(([i, w]) => i && w) as [Float32Array, Float32Array][];
  const out = new Float64Array(positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    const [x, y, z] = [positions[v * 3]!, positions[v * 3 + 1]!, positions[v * 3 + 2]!];
    let [sx, sy, sz] = [0, 0, 0];
    for (const [index, weight] of sets) {
      for (let c = 0; c < 4; c++) {
        const w = weight[v * 4 + c]!;
        if (w === 0) continue;
        const m = bones[index[v * 4 + c]!]!;
        sx += w * (x * m[0]! + y * m[4]! + z * m[8]! + m[12]!);
        sy += w * (x * m[1]! + y * m[5]! + z * m[9]! + m[13]!);
        sz += w * (x * m[2]! + y * m[6]! + z * m[10]! + m[14]!);
      }
    }
    out.set([sx, sy, sz], v * 3);
  }
  return out;
}

/**
 * How far two posed surfaces stray from each other: the largest distance from a sample of either
 * (its vertices, and 6 more points a triangle) to the other's nearest triangle.
 */
export function surfaceGap(
  a: { positions: ArrayLike<number>; indices: ArrayLike<number> },
  b: { positions: ArrayLike<number>; indices: ArrayLike<number> },
): number {
  return Math.max(farthest(a, b), farthest(b, a));
}

const SAMPLES = [
  [1, 0, 0],
  [1 / 3, 1 / 3, 1 / 3],
  [0.5, 0.5, 0],
  [0, 0.5, 0.5],
  [0.5, 0, 0.5],
  [2 / 3, 1 / 6, 1 / 6],
  [1 / 6, 2 / 3, 1 / 6],
  [1 / 6, 1 / 6, 2 / 3],
] as const;

/** Largest distance from samples of `from` to the surface of `to`. */
function farthest(
  from: { positions: ArrayLike<number>; indices: ArrayLike<number> },
  to: { positions: ArrayLike<number>; indices: ArrayLike<number> },
): number {
  const p = from.positions;
  let worst = 0;
  const point = [0, 0, 0];
  for (let t = 0; t < from.indices.length; t += 3) {
    const [i, j, k] = [from.indices[t]! * 3, from.indices[t + 1]! * 3, from.indices[t + 2]! * 3];
    for (const [u, v, w] of SAMPLES) {
      for (let c = 0; c < 3; c++) point[c] = u * p[i + c]! + v * p[j + c]! + w * p[k + c]!;
      worst = Math.max(worst, distanceToSurface(point, to, worst));
    }
  }
  return worst;
}

/** Distance from `q` to the nearest triangle of `mesh` (stops looking once nearer than `enough`). */
function distanceToSurface(
  q: readonly number[],
  mesh: { positions: ArrayLike<number>; indices: ArrayLike<number> },
  enough: number,
): number {
  let best = Number.POSITIVE_INFINITY;
  const p = mesh.positions;
  const enoughSquared = enough * enough;
  for (let t = 0; t < mesh.indices.length && best > enoughSquared; t += 3) {
    const d = pointTriangle(q, p, mesh.indices[t]! * 3, mesh.indices[t + 1]! * 3, mesh.indices[t + 2]! * 3);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Squared distance from `q` to triangle (a, b, c) (Ericson, Real-Time Collision Detection 5.1.5). */
function pointTriangle(q: readonly number[], p: ArrayLike<number>, a: number, b: number, c: number): number {
  const ab = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
  const ac = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
  const ap = [q[0]! - p[a]!, q[1]! - p[a + 1]!, q[2]! - p[a + 2]!];
  const dot = (x: number[], y: number[]) => x[0]! * y[0]! + x[1]! * y[1]! + x[2]! * y[2]!;
  const at = (s: number, t: number) => {
    const x = p[a]! + s * ab[0]! + t * ac[0]! - q[0]!;
    const y = p[a + 1]! + s * ab[1]! + t * ac[1]! - q[1]!;
    const z = p[a + 2]! + s * ab[2]! + t * ac[2]! - q[2]!;
    return x * x + y * y + z * z;
  };
  const d1 = dot(ab, ap);
  const d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return at(0, 0);
  const bp = [q[0]! - p[b]!, q[1]! - p[b + 1]!, q[2]! - p[b + 2]!];
  const d3 = dot(ab, bp);
  const d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return at(1, 0);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return at(d1 / (d1 - d3), 0);
  const cp = [q[0]! - p[c]!, q[1]! - p[c + 1]!, q[2]! - p[c + 2]!];
  const d5 = dot(ab, cp);
  const d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return at(0, 1);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return at(0, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return at(1 - w, w);
  }
  const denom = 1 / (va + vb + vc);
  return at(vb * denom, vc * denom);
}
