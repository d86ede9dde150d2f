/**
 * A crowd's drawing meshes: made from a template mesh (its buffers shared, or copied for a level
 * beside level 0), carrying its drawing properties, set up hidden, picked per instance with its
 * owner answered, bounded by the crowd's box, and shown by count.
 */

import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import {
  copyLooks,
  drawingMeshCopyOf,
  drawingMeshOf,
  setUpDrawingMesh,
  showInstances,
} from "../../../../../src/babylon/runtime/crowd/shared/drawingMesh.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
});
afterEach(() => env.dispose());

/** A template whose every carried property differs from a new mesh's. */
function dressedSource(): Mesh {
  const source = CreateBox("source", { size: 2 }, env.scene);
  source.material = new StandardMaterial("look", env.scene);
  source._internalMetadata = { lines: true };
  source.sideOrientation = Mesh.DOUBLESIDE;
  source.receiveShadows = true;
  source.renderingGroupId = 2;
  source.layerMask = 0x0f;
  source.visibility = 0.5;
  source.alphaIndex = 3;
  source.hasVertexAlpha = true;
  return source;
}

function looks(mesh: Mesh) {
  return {
    material: mesh.material,
    internal: mesh._internalMetadata,
    side: mesh.sideOrientation,
    shadows: mesh.receiveShadows,
    group: mesh.renderingGroupId,
    layer: mesh.layerMask,
    visibility: mesh.visibility,
    alphaIndex: mesh.alphaIndex,
    vertexAlpha: mesh.hasVertexAlpha,
  };
}

describe("drawingMeshOf / drawingMeshCopyOf / copyLooks", () => {
  it("shares the source's geometry and carries its looks", () => {
    const source = dressedSource();
    const mesh = drawingMeshOf(source, "draw");
    expect(mesh.name).toBe("draw");
    expect(mesh.getScene()).toBe(env.scene);
    expect(mesh.geometry).toBe(source.geometry);
    expect(mesh.getTotalVertices()).toBe(24);
    expect(looks(mesh)).toEqual(looks(source));
    expect(mesh.material).toBe(source.material);
  });

  it("copies the source's geometry, named after the mesh, for a level of its own", () => {
    const source = dressedSource();
    const mesh = drawingMeshCopyOf(source, "draw1");
    expect(mesh.name).toBe("draw1");
    expect(mesh.geometry).not.toBe(source.geometry);
    expect(mesh.geometry?.id).toBe("draw1/geometry");
    expect(mesh.getTotalVertices()).toBe(24);
    expect(mesh.getIndices()).toEqual(source.getIndices());
    expect(looks(mesh)).toEqual(looks(source));
  });

  it("makes a bare mesh of a source with no geometry", () => {
    const source = new Mesh("empty", env.scene);
    expect(drawingMeshOf(source, "a").geometry).toBeNull();
    expect(drawingMeshCopyOf(source, "b").geometry).toBeNull();
  });

  it("copyLooks carries every drawing property", () => {
    const source = dressedSource();
    const mesh = new Mesh("other", env.scene);
    copyLooks(source, mesh);
    expect(looks(mesh)).toEqual(looks(source));
  });
});

describe("setUpDrawingMesh / showInstances", () => {
  function setUp(extra: { part?: string; parts?: readonly string[] } = {}) {
    const mesh = CreateBox("draw", { size: 1 }, env.scene);
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    const own = new BoundingInfo(new Vector3(-1, -2, -3), new Vector3(1, 2, 3));
    const bounds = new BoundingInfo(new Vector3(-10, 0, -10), new Vector3(10, 5, 10));
    const members = [newMember({ current: "first" }, 1), newMember(undefined, 1)];
    setUpDrawingMesh(mesh, { record: "record", level: 2, members, own, bounds, ...extra });
    return { mesh, own, bounds };
  }

  it("hides the mesh, picks it per instance and bounds it by the crowd's box", () => {
    const { mesh, own, bounds } = setUp();
    expect(mesh.isVisible).toBe(false);
    expect(mesh.isPickable).toBe(true);
    expect(mesh.thinInstanceEnablePicking).toBe(true);
    expect(mesh.doNotSyncBoundingInfo).toBe(true);
    expect(mesh.alwaysSelectAsActiveMesh).toBe(false);
    expect(mesh.getBoundingInfo()).toBe(bounds);
    expect(mesh.rawBoundingInfo?.minimum.asArray()).toEqual([-1, -2, -3]);
    expect(mesh.rawBoundingInfo?.maximum.asArray()).toEqual([1, 2, 3]);
    // Copies: the template's own box moving later does not move the pick box.
    own.minimum.x = -50;
    expect(mesh.rawBoundingInfo?.minimum.x).toBe(-1);
  });

  it("tags the mesh with the record, its level, its part(s), and answers a picked instance's owner", () => {
    const { mesh } = setUp();
    const tag = mesh.metadata.menagerie;
    expect(Object.keys(tag).sort()).toEqual(["creatureAt", "crowd", "level", "record"]);
    expect(tag.record).toBe("record");
    expect(tag.crowd).toBe(true);
    expect(tag.level).toBe(2);
    expect(tag.creatureAt(0)).toBe("first");
    expect(tag.creatureAt(1)).toBeUndefined(); // no owner
    expect(tag.creatureAt(5)).toBeUndefined(); // no member
    expect(setUp({ part: "leg" }).mesh.metadata.menagerie.part).toBe("leg");
    const parts = ["leg", "head"];
    const joined = setUp({ parts }).mesh.metadata.menagerie;
    expect(joined.parts).toBe(parts);
    expect("part" in joined).toBe(false);
  });

  it("shows a mesh while it has instances, and hides it with none", () => {
    // A matrix buffer, as the crowds set one: thinInstanceAdd refuses a NullEngine (no
    // instanced arrays) once the thin-instance methods are registered, which in the shared
    // module graph of the Node lane another test's import has done.
    RegisterThinInstanceMesh();
    const mesh = CreateBox("draw", { size: 1 }, env.scene);
    mesh.thinInstanceSetBuffer("matrix", new Float32Array(3 * 16), 16);
    showInstances(mesh, 2);
    expect([mesh.thinInstanceCount, mesh.isVisible]).toEqual([2, true]);
    showInstances(mesh, 0);
    expect([mesh.thinInstanceCount, mesh.isVisible]).toEqual([0, false]);
    showInstances(mesh, 1);
    expect([mesh.thinInstanceCount, mesh.isVisible]).toEqual([1, true]);
  });
});
