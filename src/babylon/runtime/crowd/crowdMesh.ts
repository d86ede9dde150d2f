/** The drawing meshes of a crowd (crowdRenderer.ts), made from its model's template meshes. */

import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import type { ObjLevelBuffers } from "../../../obj/objLevels.js";

/**
 * A drawing mesh sharing `source`'s vertex buffers and material. Not `source.clone()`: a
 * clone deep-copies every property of the source by reflection (`DeepCopier`), the largest
 * single cost of a model's first creature in a profile (issue #14), for sources that are
 * bare `parseObj` meshes.
 * The few drawing properties a game may have set on the source are carried over; the crowd
 * sets the rest (visibility, picking, bounds, metadata) itself.
 */
export function drawingMeshOf(source: Mesh, name: string): Mesh {
  const mesh = new Mesh(name, source.getScene());
  source.geometry?.applyToMesh(mesh); // shares the vertex and index buffers: nothing copied
  copyLooks(source, mesh);
  return mesh;
}

/**
 * A drawing mesh with a copy of `source`'s geometry: for a level drawn at full detail beside
 * level 0's drawing mesh. Babylon keeps a thin-instanced mesh's instance buffers in its geometry
 * (`Mesh.setVerticesBuffer`), so two drawing meshes sharing one would draw each other's creatures.
 */
export function drawingMeshCopyOf(source: Mesh, name: string): Mesh {
  const mesh = new Mesh(name, source.getScene());
  source.geometry?.copy(`${name}/geometry`).applyToMesh(mesh);
  copyLooks(source, mesh);
  return mesh;
}

/**
 * A drawing mesh of a simplified level of `source` (src/obj/objLevels.ts): a geometry of its
 * own, `source`'s material and drawing properties.
 */
export function levelMeshOf(source: Mesh, level: ObjLevelBuffers, name: string): Mesh {
  const mesh = new Mesh(name, source.getScene());
  const data = new VertexData();
  data.positions = level.positions;
  data.indices = level.indices;
  if (level.normals) data.normals = level.normals;
  else {
    // As for the full mesh (parseObj.ts): an OBJ without normals gets computed ones.
    const normals = new Float32Array(level.positions.length);
    VertexData.ComputeNormals(level.positions, level.indices, normals);
    data.normals = normals;
  }
  if (level.uvs) data.uvs = level.uvs;
  data.applyToMesh(mesh);
  copyLooks(source, mesh);
  return mesh;
}

/** Carries `source`'s drawing properties over to `mesh` (a level mesh of a rigged crowd too: riggedLevels.ts). */
export function copyLooks(source: Mesh, mesh: Mesh): void {
  mesh.material = source.material;
  // parseObj marks a part made of lines there, to be drawn as lines (a clone shared it too).
  mesh._internalMetadata = source._internalMetadata;
  mesh.sideOrientation = source.sideOrientation;
  mesh.receiveShadows = source.receiveShadows;
  mesh.renderingGroupId = source.renderingGroupId;
  mesh.layerMask = source.layerMask;
  mesh.visibility = source.visibility;
  mesh.alphaIndex = source.alphaIndex;
  mesh.hasVertexAlpha = source.hasVertexAlpha;
}
