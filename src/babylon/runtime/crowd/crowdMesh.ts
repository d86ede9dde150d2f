/** The drawing meshes of a crowd (crowdRenderer.ts), made from its model's template meshes. */

import { Mesh } from "@babylonjs/core/Meshes/mesh.js";

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
  return mesh;
}
