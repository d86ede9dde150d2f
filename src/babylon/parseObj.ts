/**
 * OBJ text → Babylon meshes, through the loaders' exported `SolidParser` (no file loader, so
 * nothing is fetched relative to a root URL). The parser reports the `usemtl` name of each mesh
 * it builds; the caller assigns materials parsed once from the model's MTL by those names.
 */
import { Vector2 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { type OBJLoadingOptions, SolidParser } from "@babylonjs/loaders/OBJ/pure.js";

/** The meshes one OBJ text made, each with its `usemtl` name (`""` when it had none). */
export interface ParsedObj {
  meshes: Mesh[];
  materialNames: string[];
}

function loadingOptions(): OBJLoadingOptions {
  return {
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
  };
}

/** Thrown when an OBJ text yields no mesh with vertices. */
export class ObjParseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ObjParseError";
  }
}

/**
 * Parses an OBJ into meshes added to `scene`, each named `name` (or `name/<i>` when the OBJ
 * holds several, one per material). In a left-handed scene Babylon's parser negates X, so OBJ
 * data with its left side at +X ends up on the creature's left (-X).
 *
 * @throws ObjParseError when the text is not an OBJ with at least one face; meshes made before
 * the failure are disposed.
 */
export function parseObj(scene: Scene, text: string, name: string): ParsedObj {
  const materialNames: string[] = [];
  const meshes: Mesh[] = [];
  const parser = new SolidParser(materialNames, meshes, loadingOptions());
  // The parser makes a point-cloud material of its own for vertices without faces; materials
  // come from the model's MTL instead, so whatever it made goes.
  const materialsBefore = new Set(scene.materials);
  const dropParserMaterials = () => {
    for (const material of scene.materials.filter((m) => !materialsBefore.has(m))) material.dispose(false, false);
  };
  try {
    parser.parse(null, text, scene, null, () => undefined);
  } catch (error) {
    for (const mesh of meshes) mesh.dispose(false, false);
    dropParserMaterials();
    throw new ObjParseError(`not a readable OBJ (${(error as Error).message})`, { cause: error });
  }
  const usable = meshes.filter((m) => m.getTotalIndices() > 0);
  const names: string[] = [];
  meshes.forEach((mesh, i) => {
    if (!usable.includes(mesh)) {
      mesh.dispose(false, false);
      return;
    }
    mesh.material = null;
    names.push(materialNames[i] ?? "");
  });
  dropParserMaterials();
  if (usable.length === 0) throw new ObjParseError("the OBJ has no faces");
  usable.forEach((mesh, i) => {
    mesh.name = usable.length === 1 ? name : `${name}/${i}`;
  });
  return { meshes: usable, materialNames: names };
}
