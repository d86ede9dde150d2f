/**
 * The in-memory mesh of one part: shared vertex arrays (position, unit normal, UV) and one
 * triangle list per material, so a part can carry several materials (a head with dark eyes).
 * Parts are built in arbitrary units and scaled to metres once the creature is assembled.
 */
import type { Vec3 } from "./vec3.js";

/** Material slots every model's MTL defines; species choose their colours. */
export type MaterialSlot = "coat" | "accent" | "trim" | "eye";

/** One part's geometry. */
export interface PartMesh {
  positions: number[];
  normals: number[];
  uvs: number[];
  /** Triangles (vertex index triples) per material, in insertion order of first use. */
  groups: Map<MaterialSlot, number[]>;
}

/** An empty part. */
export function createMesh(): PartMesh {
  return { positions: [], normals: [], uvs: [], groups: new Map() };
}

/** Appends a vertex and returns its index. */
export function addVertex(mesh: PartMesh, p: Vec3, n: Vec3, u: number, v: number): number {
  mesh.positions.push(p[0], p[1], p[2]);
  mesh.normals.push(n[0], n[1], n[2]);
  mesh.uvs.push(u, v);
  return mesh.positions.length / 3 - 1;
}

/** Appends a triangle (counter-clockwise seen from outside) in a material. */
export function addTriangle(mesh: PartMesh, material: MaterialSlot, a: number, b: number, c: number): void {
  let list = mesh.groups.get(material);
  if (!list) mesh.groups.set(material, (list = []));
  list.push(a, b, c);
}

/** Number of triangles over all materials. */
export function triangleCount(mesh: PartMesh): number {
  let n = 0;
  for (const list of mesh.groups.values()) n += list.length / 3;
  return n;
}

/** Axis-aligned bounds of several meshes. */
export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export function boundsOf(meshes: Iterable<PartMesh>): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const value = p[i + k]!;
        if (value < min[k]!) min[k] = value;
        if (value > max[k]!) max[k] = value;
      }
    }
  }
  return { min, max };
}

/**
 * Scales every position uniformly about the origin, then moves it by `offset`. A uniform scale
 * leaves unit normals valid, which is why parts are never stretched after they are built.
 */
export function scaleAndMove(mesh: PartMesh, factor: number, offset: Vec3): void {
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    p[i] = p[i]! * factor + offset[0];
    p[i + 1] = p[i + 1]! * factor + offset[1];
    p[i + 2] = p[i + 2]! * factor + offset[2];
  }
}
