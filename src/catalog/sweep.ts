/**
 * The one primitive every creature is made of: a closed tube swept along a centreline with an
 * elliptical cross-section, pinched to a point at both ends. An ellipsoid, a blunt limb, a
 * cone-like ear, a curled tail, a flat wing and a whole snake are all sweeps with different
 * paths and radius profiles. Normals come from the surface itself (finite differences), so
 * they are smooth and exact for any profile; UVs wrap u around and v along the path.
 */
import { addTriangle, addVertex, type MaterialSlot, type PartMesh } from "./mesh.js";
import { add, cross, dot, normalize, scale, sub, type Vec3 } from "./vec3.js";

/** How to sweep. */
export interface SweepSpec {
  /** Centreline, s in [0, 1]; `path(0)` and `path(1)` are the two pointed ends. */
  path: (s: number) => Vec3;
  /** Half-widths `[along hint, across]` of the cross-section at s, before end rounding. */
  radius: (s: number) => readonly [number, number];
  /** Direction the first half-width leans toward (must not be parallel to the path). */
  hint: Vec3;
  /**
   * End rounding exponent: radius is multiplied by sin(pi t)^roundness. 1 makes an exact
   * ellipsoid of a straight path and constant radius; small values make blunt limb ends.
   * @default 1
   */
  roundness?: number;
  /** Vertices around (at least 3). */
  segments: number;
  /** Rings from end to end (at least 2). */
  rings: number;
}

/** Ring spacing dense at the ends, where the surface turns fastest. */
const along = (t: number): number => (1 - Math.cos(Math.PI * t)) / 2;

function frame(spec: SweepSpec, s: number): { centre: Vec3; n1: Vec3; n2: Vec3; tangent: Vec3 } {
  const e = 1e-4;
  const centre = spec.path(s);
  const tangent = normalize(sub(spec.path(Math.min(1, s + e)), spec.path(Math.max(0, s - e))));
  let n1 = normalize(sub(spec.hint, scale(tangent, dot(spec.hint, tangent))));
  if (dot(n1, n1) < 0.5) n1 = normalize(cross(tangent, [1, 0, 0]));
  return { centre, n1, n2: cross(tangent, n1), tangent };
}

/** Adds a sweep to `mesh` in `material`. */
export function sweep(mesh: PartMesh, material: MaterialSlot, spec: SweepSpec): void {
  const segs = Math.max(3, Math.round(spec.segments));
  const rings = Math.max(2, Math.round(spec.rings));
  // Positions on a (rings + 1) × segs grid; rows 0 and `rings` are the two pointed ends.
  const grid: Vec3[][] = [];
  const centres: Vec3[] = [];
  for (let i = 0; i <= rings; i++) {
    const t = i / rings;
    const s = along(t);
    const { centre, n1, n2 } = frame(spec, s);
    const [ra, rb] = spec.radius(s);
    const envelope = Math.max(0, Math.sin(Math.PI * t)) ** (spec.roundness ?? 1);
    const row: Vec3[] = [];
    for (let j = 0; j < segs; j++) {
      const angle = (2 * Math.PI * j) / segs;
      row.push(
        add(centre, add(scale(n1, ra * envelope * Math.cos(angle)), scale(n2, rb * envelope * Math.sin(angle)))),
      );
    }
    grid.push(row);
    centres.push(centre);
  }
  // Smooth normals from the grid's central differences (around × along), pointing outward.
  const ringStart: number[] = [];
  for (let i = 1; i < rings; i++) {
    ringStart.push(mesh.positions.length / 3);
    for (let j = 0; j <= segs; j++) {
      const jj = j % segs;
      const p = grid[i]![jj]!;
      const du = sub(grid[i]![(jj + 1) % segs]!, grid[i]![(jj + segs - 1) % segs]!);
      const dt = sub(grid[i + 1]![jj]!, grid[i - 1]![jj]!);
      let n = normalize(cross(du, dt));
      if (dot(n, sub(p, centres[i]!)) < 0) n = scale(n, -1);
      addVertex(mesh, p, n, j / segs, i / rings);
    }
  }
  const head = frame(spec, 0);
  const tail = frame(spec, 1);
  // Each fan triangle gets its own pole vertex so its UV sits mid-segment, not at a seam.
  for (let j = 0; j < segs; j++) {
    const a = addVertex(mesh, head.centre, scale(head.tangent, -1), (j + 0.5) / segs, 0);
    const r = ringStart[0]!;
    pushOriented(mesh, material, a, r + j, r + j + 1, scale(head.tangent, -1));
  }
  for (let i = 0; i < ringStart.length - 1; i++) {
    const r0 = ringStart[i]!;
    const r1 = ringStart[i + 1]!;
    for (let j = 0; j < segs; j++) {
      pushQuad(mesh, material, r0 + j, r0 + j + 1, r1 + j + 1, r1 + j);
    }
  }
  for (let j = 0; j < segs; j++) {
    const b = addVertex(mesh, tail.centre, tail.tangent, (j + 0.5) / segs, 1);
    const r = ringStart[ringStart.length - 1]!;
    pushOriented(mesh, material, r + j + 1, r + j, b, tail.tangent);
  }
}

function position(mesh: PartMesh, i: number): Vec3 {
  return [mesh.positions[3 * i]!, mesh.positions[3 * i + 1]!, mesh.positions[3 * i + 2]!];
}

function normal(mesh: PartMesh, i: number): Vec3 {
  return [mesh.normals[3 * i]!, mesh.normals[3 * i + 1]!, mesh.normals[3 * i + 2]!];
}

/** Adds a triangle wound so its face normal agrees with `outward` (counter-clockwise outside). */
function pushOriented(mesh: PartMesh, material: MaterialSlot, a: number, b: number, c: number, outward: Vec3): void {
  const pa = position(mesh, a);
  const n = cross(sub(position(mesh, b), pa), sub(position(mesh, c), pa));
  if (dot(n, outward) >= 0) addTriangle(mesh, material, a, b, c);
  else addTriangle(mesh, material, a, c, b);
}

function pushQuad(mesh: PartMesh, material: MaterialSlot, a: number, b: number, c: number, d: number): void {
  const outward = add(add(normal(mesh, a), normal(mesh, b)), add(normal(mesh, c), normal(mesh, d)));
  pushOriented(mesh, material, a, b, c, outward);
  pushOriented(mesh, material, a, c, d, outward);
}
