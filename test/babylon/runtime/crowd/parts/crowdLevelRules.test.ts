/**
 * One level of a part-built crowd, built directly on a NullEngine scene: its level meshes'
 * names, the thin-instance matrix buffer and the joint rows kept per slot as members come, go and
 * move between levels, the buffers' growth (16 slots, then doubling when a member would not fit),
 * each slot's animation settings naming its row, and what an upload sends, and when.
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { Constants } from "@babylonjs/core/Engines/constants.js";
import type { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CrowdLevel,
  type CrowdLevelContext,
  makeCrowdLevel,
} from "../../../../../src/babylon/runtime/crowd/parts/crowdLevel.js";
import { type PartDrawSet, partSkeleton } from "../../../../../src/babylon/runtime/crowd/parts/partSkin.js";
import { type CrowdMember, newMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** Two joints: a row is 2 matrices, 32 floats (8 RGBA texels). */
const JOINTS = 2;
const ROW = JOINTS * 16;
const SETTINGS = "bakedVertexAnimationSettingsInstanced";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  RegisterThinInstanceMesh();
  env = createNullScene();
});
afterEach(() => env.dispose());

/** A draw set of one box part on joint 0 (its look: the box's own). */
function boxSet(part: string): PartDrawSet {
  const box = CreateBox(`template/${part}`, { size: 1 }, env.scene);
  return {
    first: box,
    material: null,
    entries: [{ source: { source: box, joint: 0, part, levels: undefined }, look: 0 }],
    parts: [part],
  };
}

function contextOf(sets: PartDrawSet[]): CrowdLevelContext {
  return {
    scene: env.scene,
    name: "model",
    record: { name: "model" },
    sets,
    skeleton: partSkeleton(env.scene, "model/crowd/joints", JOINTS),
    joints: JOINTS,
    bounds: new BoundingInfo(new Vector3(-1, 0, -1), new Vector3(1, 2, 1)),
  };
}

/** Level `index` of a one-look model. */
function levelOf(index = 0, context = contextOf([boxSet("body")])): CrowdLevel {
  return makeCrowdLevel(index, context);
}

/** Adds a member to `level` and writes its matrices as the crowd would: every float of its slot tells `mark` apart. */
function addMarked(level: CrowdLevel, mark: number): CrowdMember {
  const member = newMember(undefined, 1);
  level.add(member);
  writeMark(level, member.slot, mark);
  return member;
}

function writeMark(level: CrowdLevel, slot: number, mark: number): void {
  for (let k = 0; k < 16; k++) level.matrices[slot * 16 + k] = mark + k;
  for (let k = 0; k < ROW; k++) level.rows[slot * ROW + k] = mark + k;
}

/** The mark written in `slot`'s matrix and row, or NaN where they hold no one mark. */
function markAt(level: CrowdLevel, slot: number): { matrix: number; row: number } {
  const matrix = level.matrices.subarray(slot * 16, slot * 16 + 16);
  const row = level.rows.subarray(slot * ROW, slot * ROW + ROW);
  const read = (floats: Float32Array) => (floats.every((f, k) => f === floats[0]! + k) ? floats[0]! : Number.NaN);
  return { matrix: read(matrix), row: read(row) };
}

const jointTexture = (level: CrowdLevel) => level.firstMesh!.bakedVertexAnimationManager!.texture as RawTexture;

