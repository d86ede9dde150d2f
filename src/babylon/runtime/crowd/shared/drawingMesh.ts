/**
 * The drawing meshes of a crowd, whichever family (parts/, rigged/): made from the model's
 * template meshes, set up the one way both draw thin instances (hidden until they have
 * creatures, picked per instance, one bounding box for the crowd), and shown by count.
 */

import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { CrowdMember } from "./crowdMember.js";
import { shaderTurnCome } from "./shaderTurns.js";

/**
 * A drawing mesh sharing `source`'s vertex buffers and material. Not `source.clone()`: a
 * clone deep-copies every property of the source by reflection (`DeepCopier`), the largest
 * single cost of a model's first creature in a profile, for sources that are bare `parseObj`
 * meshes.
 * The few drawing properties a game may have set on the source are carried over; the crowd
 * sets the rest (visibility, picking, bounds, metadata) with {@link setUpDrawingMesh}.
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

/** Carries `source`'s drawing properties over to `mesh` (a drawing mesh of a level with a geometry of its own too). */
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

/** What a drawing mesh of a crowd's level is told at set-up. */
export interface DrawingMeshSetUp {
  /** The model's record, in the mesh's `metadata.menagerie`. */
  record: unknown;
  /** The part it draws (a part mesh drawn alone). */
  part?: string | undefined;
  /** The parts it draws (a part-built crowd's joined mesh: parts/partSkin.ts). */
  parts?: readonly string[] | undefined;
  /** Its level of detail. */
  level: number;
  /** The level's members, by slot: a picked thin instance answers its member's owner. */
  members: readonly CrowdMember[];
  /** The mesh's own (untransformed) box, for the per-instance pick test. */
  own: BoundingInfo;
  /** The bounding info every drawing mesh of the crowd shares (they all draw the same creatures). */
  bounds: BoundingInfo;
}

/** Sets up a drawing mesh of a crowd: hidden until it has creatures, picked per thin instance, bounded by the crowd's box. */
export function setUpDrawingMesh(mesh: Mesh, setUp: DrawingMeshSetUp): void {
  const { members } = setUp;
  mesh.isVisible = false; // until it has creatures
  mesh.isPickable = true;
  mesh.thinInstanceEnablePicking = true;
  mesh.doNotSyncBoundingInfo = true;
  mesh.alwaysSelectAsActiveMesh = false;
  mesh.metadata = {
    menagerie: {
      record: setUp.record,
      ...(setUp.part !== undefined ? { part: setUp.part } : {}),
      ...(setUp.parts !== undefined ? { parts: setUp.parts } : {}),
      crowd: true,
      level: setUp.level,
      creatureAt: (i: number) => members[i]?.owner?.current,
    },
  };
  mesh.rawBoundingInfo = new BoundingInfo(setUp.own.minimum.clone(), setUp.own.maximum.clone());
  mesh.setBoundingInfo(setUp.bounds);
}

/**
 * Draws `count` thin instances of `mesh`; none hides it (with no thin instance left, Babylon would
 * draw the mesh itself, at the origin). A mesh first shown while another crowd mesh's shaders are
 * being made waits for its turn (shaderTurns.ts), hidden, then shows its instances of that time.
 */
export function showInstances(mesh: Mesh, count: number): void {
  mesh.thinInstanceCount = count;
  mesh.isVisible = count > 0 && shaderTurnCome(mesh, () => showWaited(mesh));
}

/** Shows a mesh whose turn came, with the instances it has by then: whether it has any. */
function showWaited(mesh: Mesh): boolean {
  mesh.isVisible = mesh.thinInstanceCount > 0;
  return mesh.isVisible;
}
