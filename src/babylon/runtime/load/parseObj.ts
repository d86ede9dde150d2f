/**
 * OBJ text → Babylon meshes, through our own typed-array reader ({@link parseObjText}, which
 * reads what Babylon's `SolidParser` reads, the same way, several times faster). Nothing is
 * fetched. The reader reports the `usemtl` name of each mesh; the caller assigns materials
 * parsed once from the model's MTL by those names.
 */
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ObjLevels } from "../../../obj/objLevels.js";
import { type ObjMesh, parseObjText } from "../../../obj/objText.js";

/** The meshes one OBJ text made, each with its `usemtl` name (`""` when it had none). */
export interface ParsedObj {
  meshes: Mesh[];
  materialNames: string[];
  /** Each mesh's simplified levels (src/obj/objLevels.ts), kept as data until a crowd draws them. */
  levels: (ObjLevels | undefined)[];
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
 * holds several, one per material). In a left-handed scene X is negated (as Babylon's OBJ
 * loader does), so OBJ data with its left side at +X ends up on the creature's left (-X).
 * The meshes have no parent and no material.
 *
 * @throws ObjParseError when the text is not an OBJ with at least one face; nothing is added
 * to the scene then.
 */
export function parseObj(scene: Scene, text: string, name: string): ParsedObj {
  let read: ObjMesh[];
  try {
    read = parseObjText(text, { rightHanded: scene.useRightHandedSystem });
  } catch (error) {
    throw unreadableObj(error);
  }
  return objMeshes(scene, read, name);
}

/** The error for an OBJ text the reader refused (`error`, its cause). */
export function unreadableObj(error: unknown): ObjParseError {
  return new ObjParseError(`not a readable OBJ (${(error as Error).message})`, { cause: error });
}

/**
 * Meshes added to `scene` from what {@link parseObjText} read (here or in a worker), named as
 * {@link parseObj} names them.
 *
 * @throws ObjParseError when there is no mesh with faces; nothing is added to the scene then.
 */
export function objMeshes(scene: Scene, read: readonly ObjMesh[], name: string): ParsedObj {
  if (read.length === 0) throw new ObjParseError("the OBJ has no faces");
  const meshes = read.map((part, i) => {
    const mesh = new Mesh(read.length === 1 ? name : `${name}/${i}`, scene);
    const data = new VertexData();
    data.positions = part.positions;
    data.indices = part.indices;
    if (part.normals) data.normals = part.normals;
    else {
      // SolidParser computes normals when the file has none; so do we.
      const normals = new Float32Array(part.positions.length);
      VertexData.ComputeNormals(part.positions, part.indices, normals);
      data.normals = normals;
    }
    if (part.uvs) data.uvs = part.uvs;
    data.applyToMesh(mesh);
    if (part.hasLines) {
      mesh._internalMetadata ??= {};
      mesh._internalMetadata._isLine = true;
    }
    return mesh;
  });
  return { meshes, materialNames: read.map((part) => part.materialName), levels: read.map((part) => part.levels) };
}