describe("a crowd level's meshes", () => {
  it("names a one-look model's level meshes after the model, the simplified ones after their level", () => {
    const context = contextOf([boxSet("body")]);
    expect(makeCrowdLevel(0, context).meshes.map((m) => m.name)).toEqual(["model/crowd"]);
    expect(makeCrowdLevel(2, context).meshes.map((m) => m.name)).toEqual(["model/crowd/lod2"]);
  });

  it("names a several-look model's level meshes after their look's index", () => {
    const context = contextOf([boxSet("body"), boxSet("head")]);
    expect(makeCrowdLevel(0, context).meshes.map((m) => m.name)).toEqual(["model/0/crowd", "model/1/crowd"]);
    expect(makeCrowdLevel(1, context).meshes.map((m) => m.name)).toEqual(["model/0/crowd/lod1", "model/1/crowd/lod1"]);
  });

  it("answers its meshes in a list of their own", () => {
    const level = levelOf(0, contextOf([boxSet("body"), boxSet("head")]));
    const meshes = level.meshes;
    expect(meshes).toEqual(level.draws);
    expect(meshes).toHaveLength(2);
    meshes.pop();
    expect(level.draws).toHaveLength(2);
  });

  it("makes its joint texture one RGBA texel per 4 floats of a row and one row per slot, read as stored: no mipmaps, not flipped, nearest, floats", () => {
    const level = levelOf();
    addMarked(level, 1);
    const texture = jointTexture(level);
    expect(texture.getSize()).toEqual({ width: ROW / 4, height: 16 });
    expect([texture.noMipmap, texture.invertY]).toEqual([true, false]);
    expect([texture.samplingMode, texture.textureType]).toEqual([Texture.NEAREST_NEAREST, Constants.TEXTURETYPE_FLOAT]);
  });

  it("names the joint texture after its first mesh, or after the crowd where it has none", () => {
    const level = levelOf();
    addMarked(level, 1);
    expect(jointTexture(level).name).toBe("model/crowd/joints");
    // A level whose looks have no vertex has no mesh.
    const manager = new BakedVertexAnimationManager(env.scene);
    const bare = new CrowdLevel(0, [], contextOf([]), manager);
    bare.add(newMember(undefined, 1));
    expect(manager.texture?.name).toBe("crowd/joints");
  });
});

describe("a crowd level's slots", () => {
  it("moves a member's matrix and row from its slot in one level to the next free slot in another", () => {
    const near = levelOf(0);
    const far = levelOf(1);
    const a = addMarked(near, 100);
    const b = addMarked(near, 200);
    const c = addMarked(near, 300);
    addMarked(far, 10);
    addMarked(far, 20);
    far.takeFrom(near, b); // from slot 1 to slot 2
    expect([b.slot, b.level]).toEqual([2, 1]);
    expect(markAt(far, 2)).toEqual({ matrix: 200, row: 200 });
    expect(markAt(far, 0)).toEqual({ matrix: 10, row: 10 });
    expect(markAt(far, 1)).toEqual({ matrix: 20, row: 20 });
    // The level it left: its last member took the free slot.
    expect(near.members).toEqual([a, c]);
    expect(c.slot).toBe(1);
    expect(markAt(near, 1)).toEqual({ matrix: 300, row: 300 });
    expect(far.firstMesh!.thinInstanceCount).toBe(3);
    expect(near.firstMesh!.thinInstanceCount).toBe(2);
  });

  it("gives each slot the settings that read its own row of the joint texture", () => {
    const level = levelOf();
    addMarked(level, 1);
    const settings = level.firstMesh!._userThinInstanceBuffersStorage.data[SETTINGS]!;
    expect(settings).toHaveLength(16 * 4);
    for (const slot of [0, 1, 2, 5, 15])
      expect([...settings.subarray(slot * 4, slot * 4 + 4)]).toEqual([slot, slot, 0, 0]);
  });
});

describe("a crowd level's growth", () => {
  it("makes room for 16 members at the first, and doubles when one more would not fit", () => {
    const level = levelOf();
    const first = addMarked(level, 1000);
    expect(level.matrices).toHaveLength(16 * 16);
    expect(level.rows).toHaveLength(16 * ROW);
    for (let i = 1; i < 16; i++) addMarked(level, 1000 + i * 100);
    expect(level.matrices).toHaveLength(16 * 16);
    addMarked(level, 9000);
    expect(level.matrices).toHaveLength(32 * 16);
    expect(level.rows).toHaveLength(32 * ROW);
    // What was written moved into the larger buffers.
    expect(markAt(level, first.slot)).toEqual({ matrix: 1000, row: 1000 });
    expect(markAt(level, 15)).toEqual({ matrix: 2500, row: 2500 });
    // Doubling again at the 33rd.
    for (let i = 17; i < 32; i++) addMarked(level, 1);
    expect(level.matrices).toHaveLength(32 * 16);
    addMarked(level, 1);
    expect(level.matrices).toHaveLength(64 * 16);
    expect(level.rows).toHaveLength(64 * ROW);
  });

  it("grows a level members move into exactly when one more would not fit", () => {
    const near = levelOf(0);
    const far = levelOf(1);
    const movers = [addMarked(near, 100), addMarked(near, 200)];
    addMarked(far, 1);
    expect(far.matrices).toHaveLength(16 * 16);
    for (let i = 2; i < 15; i++) addMarked(far, i * 1000);
    far.takeFrom(near, movers[0]!); // the 15th: room for it
    expect(far.matrices).toHaveLength(16 * 16);
    expect(far.rows).toHaveLength(16 * ROW);
    far.takeFrom(near, movers[1]!); // the 16th: the last free slot
    expect(far.members).toHaveLength(16);
    expect(far.matrices).toHaveLength(16 * 16);
    expect(markAt(far, 15)).toEqual({ matrix: 200, row: 200 });
    addMarked(far, 99_000); // the 17th
    expect(far.matrices).toHaveLength(32 * 16);
    expect(markAt(far, 14)).toEqual({ matrix: 100, row: 100 });
  });
});

