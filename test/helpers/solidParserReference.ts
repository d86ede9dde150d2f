/**
 * Babylon's own OBJ reader (`SolidParser`, with the options Menagerie used with it) beside ours
 * (`parseObj`), on the same text in the same scene: what each made, as plain arrays, and the
 * first difference between them. The reference the typed-array reader is proven against.
 */
import { Vector2 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { SolidParser } from "@babylonjs/loaders/OBJ/pure.js";
import { parseObj } from "../../src/babylon/runtime/load/parseObj.js";
import { parseObjText } from "../../src/obj/objText.js";

/** One mesh's data as both readers report it. */
export interface MeshData {
  name: string;
  material: string;
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array | undefined;
  indices: number[];
}

function dataOf(mesh: Mesh, name: string, material: string): MeshData {
  const floats = (kind: string) => {
    const data = mesh.getVerticesData(kind);
    // SolidParser hands Babylon number[] (doubles); the GPU buffer holds float32 either way.
    return data ? Float32Array.from(data) : undefined;
  };
  return {
    name,
    material,
    positions: floats("position")!,
    normals: floats("normal")!,
    uvs: floats("uv"),
    indices: Array.from(mesh.getIndices() ?? []),
  };
}

/** What SolidParser makes of `text` (meshes with faces only, as parseObj kept them); disposes what it made. */
export function solidParserMeshes(scene: Scene, text: string): MeshData[] {
  const materials: string[] = [];
  const meshes: Mesh[] = [];
  const before = new Set(scene.materials);
  const parser = new SolidParser(materials, meshes, {
    optimizeWithUV: true,
    UVScaling: new Vector2(1, 1),
    invertY: false,
    invertTextureY: true,
    importVertexColors: false,
    computeNormals: false,
    optimizeNormals: false,
    skipMaterials: false,
    materialLoadingFailsSilently: true,
    useLegacyBehavior: false,
  });
  try {
    parser.parse(null, text, scene, null, () => undefined);
    return meshes.flatMap((m, i) => (m.getTotalIndices() > 0 ? [dataOf(m, m.name, materials[i] ?? "")] : []));
  } finally {
    for (const m of meshes) m.dispose(true, false);
    for (const m of scene.materials.filter((x) => !before.has(x))) m.dispose();
  }
}

/** What our reader makes of `text` through parseObj (names from parseObjText); disposes what it made. */
export function ourMeshes(scene: Scene, text: string): MeshData[] {
  const names = parseObjText(text, { rightHanded: scene.useRightHandedSystem }).map((m) => m.name);
  const parsed = parseObj(scene, text, "x");
  try {
    return parsed.meshes.map((m, i) => dataOf(m, names[i]!, parsed.materialNames[i]!));
  } finally {
    for (const m of parsed.meshes) m.dispose();
  }
}

function firstDifference(a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined, tolerance: number) {
  if (a === undefined || b === undefined) return a === b ? undefined : `one is missing (${a?.length}, ${b?.length})`;
  if (a.length !== b.length) return `lengths ${a.length} and ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const same = tolerance === 0 ? Object.is(a[i], b[i]) : Math.abs(a[i]! - b[i]!) <= tolerance;
    if (!same) return `item ${i}: ${a[i]} and ${b[i]}`;
  }
  return undefined;
}

/**
 * The differences between both readers' meshes, `[]` when they agree: same count, names (but
 * the random one SolidParser gives a file without `o`/`g`/`usemtl`), material names, indices,
 * and float32 buffers bit for bit — but computed normals (files without `vn`), within
 * `normalTolerance` since SolidParser computes them from doubles.
 */
export function differences(ours: MeshData[], theirs: MeshData[], normalTolerance = 0): string[] {
  if (ours.length !== theirs.length) return [`${ours.length} meshes, SolidParser made ${theirs.length}`];
  const found: string[] = [];
  ours.forEach((o, i) => {
    const t = theirs[i]!;
    if (o.name !== "" && o.name !== t.name) found.push(`mesh ${i}: name ${o.name} vs ${t.name}`);
    if (o.material !== t.material) found.push(`mesh ${i}: material ${o.material} vs ${t.material}`);
    const checks: Array<[string, ArrayLike<number> | undefined, ArrayLike<number> | undefined, number]> = [
      ["indices", o.indices, t.indices, 0],
      ["positions", o.positions, t.positions, 0],
      ["normals", o.normals, t.normals, normalTolerance],
      ["uvs", o.uvs, t.uvs, 0],
    ];
    for (const [what, a, b, tolerance] of checks) {
      const difference = firstDifference(a, b, tolerance);
      if (difference) found.push(`mesh ${i} ${what}: ${difference}`);
    }
  });
  return found;
}