describe("a crowd level's buffers", () => {
  it("keeps the matrices in an updatable instance buffer (rewritten as creatures move) and the settings in a static one", () => {
    const level = levelOf();
    addMarked(level, 1);
    const mesh = level.meshes[0]!;
    expect(mesh.getVertexBuffer("world0")!.isUpdatable()).toBe(true);
    expect(mesh.getVertexBuffer(SETTINGS)!.isUpdatable()).toBe(false);
    for (let i = 0; i < 16; i++) addMarked(level, 2); // grown: both set again
    expect(mesh.getVertexBuffer("world0")!.isUpdatable()).toBe(true);
    expect(mesh.getVertexBuffer(SETTINGS)!.isUpdatable()).toBe(false);
  });
});

describe("a crowd level's uploads", () => {
  it("uploads nothing until written, then each mesh's matrices and the joint texture once", () => {
    const level = levelOf(0, contextOf([boxSet("body"), boxSet("head")]));
    expect(level.upload()).toBe(0);
    addMarked(level, 1);
    expect(level.upload()).toBe(3);
    expect(level.dirty).toBe(false);
    expect(level.upload()).toBe(0);
  });

  it("uploads again after a member leaves, and after one moves in", () => {
    const near = levelOf(0);
    const far = levelOf(1);
    const a = addMarked(near, 1);
    const b = addMarked(near, 2);
    addMarked(far, 3);
    near.upload();
    far.upload();
    near.remove(a);
    expect(near.upload()).toBe(2);
    far.takeFrom(near, b);
    expect(far.dirty).toBe(true);
    expect(far.upload()).toBe(2);
  });

  it("re-sends every mesh's thin-instance matrix buffer", () => {
    const level = levelOf(0, contextOf([boxSet("body"), boxSet("head")]));
    addMarked(level, 1);
    const sent = level.draws.map((mesh) => vi.spyOn(mesh._thinInstanceDataStorage.matrixBuffer!, "updateDirectly"));
    level.upload();
    for (const spy of sent) {
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toBe(level.matrices);
    }
  });

  it("sends the whole joint texture where the engine cannot send part of it (NullEngine)", () => {
    const level = levelOf();
    addMarked(level, 1);
    const update = vi.spyOn(jointTexture(level), "update");
    level.upload();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![0]).toBe(level.rows);
  });

  it("sends only the rows in use where the engine can, and never an empty part", () => {
    const level = levelOf();
    // A GL engine's partial upload, recorded.
    const partial = vi.spyOn(env.engine, "updateTextureData").mockImplementation(() => {});
    const members = [addMarked(level, 1), addMarked(level, 2), addMarked(level, 3)];
    const update = vi.spyOn(jointTexture(level), "update");
    level.upload();
    expect(partial).toHaveBeenCalledTimes(1);
    const [internal, data, x, y, width, height] = partial.mock.calls[0]!;
    expect(internal).toBe(jointTexture(level).getInternalTexture());
    expect([...(data as Float32Array)]).toEqual([...level.rows.subarray(0, 3 * ROW)]);
    expect([x, y, width, height]).toEqual([0, 0, ROW / 4, 3]);
    expect(update).not.toHaveBeenCalled();
    // Everyone gone: no rows in use, and no part of no rows sent.
    for (const member of members) level.remove(member);
    level.upload();
    expect(partial).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(1);
  });
});
